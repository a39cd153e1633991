import type { IDataObject } from 'n8n-workflow';
import { platformEntry, postPlatforms } from '../../common/platforms';
import type { MediaRef, MediaResolver } from './mediaSlots';
import type { PostPlatform } from '../../common/platforms';
import { platformName } from '../../common/platformLists';

/**
 * Lossless edits of a draft's content. A PATCH replaces a platform's `posts` and `settings` as sent ("only the
 * platforms supplied are updated"), so an edit is merged into the platform object read from the draft and the
 * whole object is sent back: whatever the edit does not name stays as it was. Pure functions, no I/O.
 */

/** Post fields of the Platform configuration table, per platform (common/platforms.ts): what a post object sent back carries. */
export const POST_FIELDS: Readonly<Record<PostPlatform, readonly string[]>> = Object.fromEntries(
	postPlatforms().map((platform) => [platform, platformEntry(platform).postFields]),
) as Record<PostPlatform, readonly string[]>;

/** Fields that belong to one post; the others (labels, reply settings, link preview) usually hold for the whole thread. */
const OWN_FIELDS = new Set(['text', 'media_ids', 'quote_post_url']);

/** A change to the post at one position; an absent field keeps the current value. */
export interface PostPatch {
	text?: string;
	/** Replaces the post's media; an empty list removes them. */
	media?: MediaRef[];
}

/** One edit of a thread; `post` counts from 0 in the thread as the earlier edits left it. */
export type PostEdit =
	| { action: 'setText'; post: number; text: string }
	| { action: 'setMedia'; post: number; media: MediaRef[] }
	| { action: 'insert'; post: number; text: string; media: MediaRef[] }
	| { action: 'append'; text: string; media: MediaRef[] }
	| { action: 'remove'; post: number };

/** What an update changes on one post platform; everything left out is kept. */
export interface PlatformPatch {
	/** The thread as given, at least as long as the current one: each entry merges into the post at its position. */
	thread?: PostPatch[];
	/** Edits applied in order, after `thread`. */
	edits?: PostEdit[];
	/** Set on every post; a null value removes the field. */
	postFields?: IDataObject;
	/** Set on the first post only (X quote post); a null value removes the field. */
	firstPostFields?: IDataObject;
	/** Merged into `settings`; a null value removes the setting. */
	settings?: IDataObject;
	enabled?: boolean;
}

export type Merged = { value: IDataObject } | { problem: string };

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A post read from the draft, with only the fields the Platform configuration table gives its platform. */
function cleanPost(platform: PostPlatform, post: unknown): IDataObject {
	const source = isObject(post) ? post : {};
	const clean: IDataObject = {};
	for (const field of POST_FIELDS[platform])
		if (source[field] !== undefined) clean[field] = source[field];
	if (typeof clean.text !== 'string') clean.text = '';
	return clean;
}

/** The fields every current post shares with the same value (beyond text, media and quote): what a new post of the thread gets. */
export function threadWideFields(posts: IDataObject[]): IDataObject {
	if (posts.length === 0) return {};
	const shared: IDataObject = {};
	for (const [field, value] of Object.entries(posts[0])) {
		if (OWN_FIELDS.has(field)) continue;
		const same = JSON.stringify(value);
		if (posts.every((post) => field in post && JSON.stringify(post[field]) === same))
			shared[field] = value;
	}
	return shared;
}

function setMedia(post: IDataObject, media: MediaRef[], resolve: MediaResolver): void {
	if (media.length) post.media_ids = media.map(resolve);
	else delete post.media_ids;
}

function newPost(
	posts: IDataObject[],
	text: string,
	media: MediaRef[],
	resolve: MediaResolver,
): IDataObject {
	const post: IDataObject = { ...threadWideFields(posts), text };
	setMedia(post, media, resolve);
	return post;
}

function assign(target: IDataObject, fields: IDataObject): void {
	for (const [field, value] of Object.entries(fields)) {
		if (value === null || value === undefined) delete target[field];
		else target[field] = value;
	}
}

const plural = (n: number) => `${n} post${n === 1 ? '' : 's'}`;

function applyEdit(
	posts: IDataObject[],
	edit: PostEdit,
	resolve: MediaResolver,
): string | undefined {
	const missing = (post: number) =>
		`has no post ${post + 1} (the thread has ${plural(posts.length)})`;
	switch (edit.action) {
		case 'setText':
			if (edit.post < 0 || edit.post >= posts.length) return missing(edit.post);
			posts[edit.post] = { ...posts[edit.post], text: edit.text };
			return undefined;
		case 'setMedia':
			if (edit.post < 0 || edit.post >= posts.length) return missing(edit.post);
			posts[edit.post] = { ...posts[edit.post] };
			setMedia(posts[edit.post], edit.media, resolve);
			return undefined;
		case 'remove':
			if (edit.post < 0 || edit.post >= posts.length) return missing(edit.post);
			posts.splice(edit.post, 1);
			return undefined;
		case 'insert':
			if (edit.post < 0 || edit.post > posts.length) {
				return `cannot insert at post ${edit.post + 1}: the thread has ${plural(posts.length)}, so a new post can go at 1 to ${posts.length + 1}`;
			}
			posts.splice(edit.post, 0, newPost(posts, edit.text, edit.media, resolve));
			return undefined;
		case 'append':
			posts.push(newPost(posts, edit.text, edit.media, resolve));
			return undefined;
	}
}

/**
 * The whole platform object to send for `platform`: the current object (or a new enabled one) with the patch
 * merged in. Post fields outside the Platform configuration table (output-only copies such as a `media` list)
 * are left out; settings are kept as read.
 */
export function mergePostPlatform(
	platform: PostPlatform,
	current: unknown,
	patch: PlatformPatch,
	resolve: MediaResolver,
): Merged {
	const base = isObject(current) ? current : undefined;
	let posts = (Array.isArray(base?.posts) ? base.posts : []).map((post) =>
		cleanPost(platform, post),
	);
	const settings: IDataObject = isObject(base?.settings) ? { ...base.settings } : {};
	let enabled = typeof base?.enabled === 'boolean' ? base.enabled : true;

	if (patch.thread) {
		const before = posts;
		if (patch.thread.length < before.length) {
			// A shorter thread would drop posts (and their media) the user did not name: never silently.
			const lost =
				before.length - patch.thread.length === 1
					? `post ${before.length}`
					: `posts ${patch.thread.length + 1} to ${before.length}`;
			return {
				problem: `gives ${plural(patch.thread.length)}, and the draft's thread has ${plural(before.length)}: ${lost} would be lost. Give the whole thread (Draft > Get shows it), or remove posts on purpose with Content As "Edit Single Posts" > Remove Post`,
			};
		}
		const thread: IDataObject[] = [];
		for (const [index, change] of patch.thread.entries()) {
			const old = before[index];
			if (!old && change.text === undefined && !change.media?.length) {
				return { problem: `gives post ${index + 1}, which is new, neither text nor media` };
			}
			const post = old ? { ...old } : newPost(before, '', [], resolve);
			if (change.text !== undefined) post.text = change.text;
			if (change.media !== undefined) setMedia(post, change.media, resolve);
			thread.push(post);
		}
		posts = thread;
	}
	for (const [index, edit] of (patch.edits ?? []).entries()) {
		const problem = applyEdit(posts, edit, resolve);
		if (problem) return { problem: `edit ${index + 1} ${problem}` };
	}
	if (patch.postFields)
		posts = posts.map((post) => {
			const next = { ...post };
			assign(next, patch.postFields as IDataObject);
			return next;
		});
	if (patch.firstPostFields && posts.length) {
		posts[0] = { ...posts[0] };
		assign(posts[0], patch.firstPostFields);
	}
	if (patch.settings) assign(settings, patch.settings);
	if (patch.enabled !== undefined) enabled = patch.enabled;
	if (enabled && posts.length === 0) {
		return {
			problem: base
				? 'would leave no post on an enabled platform; turn the platform off with Disable Platforms instead'
				: 'has no posts to start the platform with',
		};
	}
	return { value: { enabled, posts, settings } };
}

/** What an update changes on an X Article; absent fields keep the current ones. */
export interface ArticlePatch {
	markdown?: string;
	/** A new cover; null removes it. */
	cover?: MediaRef | null;
}

/** The x_article object to send (Platform configuration: content_markdown and cover_media_id, no `enabled`). */
export function mergeArticle(
	current: unknown,
	patch: ArticlePatch,
	resolve: MediaResolver,
): Merged {
	const base = isObject(current) ? current : undefined;
	const markdown =
		patch.markdown ??
		(typeof base?.content_markdown === 'string' ? base.content_markdown : undefined);
	if (markdown === undefined || markdown.trim() === '')
		return { problem: 'is empty and the draft has no X Article to keep the text of' };
	const currentCover = typeof base?.cover_media_id === 'string' ? base.cover_media_id : null;
	const cover =
		patch.cover === undefined ? currentCover : patch.cover === null ? null : resolve(patch.cover);
	return { value: { content_markdown: markdown, cover_media_id: cover } };
}

/** Every text a platforms object would send, with where it sits ("X post 2", "the X Article"), for checks. */
export function textsOf(
	platforms: IDataObject,
): Array<{ platform: string; where: string; text: string }> {
	const texts: Array<{ platform: string; where: string; text: string }> = [];
	for (const [platform, config] of Object.entries(platforms)) {
		if (!isObject(config)) continue;
		if (platform === 'x_article') {
			if (typeof config.content_markdown === 'string')
				texts.push({ platform, where: 'the X Article markdown', text: config.content_markdown });
			continue;
		}
		const posts = Array.isArray(config.posts) ? config.posts : [];
		posts.forEach((post, index) => {
			if (isObject(post) && typeof post.text === 'string')
				texts.push({
					platform,
					where: `${platformName(platform)} post ${index + 1}`,
					text: post.text,
				});
		});
	}
	return texts;
}
