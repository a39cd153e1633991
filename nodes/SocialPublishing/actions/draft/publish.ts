import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { waitOrCancel } from '../../../common/transport/wait';
import { isPlatformOn } from '../../helpers/content';
import type { DraftTarget } from './requests';
import { draftsPath, getDraft } from './requests';

/** After a publish is started: the wait for it to finish, and the published URLs (the rule-5 check before sending: helpers/publishPolicy.ts). */

/**
 * Adds `published_urls`: the published URL (or null) of each platform the draft has enabled, keyed by
 * platform (`x`, `linkedin`, ..., `x_article`), read from the detail's `<platform>_published_url` fields.
 * An `x_article` object counts as enabled by its presence (the specification gives it no `enabled` field).
 */
export function withPublishedUrls(draft: IDataObject): IDataObject {
	const platforms = (draft.platforms ?? {}) as IDataObject;
	const urls: IDataObject = {};
	for (const [platform, config] of Object.entries(platforms)) {
		if (!isPlatformOn(platform, config)) continue;
		const url = draft[`${platform}_published_url`];
		urls[platform] = typeof url === 'string' ? url : null;
	}
	return { ...draft, published_urls: urls };
}

/** Waiting for an immediate publish (States and transitions: publish_state `in_progress`, then `finished`). */

export const pollIntervalOption: INodeProperties = {
	displayName: 'Poll Interval (Seconds)',
	name: 'pollInterval',
	type: 'number',
	typeOptions: { minValue: 0.1, numberPrecision: 1 },
	default: 3,
	description: 'How often to read the draft while it publishes',
};

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 300,
	description:
		'How long to wait for publishing to finish before failing (the draft may still publish afterwards)',
};

/** The options of Create and Update that wait when Publish At is "now", as Publish Now does. */
export const publishWaitOptions: INodeProperties[] = [
	{
		...pollIntervalOption,
		description:
			'With Publish At "now" and Wait for Completion: how often to read the draft while it publishes',
	},
	{
		...timeoutOption,
		description:
			'With Publish At "now" and Wait for Completion: how long to wait before failing (the draft may still publish afterwards)',
	},
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether, when Publish At is "now", to wait until publishing has finished on every platform and return the final status and published URLs (as Publish Now does)',
	},
];

export interface WaitSettings {
	timeoutMs: number;
	pollMs: number;
}

export function waitSettings(options: IDataObject): WaitSettings {
	return {
		timeoutMs: Math.max(1, Number(options.timeout ?? 300)) * 1000,
		pollMs: Math.max(100, Number(options.pollInterval ?? 3) * 1000),
	};
}

const seconds = (ms: number) => `${ms / 1000} second${ms === 1000 ? '' : 's'}`;

/** Polls GET draft until `publish_state` is `finished`, then adds `published_urls`; a timeout says it may still publish. */
export async function waitUntilFinished(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
	first: IDataObject,
	settings: WaitSettings,
): Promise<IDataObject> {
	const { timeoutMs, pollMs } = settings;
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

/**
 * Create and Update: with `publish_at: "now"` and the option Wait for Completion on, waits as Publish Now
 * does; otherwise the response as it came (publish_state `in_progress`).
 */
export async function afterPublishNow(
	context: IExecuteFunctions,
	itemIndex: number,
	dates: IDataObject,
	draft: { socialSetId: number; draftId: number },
	response: IDataObject,
): Promise<IDataObject> {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (dates.publish_at !== 'now' || options.waitForCompletion !== true) return response;
	const target: DraftTarget = {
		...draft,
		path: `${draftsPath(draft.socialSetId)}/${draft.draftId}`,
	};
	return await waitUntilFinished(context, itemIndex, target, response, waitSettings(options));
}
