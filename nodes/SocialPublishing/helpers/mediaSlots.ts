import type { IDataObject } from 'n8n-workflow';

/** Media references of a draft body: IDs as given, and slots for files still to upload. */

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
