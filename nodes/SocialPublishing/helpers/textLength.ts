/**
 * Length of post text as each platform counts it, and the limits the node checks before sending.
 * The API specification leaves the limits unstated ("Character limits of post text per platform: not shown");
 * the README lists each limit with its public source. Pure functions, no I/O.
 */
import type { PostPlatform } from './content';
import { findLinks } from './links';
import { stripMarkers } from './markers';

/** Default limit per platform; undefined: no limit is known, nothing is checked unless the user sets one. */
export const DEFAULT_LIMITS: Readonly<Record<PostPlatform, number | undefined>> = {
	x: 280,
	bluesky: 300,
	threads: 500,
	mastodon: 500,
	linkedin: 3000,
	substack: undefined,
};

/** Platforms that take a single post: Auto-Split never splits their text, an overlong text is refused. */
export const SINGLE_POST_PLATFORMS: readonly PostPlatform[] = ['linkedin', 'substack'];

export const PLATFORM_NAMES: Readonly<Record<PostPlatform, string>> = {
	x: 'X',
	linkedin: 'LinkedIn',
	mastodon: 'Mastodon',
	threads: 'Threads',
	bluesky: 'Bluesky',
	substack: 'Substack',
};

/** How each platform counts, in words, for error messages. */
export const COUNTED_AS: Readonly<Record<PostPlatform, string>> = {
	x: 'weighted as X counts: every link 23, CJK and emoji 2',
	bluesky: 'graphemes',
	threads: 'characters, emoji by their UTF-8 bytes',
	mastodon: 'characters, every link 23',
	linkedin: 'characters',
	substack: 'characters',
};

/** X: a link counts 23 whatever its length (twitter-text 3 `transformedURLLength`). */
export const X_LINK_LENGTH = 23;
export const MASTODON_LINK_LENGTH = 23;

/** Code point ranges X weighs 1 (twitter-text 3 `ranges`, weight 100 of scale 100); everything else weighs 2. */
const X_LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
	[0, 4351],
	[8192, 8205],
	[8208, 8223],
	[8242, 8247],
];

/** An emoji as one unit: every RGI emoji sequence (flags, keycaps, skin tones, ZWJ families), and a keycap without VS16. */
const EMOJI_SOURCE = '\\p{RGI_Emoji}|[#*0-9]\\uFE0F?\\u20E3';
let emojiPattern: RegExp | undefined;

function emojiRegex(): RegExp {
	emojiPattern ??= new RegExp(EMOJI_SOURCE, 'gv');
	emojiPattern.lastIndex = 0;
	return emojiPattern;
}

/** Start offset to UTF-16 length of each emoji in the text. */
function emojiAt(text: string): Map<number, number> {
	const found = new Map<number, number>();
	for (const m of text.matchAll(emojiRegex())) found.set(m.index, m[0].length);
	return found;
}

function xWeight(codePoint: number): number {
	return X_LIGHT_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to) ? 1 : 2;
}

/**
 * X's weighted length (twitter-text 3, `parseTweet`): the text NFC-normalized; each link 23; each emoji 2;
 * each other code point 1 in the light ranges, else 2.
 */
export function xWeightedLength(text: string): number {
	const normalized = text.normalize('NFC');
	const links = new Map(findLinks(normalized).map((link) => [link.start, link.length]));
	const emoji = emojiAt(normalized);
	let length = 0;
	for (let i = 0; i < normalized.length; ) {
		const link = links.get(i);
		if (link !== undefined) {
			length += X_LINK_LENGTH;
			i += link;
			continue;
		}
		const sequence = emoji.get(i);
		if (sequence !== undefined) {
			length += 2;
			i += sequence;
			continue;
		}
		const codePoint = normalized.codePointAt(i) as number;
		length += xWeight(codePoint);
		i += codePoint > 0xffff ? 2 : 1;
	}
	return length;
}

let graphemeSegmenter: Intl.Segmenter | undefined;

/** User-perceived characters (extended grapheme clusters), as Bluesky counts its 300. */
export function graphemeCount(text: string): number {
	graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
	const segments = graphemeSegmenter.segment(text)[Symbol.iterator]();
	let count = 0;
	while (!segments.next().done) count++;
	return count;
}

/** `@user@server` shows (and counts on Mastodon) as `@user`. */
const MASTODON_REMOTE_MENTION = /(?<![=/\w])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)@[\w.-]+\w/gi;

/** Mastodon: graphemes, each link with a scheme 23, a remote mention counted as its local part. */
export function mastodonLength(text: string): number {
	const links = findLinks(text, false);
	let rewritten = '';
	let cursor = 0;
	for (const link of links) {
		rewritten += text.slice(cursor, link.start) + 'x'.repeat(MASTODON_LINK_LENGTH);
		cursor = link.start + link.length;
	}
	rewritten += text.slice(cursor);
	return graphemeCount(rewritten.replace(MASTODON_REMOTE_MENTION, '@$1'));
}

function utf8Bytes(text: string): number {
	let bytes = 0;
	for (const ch of text) {
		const cp = ch.codePointAt(0) as number;
		bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
	}
	return bytes;
}

/** Threads: characters (code points), each emoji by its UTF-8 bytes (Threads API: "Emojis are counted as the number of UTF-8 bytes"). */
export function threadsLength(text: string): number {
	const emoji = emojiAt(text);
	let length = 0;
	for (let i = 0; i < text.length; ) {
		const sequence = emoji.get(i);
		if (sequence !== undefined) {
			length += utf8Bytes(text.slice(i, i + sequence));
			i += sequence;
			continue;
		}
		i += (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
		length++;
	}
	return length;
}

/** LinkedIn and Substack: UTF-16 code units, the largest of the usual counts (an emoji counts 2). */
export function utf16Length(text: string): number {
	return text.length;
}

const LINKEDIN_MENTION = /@\[([^\]\n]*)\]\(urn:li:(?:organization|person):[^)\s]+\)/g;

/**
 * The text a platform shows: comment-thread markers are invisible; a LinkedIn mention `@[name](urn:li:…)` shows as
 * `name` on LinkedIn and is counted as `@name` elsewhere (the API does not say how other platforms render it).
 */
export function visibleText(text: string, platform: PostPlatform): string {
	const plain = text.includes('<') ? stripMarkers(text) : text;
	return plain.replace(LINKEDIN_MENTION, platform === 'linkedin' ? '$1' : '@$1');
}

const COUNTERS: Readonly<Record<PostPlatform, (text: string) => number>> = {
	x: xWeightedLength,
	bluesky: graphemeCount,
	threads: threadsLength,
	mastodon: mastodonLength,
	linkedin: utf16Length,
	substack: utf16Length,
};

/** The length of one post's text as the platform counts what it shows. */
export function postLength(platform: PostPlatform, text: string): number {
	return COUNTERS[platform](visibleText(text, platform));
}

export type Limits = Partial<Record<PostPlatform, number>>;

export interface LengthProblem {
	platform: PostPlatform;
	/** 0-based. */
	postIndex: number;
	length: number;
	limit: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first post over its platform's limit in a `platforms` object (built by the node or given as JSON),
 * platform by platform in the object's order. Platforms without a limit and posts without text are skipped.
 */
export function findOverLength(platforms: Record<string, unknown>, limits: Limits): LengthProblem | undefined {
	for (const [key, config] of Object.entries(platforms)) {
		const platform = key as PostPlatform;
		const limit = limits[platform];
		if (limit === undefined || !isObject(config) || !Array.isArray(config.posts)) continue;
		for (const [postIndex, post] of config.posts.entries()) {
			if (!isObject(post) || typeof post.text !== 'string') continue;
			const length = postLength(platform, post.text);
			if (length > limit) return { platform, postIndex, length, limit };
		}
	}
	return undefined;
}

/** "gives X post 2 a length of 301 …; X takes at most 280", to follow `Parameter "…"`. */
export function describeLengthProblem(problem: LengthProblem): string {
	const name = PLATFORM_NAMES[problem.platform];
	return `gives ${name} post ${problem.postIndex + 1} a length of ${problem.length} (${COUNTED_AS[problem.platform]}); ${name} takes at most ${problem.limit}`;
}

/**
 * The limits in force: the defaults, replaced per platform by the user's (0 or less: no check for that platform);
 * none at all when the check is off.
 */
export function resolveLimits(check: boolean, overrides: Limits): Limits {
	if (!check) return {};
	const limits: Limits = {};
	for (const platform of Object.keys(DEFAULT_LIMITS) as PostPlatform[]) {
		const limit = platform in overrides ? overrides[platform] : DEFAULT_LIMITS[platform];
		if (limit !== undefined && limit > 0) limits[platform] = limit;
	}
	return limits;
}
