/**
 * Splits post text that is too long for a platform into a thread of posts that each fit: at paragraph breaks first,
 * then at sentence ends and line breaks, then between words, and only for a single word longer than a post at word
 * segments and then between characters (graphemes). Never inside a link, a mention or a comment-thread marker.
 * Pure functions, no I/O; the length is whatever the platform's counter says.
 */
import type { GapRange } from './breaks';
import { isWhitespace, paragraphGaps, sentenceGaps } from './breaks';
import { findLinks } from './links';
import { findLinkedInMentions } from './mentions';
import { segmentStarts } from './segments';
import { isCountCut } from './textLength';

export interface SplitOptions {
	limit: number;
	/**
	 * The platform's length of a post text (markers invisible, links as the platform counts them). It must add up
	 * across a cut before a space or line feed (`isCountCut`), as every counter of textLength.ts does: a growing
	 * post is counted from its last such cut only.
	 */
	count(text: string): number;
	/** Adds " k/N" to every post of a thread of more than one post, counted within the limit. */
	numbering?: boolean;
}

export interface SplitPost {
	text: string;
	/** Index of the post of the input it came from (its first piece keeps that post's media). */
	from: number;
}

export type SplitResult = { posts: SplitPost[] } | { problem: string; postIndex: number };

interface Range {
	start: number;
	end: number;
	kind: string;
}

/** A gap between two pieces: the piece before ends at `start`, the next begins at `end`. */
interface Gap {
	start: number;
	end: number;
}

const MARKER_TAG = /<(\/?)svc:comment-thread(?:[\s/][^<>]*)?>/g;
const HANDLE = /(?<![\w@])@[\w.-]*\w(?:@[\w.-]*\w)?/g;

/** Ranges that must stay whole: marker spans (outermost) and self-closing markers, LinkedIn mentions, handles, links. */
export function protectedRanges(text: string): Range[] {
	const ranges: Range[] = [];
	const open: number[] = [];
	for (const m of text.matchAll(MARKER_TAG)) {
		const start = m.index;
		const end = start + m[0].length;
		if (m[1] === '/') {
			const from = open.pop();
			if (from !== undefined && open.length === 0)
				ranges.push({ start: from, end, kind: 'a comment-thread marker' });
			else if (from === undefined) ranges.push({ start, end, kind: 'a comment-thread marker' });
		} else if (m[0].endsWith('/>')) {
			if (open.length === 0) ranges.push({ start, end, kind: 'a comment-thread marker' });
		} else open.push(start);
	}
	for (const from of open)
		ranges.push({ start: from, end: text.indexOf('>', from) + 1, kind: 'a comment-thread marker' });
	for (const mention of findLinkedInMentions(text))
		ranges.push({ start: mention.start, end: mention.end, kind: 'a LinkedIn mention' });
	for (const m of text.matchAll(HANDLE))
		ranges.push({ start: m.index, end: m.index + m[0].length, kind: 'a mention' });
	for (const link of findLinks(text))
		ranges.push({ start: link.start, end: link.start + link.length, kind: 'a link' });
	return ranges;
}

/**
 * Whether a gap would break inside a protected range: an empty gap (a position) strictly inside one, a gap with
 * width overlapping one. The ranges are sorted by start once, with the largest end so far, so each question
 * costs a binary search instead of a look at every range.
 */
class RangeIndex {
	private readonly starts: number[];
	private readonly maxEnd: number[];

	constructor(ranges: Range[]) {
		const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
		this.starts = sorted.map((r) => r.start);
		this.maxEnd = [];
		let max = -1;
		for (const r of sorted) this.maxEnd.push((max = Math.max(max, r.end)));
	}

	/** Some range starts before `before` and ends after `after`. */
	private spans(before: number, after: number): boolean {
		let low = 0;
		let high = this.starts.length;
		while (low < high) {
			const mid = (low + high) >> 1;
			if (this.starts[mid] < before) low = mid + 1;
			else high = mid;
		}
		return low > 0 && this.maxEnd[low - 1] > after;
	}

	breaksInside(gap: Gap): boolean {
		return gap.start === gap.end
			? this.spans(gap.start, gap.start)
			: this.spans(gap.end, gap.start);
	}
}

function scannerGaps(
	scan: (text: string) => GapRange[],
): (text: string, start: number, end: number) => Gap[] {
	return (text, start, end) =>
		scan(text.slice(start, end)).map(([from, to]) => ({ start: start + from, end: start + to }));
}

const SPACES = /\s+/g;

function wordGaps(text: string): GapRange[] {
	return Array.from(text.matchAll(SPACES), (m): GapRange => [m.index, m.index + m[0].length]);
}

function segmentGaps(
	granularity: 'word' | 'grapheme',
): (text: string, start: number, end: number) => Gap[] {
	return (text, start, end) =>
		segmentStarts(text.slice(start, end), granularity).map((at) => ({
			start: start + at,
			end: start + at,
		}));
}

/** Joins counted from the same cut before the rest of a post is found by doubling and halving. */
const MAX_JOINS_WITHOUT_CUT = 16;

/** The first level whose gaps are positions (no spaces between the pieces). */
const FIRST_SEGMENT_LEVEL = 3;

/** Break levels, coarsest first. */
const LEVELS: Array<(text: string, start: number, end: number) => Gap[]> = [
	// paragraphs: a blank line
	scannerGaps(paragraphGaps),
	// sentences (end punctuation, closing quotes, then space; CJK full stops need no space) and line breaks
	scannerGaps(sentenceGaps),
	// words
	scannerGaps(wordGaps),
	// word segments (scripts written without spaces)
	segmentGaps('word'),
	// graphemes, the last resort
	segmentGaps('grapheme'),
];

class Splitter {
	private readonly ranges: Range[];
	private readonly index: RangeIndex;

	constructor(
		private readonly text: string,
		private readonly count: (piece: string) => number,
		private readonly limit: number,
		private readonly reserve: string,
	) {
		this.ranges = protectedRanges(text);
		this.index = new RangeIndex(this.ranges);
	}

	private fits(piece: string): boolean {
		return this.count(piece + this.reserve) <= this.limit;
	}

	private piece(start: number, end: number): string {
		return this.text.slice(start, end).trim();
	}

	private trimmedStart(start: number, end: number): number {
		while (start < end && isWhitespace(this.text.charCodeAt(start))) start++;
		return start;
	}

	private trimmedEnd(start: number, end: number): number {
		while (end > start && isWhitespace(this.text.charCodeAt(end - 1))) end--;
		return end;
	}

	/**
	 * Whether the post `current` followed by `segment` fits, counted without reading `current` again: `head` holds
	 * the length of the post from its start to its last cut (`isCountCut`), and the count adds up across cuts, so
	 * only the text from the last cut on is counted. A cut in the gap before the segment moves `head` on (once the
	 * segment is taken). Without a cut in sight (text without spaces) the post is counted whole, as before.
	 */
	private fitsJoined(
		current: [number, number],
		segment: [number, number],
		head: { cut: number; length: number },
	): { fits: boolean; head: { cut: number; length: number } } {
		const from = this.trimmedStart(current[0], current[1]);
		const to = this.trimmedEnd(segment[0], segment[1]);
		let cut = -1;
		for (let i = segment[0] - 1; i >= current[1] && i > from; i--)
			if (isCountCut(this.text, i)) {
				cut = i;
				break;
			}
		let next = head;
		if (cut !== -1) {
			const before =
				head.cut > from
					? head.length + this.count(this.text.slice(head.cut, cut))
					: this.count(this.text.slice(from, cut));
			next = { cut, length: before };
		}
		const length =
			next.cut > from
				? next.length + this.count(this.text.slice(next.cut, to) + this.reserve)
				: this.count(this.text.slice(from, to) + this.reserve);
		return { fits: length <= this.limit, head: next };
	}

	/** Why a range cannot be split: the largest protected unit in it, or a single character. */
	private whyNot(start: number, end: number): string {
		const inside = this.ranges
			.filter((r) => r.start < end && r.end > start)
			.sort((a, b) => b.end - b.start - (a.end - a.start))[0];
		if (!inside) return `"${this.piece(start, end).slice(0, 40)}" does not fit in one post`;
		return `${inside.kind} ("${this.text.slice(inside.start, inside.end).slice(0, 60)}") does not fit in one post and cannot be split`;
	}

	/** `tooLong`: the caller already knows the range does not fit. */
	split(start: number, end: number, level = 0, tooLong = false): Array<[number, number]> | string {
		if (!tooLong && this.fits(this.piece(start, end))) return [[start, end]];
		if (level >= LEVELS.length) return this.whyNot(start, end);
		const gaps = LEVELS[level](this.text, start, end).filter(
			(gap) => gap.start > start && gap.end < end && !this.index.breaksInside(gap),
		);
		if (gaps.length === 0) return this.split(start, end, level + 1, true);
		const segments: Array<[number, number]> = [];
		let from = start;
		for (const gap of gaps) {
			if (gap.start < from) continue;
			segments.push([from, gap.start]);
			from = gap.end;
		}
		segments.push([from, end]);
		const nonEmpty = segments.filter(([from, to]) => this.piece(from, to) !== '');
		const pieces: Array<[number, number]> = [];
		let current: [number, number] | undefined;
		for (let i = 0; i < nonEmpty.length; ) {
			if (current) {
				const taken =
					level >= FIRST_SEGMENT_LEVEL
						? this.gallop(current, nonEmpty, i)
						: this.oneByOne(current, nonEmpty, i);
				if (taken > 0) current = [current[0], nonEmpty[i + taken - 1][1]];
				i += taken;
				if (i >= nonEmpty.length) break;
				pieces.push(current);
				current = undefined;
			}
			const segment = nonEmpty[i++];
			if (this.fits(this.piece(segment[0], segment[1]))) {
				current = segment;
				continue;
			}
			const sub = this.split(segment[0], segment[1], level + 1, true);
			if (typeof sub === 'string') return sub;
			for (let i = 0; i < sub.length - 1; i++) pieces.push(sub[i]);
			current = sub[sub.length - 1];
		}
		if (current) pieces.push(current);
		return pieces;
	}

	/** How many of the segments from `i` on join the post `current`, one by one while the post fits (see `fitsJoined`). */
	private oneByOne(
		current: [number, number],
		segments: Array<[number, number]>,
		i: number,
	): number {
		let head = { cut: -1, length: 0 };
		let taken = 0;
		let sinceCut = 0;
		while (i + taken < segments.length) {
			const end = taken === 0 ? current[1] : segments[i + taken - 1][1];
			// Gaps without a cut (spaces after a Prepend character, a byte order mark): each join would count the
			// text since the last cut again, so after a few the rest is found by doubling and halving. Between
			// words adding text never lowers a count (no link, emoji or grapheme reaches across a space), so both
			// ways take the same number.
			if (sinceCut >= MAX_JOINS_WITHOUT_CUT)
				return taken + this.gallop([current[0], end], segments, i + taken);
			const joined = this.fitsJoined([current[0], end], segments[i + taken], head);
			if (!joined.fits) break;
			sinceCut = joined.head.cut === head.cut ? sinceCut + 1 : 0;
			head = joined.head;
			taken++;
		}
		return taken;
	}

	/**
	 * How many of the segments from `i` on join the post `current`, for word segments and graphemes (no space to
	 * count from): the most that still fit, found by doubling and then halving, so a post of k segments is counted
	 * about 2 log k times instead of k times. Where adding text never lowers the count (graphemes, code points)
	 * this is exactly the number taken one by one; a text whose end turns into a link may count less with more
	 * text, and then a longer post that still fits is taken. Every post taken was counted and fits.
	 */
	private gallop(current: [number, number], segments: Array<[number, number]>, i: number): number {
		const fitsWith = (k: number) => this.fits(this.piece(current[0], segments[i + k - 1][1]));
		const most = segments.length - i;
		let good = 0;
		let bad = most + 1;
		for (let probe = 1; bad > most; probe *= 2) {
			const k = Math.min(probe, most);
			if (fitsWith(k)) good = k;
			else bad = k;
			if (k === most) break;
		}
		if (good === most) return most;
		while (bad - good > 1) {
			const mid = (good + bad) >> 1;
			if (fitsWith(mid)) good = mid;
			else bad = mid;
		}
		return good;
	}

	texts(ranges: Array<[number, number]>): string[] {
		return ranges.map(([start, end]) => this.piece(start, end));
	}
}

function numberSuffix(k: number, total: number): string {
	return ` ${k}/${total}`;
}

/**
 * The longest post text Auto-Split takes, in UTF-16 code units: a long article (about 30,000 words) is split, a
 * larger text is refused before any of it is read, so a split never works on more than this.
 */
export const MAX_SPLIT_TEXT = 200_000;

/**
 * Splits each post text that is over the limit into as many posts as needed; texts that fit stay as they are.
 * With numbering, every post of a resulting thread of two or more gets " k/N", within the limit.
 */
export function splitPostsToLimit(texts: string[], options: SplitOptions): SplitResult {
	const { limit, count } = options;
	const large = texts.findIndex((text) => text.length > MAX_SPLIT_TEXT);
	if (large !== -1)
		return {
			problem: `its text has ${texts[large].length.toLocaleString('en-US')} characters; Auto-Split takes at most ${MAX_SPLIT_TEXT.toLocaleString('en-US')}`,
			postIndex: large,
		};
	// Room for the numbers from the start when the thread will clearly need them, so one pass usually does.
	const estimate = texts.reduce(
		(sum, text) => sum + Math.max(1, Math.ceil(count(text) / limit)),
		0,
	);
	let width = options.numbering && estimate > 1 ? String(estimate).length : 0;
	for (;;) {
		const reserve = width > 0 ? numberSuffix(10 ** width - 1, 10 ** width - 1) : '';
		const posts: SplitPost[] = [];
		for (const [index, text] of texts.entries()) {
			if (count(text + reserve) <= limit) {
				posts.push({ text, from: index });
				continue;
			}
			const splitter = new Splitter(text, count, limit, reserve);
			const ranges = splitter.split(0, text.length, 0, true);
			if (typeof ranges === 'string') return { problem: ranges, postIndex: index };
			for (const piece of splitter.texts(ranges)) posts.push({ text: piece, from: index });
		}
		if (!options.numbering || posts.length < 2) return { posts };
		const digits = String(posts.length).length;
		if (digits <= width) {
			const numbered = posts.map((post, k) => ({
				...post,
				text: post.text + numberSuffix(k + 1, posts.length),
			}));
			const over = numbered.findIndex((post) => count(post.text) > limit);
			if (over === -1) return { posts: numbered };
			return {
				problem: `post ${over + 1} is over the limit once numbered`,
				postIndex: numbered[over].from,
			};
		}
		width = digits;
	}
}
