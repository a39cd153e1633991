import fc from 'fast-check';
import { findLinks } from '../../../../../nodes/SocialPublishing/helpers/text/links';
import {
	labelToAscii,
	punycodeEncode,
} from '../../../../../nodes/SocialPublishing/helpers/text/punycode';
import {
	DEFAULT_LIMITS,
	describeLengthProblem,
	findEveryOverLength,
	findOverLength,
	graphemeCount,
	mastodonLength,
	postLength,
	resolveLimits,
	threadsLength,
	visibleText,
	xWeightedLength,
} from '../../../../../nodes/SocialPublishing/helpers/text/textLength';
import { WEIGHTED_LENGTH_CASES } from './fixtures/xConformance';

/** The reference implementation of X's counting (devDependency, used only to cross-check). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const twitterText = require('twitter-text') as {
	parseTweet(text: string): { weightedLength: number };
};

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const THUMBS_MEDIUM = '\u{1F44D}\u{1F3FD}';
const FLAG_DE = '\u{1F1E9}\u{1F1EA}';
const FLAG_SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
const RAINBOW_FLAG = '\u{1F3F3}\uFE0F\u200D\u{1F308}';
const KEYCAP_ONE = '1\uFE0F\u20E3';
const TECHNOLOGIST_DARK = '\u{1F469}\u{1F3FE}\u200D\u{1F4BB}';

describe('X weighted length: the conformance cases of twitter-text (validate.yml, config v3)', () => {
	test.each(WEIGHTED_LENGTH_CASES.map((c) => [c.description, c] as const))(
		'%s',
		(_description, c) => {
			expect(xWeightedLength(c.text)).toBe(c.weightedLength);
		},
	);
});

describe('X weighted length: emoji, CJK and links', () => {
	test.each([
		['a ZWJ family counts 2 as a whole', FAMILY, 2],
		['a thumbs up with a skin tone counts 2', THUMBS_MEDIUM, 2],
		['a technologist with a skin tone (ZWJ) counts 2', TECHNOLOGIST_DARK, 2],
		['a country flag (two regional indicators) counts 2', FLAG_DE, 2],
		['a subdivision flag (tag sequence) counts 2', FLAG_SCOTLAND, 2],
		['the rainbow flag (VS16 and ZWJ) counts 2', RAINBOW_FLAG, 2],
		['a keycap counts 2, not 1 + 2 + 2', KEYCAP_ONE, 2],
		['© alone is a Latin-1 character and counts 1', '\u00A9', 1],
		['© with VS16 is an emoji and counts 2', '\u00A9\uFE0F', 2],
		['five emoji of the family with text between', `a${FAMILY}b${FLAG_DE}c`, 7],
		['Japanese kana count 2 each', 'ひらがな', 8],
		['the light range ends at U+10FF: U+10FF counts 1, U+1100 counts 2', '\u10FF\u1100', 3],
		['general punctuation U+2010 to U+201F counts 1, U+200E 2', '\u2010\u201F\u200E', 4],
		['Hangul syllables count 2 each', '저찀쯿쿿', 8],
		['Latin with accents counts 1 each', 'café naïve', 10],
		['a long link with a scheme counts 23', `https://example.com/${'a'.repeat(200)}`, 23],
		['a bare domain with a path counts 23', 'see example.org/docs/start', 27],
		['a bare domain on a country TLD counts 23', 'bbc.co.uk', 23],
		['a link with a query counts 23', 'http://example.com/a?b=c&d=e', 23],
		['a domain without a known TLD is plain text', 'readme.txt2', 11],
		['a scheme on an unknown TLD is no link', 'https://foo.zz', 14],
		['@ before a bare domain: no link', '@example.com', 12],
		['an e-mail address is no link', 'me@example.com', 14],
		['trailing punctuation stays outside the link', 'https://example.com/path.', 24],
		['balanced parentheses stay in the link', 'http://example.com/a_(b)', 23],
		['two links and words', 'a https://x.com b example.com', 51],
	])('%s', (_name, text, expected) => {
		expect(xWeightedLength(text)).toBe(expected);
	});

	test('the text is NFC-normalized first: a decomposed é counts 1', () => {
		expect(xWeightedLength('e\u0301')).toBe(1);
		expect(xWeightedLength('e\u0301'.repeat(280))).toBe(280);
	});

	test('links are found with and without a scheme, and only bare domains on a known TLD', () => {
		const text = 'Read https://a.example.com/x and www.example.org or example.notatld';
		expect(findLinks(text).map((l) => text.slice(l.start, l.start + l.length))).toEqual([
			'https://a.example.com/x',
			'www.example.org',
		]);
		expect(findLinks(text, false).map((l) => text.slice(l.start, l.start + l.length))).toEqual([
			'https://a.example.com/x',
		]);
	});

	test('t.co links keep only the slug; a slug of more than 40 characters is no link', () => {
		expect(xWeightedLength('https://t.co/abc123/more')).toBe(23 + '/more'.length);
		expect(xWeightedLength(`https://t.co/${'a'.repeat(41)}`)).toBe(13 + 41);
	});
});

describe('X weighted length agrees with the twitter-text package on generated texts', () => {
	const pieces = fc.constantFrom(
		'hello',
		'world',
		'Über',
		'café',
		'e\u0301',
		' ',
		'  ',
		'\n',
		'\n\n',
		'.',
		',',
		'!',
		'?',
		'-',
		'_',
		'/',
		'(',
		')',
		'"',
		'@',
		'#',
		'$',
		'…',
		'—',
		'日本語',
		'中文',
		'한국어',
		'。',
		'，',
		'😀',
		THUMBS_MEDIUM,
		FAMILY,
		FLAG_DE,
		KEYCAP_ONE,
		'#\uFE0F\u20E3',
		'\u2764\uFE0F',
		'\u263A',
		'\u00A9',
		'\u00A9\uFE0F',
		'\u2122',
		RAINBOW_FLAG,
		TECHNOLOGIST_DARK,
		'https://example.com',
		'http://example.com/path',
		'https://www.example.co.uk/a/b?c=d&e=f',
		'example.com',
		'www.example.org/x',
		'sub.domain.io',
		'https://t.co/abc123',
		'x.com/jack',
		'https://example.com/a_(b)',
		'bit.ly/dJpywL',
		'my-site.net',
		'münchen.de',
		'https://日本.jp/x',
		'github.com/n8n-io/n8n',
		'http://192.168.0.1/x',
		'foo.zz',
		'@user',
		'#tag',
		'user@example.com',
		'3.14',
		'1/5',
		`${'b'.repeat(63)}.com`,
		`${'c'.repeat(64)}.com`,
		'exa_mple.com',
		'example.com:8080/x',
		'HTTPS://EXAMPLE.COM',
	);

	test('weighted length equals parseTweet().weightedLength', () => {
		fc.assert(
			fc.property(
				fc.array(pieces, { minLength: 1, maxLength: 30 }),
				fc.constantFrom('', ' '),
				(parts, glue) => {
					const text = parts.join(glue);
					expect(xWeightedLength(text)).toBe(twitterText.parseTweet(text).weightedLength);
				},
			),
			{ numRuns: 1500 },
		);
	});

	test('on arbitrary Unicode text too (no links, no emoji sequences beyond single code points)', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
				expect(xWeightedLength(text)).toBe(twitterText.parseTweet(text).weightedLength);
			}),
			{ numRuns: 1000 },
		);
	});
});

describe('X weighted length of texts longer than the normalizer takes at once (4,096 units)', () => {
	// Decomposed letters, kana with combining sound marks, Hangul jamo, CJK and long runs without ASCII: the text
	// is normalized in pieces cut before a character NFC never joins to what precedes it, so the count is the same
	// as twitter-text's over the whole text.
	const pieces = fc.constantFrom(
		'e\u0301',
		'\u304B\u3099',
		'\u30CF\u309A',
		'\u1100\u1161\u11A8',
		'\u1100',
		'\u1161',
		'\uAC00\u11A8',
		'\u4E2D',
		'\u0627\u0653',
		'\u0301',
		'\u0323\u0302',
		'a',
		' ',
		'\u{1F600}',
	);

	test('weighted length equals parseTweet().weightedLength', () => {
		fc.assert(
			fc.property(fc.array(pieces, { minLength: 3000, maxLength: 4500 }), (parts) => {
				const text = parts.join('');
				fc.pre(text.length > 4096);
				expect(xWeightedLength(text)).toBe(twitterText.parseTweet(text).weightedLength);
			}),
			{ numRuns: 40 },
		);
	});

	test('a run of 10,000 combining marks is counted in pieces: one mark each, as whole', () => {
		const text = `e${'\u0301'.repeat(10_000)}`;
		expect(xWeightedLength(text)).toBe(twitterText.parseTweet(text).weightedLength);
		expect(xWeightedLength(text)).toBe(10_000);
	});
});

describe('Punycode of a domain label (RFC 3492), for the 63-character label rule', () => {
	test.each([
		['münchen', 'mnchen-3ya'],
		['bücher', 'bcher-kva'],
		['☃', 'n3h'],
		['日本語', 'wgv71a119e'],
		['mañana', 'maana-pta'],
	])('%s -> %s', (label, code) => {
		expect(punycodeEncode(label)).toBe(code);
		expect(labelToAscii(label)).toBe(`xn--${code}`);
	});

	test('an ASCII label stays as it is', () => {
		expect(labelToAscii('example')).toBe('example');
	});
});

describe('Other platforms', () => {
	test('Bluesky counts graphemes: a family, a flag and a combining accent count 1 each', () => {
		expect(graphemeCount(`${FAMILY}${FLAG_DE}e\u0301a`)).toBe(4);
		expect(postLength('bluesky', '日本語')).toBe(3);
		expect(postLength('bluesky', `https://example.com/${'a'.repeat(300)}`)).toBe(320);
	});

	test('Mastodon: graphemes, a link with a scheme 23, a bare domain as written, a remote mention as its local part', () => {
		expect(mastodonLength(`Read https://example.com/${'a'.repeat(100)} now`)).toBe(5 + 23 + 4);
		expect(mastodonLength('example.com')).toBe(11);
		expect(mastodonLength('hi @alice@mastodon.social')).toBe('hi @alice'.length);
		expect(mastodonLength(FAMILY)).toBe(1);
	});

	test('Threads: characters, each emoji by its UTF-8 bytes', () => {
		expect(threadsLength('abc')).toBe(3);
		expect(threadsLength('😀')).toBe(4);
		expect(threadsLength(FAMILY)).toBe(25);
		expect(threadsLength('日本')).toBe(2);
	});

	test('LinkedIn and Substack count UTF-16 code units', () => {
		expect(postLength('linkedin', '😀a')).toBe(3);
		expect(postLength('substack', '😀a')).toBe(3);
	});
});

describe('What a platform shows: markers and LinkedIn mentions', () => {
	const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

	test('comment-thread markers are invisible and do not count', () => {
		const text = `<svc:comment-thread id=${UUID}/>Hello <svc:comment-thread id=${UUID}>world</svc:comment-thread>`;
		expect(visibleText(text, 'x')).toBe('Hello world');
		expect(postLength('x', text)).toBe(11);
		expect(postLength('bluesky', text)).toBe(11);
	});

	test('a LinkedIn mention counts as its name on LinkedIn and as @name elsewhere', () => {
		const text = 'Thanks @[Acme Corp](urn:li:organization:12345)!';
		expect(visibleText(text, 'linkedin')).toBe('Thanks Acme Corp!');
		expect(postLength('linkedin', text)).toBe(17);
		expect(visibleText(text, 'x')).toBe('Thanks @Acme Corp!');
		expect(postLength('x', text)).toBe(18);
	});
});

describe('Limits and the check', () => {
	test('defaults: X 280, Bluesky 300, Threads 500, Mastodon 500, LinkedIn 3000, Substack none', () => {
		expect(DEFAULT_LIMITS).toEqual({
			x: 280,
			bluesky: 300,
			threads: 500,
			mastodon: 500,
			linkedin: 3000,
			substack: undefined,
		});
		expect(resolveLimits(true, {})).toEqual({
			x: 280,
			bluesky: 300,
			threads: 500,
			mastodon: 500,
			linkedin: 3000,
		});
	});

	test('a user limit replaces the default, 0 turns one platform off, and the switch turns all off', () => {
		expect(resolveLimits(true, { x: 25000, mastodon: 0, substack: 10000 })).toEqual({
			x: 25000,
			bluesky: 300,
			threads: 500,
			linkedin: 3000,
			substack: 10000,
		});
		expect(resolveLimits(false, { x: 25000 })).toEqual({});
	});

	test('the first post over its limit is named by platform, post, length and limit', () => {
		const platforms = {
			x: { enabled: true, posts: [{ text: 'fine' }, { text: 'a'.repeat(281) }], settings: {} },
			bluesky: { enabled: true, posts: [{ text: 'b'.repeat(301) }], settings: {} },
		};
		const problem = findOverLength(platforms, resolveLimits(true, {}));
		expect(problem).toEqual({ platform: 'x', postIndex: 1, length: 281, limit: 280 });
		expect(describeLengthProblem(problem!)).toBe(
			'gives X post 2 a length of 281 (weighted as X counts: every link 23, CJK and emoji 2); X takes at most 280',
		);
		expect(findOverLength(platforms, { bluesky: 300 })).toEqual({
			platform: 'bluesky',
			postIndex: 0,
			length: 301,
			limit: 300,
		});
	});

	test('every post over its limit, in order: the first is the one findOverLength names, each one a post alone gives', () => {
		const platforms = {
			x: {
				posts: [{ text: 'a'.repeat(281) }, { text: 'fine' }, { text: 'x'.repeat(1_000_000) }],
			},
			substack: { posts: [{ text: 'c'.repeat(100_000) }] },
			bluesky: { posts: [{ text: 'b'.repeat(301) }, { media_ids: [] }] },
		};
		const limits = resolveLimits(true, {});
		const every = findEveryOverLength(platforms, limits);
		expect(every.map(({ platform, postIndex }) => `${platform} ${postIndex}`)).toEqual([
			'x 0',
			'x 2',
			'bluesky 0',
		]);
		expect(every[0]).toEqual(findOverLength(platforms, limits));
		expect(every[1].oversize).toEqual({ size: 1_000_000, max: expect.any(Number) });
		expect(findEveryOverLength({ x: { posts: [{ text: 'fine' }] } }, limits)).toEqual([]);
	});

	test('findEveryOverLength finds what findOverLength finds post by post (generated threads)', () => {
		const text = fc.oneof(
			fc.string({ maxLength: 40 }),
			fc.constantFrom('a'.repeat(281), 'https://example.com/x '.repeat(14), '🎉'.repeat(151)),
		);
		const posts = fc.array(
			fc.oneof(
				text.map((t) => ({ text: t })),
				fc.constant({}),
			),
			{ maxLength: 4 },
		);
		fc.assert(
			fc.property(
				fc.dictionary(fc.constantFrom('x', 'bluesky', 'threads', 'mastodon'), posts),
				fc.integer({ min: 1, max: 300 }),
				(byPlatform, limit) => {
					const platforms = Object.fromEntries(
						Object.entries(byPlatform).map(([key, list]) => [key, { posts: list }]),
					);
					const limits = { x: limit, bluesky: limit, threads: limit, mastodon: limit };
					const expected = Object.entries(platforms).flatMap(([key, config]) =>
						config.posts.flatMap((post, postIndex) => {
							const one = findOverLength({ [key]: { posts: [post] } }, limits);
							return one ? [{ ...one, postIndex }] : [];
						}),
					);
					expect(findEveryOverLength(platforms, limits)).toEqual(expected);
				},
			),
			{ numRuns: 200 },
		);
	});

	test('exactly at the limit passes; platforms without a limit, posts without text and odd shapes are skipped', () => {
		const platforms = {
			x: {
				enabled: true,
				posts: [{ text: 'a'.repeat(280) }, { media_ids: [] }, 'odd'],
				settings: {},
			},
			substack: { enabled: true, posts: [{ text: 'c'.repeat(100_000) }], settings: {} },
			x_article: { enabled: true, content_markdown: 'd'.repeat(100_000) },
		};
		expect(findOverLength(platforms, resolveLimits(true, {}))).toBeUndefined();
	});
});
