import fc from 'fast-check';
import {
	protectedRanges,
	splitPostsToLimit,
} from '../../../../../nodes/SocialPublishing/helpers/text/autoSplit';
import type { SplitResult } from '../../../../../nodes/SocialPublishing/helpers/text/autoSplit';
import type { PostPlatform } from '../../../../../nodes/common/platforms';
import { checkMarkers } from '../../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import { postLength } from '../../../../../nodes/SocialPublishing/helpers/text/textLength';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const count = (platform: PostPlatform) => (text: string) => postLength(platform, text);

function posts(result: SplitResult): string[] {
	if ('problem' in result) throw new Error(`unexpected problem: ${result.problem}`);
	return result.posts.map((post) => post.text);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const withoutNumber = (text: string) => text.replace(/ \d+\/\d+$/, '');

describe('Auto-Split: where it breaks', () => {
	test('a text within the limit stays one post, unchanged', () => {
		const text = '  Short text.\n\nTwo paragraphs.  ';
		expect(posts(splitPostsToLimit([text], { limit: 280, count: count('x') }))).toEqual([text]);
	});

	test('at the paragraph break first, when each paragraph fits', () => {
		const first = `${'First paragraph sentence one. '.repeat(4).trim()}`;
		const second = `${'Second paragraph sentence. '.repeat(4).trim()}`;
		const result = posts(
			splitPostsToLimit([`${first}\n\n${second}`], { limit: 150, count: count('x') }),
		);
		expect(result).toEqual([first, second]);
	});

	test('paragraphs that fit together stay together', () => {
		const result = posts(
			splitPostsToLimit(
				['One.\n\nTwo.\n\nThree is a much longer paragraph than the others here.'],
				{ limit: 60, count: count('x') },
			),
		);
		expect(result).toEqual([
			'One.\n\nTwo.',
			'Three is a much longer paragraph than the others here.',
		]);
	});

	test('then at sentence ends, before breaking between words', () => {
		const text =
			'The first sentence is here. The second sentence follows it! Is the third a question? Yes.';
		const result = posts(splitPostsToLimit([text], { limit: 60, count: count('x') }));
		expect(result).toEqual([
			'The first sentence is here. The second sentence follows it!',
			'Is the third a question? Yes.',
		]);
	});

	test('then between words, when one sentence is too long', () => {
		const text = 'one two three four five six seven eight nine ten eleven twelve';
		const result = posts(splitPostsToLimit([text], { limit: 20, count: count('bluesky') }));
		expect(result).toEqual([
			'one two three four',
			'five six seven eight',
			'nine ten eleven',
			'twelve',
		]);
		expect(result.every((post) => post.length <= 20)).toBe(true);
	});

	test('CJK text without spaces is split at CJK full stops, each piece within X weighted 280', () => {
		const sentence = '故人西辞黄鹤楼，烟花三月下扬州。';
		const text = sentence.repeat(20);
		const result = posts(splitPostsToLimit([text], { limit: 280, count: count('x') }));
		expect(result.length).toBe(3);
		expect(result.every((post) => postLength('x', post) <= 280 && post.endsWith('。'))).toBe(true);
		expect(result.join('')).toBe(text);
	});

	test('a single word longer than a post is cut between graphemes, never inside an emoji', () => {
		const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
		const text = family.repeat(10);
		const result = posts(splitPostsToLimit([text], { limit: 6, count: count('x') }));
		expect(result).toEqual([family.repeat(3), family.repeat(3), family.repeat(3), family]);
	});
});

describe('Auto-Split: never inside a link, a mention or a marker', () => {
	test('a link is kept whole: X counts it 23 so it fits, the words around it move', () => {
		const link = `https://example.com/${'path/'.repeat(30)}`;
		const text = `${'word '.repeat(30)}${link} ${'tail '.repeat(10)}`.trim();
		const result = posts(splitPostsToLimit([text], { limit: 100, count: count('x') }));
		expect(result.filter((post) => post.includes(link))).toHaveLength(1);
		expect(result.every((post) => postLength('x', post) <= 100)).toBe(true);
	});

	test('a LinkedIn mention with spaces in its name is not broken', () => {
		const mention = '@[Acme Widgets International](urn:li:organization:12345)';
		const text = `Thanks to our friends at ${mention} for the help`;
		const result = posts(splitPostsToLimit([text], { limit: 40, count: count('bluesky') }));
		expect(result.filter((post) => post.includes(mention))).toHaveLength(1);
	});

	test('a comment-thread span marker stays in one post and stays well-formed', () => {
		const span = `<svc:comment-thread id=${UUID}>keep these five words together</svc:comment-thread>`;
		const text = `Some words before the marked part and then ${span} and words after it too`;
		const result = posts(splitPostsToLimit([text], { limit: 45, count: count('x') }));
		expect(result.filter((post) => post.includes(span))).toHaveLength(1);
		for (const post of result) expect(checkMarkers(post)).toEqual({ ok: true });
		expect(result.every((post) => postLength('x', post) <= 45)).toBe(true);
	});

	test('a self-closing marker opens the post that holds its paragraph', () => {
		const text = `First paragraph that is long enough.\n\n<svc:comment-thread id=${UUID}/>Second paragraph, marked.`;
		const result = posts(splitPostsToLimit([text], { limit: 40, count: count('x') }));
		expect(result).toEqual([
			'First paragraph that is long enough.',
			`<svc:comment-thread id=${UUID}/>Second paragraph, marked.`,
		]);
		for (const post of result) expect(checkMarkers(post)).toEqual({ ok: true });
	});

	test('a link longer than the limit as the platform counts it cannot be split: the problem names it', () => {
		const link = `https://example.com/${'a'.repeat(400)}`;
		const result = splitPostsToLimit(['intro', `See ${link} now`], {
			limit: 300,
			count: count('bluesky'),
		});
		expect(result).toEqual({
			problem: expect.stringMatching(
				/^a link \("https:\/\/example\.com\/a+"\) does not fit in one post and cannot be split$/,
			),
			postIndex: 1,
		});
	});

	test('a marker span longer than the limit cannot be split', () => {
		const span = `<svc:comment-thread id=${UUID}>${'word '.repeat(20).trim()}</svc:comment-thread>`;
		const result = splitPostsToLimit([span], { limit: 50, count: count('x') });
		expect(result).toEqual({
			problem: expect.stringMatching(/^a comment-thread marker .* cannot be split$/),
			postIndex: 0,
		});
	});

	test('the protected ranges: marker spans (outermost), mentions, handles and links', () => {
		const text = `<svc:comment-thread id=${UUID}>a <svc:comment-thread id=${UUID}>b</svc:comment-thread></svc:comment-thread> @[N M](urn:li:person:1) @bob@example.social x.com/y`;
		const kinds = protectedRanges(text).map((r) => [r.kind, text.slice(r.start, r.end)]);
		expect(kinds).toEqual([
			['a comment-thread marker', text.slice(0, text.indexOf(' @['))],
			['a LinkedIn mention', '@[N M](urn:li:person:1)'],
			['a mention', '@bob@example.social'],
			['a link', 'x.com/y'],
		]);
	});
});

describe('Auto-Split: several posts and numbering', () => {
	test('posts that fit stay; only the long one is split; each piece says which post it came from', () => {
		const long = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
		const result = splitPostsToLimit(['short one', long, 'short two'], {
			limit: 30,
			count: count('bluesky'),
		});
		expect(result).toEqual({
			posts: [
				{ text: 'short one', from: 0 },
				{ text: 'alpha beta gamma delta epsilon', from: 1 },
				{ text: 'zeta eta theta iota kappa', from: 1 },
				{ text: 'short two', from: 2 },
			],
		});
	});

	test('numbering adds " k/N" to each post of the thread, counted within the limit', () => {
		const text = 'one two three four five six seven eight nine ten eleven twelve';
		const result = posts(
			splitPostsToLimit([text], { limit: 20, count: count('bluesky'), numbering: true }),
		);
		expect(result).toEqual([
			'one two three 1/5',
			'four five six 2/5',
			'seven eight nine 3/5',
			'ten eleven 4/5',
			'twelve 5/5',
		]);
		expect(result.every((post) => post.length <= 20)).toBe(true);
	});

	test('numbering reserves room for two-digit counts once the thread reaches 10 posts', () => {
		const text = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
		const result = posts(
			splitPostsToLimit([text], { limit: 16, count: count('bluesky'), numbering: true }),
		);
		expect(result.length).toBeGreaterThanOrEqual(10);
		expect(
			result.every((post, k) => post.length <= 16 && post.endsWith(` ${k + 1}/${result.length}`)),
		).toBe(true);
		expect(words(result.map(withoutNumber).join(' '))).toEqual(words(text));
	});

	test('a single post is not numbered', () => {
		expect(
			posts(splitPostsToLimit(['fits'], { limit: 280, count: count('x'), numbering: true })),
		).toEqual(['fits']);
	});

	test('a limit too small for the number itself is a problem, not an endless loop', () => {
		const result = splitPostsToLimit(['aa bb cc dd'], {
			limit: 3,
			count: count('bluesky'),
			numbering: true,
		});
		expect(result).toEqual({ problem: expect.any(String), postIndex: 0 });
	});
});

describe('Auto-Split: properties on generated texts (fast-check)', () => {
	const word = fc.stringMatching(/^[a-z]{1,10}$/);
	const link = fc.constantFrom(
		'https://example.com/some/long/path?x=1',
		'example.org',
		'https://t.co/abc123',
		`https://example.com/${'z'.repeat(60)}`,
	);
	const mention = fc.constantFrom(
		'@[Acme Corp Worldwide Widgets](urn:li:organization:1)',
		'@[N M](urn:li:person:2)',
		'@alice',
		'@bob@example.social',
	);
	const marker = fc
		.array(word, { minLength: 1, maxLength: 8 })
		.map((inner) => `<svc:comment-thread id=${UUID}>${inner.join(' ')}</svc:comment-thread>`);
	const emoji = fc.constantFrom('😀', '\u{1F44D}\u{1F3FD}', '\u{1F1E9}\u{1F1EA}', '日本語');
	const token = fc.oneof(
		{ weight: 6, arbitrary: word },
		{ weight: 1, arbitrary: link },
		{ weight: 2, arbitrary: mention },
		{ weight: 2, arbitrary: marker },
		{ weight: 1, arbitrary: emoji },
	);
	// Mostly spaces, so that many splits fall between words, where links, mentions and markers could be cut.
	const glue = fc.oneof(
		{ weight: 12, arbitrary: fc.constant(' ') },
		{ weight: 3, arbitrary: fc.constantFrom('. ', '! ', '\n', '\n\n', ', ') },
	);
	const text = fc.array(fc.tuple(token, glue), { minLength: 1, maxLength: 120 }).map((parts) =>
		parts
			.map(([t, g]) => t + g)
			.join('')
			.trim(),
	);
	const setting = fc.record({
		platform: fc.constantFrom<PostPlatform>('x', 'bluesky', 'mastodon', 'threads'),
		limit: fc.integer({ min: 90, max: 320 }),
		numbering: fc.boolean(),
	});
	/** Units that must come out whole: links, mentions and markers of the input. */
	const units = (input: string) => protectedRanges(input).map((r) => input.slice(r.start, r.end));

	test('every post is within the limit, the words are kept in order, and no link, mention or marker is broken', () => {
		fc.assert(
			fc.property(text, setting, (input, { platform, limit, numbering }) => {
				const result = posts(
					splitPostsToLimit([input], { limit, count: count(platform), numbering }),
				);
				for (const post of result) expect(postLength(platform, post)).toBeLessThanOrEqual(limit);
				const bodies = result.length > 1 && numbering ? result.map(withoutNumber) : result;
				expect(words(bodies.join(' '))).toEqual(words(input));
				for (const unit of units(input))
					expect(bodies.some((body) => body.includes(unit))).toBe(true);
				for (const post of result) expect(checkMarkers(post)).toEqual({ ok: true });
				if (numbering && result.length > 1)
					result.forEach((post, k) =>
						expect(post.endsWith(` ${k + 1}/${result.length}`)).toBe(true),
					);
			}),
			{ numRuns: 300 },
		);
	});
});
