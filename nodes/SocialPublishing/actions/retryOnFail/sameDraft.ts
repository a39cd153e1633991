import type { IDataObject } from 'n8n-workflow';
import { isPlatformOn } from '../../../common/platformLists';
import { PendingMedia } from '../../helpers/mediaSlots';

/**
 * Whether a draft the service holds is the one a Create body would have made: the draft Retry On Fail
 * may adopt after a write whose outcome was lost. Every field the body sets is compared with the
 * draft detail as the service gives it back (Draft detail; Platform configuration):
 *
 * - title, tags (as a set of slugs), share (a share URL exactly when `share` was true), and whether
 *   there is a scratchpad (its text comes back with formatting stripped, so it is not compared);
 * - the platforms turned on, and on each: the post count, each post's text, its media (count, and each
 *   id the body already knew; a file still to upload counts as one medium), its other fields, the
 *   settings, and an X Article's markdown and cover;
 * - what the body asked of the lifecycle: a plain draft, publish now (a publish started), scheduled or
 *   planned, at the same time when a date was given.
 *
 * Post fields and settings are compared with unset values left out (absent, null, false, empty text or
 * list), so a service that echoes a default for a field the body did not send still matches.
 */

/** Slack on a scheduled or planned time: the service may move it a little (Natural Posting Time). */
export const SCHEDULE_MARGIN_MS = 15 * 60_000;

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUnset(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === false ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/** The fields of an object other than `skip`, unset ones left out, in a stable order. */
function setFields(value: unknown, skip: readonly string[] = []): string {
	if (!isObject(value)) return '[]';
	const entries = Object.entries(value)
		.filter(([key, field]) => !skip.includes(key) && !isUnset(field))
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	return JSON.stringify(entries);
}

const idText = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** The media ids of a post as the service gives them back: `media_ids`, else the ids of `media`. */
function theirMedia(post: IDataObject): unknown[] {
	if (Array.isArray(post.media_ids)) return post.media_ids;
	if (Array.isArray(post.media)) return post.media.map((m) => (isObject(m) ? m.media_id : m));
	return [];
}

/** Same number of media, and each id the body knew in the same place; a file still to upload matches any. */
function sameMedia(ours: unknown[], theirs: unknown[]): boolean {
	return (
		ours.length === theirs.length &&
		ours.every(
			(id, index) =>
				id instanceof PendingMedia ||
				(typeof theirs[index] === 'string' && idText(id) === idText(theirs[index])),
		)
	);
}

const POST_SKIP = ['text', 'media_ids', 'media'] as const;

function postDifference(ours: unknown, theirs: unknown, where: string): string | undefined {
	const our = isObject(ours) ? ours : {};
	const their = isObject(theirs) ? theirs : {};
	if ((our.text ?? '') !== (their.text ?? '')) return `${where} text`;
	const media = Array.isArray(our.media_ids) ? our.media_ids : [];
	if (!sameMedia(media, theirMedia(their))) return `${where} media`;
	if (setFields(our, POST_SKIP) !== setFields(their, POST_SKIP)) return `${where} options`;
	return undefined;
}

function articleDifference(ours: IDataObject, theirs: IDataObject): string | undefined {
	if ((ours.content_markdown ?? '') !== (theirs.content_markdown ?? ''))
		return 'x_article content_markdown';
	const cover = ours.cover_media_id;
	const theirCover = theirs.cover_media_id ?? null;
	const same =
		cover instanceof PendingMedia
			? typeof theirCover === 'string'
			: idText(cover ?? null) === idText(theirCover);
	return same ? undefined : 'x_article cover_media_id';
}

function platformDifference(
	platform: string,
	ours: IDataObject,
	theirs: IDataObject,
): string | undefined {
	if (platform === 'x_article') return articleDifference(ours, theirs);
	const posts = Array.isArray(ours.posts) ? ours.posts : [];
	const theirPosts = Array.isArray(theirs.posts) ? theirs.posts : [];
	if (posts.length !== theirPosts.length) return `${platform} post count`;
	for (let index = 0; index < posts.length; index++) {
		const difference = postDifference(
			posts[index],
			theirPosts[index],
			`${platform} post ${index + 1}`,
		);
		if (difference) return difference;
	}
	if (setFields(ours.settings) !== setFields(theirs.settings)) return `${platform} settings`;
	return undefined;
}

function platformsDifference(ours: unknown, theirs: unknown): string | undefined {
	const our = isObject(ours) ? ours : {};
	const their = isObject(theirs) ? theirs : {};
	const on = (platforms: IDataObject) =>
		Object.keys(platforms)
			.filter((key) => isPlatformOn(key, platforms[key]))
			.sort();
	const keys = on(our);
	if (keys.join() !== on(their).join()) return 'platforms';
	for (const key of keys) {
		const difference = platformDifference(key, our[key] as IDataObject, their[key] as IDataObject);
		if (difference) return difference;
	}
	return undefined;
}

function tagSet(value: unknown): string {
	const tags = Array.isArray(value) ? value.map((tag) => String(tag).toLowerCase()) : [];
	return JSON.stringify([...new Set(tags)].sort());
}

function closeInTime(asked: string, given: unknown): boolean {
	if (asked === 'next-free-slot') return true;
	const at = Date.parse(asked);
	const theirs = typeof given === 'string' ? Date.parse(given) : NaN;
	return (
		Number.isFinite(at) && Number.isFinite(theirs) && Math.abs(at - theirs) <= SCHEDULE_MARGIN_MS
	);
}

/** Whether the draft stands where the body's publish_at / plan_at (or neither) put it. */
function lifecycleDifference(body: IDataObject, draft: IDataObject): string | undefined {
	const publishing =
		(draft.publish_state !== null && draft.publish_state !== undefined) ||
		['publishing', 'published', 'error'].includes(String(draft.status));
	const { publish_at: publishAt, plan_at: planAt } = body;
	let same: boolean;
	if (publishAt === 'now') same = publishing;
	else if (typeof publishAt === 'string')
		same = draft.status === 'scheduled' && closeInTime(publishAt, draft.scheduled_date);
	else if (typeof planAt === 'string')
		same = draft.status === 'planned' && closeInTime(planAt, draft.scheduled_date);
	else same = draft.status === 'draft' && !publishing;
	return same ? undefined : 'status';
}

/**
 * The first field in which the draft (a Draft detail) differs from the Create body, or undefined when it
 * is the draft that body would have made.
 */
export function draftDifference(body: IDataObject, draft: IDataObject): string | undefined {
	if ((body.draft_title ?? null) !== (draft.draft_title ?? null)) return 'draft_title';
	if (tagSet(body.tags) !== tagSet(draft.tags)) return 'tags';
	if ((body.share === true) !== (typeof draft.share_url === 'string' && draft.share_url !== ''))
		return 'share';
	// only whether there is one: the service gives it back with its formatting stripped
	if (isUnset(body.scratchpad_text) !== isUnset(draft.scratchpad_text)) return 'scratchpad_text';
	return platformsDifference(body.platforms, draft.platforms) ?? lifecycleDifference(body, draft);
}

/**
 * The first field in which the draft (a Draft detail) differs from what an Update's PATCH body sets, or
 * undefined when the draft already holds that body: only the fields the body sends are compared (the
 * platforms it sends, each whole; title, tags, share, scratchpad; a date asked for). A retry that finds
 * it so adopts the draft instead of sending the PATCH again.
 */
export function updateDifference(body: IDataObject, draft: IDataObject): string | undefined {
	if ('draft_title' in body && (body.draft_title ?? null) !== (draft.draft_title ?? null))
		return 'draft_title';
	if ('tags' in body && tagSet(body.tags) !== tagSet(draft.tags)) return 'tags';
	if (
		'share' in body &&
		(body.share === true) !== (typeof draft.share_url === 'string' && draft.share_url !== '')
	)
		return 'share';
	if ('scratchpad_text' in body && isUnset(body.scratchpad_text) !== isUnset(draft.scratchpad_text))
		return 'scratchpad_text';
	const ours = isObject(body.platforms) ? body.platforms : {};
	const theirs = isObject(draft.platforms) ? draft.platforms : {};
	for (const key of Object.keys(ours)) {
		// a platform object sent without `enabled` turns it on (Platform configuration)
		const on = isObject(ours[key]) && (ours[key] as IDataObject).enabled !== false;
		if (on !== isPlatformOn(key, theirs[key])) return `${key} enabled`;
		if (!on) continue;
		const difference = platformDifference(
			key,
			ours[key] as IDataObject,
			(theirs[key] ?? {}) as IDataObject,
		);
		if (difference) return difference;
	}
	const { publish_at: publishAt, plan_at: planAt } = body;
	if (typeof publishAt === 'string' || typeof planAt === 'string')
		return lifecycleDifference(body, draft);
	if ((publishAt === null || planAt === null) && draft.status !== 'draft') return 'status';
	return undefined;
}
