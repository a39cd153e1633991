import type { IDataObject } from 'n8n-workflow';

import type { PostPlatform } from '../../common/platforms';
import { platformEntry, platformsTaking, postPlatforms } from '../../common/platforms';

export type { PostPlatform } from '../../common/platforms';

/** The post platforms (common/platforms.ts), in its order. */
export const POST_PLATFORMS: readonly PostPlatform[] = postPlatforms();

/** Platforms whose posts carry `hide_link_preview` (Platform configuration table). */
export const LINK_PREVIEW_PLATFORMS: readonly PostPlatform[] = platformsTaking('hide_link_preview');

export const DEFAULT_SEPARATOR = '---';

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
	...Object.fromEntries(POST_PLATFORMS.map((platform) => [platform, platformEntry(platform).name])),
	x_article: 'X Article',
};

/** A platform key as users read it: `linkedin` is LinkedIn, `x_article` the X Article. */
export function platformName(platform: string): string {
	return PLATFORM_NAMES[platform] ?? platform;
}

export function isPostPlatform(value: unknown): value is PostPlatform {
	return typeof value === 'string' && (POST_PLATFORMS as readonly string[]).includes(value);
}

/**
 * Splits one text into the posts of a thread: a line holding only the separator (surrounding spaces
 * ignored) ends a post. Each post is trimmed; empty posts (two separators in a row, a trailing one) are dropped.
 */
export function splitThread(text: string, separator: string = DEFAULT_SEPARATOR): string[] {
	const mark = separator.trim();
	const posts: string[] = [];
	let current: string[] = [];
	const flush = () => {
		const post = current.join('\n').trim();
		if (post !== '') posts.push(post);
		current = [];
	};
	for (const line of text.split(/\r\n|\r|\n/)) {
		if (mark !== '' && line.trim() === mark) flush();
		else current.push(line);
	}
	flush();
	return posts;
}

/**
 * Media attached to a post: an existing media ID, a binary property of the input item still to upload,
 * or a public URL still to upload (`label`: the parameter that gave it, for errors).
 */
export type MediaRef =
	| { mediaId: string }
	| { binaryProperty: string }
	| { mediaUrl: string; label: string };

/**
 * A media slot of a platforms object whose file is still to be uploaded. A body is built once, with these in
 * place of the media ids it cannot know yet; every check runs on it before any upload, and after the uploads
 * `fillPendingMedia` puts the ids in.
 */
export class PendingMedia {
	constructor(readonly ref: Exclude<MediaRef, { mediaId: string }>) {}
}

/** How a media reference stands in a body: an id, or a slot still to upload. */
export type MediaResolver = (ref: MediaRef) => string | PendingMedia;

/** Media references before any upload: an ID as given, a file still to upload as a pending slot. */
export const beforeUpload: MediaResolver = (ref) =>
	'mediaId' in ref ? ref.mediaId : new PendingMedia(ref);

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The media slots of a platforms object: each post's media_ids and the X Article's cover, in order. */
function mediaSlots(
	platforms: IDataObject,
): Array<{ holder: unknown[] | IDataObject; key: number | string; value: unknown }> {
	const slots: Array<{ holder: unknown[] | IDataObject; key: number | string; value: unknown }> =
		[];
	for (const config of Object.values(platforms)) {
		if (!isObject(config)) continue;
		if ('cover_media_id' in config)
			slots.push({ holder: config, key: 'cover_media_id', value: config.cover_media_id });
		for (const post of Array.isArray(config.posts) ? config.posts : []) {
			if (!isObject(post) || !Array.isArray(post.media_ids)) continue;
			const ids = post.media_ids as unknown[];
			ids.forEach((value, index) => slots.push({ holder: ids, key: index, value }));
		}
	}
	return slots;
}

/** The media still to upload for a platforms object, in order of first use, each once. */
export function pendingMediaOf(
	platforms: IDataObject,
): Array<Exclude<MediaRef, { mediaId: string }>> {
	const refs: Array<Exclude<MediaRef, { mediaId: string }>> = [];
	const seen = new Set<string>();
	for (const { value } of mediaSlots(platforms)) {
		if (!(value instanceof PendingMedia)) continue;
		const key =
			'binaryProperty' in value.ref
				? `binary:${value.ref.binaryProperty}`
				: `url:${value.ref.mediaUrl}`;
		if (seen.has(key)) continue;
		seen.add(key);
		refs.push(value.ref);
	}
	return refs;
}

/** Puts the uploaded media ids into the pending slots, in place. */
export function fillPendingMedia(
	platforms: IDataObject,
	idOf: (ref: Exclude<MediaRef, { mediaId: string }>) => string,
): void {
	for (const { holder, key, value } of mediaSlots(platforms)) {
		if (value instanceof PendingMedia)
			(holder as Record<string | number, unknown>)[key] = idOf(value.ref);
	}
}

/**
 * Whether a platform object of a draft is on: post platforms by `enabled: true`; `x_article` by its presence,
 * since the specification gives its object no `enabled` field (an explicit `enabled: false` still counts as off).
 */
export function isPlatformOn(key: string, config: unknown): boolean {
	if (typeof config !== 'object' || config === null || Array.isArray(config)) return false;
	const enabled = (config as IDataObject).enabled;
	return key === 'x_article' ? enabled !== false : enabled === true;
}

/** A name compared ignoring case (tag names and slugs). */
export function foldCase(text: string): string {
	return text.normalize('NFC').toLowerCase();
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
