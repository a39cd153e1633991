import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { postPlatforms } from '../common/platforms';
import type { PollEvent } from './description';

/** The platforms of the Draft summary's per-platform fields (Resources: Draft summary), in its order. */
const SUMMARY_PLATFORMS = postPlatforms();

const SUMMARY_FIELDS = [
	'id',
	'social_set_id',
	'status',
	'preview',
	'scheduled_date',
	'draft_title',
	'share_url',
	'private_url',
	'tags',
	'created_at',
	'updated_at',
	'published_at',
] as const;

/**
 * One item per draft and event, shaped like the webhook trigger's: `{event, timestamp, draft}`, or with
 * Output Raw Payload the webhook body's `{event, data}`. `timestamp` is when this poll saw the change.
 */
export function eventItem(
	event: PollEvent,
	draft: IDataObject,
	seenAt: string,
	rawPayload: boolean,
): INodeExecutionData {
	if (rawPayload) return { json: { event, data: draft } };
	return { json: { event, timestamp: seenAt, draft } };
}

/**
 * The Draft summary's fields taken from a Draft detail, for a draft the trigger had to read on its own
 * while the user asked for list fields only: every item then has the same shape.
 */
export function summaryOf(detail: IDataObject): IDataObject {
	const summary: IDataObject = {};
	for (const field of SUMMARY_FIELDS) summary[field] = detail[field] ?? null;
	if (summary.preview === '') summary.preview = null;
	const platforms = (detail.platforms ?? {}) as Record<
		string,
		{ enabled?: unknown } | null | undefined
	>;
	for (const platform of SUMMARY_PLATFORMS)
		summary[`${platform}_post_enabled`] = platforms[platform]?.enabled === true;
	for (const platform of SUMMARY_PLATFORMS)
		summary[`${platform}_post_published_at`] = detail[`${platform}_post_published_at`] ?? null;
	for (const platform of SUMMARY_PLATFORMS)
		summary[`${platform}_published_url`] = detail[`${platform}_published_url`] ?? null;
	return summary;
}
