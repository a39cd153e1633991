import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../../../common/text/echo';
import { secretsOf, waitOrCancel } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { paramError } from '../../helpers/validation';
import { isPlatformOn } from '../../../common/platformLists';
import type { DraftTarget } from './draftRequests';
import { getDraft } from './draftRequests';
import { readOperationOptions } from '../params';

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
	typeOptions: { minValue: 0.1, maxValue: 600, numberPrecision: 1 },
	default: 3,
	description: 'How often to read the draft while it publishes',
};

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 3600 },
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

/** Bounds of the wait options, in seconds (the fields' minValue and maxValue; expressions are checked too). */
export const WAIT_BOUNDS = {
	pollInterval: { label: 'Poll Interval (Seconds)', min: 0.1, max: 600, default: 3 },
	timeout: { label: 'Timeout (Seconds)', min: 1, max: 3600, default: 300 },
} as const;

function secondsOption(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	name: keyof typeof WAIT_BOUNDS,
): number {
	const { label, min, max } = WAIT_BOUNDS[name];
	const raw = options[name];
	if (raw === undefined || raw === null) return WAIT_BOUNDS[name].default;
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
		throw paramError(
			context,
			itemIndex,
			label,
			`must be a number of seconds from ${min} to ${max}, got "${echo(raw, 80)}"`,
		);
	}
	return value;
}

/**
 * The wait options of Publish Now (and of Create and Update with Publish At "now"), checked before any
 * request: a value that is not a number in its bounds is a parameter error, never a wait of NaN.
 */
export function waitSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): WaitSettings {
	return {
		timeoutMs: secondsOption(context, itemIndex, options, 'timeout') * 1000,
		pollMs: Math.round(secondsOption(context, itemIndex, options, 'pollInterval') * 1000),
	};
}

/**
 * Create and Update: checks the wait options before any request, whether or not the item waits for a
 * publish: a Timeout or Poll Interval that is given is a number in its bounds, never ignored because it
 * did not apply this time.
 */
export function checkPublishWait(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject = readOperationOptions(context, itemIndex),
): void {
	waitSettings(context, itemIndex, options);
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
			const state = echo(draft.publish_state, 40, await secretsOf(context));
			throw new NodeOperationError(
				context.getNode(),
				`Draft ${target.draftId} did not finish publishing within ${seconds(timeoutMs)} and may still publish [item ${itemIndex}]`,
				{
					itemIndex,
					description: `Its publish state is still "${state}". Do not publish it again: read it later with Draft > Get (ID ${target.draftId}) for its final status and published URLs, or raise "Timeout (Seconds)".`,
				},
			);
		}
		await waitOrCancel(context, Math.min(pollMs, left), itemIndex);
		draft = await getDraft(context, itemIndex, target);
	}
	return withPublishedUrls(draft);
}

/** A draft just written, and what the item asked of its publish. */
export interface Written {
	/** The dates sent (`publish_at: "now"` publishes at once). */
	dates: IDataObject;
	draft: { socialSetId: number; draftId: number };
	/** The service's answer to the write. */
	response: IDataObject;
	/** The Options collection of the item (Wait for Completion and the wait options). */
	options: IDataObject;
}

/** As `waitIfPublishedNow`, the Options collection read here (Retry On Fail, which has not read it). */
export async function afterPublishNow(
	context: IExecuteFunctions,
	itemIndex: number,
	dates: IDataObject,
	draft: { socialSetId: number; draftId: number },
	response: IDataObject,
): Promise<IDataObject> {
	const options = readOperationOptions(context, itemIndex);
	return await waitIfPublishedNow(context, itemIndex, { dates, draft, response, options });
}

/**
 * Create and Update: with `publish_at: "now"` and the option Wait for Completion on, waits as Publish Now
 * does; otherwise the response as it came (publish_state `in_progress`).
 */
export async function waitIfPublishedNow(
	context: IExecuteFunctions,
	itemIndex: number,
	written: Written,
): Promise<IDataObject> {
	const { dates, draft, response, options } = written;
	if (dates.publish_at !== 'now' || options.waitForCompletion !== true) return response;
	const settings = waitSettings(context, itemIndex, options);
	if (!Number.isSafeInteger(draft.draftId) || draft.draftId <= 0) {
		// An ID beyond 2^53 was rounded when the answer was read: reading it back could read another draft.
		throw new NodeOperationError(
			context.getNode(),
			`The service answered with a draft ID the node cannot carry exactly (${echo(response.id, 40)}), so it does not wait for the publish [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					'The draft was sent and is publishing. Look it up in the service for its final status.',
			},
		);
	}
	const target: DraftTarget = {
		...draft,
		path: endpoints.draft(draft.socialSetId, draft.draftId),
	};
	return await waitUntilFinished(context, itemIndex, target, response, settings);
}
