/**
 * Length of post text as each platform counts it, and the limits the node checks before sending.
 * The API specification leaves the limits unstated ("Character limits of post text per platform: not shown");
 * the README lists each limit with its public source. Pure functions, no I/O.
 */
import type { PostPlatform } from './content';
import { platformName } from './content';
import { findLinks } from './links';
import { stripMarkers } from './markers';
import { replaceLinkedInMentions } from './mentions';
import { graphemeTotal } from './segments';

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

/**
 * The characters an emoji sequence is made of; only a keycap's base (`#`, `*`, a digit) is ASCII, and it comes first.
 * So every emoji lies inside a run of non-ASCII emoji characters with at most one such base before it.
 */
const EMOJI_RUN = new RegExp('[#*0-9]?[[\\p{Emoji}\\p{Emoji_Component}]--[\\x00-\\x7F]]+', 'gv');

/**
 * Start offset to UTF-16 length of each emoji in the text, in order. The emoji expression (thousands of sequences)
 * runs only over those runs: the same matches at a fraction of the cost.
 */
function emojiAt(text: string): Map<number, number> {
	const found = new Map<number, number>();
	for (const run of text.matchAll(EMOJI_RUN)) {
		for (const [offset, length] of emojiInRun(run[0])) found.set(run.index + offset, length);
	}
	return found;
}

/** A single code point is an RGI emoji when it has emoji presentation and is no lone regional indicator. */
const SINGLE_EMOJI = /^(?![\u{1F1E6}-\u{1F1FF}])\p{Emoji_Presentation}$/u;
const runCache = new Map<string, Array<[number, number]>>();
const RUN_CACHE_SIZE = 2000;

/** The emoji of one run as [offset, length] pairs; runs recur (Auto-Split counts the same text often), so they are kept. */
function emojiInRun(run: string): Array<[number, number]> {
	const first = run.codePointAt(0) as number;
	if (run.length === (first > 0xffff ? 2 : 1))
		return SINGLE_EMOJI.test(run) ? [[0, run.length]] : [];
	let matches = runCache.get(run);
	if (!matches) {
		matches = Array.from(run.matchAll(emojiRegex()), (m): [number, number] => [
			m.index,
			m[0].length,
		]);
		if (runCache.size >= RUN_CACHE_SIZE) runCache.clear();
		runCache.set(run, matches);
	}
	return matches;
}

function xWeight(codePoint: number): number {
	for (const [from, to] of X_LIGHT_RANGES) if (codePoint >= from && codePoint <= to) return 1;
	return 2;
}

/**
 * X's weighted length (twitter-text 3, `parseTweet`): the text NFC-normalized; each link 23; each emoji 2;
 * each other code point 1 in the light ranges, else 2.
 */
export function xWeightedLength(text: string): number {
	const normalized = text.normalize('NFC');
	const n = normalized.length;
	const links = findLinks(normalized);
	const emoji = [...emojiAt(normalized)];
	let length = 0;
	let li = 0;
	let ei = 0;
	for (let i = 0; i < n; ) {
		// An entity counts only where the walk lands on its start, as in twitter-text.
		while (li < links.length && links[li].start < i) li++;
		while (ei < emoji.length && emoji[ei][0] < i) ei++;
		if (li < links.length && links[li].start === i) {
			length += X_LINK_LENGTH;
			i += links[li].length;
			continue;
		}
		if (ei < emoji.length && emoji[ei][0] === i) {
			length += 2;
			i += emoji[ei][1];
			continue;
		}
		const stop = Math.min(
			li < links.length ? links[li].start : n,
			ei < emoji.length ? emoji[ei][0] : n,
		);
		while (i < stop) {
			const unit = normalized.charCodeAt(i);
			if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n) {
				const low = normalized.charCodeAt(i + 1);
				if (low >= 0xdc00 && low <= 0xdfff) {
					length += 2;
					i += 2;
					continue;
				}
			}
			length += xWeight(unit);
			i++;
		}
	}
	return length;
}

/**
 * Characters that never join their neighbour into one grapheme when the neighbour is one of them too (tab, line feed,
 * printable ASCII, CJK ideographs, kana without the combining sound marks, CJK punctuation, fullwidth ASCII): between
 * two of them there is always a grapheme break (UAX #29, GB999), so each counts 1.
 */
const SIMPLE = '\t\n\x20-\x7e\u3001-\u3029\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uff01-\uff5e';
/** Other text, with any single simple character between two such stretches. */
const COMPLEX_RUN = new RegExp(`[^${SIMPLE}]+(?:[${SIMPLE}][^${SIMPLE}]+)*`, 'g');

/**
 * User-perceived characters (extended grapheme clusters, `Intl.Segmenter`), as Bluesky counts its 300. Only the
 * stretches holding other characters, with one simple character on each side, go through the segmenter.
 */
export function graphemeCount(text: string): number {
	let count = text.length;
	for (const run of text.matchAll(COMPLEX_RUN)) {
		const from = Math.max(0, run.index - 1);
		const to = Math.min(text.length, run.index + run[0].length + 1);
		count += graphemeTotal(text.slice(from, to)) - (to - from);
	}
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

/**
 * The text a platform shows: comment-thread markers are invisible; a LinkedIn mention `@[name](urn:li:…)` shows as
 * `name` on LinkedIn and is counted as `@name` elsewhere (the API does not say how other platforms render it).
 */
export function visibleText(text: string, platform: PostPlatform): string {
	const plain = text.includes('<') ? stripMarkers(text) : text;
	return replaceLinkedInMentions(plain, (name) => (platform === 'linkedin' ? name : `@${name}`));
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
export function findOverLength(
	platforms: Record<string, unknown>,
	limits: Limits,
): LengthProblem | undefined {
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
	const name = platformName(problem.platform);
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
