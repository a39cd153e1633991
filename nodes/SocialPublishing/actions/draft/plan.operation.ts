import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult, ToolGate } from '../types';
import { toolGate } from '../toolRule';
import { planDryRun } from './dryRuns';
import { draftIdField, whenFields, PLAN_NOW_PROBLEM, resolveDate } from './fields/draftFields';
import { getDraftTarget, patchDraft, readTargetDraft } from './draftRequests';
import { checkDate } from '../../helpers/dates';
import { reconcileStatus } from './reconcile';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['plan'] } },
	[
		socialSetLocator,
		{
			...draftIdField,
			description:
				'ID of the draft to plan. A planned draft has a date but never publishes until scheduled; a scheduled draft is disarmed.',
		},
		...whenFields(false),
	],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const when = this.getNodeParameter('when', itemIndex, 'date') as string;
	const planAt =
		when === 'nextFreeSlot'
			? 'next-free-slot'
			: await resolveDate(
					this,
					itemIndex,
					target.socialSetId,
					checkDate(this, itemIndex, this.getNodeParameter('date', itemIndex, '') as unknown, {
						label: 'Date',
						allowNow: false,
						nowProblem: PLAN_NOW_PROBLEM,
					}),
				);
	return await patchDraft(this, itemIndex, target, { plan_at: planAt });
}

export const access: Access = { kind: 'write', reconcile: reconcileStatus('planned') };

/** As an AI agent's tool, held back for a draft that is scheduled or being published: a plan takes it off the schedule (actions/toolRule.ts). */
export const gate: ToolGate = toolGate({ writesTargetDraft: readTargetDraft }, planDryRun);
