import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { MediaRef } from '../../../helpers/mediaSlots';
import type { PostPlatform } from '../../../../common/platforms';
import { beforeUpload, pendingMediaOf, PendingMedia } from '../../../helpers/mediaSlots';
import { isPostPlatform, platformName } from '../../../../common/platformLists';
import type { MediaKind } from '../../../helpers/mediaRules';
import {
	findMediaProblems,
	kindOfFileName,
	kindOfMime,
	kindOfUrl,
	spreadMedia,
} from '../../../helpers/mediaRules';
import { getItemBinary } from '../../../mediaUpload/fromBinary';
import { threadWideFields } from '../../../helpers/merge';
import { SINGLE_POST_PLATFORMS } from '../../../helpers/text/textLength';
import { paramProblem } from '../../../helpers/validation';
import type { MediaSettings } from './options';
import type { PostsContent } from './posts/build';
import type { Report } from './report';
import { stopAtFirst } from './report';

/**
 * The media check and Spread Media, before any upload (the rules: helpers/mediaRules.ts). A file of the item is
 * known by its MIME type (else its name), a URL by the extension of its path (nothing is downloaded for the
 * check), a media ID only when the draft read back on Update shows its type; other IDs count without a kind
 * (no GET per ID).
 */

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Kinds of the media a draft read back carries: each post's `media` list gives the mime of its ids. */
export function knownKindsOf(platforms: IDataObject | undefined): Map<string, MediaKind> {
	const known = new Map<string, MediaKind>();
	for (const config of Object.values(platforms ?? {})) {
		if (!isObject(config) || !Array.isArray(config.posts)) continue;
		for (const post of config.posts) {
			if (!isObject(post) || !Array.isArray(post.media)) continue;
			for (const media of post.media) {
				if (!isObject(media) || typeof media.media_id !== 'string') continue;
				const kind = kindOfMime(typeof media.mime === 'string' ? media.mime : undefined);
				known.set(media.media_id.toLowerCase(), kind);
			}
		}
	}
	return known;
}

/** What is known of the kinds of media beyond the item's own files. */
export interface KnownKinds {
	/** Kinds of media IDs, from the draft read back. */
	known?: Map<string, MediaKind>;
	/** Kinds of Media URLs by what their downloads served (after they were opened, before any upload). */
	served?: Map<string, MediaKind>;
}

/**
 * The kind of each of these media references: the item's files are looked up once, all of them before any kind
 * is told (a file by its MIME type, else its name); a URL by what its download served once known, else its path;
 * a media ID by the draft read back, else unknown.
 */
export function refKinds(
	context: IExecuteFunctions,
	itemIndex: number,
	refs: Iterable<MediaRef>,
	kinds: KnownKinds = {},
): (ref: MediaRef) => MediaKind {
	const files = new Map<string, IBinaryData>();
	for (const ref of refs)
		if ('binaryProperty' in ref && !files.has(ref.binaryProperty))
			files.set(ref.binaryProperty, getItemBinary(context, itemIndex, ref.binaryProperty));
	const fileKinds = new Map<string, MediaKind>();
	for (const [name, binary] of files) {
		const byType = kindOfMime(binary.mimeType);
		fileKinds.set(name, byType !== 'unknown' ? byType : kindOfFileName(binary.fileName));
	}
	return (ref) => {
		if ('mediaId' in ref) return kinds.known?.get(ref.mediaId.toLowerCase()) ?? 'unknown';
		if ('mediaUrl' in ref) return kinds.served?.get(ref.mediaUrl) ?? kindOfUrl(ref.mediaUrl);
		return fileKinds.get(ref.binaryProperty) ?? 'unknown';
	};
}

/** The kind of each `media_ids` entry of a built platforms object: an id, or a file still to upload. */
export function slotKind(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	kinds: KnownKinds = {},
): (value: unknown) => MediaKind {
	const refKind = refKinds(context, itemIndex, pendingMediaOf(platforms), kinds);
	return (value) =>
		value instanceof PendingMedia
			? refKind(value.ref)
			: typeof value === 'string'
				? (kinds.known?.get(value.toLowerCase()) ?? 'unknown')
				: 'unknown';
}

/** The parameter a post's media came from: the first file's field, else `fallback`. */
function mediaLabel(values: unknown[], fallback: string): string {
	const pending = values.find((value) => value instanceof PendingMedia);
	if (!pending) return fallback;
	const { ref } = pending;
	return 'binaryProperty' in ref ? 'Binary Media' : ref.label;
}

function advice(platform: PostPlatform, spread: boolean): string {
	const name = platformName(platform);
	const raise = 'or set its limit under Content Options > Media Limits';
	if (SINGLE_POST_PLATFORMS.includes(platform))
		return `${name} takes one post, so its media are never spread: give it fewer media ${raise}`;
	if (spread) return `Give fewer media ${raise}`;
	return `Give fewer media, turn on Content Options > Spread Media Over Thread, ${raise}`;
}

export interface MediaCheckWhere extends KnownKinds {
	/** The parameter every problem names (else the field of the post's first file, else `fallback`). */
	label?: string;
	fallback?: string;
}

export interface MediaCheckOptions extends MediaCheckWhere {
	/** What is done with each problem: stop at the first (the default), or note it (Validate Only). */
	report?: Report;
}

/**
 * Every post whose media its platform does not take is reported (the default report stops at the first) with the
 * parameter, the platform, the post number, what it was given and what the platform takes.
 */
export function checkMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	settings: MediaSettings,
	where: MediaCheckOptions = {},
): void {
	const { report = stopAtFirst } = where;
	const kindOf = slotKind(context, itemIndex, platforms, where);
	for (const problem of findMediaProblems(platforms, settings.limits, kindOf)) {
		const post = ((platforms[problem.platform] as IDataObject).posts as IDataObject[])[
			problem.postIndex
		];
		const label =
			where.label ?? mediaLabel(post.media_ids as unknown[], where.fallback ?? 'Media IDs');
		report(
			paramProblem(
				context,
				itemIndex,
				label,
				`has media ${platformName(problem.platform)} cannot take: ${problem.message}. ${advice(problem.platform, settings.spread)}`,
			),
		);
	}
}

/**
 * Social Posts: Spread Media (when on), then the media check on the posts each platform will get, before the
 * platforms object is built (as fitPostLengths does for the text).
 */
export function fitPostMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	content: PostsContent,
	settings: MediaSettings,
	report: Report = stopAtFirst,
): void {
	spreadContentMedia(context, itemIndex, content, settings);
	const media: IDataObject = {};
	for (const platform of content.platforms)
		media[platform] = {
			posts: (content.posts[platform] ?? []).map((post) => ({
				media_ids: post.media.map(beforeUpload) as unknown as IDataObject[],
			})),
		};
	checkMedia(context, itemIndex, media, settings, { report });
}

/** Spread Media Over Thread: on each platform that takes threads, what a post cannot take moves to the next posts. */
function spreadContentMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	content: PostsContent,
	settings: MediaSettings,
): void {
	if (!settings.spread) return;
	for (const platform of content.platforms) {
		const max = settings.limits[platform];
		if (max === undefined || !isPostPlatform(platform) || SINGLE_POST_PLATFORMS.includes(platform))
			continue;
		const posts = content.posts[platform] ?? [];
		const kindOf = refKinds(
			context,
			itemIndex,
			posts.flatMap((post) => post.media),
		);
		content.posts[platform] = spreadMedia(platform, posts, max, kindOf).map(({ text, media }) => ({
			text,
			media,
		}));
	}
}

/**
 * Spread Media on a built platforms object (Update, after the merge): the same moves, on the posts as they will be
 * sent; a post added at the end takes the fields every post of the thread shares, as a new post of a merge does.
 */
export function spreadBuiltMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	spread: {
		/** The platforms whose posts the update gives. */
		only: readonly string[];
		settings: MediaSettings;
		/** Kinds of the draft's own media. */
		known: Map<string, MediaKind>;
	},
): void {
	const { only, settings, known } = spread;
	if (!settings.spread) return;
	const kindOf = slotKind(context, itemIndex, platforms, { known });
	for (const platform of only) {
		const config = platforms[platform];
		const max = isPostPlatform(platform) ? settings.limits[platform] : undefined;
		if (!isPostPlatform(platform) || max === undefined || SINGLE_POST_PLATFORMS.includes(platform))
			continue;
		if (!isObject(config) || !Array.isArray(config.posts)) continue;
		const posts = config.posts.filter(isObject);
		const shared = threadWideFields(posts);
		const spread = spreadMedia(
			platform,
			posts.map((post) => ({
				text: String(post.text ?? ''),
				media: Array.isArray(post.media_ids) ? (post.media_ids as unknown[]) : [],
			})),
			max,
			kindOf,
		);
		config.posts = spread.map((entry, index) => {
			const post: IDataObject =
				index < posts.length ? { ...posts[index] } : { ...shared, text: '' };
			if (entry.media.length) post.media_ids = entry.media as IDataObject[];
			else delete post.media_ids;
			return post;
		});
	}
}

/**
 * The media check again once the Media URLs were opened, before any upload: a URL whose path has no supported
 * extension (`/media/123`), or one that says another kind than its download serves, is checked by what it
 * served. Nothing is checked again when every URL served the kind its path named.
 */
export function recheckServedMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	settings: MediaSettings,
	where: MediaCheckWhere & { served: Map<string, MediaKind> },
): void {
	const differs = [...where.served].some(([url, kind]) => kind !== kindOfUrl(url));
	if (!differs) return;
	checkMedia(context, itemIndex, platforms, settings, {
		...where,
		report: (problem) => {
			const error = problem.error();
			error.description =
				'A Media URL is known by the Content-Type its download answered when its path names no other kind. The downloads were opened and closed again; nothing was uploaded.';
			throw error;
		},
	});
}
