import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../../common/text/echo';
import { isPlatformOn, POST_PLATFORMS } from '../../common/platformLists';
import { PendingMedia } from './mediaSlots';
import { DRAFT_LIMITS } from '../../common/limits';

/** Each check returns the problem in words (to follow "Parameter "X" ...") or undefined when the value is fine. */
export type Problem = string | undefined;

export function checkTags(tags: string[]): Problem {
	return tags.length > DRAFT_LIMITS.maxTags
		? `has ${tags.length} tags; a draft takes at most ${DRAFT_LIMITS.maxTags}`
		: undefined;
}

export function checkTitle(title: string): Problem {
	const length = [...title].length;
	return length > DRAFT_LIMITS.maxTitleLength
		? `is ${length} characters long; at most ${DRAFT_LIMITS.maxTitleLength} are allowed`
		: undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
	return UUID.test(value);
}

export function checkMediaIds(ids: string[]): Problem {
	const bad = ids.filter((id) => !isUuid(id));
	return bad.length
		? `must hold media IDs (UUIDs), got ${bad.map((id) => `"${id}"`).join(', ')}`
		: undefined;
}

/** The platforms chosen for posts: each a known one, and at least one. */
export function checkPlatformsChosen(platforms: string[]): Problem {
	const unknown = platforms.filter(
		(platform) => !(POST_PLATFORMS as readonly string[]).includes(platform),
	);
	if (unknown.length) return `has unknown platforms: ${unknown.join(', ')}`;
	return platforms.length === 0 ? 'must name at least one platform' : undefined;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rules on a whole `platforms` object (built by the node or given as JSON). */
export function checkPlatformsObject(platforms: IDataObject, requireEnabled: boolean): Problem {
	const keys = Object.keys(platforms);
	if (keys.length === 0) return 'must name at least one platform';
	const unknown = keys.filter(
		(key) => key !== 'x_article' && !(POST_PLATFORMS as readonly string[]).includes(key),
	);
	if (unknown.length) return `has unknown platform keys: ${unknown.join(', ')}`;
	if (keys.includes('x_article') && keys.length > 1)
		return 'combines "x_article" with other platforms; an X Article stands alone';
	if (requireEnabled && !keys.some((key) => isPlatformOn(key, platforms[key]))) {
		return 'must enable at least one platform';
	}
	const linkedin = platforms.linkedin;
	if (
		isObject(linkedin) &&
		Array.isArray(linkedin.posts) &&
		linkedin.posts.length > DRAFT_LIMITS.maxLinkedInPosts
	) {
		return `gives LinkedIn ${linkedin.posts.length} posts; LinkedIn takes one post only`;
	}
	const ids: string[] = [];
	for (const key of keys) {
		const config = platforms[key];
		if (!isObject(config)) return `has "${key}" that is not an object`;
		if (Array.isArray(config.posts)) {
			for (const post of config.posts) {
				// a media still to upload (PendingMedia) gets its id from the service
				if (isObject(post) && Array.isArray(post.media_ids))
					for (const id of post.media_ids as unknown[])
						if (!(id instanceof PendingMedia)) ids.push(String(id));
			}
		}
		if (typeof config.cover_media_id === 'string') ids.push(config.cover_media_id);
	}
	return checkMediaIds(ids);
}

/** Raw `platforms` JSON must parse to an object. */
export function parsePlatformsJson(raw: unknown): { platforms: IDataObject } | { problem: string } {
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch (error) {
			return { problem: `is not valid JSON: ${(error as Error).message}` };
		}
	}
	if (!isObject(value))
		return {
			problem: `must be a JSON object keyed by platform, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
		};
	return { platforms: value };
}

/** A luxon DateTime (by flag: an expression's may come from another copy of luxon) or a JavaScript Date. */
export function isDateLike(value: unknown): boolean {
	return (
		Object.prototype.toString.call(value) === '[object Date]' ||
		(typeof value === 'object' &&
			value !== null &&
			(value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true)
	);
}

/** What a value is, in words, for the message. */
export function kindOf(value: unknown): string {
	if (value === undefined) return 'no value (undefined)';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (isDateLike(value)) return 'a date';
	if (typeof value === 'number')
		return Number.isFinite(value) ? 'a number' : 'a number that is not finite';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return 'text';
	return `a ${typeof value}`;
}

/** The message of a problem found in a parameter: the parameter's name, what is wrong (bounded), the item. */
export function paramMessage(itemIndex: number, label: string, problem: string): string {
	return `Parameter "${label}" ${echo(problem, 1000)} [item ${itemIndex}]`;
}

/**
 * A problem found in a parameter, as the error n8n shows: the parameter's name, what is wrong, the item.
 * The problem often quotes the value given, so it is bounded (`echo`): one line, at most 1,000 characters.
 */
export function paramError(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	problem: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), paramMessage(itemIndex, label, problem), {
		itemIndex,
	});
}

/** A problem found in a parameter: its message now, its error (as `paramError` makes it) only when asked for. */
export interface ParamProblem {
	readonly message: string;
	error(): NodeOperationError;
}

export function paramProblem(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	problem: string,
): ParamProblem {
	const message = paramMessage(itemIndex, label, problem);
	return {
		message,
		error: () => new NodeOperationError(context.getNode(), message, { itemIndex }),
	};
}

/**
 * Longest name folded: a tag name is at most 32 characters (spec "Limits"), so a longer text matches no tag either
 * way, and the engine's normalizer and case mapping take time growing faster than the length on long runs of
 * combining marks. Such a text is compared as it is.
 */
const MAX_FOLDED = 1024;

/** A name compared ignoring case (tag names and slugs). */
export function foldCase(text: string): string {
	return text.length > MAX_FOLDED ? text : text.normalize('NFC').toLowerCase();
}

/** `a, b ,c` or an array from an expression, as a clean list. */
export function toList(value: unknown): string[] {
	const entries = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',')
			: value == null
				? []
				: [value];
	return entries.map((entry) => String(entry).trim()).filter((entry) => entry !== '');
}
