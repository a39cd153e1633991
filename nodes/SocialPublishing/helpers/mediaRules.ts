/**
 * How many media, of which kinds, one post takes on each platform, checked before any upload. The API
 * specification says only which formats the service stores (Media: "Supported formats: jpg, jpeg, png, webp, gif,
 * mp4, mov, pdf") and nothing per platform; the numbers come from each platform's public developer documentation,
 * cited beside each rule in its platform's entry (common/platforms.ts). Pure functions, no I/O.
 */
import type { MediaKind, MediaRule, PostPlatform } from '../../common/platforms';
import { platformEntry, postPlatforms } from '../../common/platforms';
import { platformName } from '../../common/platformLists';

export type { MediaKind } from '../../common/platforms';

const plural = (count: number, one: string, many = `${one}s`) =>
	`${count} ${count === 1 ? one : many}`;

/** Each platform's media rule, from its entry in common/platforms.ts (where each cites its source). */
export const MEDIA_RULES: Readonly<Record<PostPlatform, MediaRule>> = Object.fromEntries(
	postPlatforms().map((platform) => [platform, platformEntry(platform).media]),
) as Record<PostPlatform, MediaRule>;

/** What one post of the platform takes, in words, with the limit in force. */
export function mediaTakes(platform: PostPlatform, max: number): string {
	const { unit, rest } = MEDIA_RULES[platform].takes;
	return `at most ${plural(max, unit[0], unit[1])}${rest}`;
}

/** Limits in force: the most media in one post per platform; a platform missing is not checked. */
export type MediaLimits = Partial<Record<PostPlatform, number>>;

/** The defaults replaced per platform by the user's (0: no check for that platform); none when the check is off. */
export function resolveMediaLimits(check: boolean, overrides: MediaLimits): MediaLimits {
	if (!check) return {};
	const limits: MediaLimits = {};
	for (const platform of Object.keys(MEDIA_RULES) as PostPlatform[]) {
		const limit = platform in overrides ? overrides[platform] : MEDIA_RULES[platform].max;
		if (limit !== undefined && limit > 0) limits[platform] = limit;
	}
	return limits;
}

const EXTENSION_KINDS: Readonly<Record<string, MediaKind>> = {
	jpg: 'image',
	jpeg: 'image',
	png: 'image',
	webp: 'image',
	gif: 'gif',
	mp4: 'video',
	mov: 'video',
	pdf: 'document',
};

/** The kind a file name (or a URL's path) stands for by its extension; unknown without one of the supported ones. */
export function kindOfFileName(name: string | undefined): MediaKind {
	const extension = /\.([A-Za-z0-9]+)$/.exec(name ?? '')?.[1]?.toLowerCase() ?? '';
	return EXTENSION_KINDS[extension] ?? 'unknown';
}

/** The kind a MIME type stands for; unknown for a type that says nothing (application/octet-stream). */
export function kindOfMime(mime: string | undefined): MediaKind {
	const type = (mime ?? '').split(';')[0].trim().toLowerCase();
	if (type === 'image/gif') return 'gif';
	if (type.startsWith('image/')) return 'image';
	if (type.startsWith('video/')) return 'video';
	if (type === 'application/pdf') return 'document';
	return 'unknown';
}

/**
 * Longest URL read for its kind: the URL parser takes time growing faster than the length on long paths of
 * non-ASCII characters (100,000 characters of `(é)@)` 24 times as long as 25,000), and servers refuse request lines
 * much shorter than this. A longer URL is of unknown kind until it is downloaded.
 */
const MAX_URL_FOR_KIND = 8192;

/** A URL's kind by the extension of its path (before any download; query and fragment ignored). */
export function kindOfUrl(url: string): MediaKind {
	if (url.length > MAX_URL_FOR_KIND) return 'unknown';
	try {
		return kindOfFileName(decodeURIComponent(new URL(url).pathname));
	} catch {
		return 'unknown';
	}
}

/** Whether these media fit one post of the platform under the limit. */
export function fitsOnePost(
	platform: PostPlatform,
	kinds: readonly MediaKind[],
	max: number,
): boolean {
	const rule = MEDIA_RULES[platform];
	if (kinds.some((kind) => rule.refused.includes(kind))) return false;
	if (kinds.length > 1 && kinds.some((kind) => rule.alone.includes(kind))) return false;
	return kinds.length <= max;
}

/**
 * How many of the media, from `from` (up to `end`), one post takes: at least 1 (a medium no post takes stays where
 * it is, for the check to refuse). A prefix that fits stays fitting when shortened, so the media are read once
 * from the first, and the scan stops at the first that does not fit: at most `max` + 1 kinds are read.
 */
export function leadingFit(
	platform: PostPlatform,
	kinds: readonly MediaKind[],
	max: number,
	from = 0,
	end = kinds.length,
): number {
	const rule = MEDIA_RULES[platform];
	const limit = Math.min(end - from, max);
	let count = 0;
	let alone = false;
	for (; count < limit; count++) {
		const kind = kinds[from + count];
		if (rule.refused.includes(kind)) break;
		const single = rule.alone.includes(kind);
		if (count >= 1 && (single || alone)) break;
		alone ||= single;
	}
	return Math.max(count, Math.min(1, end - from));
}

const KIND_WORDS: ReadonlyArray<[MediaKind, string, string]> = [
	['image', 'image', 'images'],
	['gif', 'GIF', 'GIFs'],
	['video', 'video', 'videos'],
	['document', 'PDF', 'PDFs'],
	['unknown', 'medium given by ID', 'media given by ID'],
];

/** "5 images", "2 images and 1 video", "1 PDF": what a post was given. */
export function describeKinds(kinds: readonly MediaKind[]): string {
	const parts = KIND_WORDS.flatMap(([kind, one, many]) => {
		const count = kinds.filter((k) => k === kind).length;
		return count ? [plural(count, one, many)] : [];
	});
	if (parts.length <= 1) return parts[0] ?? 'no media';
	return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export interface MediaProblem {
	platform: PostPlatform;
	/** 0-based. */
	postIndex: number;
	kinds: MediaKind[];
	/** "X post 1 has 5 images; X takes at most 4 images, or 1 video or GIF". */
	message: string;
}

/** The problem of one post's media, or undefined when the platform takes them. */
export function checkPostMedia(
	platform: PostPlatform,
	postIndex: number,
	kinds: MediaKind[],
	limits: MediaLimits,
): MediaProblem | undefined {
	const max = limits[platform];
	if (max === undefined || kinds.length === 0 || fitsOnePost(platform, kinds, max))
		return undefined;
	const rule = MEDIA_RULES[platform];
	const name = platformName(platform);
	const no = kinds.some((kind) => rule.refused.includes(kind))
		? ` ${name} takes no documents (PDF);`
		: '';
	return {
		platform,
		postIndex,
		kinds,
		message: `${name} post ${postIndex + 1} has ${describeKinds(kinds)};${no} ${name} takes ${mediaTakes(platform, max)}`,
	};
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every post of a `platforms` object (built by the node or given as JSON) whose media its platform does not take,
 * platform by platform in the object's order. `kindOf` tells the kind of each `media_ids` entry.
 */
export function findMediaProblems(
	platforms: Record<string, unknown>,
	limits: MediaLimits,
	kindOf: (value: unknown) => MediaKind,
): MediaProblem[] {
	const problems: MediaProblem[] = [];
	for (const [key, config] of Object.entries(platforms)) {
		const platform = key as PostPlatform;
		if (!(platform in MEDIA_RULES) || !isObject(config) || !Array.isArray(config.posts)) continue;
		for (const [postIndex, post] of config.posts.entries()) {
			if (!isObject(post) || !Array.isArray(post.media_ids)) continue;
			const problem = checkPostMedia(platform, postIndex, post.media_ids.map(kindOf), limits);
			if (problem) problems.push(problem);
		}
	}
	return problems;
}

/**
 * Spread Media: each post keeps the media its platform takes, from the first; the rest move, in order, to the
 * start of the next post's media, and posts with empty text are added at the end while media are left.
 * The media of all posts are laid end to end and each post takes from where the one before stopped, so every
 * medium's kind is asked once and the work is linear in the number of media (not one pass per post).
 */
export function spreadMedia<T>(
	platform: PostPlatform,
	posts: ReadonlyArray<{ text: string; media: readonly T[] }>,
	max: number,
	kindOf: (media: T) => MediaKind,
): Array<{ text: string; media: T[]; added: boolean }> {
	const all: T[] = [];
	const ends: number[] = [];
	for (const post of posts) {
		for (const media of post.media) all.push(media);
		ends.push(all.length);
	}
	const kinds = all.map(kindOf);
	const out: Array<{ text: string; media: T[]; added: boolean }> = [];
	let from = 0;
	for (let index = 0; index < posts.length || from < all.length; index++) {
		const added = index >= posts.length;
		// a post takes from the media moved to it and its own; a post added at the end, from all that are left
		const end = added ? all.length : ends[index];
		const keep = leadingFit(platform, kinds, max, from, end);
		out.push({ text: added ? '' : posts[index].text, media: all.slice(from, from + keep), added });
		from += keep;
	}
	return out;
}
