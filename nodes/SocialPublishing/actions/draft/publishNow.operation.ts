import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../descriptions';
import { waitOrCancel } from '../../transport/wait';
import type { OperationResult } from '../types';
import { draftIdField } from './fields';
import type { DraftTarget } from './requests';
import { getDraft, getDraftTarget, patchDraft } from './requests';
import { withPublishedUrls } from './publishedUrls';

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['draft'], operation: ['publishNow'] } }, [
	socialSetLocator,
	{ ...draftIdField, description: 'ID of the draft to PUBLISH IMMEDIATELY to every platform it has enabled' },
	{
		displayName:
			'Each run publishes the draft to its enabled platforms right away; this cannot be undone. The service refuses to publish X posts that contain URLs, and replies, this way (403 FORBIDDEN): schedule URL posts instead.',
		name: 'publishNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description: 'Whether to wait until publishing has finished on every platform and return the final status and published URLs',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { waitForCompletion: [true] } },
		options: [
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollInterval',
				type: 'number',
				typeOptions: { minValue: 0.1, numberPrecision: 1 },
				default: 3,
				description: 'How often to read the draft while it publishes',
			},
			{
				displayName: 'Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 300,
				description: 'How long to wait for publishing to finish before failing (the draft may still publish afterwards)',
			},
		],
	},
]);

const seconds = (ms: number) => `${ms / 1000} second${ms === 1000 ? '' : 's'}`;

async function waitUntilFinished(context: IExecuteFunctions, itemIndex: number, target: DraftTarget, first: IDataObject): Promise<IDataObject> {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const timeoutMs = Math.max(1, Number(options.timeout ?? 300)) * 1000;
	const pollMs = Math.max(100, Number(options.pollInterval ?? 3) * 1000);
	const deadline = Date.now() + timeoutMs;
	let draft = first;
	while (draft.publish_state !== 'finished') {
		const left = deadline - Date.now();
		if (left <= 0) {
			throw new NodeOperationError(
				context.getNode(),
				`Draft ${target.draftId} did not finish publishing within ${seconds(timeoutMs)} and may still publish [item ${itemIndex}]`,
				{
					itemIndex,
					description: `Its publish state is still "${String(draft.publish_state)}". Do not publish it again: read it later with Draft > Get (ID ${target.draftId}) for its final status and published URLs, or raise "Timeout (Seconds)".`,
				},
			);
		}
		await waitOrCancel(context, Math.min(pollMs, left), itemIndex);
		draft = await getDraft(context, itemIndex, target);
	}
	return withPublishedUrls(draft);
}

/** PATCH publish_at=now; with waiting, polls GET draft until publish_state is `finished` (States and transitions). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const started = await patchDraft(this, itemIndex, target, { publish_at: 'now' });
	if (!this.getNodeParameter('waitForCompletion', itemIndex, true)) return started;
	return await waitUntilFinished(this, itemIndex, target, started);
}
