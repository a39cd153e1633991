import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult, ToolGate } from '../types';
import { draftIdField } from './fields/draftFields';
import { getDraft, getDraftTarget, patchDraft } from './draftRequests';
import { pollIntervalOption, timeoutOption, waitSettings, waitUntilFinished } from './publish';
import { checkPublishPolicy } from '../../helpers/publishPolicy';
import { publishNowDryRun } from './dryRuns';
import { reconcilePublishNow } from './reconcile';
import { toolGate } from '../toolRule';
import { checkResolvedComments, requireResolvedOption, requiresResolved } from './openThreads';
import { readOperationOptions } from '../params';

/** The wait options show only with Wait for Completion on (a path from the node's parameters' root). */
const WHILE_WAITING = { show: { '/waitForCompletion': [true] } };

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['publishNow'] } },
	[
		socialSetLocator,
		{
			...draftIdField,
			description: 'ID of the draft to PUBLISH IMMEDIATELY to every platform it has enabled',
		},
		{
			displayName:
				'Each run publishes the draft to its enabled platforms right away; this cannot be undone. X posts that contain a URL cannot be published this way, only scheduled (use Schedule); X replies can be neither published nor scheduled through the API. The node reads the draft first and refuses both before publishing.',
			name: 'publishNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: true,
			description:
				'Whether to wait until publishing has finished on every platform and return the final status and published URLs',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{ ...pollIntervalOption, displayOptions: WHILE_WAITING },
				requireResolvedOption,
				{ ...timeoutOption, displayOptions: WHILE_WAITING },
			],
		},
	],
);

/** Reads the draft for Rules on platform content 5 (and its open threads with Require Resolved Comments), then PATCH publish_at=now; with waiting, polls GET draft until publish_state is `finished` (States and transitions). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const wait = this.getNodeParameter('waitForCompletion', itemIndex, true) as boolean;
	const options = readOperationOptions(this, itemIndex);
	const settings = wait ? waitSettings(this, itemIndex, options) : undefined;
	const current = await getDraft(this, itemIndex, target);
	checkPublishPolicy(
		this,
		itemIndex,
		(current.platforms ?? {}) as IDataObject,
		'publishNow',
		`Draft ${target.draftId}`,
	);
	if (requiresResolved(options)) await checkResolvedComments(this, itemIndex, target);
	const started = await patchDraft(this, itemIndex, target, { publish_at: 'now' });
	if (!settings) return started;
	return await waitUntilFinished(this, itemIndex, target, started, settings);
}

export const access: Access = { kind: 'write', reconcile: reconcilePublishNow };

export const gate: ToolGate = toolGate({ publishes: true }, publishNowDryRun);
