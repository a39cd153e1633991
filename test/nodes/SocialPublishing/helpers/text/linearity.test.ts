/**
 * Every counter, the marker helpers and Auto-Split take time linear in the length of the text, on the inputs that
 * made the earlier expressions quadratic (issue 21): long runs without spaces ending in a dot, runs of `@[`, of
 * spaces, of quotes, hyphen chains, `a.a.a…`, `@a@a…`, runs of `<` and unclosed marker tags.
 *
 * How: each input is built at 25,000 and at 100,000 characters and its work measured in this process as CPU time
 * (not wall-clock time, so other processes taking the machine's cores do not count), the minimum of a few runs
 * each, interleaved. Four times the text takes four times the work when linear and sixteen times when quadratic,
 * so the ratio must stay under 10. Linear work that allocates (Intl.Segmenter makes an object per grapheme) also
 * pays for garbage collection over a larger heap: on Node 24 with the machine busy, an emoji run counted in
 * graphemes measured up to 8.2, while a quadratic scan measures over 20 (the control below). No absolute time is
 * asserted. Fast work is repeated until a batch lasts 20 ms and measured per call,
 * so timer granularity does not make the ratio. Long runs are not cached (links, emoji), so every call does the
 * whole work.
 */
import fc from 'fast-check';
import { splitPostsToLimit } from '../../../../../nodes/SocialPublishing/helpers/text/autoSplit';
import type { PostPlatform } from '../../../../../nodes/common/platforms';
import {
	checkMarkers,
	stripMarkers,
} from '../../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import { displayUrl, safeFileName } from '../../../../../nodes/SocialPublishing/helpers/mediaFiles';
import {
	describeLengthProblem,
	findOverLength,
	graphemeCount,
	mastodonLength,
	postLength,
	postLengthUpTo,
	threadsLength,
	visibleText,
	xWeightedLength,
} from '../../../../../nodes/SocialPublishing/helpers/text/textLength';
import { perCall } from '../../../../harness/cpu';

const QUARTER = 25_000;
const FULL = 100_000;
const MAX_RATIO = 10;

/** Adversarial inputs of exactly `n` UTF-16 code units, with the X weighted length each must still have. */
const INPUTS: Array<{ name: string; make: (n: number) => string; x: (n: number) => number }> = [
	{ name: 'a CJK run ending in a dot', make: (n) => `${'中'.repeat(n - 1)}.`, x: (n) => 2 * n - 1 },
	{ name: 'an accented run ending in a dot', make: (n) => `${'é'.repeat(n - 1)}.`, x: (n) => n },
	{
		name: 'an emoji run ending in a dot',
		make: (n) => `${'\u{1F600}'.repeat(n / 2 - 1)}x.`,
		x: (n) => n,
	},
	{ name: 'a run of "@["', make: (n) => '@['.repeat(n / 2), x: (n) => n },
	{ name: 'a run of spaces', make: (n) => `a${' '.repeat(n - 2)}b`, x: (n) => n },
	{ name: 'a run of quotes after a full stop', make: (n) => `.${'"'.repeat(n - 1)}`, x: (n) => n },
	{
		name: 'a hyphen chain ending in a top-level domain',
		make: (n) => `${'a-'.repeat(n / 2 - 3)}ab.com`,
		x: (n) => n,
	},
	{ name: '"a.a.a.a…"', make: (n) => 'a.'.repeat(n / 2), x: (n) => n },
	{ name: '"@a@a@a…"', make: (n) => '@a'.repeat(n / 2), x: (n) => n },
	{ name: 'a run of "<"', make: (n) => '<'.repeat(n), x: (n) => n },
	{
		name: 'unclosed comment-thread marker tags',
		make: (n) => '<svc:comment-thread '.repeat(n / 20),
		x: (n) => n,
	},
	{
		name: 'unfinished LinkedIn mentions',
		make: (n) => '@[a](urn:li:person:'.repeat(Math.ceil(n / 19)).slice(0, n),
		x: (n) => n,
	},
];

const BATCH_MS = 20;

/** Work per call at 100,000 characters over work at 25,000, each the minimum of `runs` batches, interleaved. */
function measure(
	quarter: string,
	full: string,
	work: (text: string) => unknown,
	runs: number,
): number {
	let quarterMs = Infinity;
	let fullMs = Infinity;
	for (let i = 0; i < runs; i++) {
		quarterMs = Math.min(
			quarterMs,
			perCall(() => work(quarter), BATCH_MS),
		);
		fullMs = Math.min(
			fullMs,
			perCall(() => work(full), BATCH_MS),
		);
	}
	return fullMs / quarterMs;
}

/**
 * The growth ratio; measured again (up to three times in all) while it is not under the bound, since a machine
 * busy with other work can slow one batch. Quadratic work gives about 16 on every attempt.
 */
function growth(make: (n: number) => string, work: (text: string) => unknown, runs = 3): number {
	const quarter = make(QUARTER);
	const full = make(FULL);
	expect([quarter.length, full.length]).toEqual([QUARTER, FULL]);
	work(make(1000)); // compile and warm the code paths first
	let ratio = Infinity;
	for (let attempt = 0; attempt < 3 && ratio >= MAX_RATIO; attempt++)
		ratio = Math.min(ratio, measure(quarter, full, work, runs));
	return ratio;
}

const COUNTERS: Array<[string, (text: string) => unknown]> = [
	['X weighted length', xWeightedLength],
	['Bluesky graphemes', graphemeCount],
	['Threads length', threadsLength],
	['Mastodon length', mastodonLength],
	['LinkedIn length (mentions rewritten)', (text) => postLength('linkedin', text)],
	['Substack length', (text) => postLength('substack', text)],
	['the visible text for X', (text) => visibleText(text, 'x')],
	['marker stripping', stripMarkers],
	[
		'the marker check with LinkedIn mentions',
		(text) => checkMarkers(text, { linkedInMentions: true }),
	],
];

describe('Counting grows linearly with the text (100,000 vs 25,000 characters)', () => {
	describe.each(INPUTS)('$name', ({ make, x }) => {
		test('the X count is still right', () => {
			expect(xWeightedLength(make(QUARTER))).toBe(x(QUARTER));
			expect(postLength('linkedin', make(QUARTER))).toBeLessThanOrEqual(QUARTER);
		});

		test.each(COUNTERS)('%s', (_name, work) => {
			expect(growth(make, work)).toBeLessThan(MAX_RATIO);
		});
	});
});

describe('Auto-Split grows linearly with the text (100,000 vs 25,000 characters)', () => {
	const split = (platform: PostPlatform, limit: number) => (text: string) => {
		const result = splitPostsToLimit([text], {
			limit,
			count: (piece) => postLength(platform, piece),
			numbering: true,
		});
		if ('problem' in result) throw new Error(result.problem);
		return result;
	};

	test.each(INPUTS.map((input) => [input.name, input] as const))(
		'%s, into X posts of 280',
		(_name, { make }) => {
			const posts = split('x', 280)(make(QUARTER)).posts;
			expect(posts.length).toBeGreaterThan(1);
			for (const post of posts) expect(postLength('x', post.text)).toBeLessThanOrEqual(280);
			expect(growth(make, split('x', 280), 2)).toBeLessThan(MAX_RATIO);
		},
		120_000,
	);

	test.each(
		INPUTS.filter((input) => /CJK|accented|emoji/.test(input.name)).map(
			(input) => [input.name, input] as const,
		),
	)(
		'%s, into Bluesky posts of 300 and Mastodon posts of 500',
		(_name, { make }) => {
			expect(growth(make, split('bluesky', 300), 2)).toBeLessThan(MAX_RATIO);
			expect(growth(make, split('mastodon', 500), 2)).toBeLessThan(MAX_RATIO);
		},
		120_000,
	);
});

describe('The measure tells quadratic work from linear work', () => {
	// A scan from every 64th position to the end: quadratic, like the expressions issue 21 replaced.
	const quadratic = (text: string) => {
		let found = 0;
		for (let at = 0; at < text.length; at += 64) found += text.indexOf('\u0001', at);
		return found;
	};
	const linear = (text: string) => {
		let sum = 0;
		for (let at = 0; at < text.length; at++) sum += text.charCodeAt(at);
		return sum;
	};

	test('quadratic work measures over the bound, linear work under it', () => {
		const make = (n: number) => 'a'.repeat(n);
		expect(growth(make, quadratic)).toBeGreaterThanOrEqual(MAX_RATIO);
		expect(growth(make, linear)).toBeLessThan(MAX_RATIO);
	});
});

describe('A text far over its limit is refused before it is counted in full', () => {
	const PLATFORMS: PostPlatform[] = ['x', 'bluesky', 'threads', 'mastodon', 'linkedin'];
	// Spaces and line breaks (where counting may cut) next to everything a cut must not split or change: links,
	// mentions, emoji sequences, combining marks, CR LF, an Arabic number sign (a Prepend character), markers.
	const pieces = fc.constantFrom(
		'word',
		' ',
		' ',
		'\n',
		'\r\n',
		'\r',
		'\t',
		'\u3000',
		'\u00a0',
		'\u2028',
		'\u2003',
		'e\u0301',
		' \u0301',
		'中文',
		'\u{1F44D}\u{1F3FD}',
		'\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
		'\u{1F1E9}\u{1F1EA}',
		'example.com/a',
		' https://example.com/p_(q)',
		'@alice@mastodon.social',
		'@[Acme](urn:li:organization:1)',
		'\u0600 ',
		'\u1100\u1161',
		'<svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e/>',
	);
	const longText = fc
		.array(pieces, { minLength: 400, maxLength: 900 })
		.map((parts) => parts.join(''))
		.filter((text) => text.length > 2100);

	test('counted in pieces, a text gets the same length as counted whole', () => {
		fc.assert(
			fc.property(longText, fc.constantFrom(...PLATFORMS), (text, platform) => {
				expect(postLengthUpTo(platform, text, Number.MAX_SAFE_INTEGER)).toEqual({
					length: postLength(platform, text),
					complete: true,
				});
			}),
			{ numRuns: 150 },
		);
	});

	test('counting stops once over the limit: the length so far is over it and below the whole', () => {
		fc.assert(
			fc.property(longText, fc.constantFrom(...PLATFORMS), (text, platform) => {
				const whole = postLength(platform, text);
				const limit = Math.floor(whole / 4);
				const counted = postLengthUpTo(platform, text, limit);
				expect(counted.length).toBeGreaterThan(limit);
				expect(counted.length).toBeLessThanOrEqual(whole);
				if (counted.complete) expect(counted.length).toBe(whole);
			}),
			{ numRuns: 150 },
		);
		const text = 'Queue slots beat fixed times. '.repeat(4000);
		const counted = postLengthUpTo('x', text, 280);
		expect(counted.complete).toBe(false);
		expect(counted.length).toBeGreaterThan(280);
		expect(counted.length).toBeLessThan(postLength('x', text) / 10);
	});

	test('the check names the post and says "more than" the limit when counting stopped', () => {
		const platforms = {
			x: { enabled: true, posts: [{ text: 'fine' }, { text: 'word '.repeat(20_000) }] },
		};
		const problem = findOverLength(platforms, { x: 280 });
		expect(problem).toMatchObject({ platform: 'x', postIndex: 1, limit: 280, stoppedEarly: true });
		expect(describeLengthProblem(problem!)).toBe(
			'gives X post 2 a length of more than 280 (weighted as X counts: every link 23, CJK and emoji 2); X takes at most 280',
		);
	});

	test('links count 23 whatever their length, so a long text of links is counted, not refused on its size', () => {
		const link = `https://example.com/${'p'.repeat(3980)}`;
		const text = Array.from({ length: 11 }, () => link).join(' ');
		expect(postLengthUpTo('x', text, 280)).toEqual({ length: 11 * 23 + 10, complete: true });
		expect(findOverLength({ x: { posts: [{ text }] } }, { x: 280 })).toBeUndefined();
		const twelve = `${text} ${link}`;
		expect(findOverLength({ x: { posts: [{ text: twelve }] } }, { x: 280 })).toEqual({
			platform: 'x',
			postIndex: 0,
			length: 12 * 23 + 11,
			limit: 280,
		});
	});
});

describe('Media file names and URLs from outside grow linearly too', () => {
	test.each([
		['a file name of "-." ending in a letter', (n: number) => `${'-.'.repeat(n / 2 - 1)}-x`],
		['a file name of "-." only', (n: number) => '-.'.repeat(n / 2)],
	])('%s', (_name, make) => {
		expect(safeFileName(make(QUARTER), 'png')).toMatch(/^(x|media)\.png$/);
		expect(growth(make, (stem) => safeFileName(stem, 'png'))).toBeLessThan(MAX_RATIO);
	});

	test('a URL of "?" before a line break', () => {
		const make = (n: number) => `${'?'.repeat(n - 2)}\na`;
		expect(displayUrl(make(QUARTER))).toBe(`${'?'.repeat(QUARTER - 2)}\na`);
		expect(growth(make, displayUrl)).toBeLessThan(MAX_RATIO);
	});
});
