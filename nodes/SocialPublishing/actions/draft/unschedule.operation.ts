import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult, ToolGate } from '../types';
import { toolGate } from '../toolRule';
import { unscheduleDryRun } from './dryRuns';
import { draftIdField } from './fields/draftFields';
import { getDraft, getDraftTarget, patchDraft } from './draftRequests';
import { echo } from '../../../common/text/echo';
import { reconcileStatus } from './reconcile';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['unschedule'] } },
	[
		socialSetLocator,
		{
			...draftIdField,
			description:
				'ID of the planned or scheduled draft whose date is removed; it becomes a plain draft',
		},
	],
);

/** Reads the status first: planned drafts get plan_at=null, scheduled ones publish_at=null (States and transitions). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const draft = await getDraft(this, itemIndex, target);
	if (draft.status === 'planned')
		return await patchDraft(this, itemIndex, target, { plan_at: null });
	if (draft.status === 'scheduled')
		return await patchDraft(this, itemIndex, target, { publish_at: null });
	throw new NodeOperationError(
		this.getNode(),
		`Draft ${target.draftId} is "${echo(draft.status, 40)}"; only planned or scheduled drafts can be unscheduled [item ${itemIndex}]`,
		{ itemIndex, description: 'Nothing was changed.' },
	);
}

export const access: Access = { kind: 'write', reconcile: reconcileStatus('draft') };

/** As an AI agent's tool, always held back: it removes a date, and a scheduled draft then never publishes (actions/toolRule.ts). */
export const gate: ToolGate = toolGate({ undates: true }, unscheduleDryRun);
