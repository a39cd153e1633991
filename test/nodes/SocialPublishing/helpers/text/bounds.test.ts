/**
 * The bounds that keep the work of every text function bounded by construction (issue 25): a text larger than any
 * text within the limit can be is refused on its size before anything reads it; a grapheme is taken whole up to 64
 * code units; Auto-Split takes at most 200,000 characters; names and URLs too long to be tags or media are not
 * handed to the engine's normalizer or URL parser.
 */
import { kindOfUrl } from '../../../../../nodes/SocialPublishing/helpers/mediaRules';
import {
	MAX_SPLIT_TEXT,
	splitPostsToLimit,
} from '../../../../../nodes/SocialPublishing/helpers/text/autoSplit';
import {
	graphemeTotal,
	MAX_SEGMENT,
	segmentStarts,
} from '../../../../../nodes/SocialPublishing/helpers/text/segments';
import {
	describeLengthProblem,
	findOverLength,
	HIDDEN_ROOM,
	maxShownSize,
	maxTextSize,
	postLength,
	postLengthUpTo,
} from '../../../../../nodes/SocialPublishing/helpers/text/textLength';
import { foldCase } from '../../../../../nodes/SocialPublishing/helpers/validation';

describe('The largest text within a limit (the size check before any count)', () => {
	test.each([
		['x', 280, 12 * 8200 + 280 * 8],
		['mastodon', 500, 21 * 8200 + 500 * 65],
		['bluesky', 300, 300 * 65],
		['threads', 500, 1000],
		['linkedin', 3000, 3000],
	] as const)('%s with limit %i: %i shown characters', (platform, limit, shown) => {
		expect(maxShownSize(platform, limit)).toBe(shown);
		expect(maxTextSize(platform, limit)).toBe(shown + HIDDEN_ROOM);
	});

	test('large texts within the limit are counted, not refused: 11 long links on X, 300 graphemes of 64 units on Bluesky', () => {
		const link = `https://example.com/${'p'.repeat(4000)}`;
		const text = Array.from({ length: 11 }, () => link).join(' ');
		expect(postLengthUpTo('x', text, 280)).toEqual({ length: 11 * 23 + 10, complete: true });
		// 300 graphemes of a letter and 63 combining marks: 19,200 characters, counted 300 by Bluesky
		const graphemes = `a${'\u0301'.repeat(63)}`.repeat(300);
		expect(graphemes.length).toBe(19_200);
		expect(postLengthUpTo('bluesky', graphemes, 300)).toEqual({ length: 300, complete: true });
	});

	test('one character more than the largest shown text is refused on its size, before it is counted', () => {
		const text = 'a'.repeat(maxShownSize('bluesky', 300) + 1);
		expect(postLengthUpTo('bluesky', text, 300)).toEqual({
			length: 301,
			complete: false,
			oversize: { size: 19_501, max: 19_500 },
		});
	});

	test('comment-thread markers do not count: a text of markers larger than the shown limit is still counted', () => {
		const marker = '<svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e/>\n';
		const text = `${marker.repeat(400)}hello`;
		expect(text.length).toBeGreaterThan(maxShownSize('bluesky', 300));
		expect(postLengthUpTo('bluesky', text, 300).oversize).toBeUndefined();
	});

	test('the raw text over the largest size is refused without reading it, and the error names size and limit', () => {
		const text = 'x'.repeat(1_000_000);
		const problem = findOverLength({ x: { posts: [{ text }] } }, { x: 280 });
		expect(problem).toEqual({
			platform: 'x',
			postIndex: 0,
			length: 281,
			limit: 280,
			oversize: { size: 1_000_000, max: maxTextSize('x', 280) },
		});
		expect(describeLengthProblem(problem!)).toBe(
			"gives X post 1 a text of 1,000,000 characters, more than any text within X's limit can hold (200,640), so it is refused before it is counted; X takes at most 280 (weighted as X counts: every link 23, CJK and emoji 2)",
		);
	});

	test('LinkedIn counts the shown text itself: its exact length is reported, not a size', () => {
		expect(
			findOverLength({ linkedin: { posts: [{ text: 'l'.repeat(50_000) }] } }, { linkedin: 3000 }),
		).toEqual({ platform: 'linkedin', postIndex: 0, length: 50_000, limit: 3000 });
	});
});

describe('Graphemes are taken whole up to 64 code units', () => {
	test('real graphemes are one each: ZWJ families, flags, keycaps, a letter with 63 marks', () => {
		const family = '\u{1F469}\u{1F3FB}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}\u{1F3FC}';
		const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
		const heavy = `e${'\u0301'.repeat(63)}`;
		expect(graphemeTotal(`${family}${england}${heavy}1\uFE0F\u20E3`)).toBe(4);
		expect(postLength('bluesky', heavy.repeat(10))).toBe(10);
	});

	test('a longer cluster is counted once per 64 units, and no window is larger', () => {
		expect(MAX_SEGMENT).toBe(64);
		const cluster = `e${'\u0301'.repeat(64 * 100 - 1)}`;
		expect(graphemeTotal(cluster)).toBe(100);
		expect(segmentStarts(cluster, 'grapheme')).toEqual(
			Array.from({ length: 99 }, (_, i) => 64 * (i + 1)),
		);
		// never inside a surrogate pair
		const astral = `\u{1F600}${'\u{E0067}'.repeat(100)}`;
		for (const at of segmentStarts(astral, 'grapheme'))
			expect(astral.charCodeAt(at)).not.toBe(astral.charCodeAt(1));
	});
});

describe('Auto-Split takes at most 200,000 characters', () => {
	const split = (text: string) =>
		splitPostsToLimit(['fine', text], { limit: 280, count: (t) => postLength('x', t) });

	test('200,000 characters are split', () => {
		const text = 'Queue slots beat fixed times. '.repeat(6667).slice(0, MAX_SPLIT_TEXT);
		expect(text.length).toBe(MAX_SPLIT_TEXT);
		const result = split(text);
		expect('posts' in result && result.posts.length).toBeGreaterThan(700);
	});

	test('one more is refused before it is read, naming the post and both sizes', () => {
		expect(split('a'.repeat(MAX_SPLIT_TEXT + 1))).toEqual({
			problem: 'its text has 200,001 characters; Auto-Split takes at most 200,000',
			postIndex: 1,
		});
	});
});

describe('Names and URLs too long to be tags or media are not handed to the normalizer or the URL parser', () => {
	test('tag names up to 1,024 characters are folded; longer ones are compared as they are', () => {
		expect(foldCase('Caf\u0065\u0301')).toBe('caf\u00e9');
		const long = `A${'\u0301'.repeat(1024)}`;
		expect(foldCase(long)).toBe(long);
		expect(foldCase(long.slice(0, 1024))).toBe(long.slice(0, 1024).normalize('NFC').toLowerCase());
	});

	test('a URL of up to 8,192 characters gives its kind; a longer one is unknown until downloaded', () => {
		const url = (length: number) => `https://a.com/${'p'.repeat(length - 18)}.png`;
		expect(url(8192).length).toBe(8192);
		expect(kindOfUrl(url(8192))).toBe('image');
		expect(kindOfUrl(url(8193))).toBe('unknown');
	});
});
