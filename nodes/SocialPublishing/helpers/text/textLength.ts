/**
 * Length of post text as each platform counts it, and the limits the node checks before sending.
 * The API specification leaves the limits unstated ("Character limits of post text per platform: not shown");
 * docs/post-length.md lists each limit with its public source. Pure functions, no I/O.
 */
import type { CounterId, PostPlatform } from '../../../common/platforms';
import { platformEntry, platformsWhere, postPlatforms } from '../../../common/platforms';
import { platformName } from '../../../common/platformLists';
import { findLinks } from './links';
import { stripMarkers } from './markerSyntax';
import { replaceLinkedInMentions } from './mentions';
import { graphemeTotal, MAX_SEGMENT } from './segments';

/** Default limit per platform (common/platforms.ts); undefined: no limit is known, nothing is checked unless the user sets one. */
export const DEFAULT_LIMITS: Readonly<Record<PostPlatform, number | undefined>> = perPlatform(
	(platform) => platformEntry(platform).length.limit,
);

/** Platforms that take a single post: Auto-Split never splits their text, an overlong text is refused. */
export const SINGLE_POST_PLATFORMS: readonly PostPlatform[] = platformsWhere(
	(entry) => entry.singlePost,
);

/** How each platform counts, in words, for error messages. */
export const COUNTED_AS: Readonly<Record<PostPlatform, string>> = perPlatform(
	(platform) => platformEntry(platform).length.countedAs,
);

/** Each platform's counter (common/platforms.ts), read from its entry once at load: a count looks up no entry. */
const COUNTER_IDS: Readonly<Record<PostPlatform, CounterId>> = perPlatform(
	(platform) => platformEntry(platform).length.counter,
);

function perPlatform<T>(value: (platform: PostPlatform) => T): Record<PostPlatform, T> {
	return Object.fromEntries(
		postPlatforms().map((platform) => [platform, value(platform)]),
	) as Record<PostPlatform, T>;
}

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
const EMOJI_RUN = new RegExp('[#*0-9]?[[\\p{Emoji}\\p{Emoji_Component}]--\\p{ASCII}]+', 'gv');

/** Code points that only ever continue an emoji sequence: VS16, ZWJ, the keycap mark, skin tones, tags. */
function continuesEmoji(codePoint: number): boolean {
	return (
		codePoint === 0xfe0f ||
		codePoint === 0x200d ||
		codePoint === 0x20e3 ||
		(codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
		(codePoint >= 0xe0020 && codePoint <= 0xe007f)
	);
}

function isRegionalIndicator(codePoint: number): boolean {
	return codePoint >= 0x1f1e6 && codePoint <= 0x1f1ff;
}

/**
 * Whether an emoji sequence may start at `i` of a run and none can go on across it: a code point that is no
 * continuation, not after a ZWJ, and no regional indicator after another one (flags pair them). Every RGI sequence
 * has such a code point only at its start or right after a ZWJ, so cutting the run there keeps every match.
 */
function startsPiece(run: string, i: number): boolean {
	const unit = run.charCodeAt(i);
	if (unit >= 0xdc00 && unit <= 0xdfff) return false;
	const codePoint = run.codePointAt(i) as number;
	if (continuesEmoji(codePoint) || run.charCodeAt(i - 1) === 0x200d) return false;
	if (!isRegionalIndicator(codePoint)) return true;
	return !isRegionalIndicator(run.codePointAt(i >= 2 ? i - 2 : 0) as number);
}

/**
 * Start offset to UTF-16 length of each emoji in the text, in order. The emoji expression (thousands of sequences)
 * runs only over those runs, each cut into the pieces where a sequence may start (mostly one emoji each, kept once
 * counted): the same matches at a fraction of the cost, and no expression over a long run.
 */
function emojiAt(text: string): Map<number, number> {
	const found = new Map<number, number>();
	for (const run of text.matchAll(EMOJI_RUN)) {
		const units = run[0];
		let from = 0;
		for (let i = 1; i <= units.length; i++) {
			if (i < units.length && !startsPiece(units, i)) continue;
			for (const [offset, length] of emojiInRun(units.slice(from, i)))
				found.set(run.index + from + offset, length);
			from = i;
		}
	}
	return found;
}

/** A single code point is an RGI emoji when it has emoji presentation and is no lone regional indicator. */
const SINGLE_EMOJI = /^(?![\u{1F1E6}-\u{1F1FF}])\p{Emoji_Presentation}$/u;
const runCache = new Map<string, Array<[number, number]>>();
const RUN_CACHE_SIZE = 2000;
const RUN_CACHE_MAX_LENGTH = 512;

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
		// Only short runs are kept, so the cache stays small whatever texts come by.
		if (run.length > RUN_CACHE_MAX_LENGTH) return matches;
		if (runCache.size >= RUN_CACHE_SIZE) runCache.clear();
		runCache.set(run, matches);
	}
	return matches;
}

function xWeight(codePoint: number): number {
	if (codePoint <= X_LIGHT_RANGES[0][1]) return 1;
	for (let k = 1; k < X_LIGHT_RANGES.length; k++)
		if (codePoint >= X_LIGHT_RANGES[k][0] && codePoint <= X_LIGHT_RANGES[k][1]) return 1;
	return 2;
}

/** Longest stretch handed to the normalizer at once when no safe place to cut comes sooner. */
const NFC_PIECE = 4096;

/**
 * A character that NFC never joins to what comes before it or moves across: ASCII, CJK ideographs, kana letters,
 * Hangul syllables and leading jamo (each a starter that is never the second part of a composition).
 */
function startsNfcPiece(unit: number): boolean {
	return (
		unit < 0x80 ||
		(unit >= 0x4e00 && unit <= 0x9fff) ||
		(unit >= 0x3041 && unit <= 0x3096) ||
		(unit >= 0x30a1 && unit <= 0x30fa) ||
		(unit >= 0xac00 && unit <= 0xd7a3) ||
		(unit >= 0x1100 && unit <= 0x1112)
	);
}

/**
 * The text in NFC, normalized piece by piece: the engine's normalizer takes time growing faster than the length on
 * a long run of combining marks (a letter and 25,000 marks 0.2 ms, 100,000 marks 2.1 ms). Pieces are cut before a
 * character of `startsNfcPiece`, where the result is the same as for the whole text, after at least `NFC_PIECE`
 * units; a stretch of `NFC_PIECE` units without one (no real text: a run of combining marks) is cut there.
 */
function normalizeNfc(text: string): string {
	if (text.length <= NFC_PIECE) return text.normalize('NFC');
	let out = '';
	let from = 0;
	while (from < text.length) {
		let to = Math.min(text.length, from + NFC_PIECE);
		let cut = to;
		while (cut > from + 1 && cut < text.length && !startsNfcPiece(text.charCodeAt(cut))) cut--;
		if (cut > from + 1 || to === text.length) to = cut;
		else {
			const unit = text.charCodeAt(to - 1);
			if (to < text.length && unit >= 0xd800 && unit <= 0xdbff) to++;
		}
		out += text.slice(from, to).normalize('NFC');
		from = to;
	}
	return out;
}

/**
 * X's weighted length (twitter-text 3, `parseTweet`): the text NFC-normalized; each link 23; each emoji 2;
 * each other code point 1 in the light ranges, else 2.
 */
export function xWeightedLength(text: string): number {
	const normalized = normalizeNfc(text);
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
 * printable ASCII, Latin-1 and the Latin extensions up to U+02FF, CJK ideographs, kana without the combining sound
 * marks, CJK punctuation, fullwidth ASCII): between two of them there is always a grapheme break (UAX #29, GB999),
 * so each counts 1.
 */
const SIMPLE =
	'\t\n\x20-\x7e\u00a0-\u02ff\u3001-\u3029\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uff01-\uff5e';
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

/** `@user@server` shows (and counts on Mastodon) as `@user`; a server name is at most 253 characters (DNS). */
const MASTODON_REMOTE_MENTION = /(?<![=/\w])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)@[\w.-]{0,252}\w/gi;

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

/** The counters a platform entry names by id (common/platforms.ts). */
const COUNTERS: Readonly<Record<CounterId, (text: string) => number>> = {
	xWeighted: xWeightedLength,
	graphemes: graphemeCount,
	threads: threadsLength,
	mastodon: mastodonLength,
	utf16: utf16Length,
};

function counterOf(platform: PostPlatform): (text: string) => number {
	return COUNTERS[COUNTER_IDS[platform]];
}

/** The length of one post's text as the platform counts what it shows. */
export function postLength(platform: PostPlatform, text: string): number {
	return counterOf(platform)(visibleText(text, platform));
}

/**
 * The most UTF-16 code units a link can take: its ASCII form (scheme, domain in Punycode, path, query) is at most
 * 4,096 characters, and a domain label's Punycode is never shorter than half its UTF-16 length.
 */
const MAX_LINK_UNITS = 8200;
/** The most UTF-16 code units of one X weight: an emoji sequence (at most 15 units) weighs 2, NFC joins at most 4. */
const MAX_UNITS_PER_X_WEIGHT = 8;
/**
 * Room for what no platform counts: comment-thread markers (at most 1,000 per post, spec "Limits"; a span marker
 * as the service writes it is 83 characters) and the `(urn:li:…)` part of LinkedIn mentions.
 */
export const HIDDEN_ROOM = 100_000;

/**
 * The largest UTF-16 length a shown text within `limit` can have, by the platform's counting rules: every link
 * counts 23 (X, Mastodon) and is at most `MAX_LINK_UNITS` long; a grapheme counts 1 and is taken whole up to
 * `MAX_SEGMENT` units, one more to end on a whole character (longer ones count once per piece of that size); an X weight stands for at most 8 units,
 * a Threads unit for at most 2 (an emoji counts its UTF-8 bytes); LinkedIn and Substack count UTF-16 itself.
 */
export function maxShownSize(platform: PostPlatform, limit: number): number {
	const links = Math.floor(limit / X_LINK_LENGTH) * MAX_LINK_UNITS;
	switch (COUNTER_IDS[platform]) {
		case 'xWeighted':
			return links + limit * MAX_UNITS_PER_X_WEIGHT;
		case 'mastodon':
			return links + limit * (MAX_SEGMENT + 1);
		case 'graphemes':
			return limit * (MAX_SEGMENT + 1);
		case 'threads':
			return limit * 2;
		default:
			return limit;
	}
}

/** The largest UTF-16 length a post text within `limit` can have: what it shows, and room for what it hides. */
export function maxTextSize(platform: PostPlatform, limit: number): number {
	return maxShownSize(platform, limit) + HIDDEN_ROOM;
}

/** Texts longer than this are counted in pieces of about this size. */
const PIECE = 2048;

/**
 * A code point after which a space may still belong to the same grapheme (Unicode's Prepend class lies in these
 * ranges: Arabic number signs, some Brahmic scripts); a text is never cut after one.
 */
function mayPrepend(codePoint: number): boolean {
	return (
		(codePoint >= 0x0600 && codePoint <= 0x08ff) ||
		codePoint === 0x0d4e ||
		(codePoint >= 0x11000 && codePoint <= 0x11fff)
	);
}

/** The spaces of X's link rules (twitter-text `spaces`): no link holds one, and one may come before a link. */
const CUT_SPACES = new Set([
	0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x180e, 0x2000, 0x2001, 0x2002, 0x2003,
	0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/**
 * Whether the text may be cut right before `i` so that every count of this file is the sum of the counts of the two
 * parts: before a space or a line break (the second part starts with it). No link, mention or emoji holds one, a
 * link may start right after one either way, Unicode normalization joins nothing across one, and a grapheme ends
 * before one unless a carriage return or a Prepend character comes first.
 */
export function isCountCut(text: string, i: number): boolean {
	if (i === 0 || !CUT_SPACES.has(text.charCodeAt(i))) return false;
	const before = text.charCodeAt(i - 1);
	if (before === 0x0d) return false;
	const low = before >= 0xdc00 && before <= 0xdfff;
	return !mayPrepend(low ? (text.codePointAt(i - 2) as number) : before);
}

/** The first cut (`isCountCut`) at or after `from`, or the length of the text. */
function nextCut(text: string, from: number): number {
	for (let i = from; i < text.length; i++) if (isCountCut(text, i)) return i;
	return text.length;
}

/**
 * The length of one post's text, counted piece by piece and only until it is over `limit`: each piece adds its
 * own length (see `nextCut`) and no piece counts less than nothing, so once the sum is over the limit no later
 * part of the text can bring it back, and a text far over its limit is refused without being counted in full.
 * `complete` is false when counting stopped early: the length is then at least `length`.
 *
 * Before anything runs over it, a text larger than any text within the limit can be (`maxTextSize`) is refused
 * on its size, and so is a shown text (markers and mentions taken out) larger than `maxShownSize`, before any
 * count runs over it: `oversize` then holds that size and the largest size, and `length` is `limit + 1` (the length
 * is over the limit, but it was not counted). So no count reads more than the limit and its margin, whatever the
 * text. LinkedIn and Substack count the shown text's UTF-16 length itself, which needs no bound.
 */
export function postLengthUpTo(platform: PostPlatform, text: string, limit: number): CountUpTo {
	return countUpTo(platform, shownText(platform, text, limit), limit);
}

export interface CountUpTo {
	length: number;
	complete: boolean;
	oversize?: { size: number; max: number };
}

/** What a post shows, the first step of `postLengthUpTo`: or, for a text larger than `maxTextSize`, its size. */
type Shown = { visible: string } | { oversize: { size: number; max: number } };

function shownText(platform: PostPlatform, text: string, limit: number): Shown {
	const maxText = maxTextSize(platform, limit);
	if (text.length > maxText) return { oversize: { size: text.length, max: maxText } };
	return { visible: visibleText(text, platform) };
}

/** The second step of `postLengthUpTo`: the shown text refused on its size, or counted until over `limit`. */
function countUpTo(platform: PostPlatform, shown: Shown, limit: number): CountUpTo {
	if ('oversize' in shown) return { length: limit + 1, complete: false, oversize: shown.oversize };
	const { visible } = shown;
	const count = counterOf(platform);
	const maxShown = maxShownSize(platform, limit);
	if (count !== utf16Length && visible.length > maxShown)
		return {
			length: limit + 1,
			complete: false,
			oversize: { size: visible.length, max: maxShown },
		};
	if (count === utf16Length || visible.length <= PIECE)
		return { length: count(visible), complete: true };
	let length = 0;
	for (let from = 0; from < visible.length; ) {
		const to = nextCut(visible, from + PIECE);
		length += count(visible.slice(from, to));
		from = to;
		if (length > limit && from < visible.length) return { length, complete: false };
	}
	return { length, complete: true };
}

export type Limits = Partial<Record<PostPlatform, number>>;

export interface LengthProblem {
	platform: PostPlatform;
	/** 0-based. */
	postIndex: number;
	/** The length, or with `stoppedEarly` the length counted when counting stopped, already over the limit. */
	length: number;
	limit: number;
	stoppedEarly?: true;
	/** The text's size in UTF-16 code units, and the most a text within the limit can have, when refused on its size. */
	oversize?: { size: number; max: number };
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A post of a `platforms` object to count: its platform's limit and what it shows (or its size, when refused on it). */
interface PostToCount {
	platform: PostPlatform;
	postIndex: number;
	limit: number;
	shown: Shown;
}

/**
 * The posts of a `platforms` object (built by the node or given as JSON) that have a text and a platform with a
 * limit, platform by platform in the object's order, each with the text it shows: every shown text is made
 * before any is counted.
 */
function postsToCount(platforms: Record<string, unknown>, limits: Limits): PostToCount[] {
	const posts: PostToCount[] = [];
	for (const [key, config] of Object.entries(platforms)) {
		const platform = key as PostPlatform;
		const limit = limits[platform];
		if (limit === undefined || !isObject(config) || !Array.isArray(config.posts)) continue;
		for (const [postIndex, post] of config.posts.entries()) {
			if (!isObject(post) || typeof post.text !== 'string') continue;
			posts.push({ platform, postIndex, limit, shown: shownText(platform, post.text, limit) });
		}
	}
	return posts;
}

function lengthProblem({
	platform,
	postIndex,
	limit,
	shown,
}: PostToCount): LengthProblem | undefined {
	const { length, complete, oversize } = countUpTo(platform, shown, limit);
	if (oversize) return { platform, postIndex, length, limit, oversize };
	if (length <= limit) return undefined;
	return complete
		? { platform, postIndex, length, limit }
		: { platform, postIndex, length, limit, stoppedEarly: true };
}

/**
 * The first post over its platform's limit in a `platforms` object (built by the node or given as JSON),
 * platform by platform in the object's order. Platforms without a limit and posts without text are skipped.
 */
export function findOverLength(
	platforms: Record<string, unknown>,
	limits: Limits,
): LengthProblem | undefined {
	for (const post of postsToCount(platforms, limits)) {
		const problem = lengthProblem(post);
		if (problem) return problem;
	}
	return undefined;
}

/** Every post over its platform's limit, in the order of `findOverLength` (each post counted once). */
export function findEveryOverLength(
	platforms: Record<string, unknown>,
	limits: Limits,
): LengthProblem[] {
	return postsToCount(platforms, limits).flatMap((post) => lengthProblem(post) ?? []);
}

/**
 * "gives X post 2 a length of 301 …; X takes at most 280", to follow `Parameter "…"`; "a length of more than 280"
 * when counting stopped once the text was over the limit.
 */
export function describeLengthProblem(problem: LengthProblem): string {
	const name = platformName(problem.platform);
	if (problem.oversize) {
		const { size, max } = problem.oversize;
		return `gives ${name} post ${problem.postIndex + 1} a text of ${size.toLocaleString('en-US')} characters, more than any text within ${name}'s limit can hold (${max.toLocaleString('en-US')}), so it is refused before it is counted; ${name} takes at most ${problem.limit} (${COUNTED_AS[problem.platform]})`;
	}
	const length = problem.stoppedEarly ? `more than ${problem.limit}` : String(problem.length);
	return `gives ${name} post ${problem.postIndex + 1} a length of ${length} (${COUNTED_AS[problem.platform]}); ${name} takes at most ${problem.limit}`;
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
