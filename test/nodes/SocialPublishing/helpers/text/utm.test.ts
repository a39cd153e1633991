/**
 * UTM tags on the links of a text (helpers/text/utm.ts): the examples a builder meets (fragments, queries, a
 * parameter already there, values to encode, links in markers and mentions, bare domains), the cap on links, and
 * properties on generated texts: tagging twice gives the text of tagging once, nothing but the added parameters
 * changes, and the work grows linearly with the text (measured as the adversarial tests measure: CPU time per call
 * at 25,000 and 100,000 characters, the ratio under 10, 4 when linear and 16 when quadratic).
 */
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { findLinks } from '../../../../../nodes/SocialPublishing/helpers/text/links';
import { markerRanges } from '../../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import type { UtmParameters } from '../../../../../nodes/SocialPublishing/helpers/text/utm';
import {
	encodeUtmValue,
	tagLinks,
	UTM_MAX_LINKS,
} from '../../../../../nodes/SocialPublishing/helpers/text/utm';
import { cpuMs } from '../../../../harness/cpu';

const TAGS: UtmParameters = [
	['utm_source', 'x'],
	['utm_medium', 'social'],
	['utm_campaign', 'spring'],
];
const ADDED = 'utm_source=x&utm_medium=social&utm_campaign=spring';
const A = '0b6a9c1e-4f1d-4a53-9c11-8e2f3c4d5e6f';

function tagged(text: string, parameters: UtmParameters = TAGS): string {
	const result = tagLinks(text, parameters);
	if (!('text' in result)) throw new Error(result.problem);
	return result.text;
}

describe('tagLinks: where the parameters go', () => {
	test.each([
		[
			'a link without a query',
			'Read https://example.com/post now',
			`Read https://example.com/post?${ADDED} now`,
		],
		['a link without a path', 'https://example.com', `https://example.com?${ADDED}`],
		[
			'a query of its own: the parameters follow it',
			'https://example.com/p?id=7',
			`https://example.com/p?id=7&${ADDED}`,
		],
		[
			'a fragment: the parameters go before it',
			'https://example.com/p#part-2',
			`https://example.com/p?${ADDED}#part-2`,
		],
		[
			'a query and a fragment',
			'https://example.com/p?id=7#top',
			`https://example.com/p?id=7&${ADDED}#top`,
		],
		[
			'a "?" inside the fragment belongs to the fragment',
			'https://example.com/p#a?b=1',
			`https://example.com/p?${ADDED}#a?b=1`,
		],
		[
			'sentence punctuation after a link stays outside it',
			'See https://example.com/p. Then (https://example.com/q), done!',
			`See https://example.com/p?${ADDED}. Then (https://example.com/q?${ADDED}), done!`,
		],
		['http and upper-case schemes', 'HTTP://Example.com/A', `HTTP://Example.com/A?${ADDED}`],
		[
			'two links, each tagged',
			'https://a.com https://b.org/x',
			`https://a.com?${ADDED} https://b.org/x?${ADDED}`,
		],
	])('%s', (_name, text, expected) => {
		expect(tagged(text)).toBe(expected);
	});

	test('a parameter the link has keeps its value and is not added again; the others are added', () => {
		expect(tagged('https://e.com/p?utm_source=newsletter&a=1')).toBe(
			'https://e.com/p?utm_source=newsletter&a=1&utm_medium=social&utm_campaign=spring',
		);
		// the name as a server decodes it
		expect(tagged('https://e.com/p?utm%5Fcampaign=old')).toBe(
			'https://e.com/p?utm%5Fcampaign=old&utm_source=x&utm_medium=social',
		);
		expect(tagged(`https://e.com/p?${ADDED}`)).toBe(`https://e.com/p?${ADDED}`);
		expect(tagLinks(`https://e.com/p?${ADDED}`, TAGS)).toEqual({
			text: `https://e.com/p?${ADDED}`,
			tagged: 0,
		});
	});

	test('values are percent-encoded, and a value never lets the link run on', () => {
		expect(encodeUtmValue('spring sale & more #1')).toBe('spring%20sale%20%26%20more%20%231');
		expect(encodeUtmValue("it's (new)!*")).toBe('it%27s%20%28new%29%21%2A');
		expect(encodeUtmValue('v1.')).toBe('v1%2E');
		expect(encodeUtmValue('\uD800é')).toBe('%EF%BF%BD%C3%A9');
		const text = tagged('Go https://e.com/p.', [['utm_campaign', 'Q1 launch.']]);
		expect(text).toBe('Go https://e.com/p?utm_campaign=Q1%20launch%2E.');
		// the link finder reads the tagged link whole, and only it
		const [link] = findLinks(text, false);
		expect(text.slice(link.start, link.start + link.length)).toBe(
			'https://e.com/p?utm_campaign=Q1%20launch%2E',
		);
	});

	test('bare domains, mentions, links in comment markers and text glued to a link stay as written', () => {
		const text = [
			'example.com/page',
			'@[https://e.com/in-mention](urn:li:person:42)',
			`<svc:comment-thread id=${A}>anchored https://e.com/anchored</svc:comment-thread>`,
			'(see https://e.com/glued).Next',
			'https://e.com/out',
		].join('\n');
		expect(tagged(text)).toBe(text.replace('https://e.com/out', `https://e.com/out?${ADDED}`));
		expect(tagLinks(text, TAGS)).toMatchObject({ tagged: 1 });
	});

	test('a span never closed keeps every link after it; a self-closing marker keeps only itself', () => {
		expect(tagged(`<svc:comment-thread id=${A}>https://e.com/a`)).toBe(
			`<svc:comment-thread id=${A}>https://e.com/a`,
		);
		expect(tagged(`<svc:comment-thread id=${A}/>https://e.com/a`)).toBe(
			`<svc:comment-thread id=${A}/>https://e.com/a?${ADDED}`,
		);
		expect(markerRanges(`ab<svc:comment-thread id=${A}>c</svc:comment-thread>`)).toEqual([
			{ start: 2, end: 2 + `<svc:comment-thread id=${A}>c</svc:comment-thread>`.length },
		]);
	});

	test(`at most ${UTM_MAX_LINKS} links are tagged in one text: more is a problem, not a text tagged in part`, () => {
		const links = (n: number) =>
			Array.from({ length: n }, (_, i) => `https://e.com/${i}`).join(' ');
		expect(tagLinks(links(UTM_MAX_LINKS), TAGS)).toMatchObject({ tagged: UTM_MAX_LINKS });
		expect(tagLinks(links(UTM_MAX_LINKS + 1), TAGS)).toEqual({
			problem: `has ${UTM_MAX_LINKS + 1} links to tag; UTM Tags tags at most ${UTM_MAX_LINKS} links in one post`,
		});
		// links that already carry every parameter do not count
		const done = Array.from({ length: 500 }, (_, i) => `https://e.com/${i}?${ADDED}`).join(' ');
		expect(tagLinks(done, TAGS)).toEqual({ text: done, tagged: 0 });
	});

	test('no parameters, or no link, leaves the text as it is', () => {
		expect(tagLinks('https://e.com', [])).toEqual({ text: 'https://e.com', tagged: 0 });
		expect(tagLinks('no links here.', TAGS)).toEqual({ text: 'no links here.', tagged: 0 });
	});
});

/** Tokens of generated texts: link starts, the parts of queries and fragments, markers, mentions, punctuation. */
const TOKENS = [
	'https://a.com',
	'http://b.org/',
	'https://e.com/p?',
	'utm_source=',
	'utm_medium',
	'utm%5Fcampaign=',
	'x',
	'&',
	'=',
	'#',
	'?',
	'/',
	'.',
	',',
	'(',
	')',
	').x',
	'-',
	'~',
	'!',
	' ',
	'\n',
	'é',
	'中',
	'\u{1F600}',
	'a.com/',
	`<svc:comment-thread id=${A}>`,
	'</svc:comment-thread>',
	`<svc:comment-thread id=${A}/>`,
	'@[',
	'](urn:li:person:1)',
];
const text = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((parts) => parts.join(''));
/** Values that no generated text holds, so what was added can be told from what was there. */
const MARKED: UtmParameters = [
	['utm_source', 'Zq9s'],
	['utm_medium', 'Zq9m'],
	['utm_campaign', 'Zq9c'],
];
const ADDED_BLOCK =
	/[?&]utm_(?:source|medium|campaign)=Zq9[smc](?:&utm_(?:source|medium|campaign)=Zq9[smc])*/g;

describe('tagLinks on generated texts', () => {
	test('tagging twice gives the text of tagging once', () => {
		fc.assert(
			fc.property(text, (input) => {
				const once = tagLinks(input, MARKED);
				if (!('text' in once)) return;
				expect(tagLinks(once.text, MARKED)).toEqual({ text: once.text, tagged: 0 });
			}),
			{ numRuns: 2000 },
		);
	});

	test('only parameters are added, at the end of links: without them the text is the one given', () => {
		let taggedSome = 0;
		fc.assert(
			fc.property(text, (input) => {
				const result = tagLinks(input, MARKED);
				if (!('text' in result)) return;
				if (result.tagged > 0) taggedSome++;
				expect(result.text.replace(ADDED_BLOCK, '')).toBe(input);
				// every block added ends a link the finder reads, or stands right before that link's fragment
				const links = findLinks(result.text, false);
				const blocks = [...result.text.matchAll(ADDED_BLOCK)];
				expect(blocks.length).toBe(result.tagged);
				for (const block of blocks) {
					const after = block.index + block[0].length;
					const link = links.find(
						({ start, length }) => start < block.index && after <= start + length,
					);
					expect(link).toBeDefined();
					const end = (link?.start ?? 0) + (link?.length ?? 0);
					expect(after === end || result.text[after] === '#').toBe(true);
				}
			}),
			{ numRuns: 2000 },
		);
		expect(taggedSome).toBeGreaterThan(100);
	});
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** CPU milliseconds per call on a fresh copy of the text, calls repeated until they take 10 ms (as adversarial.test.ts). */
function perCall(work: (input: string) => unknown, input: string): number {
	collectGarbage();
	let calls = 0;
	let elapsed = 0;
	do {
		const copy = ` ${input}`.slice(1);
		const start = cpuMs();
		work(copy);
		elapsed += cpuMs() - start;
		calls++;
	} while (elapsed < 10);
	return elapsed / calls;
}

/**
 * Growth from 100,000 to 400,000 characters (as adversarial.test.ts: below 100,000 the cache and the collector
 * made a linear pass measure 12x from 25,000 at a load of 7): the least ratio of up to three interleaved measures. */
function growth(make: (n: number) => string): number {
	const work = (input: string) => tagLinks(input, TAGS);
	const small = make(100_000);
	const large = make(400_000);
	work(make(1000));
	let ratio = Infinity;
	for (let attempt = 0; attempt < 3 && ratio >= 10; attempt++) {
		let smallMs = Infinity;
		let largeMs = Infinity;
		for (let run = 0; run < 3; run++) {
			smallMs = Math.min(smallMs, perCall(work, small));
			largeMs = Math.min(largeMs, perCall(work, large));
		}
		// under 50 ns a character the work is no pass over the text per character: noise, not growth
		if (largeMs < (large.length * 50) / 1e6) return 0;
		ratio = Math.min(ratio, largeMs / smallMs);
	}
	return ratio;
}

const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

describe('tagLinks grows linearly with the text (400,000 vs 100,000 characters)', () => {
	test.each([
		[
			'links, each to tag (past the cap: refused after one pass)',
			(n: number) => fill('https://a.com/p ', n),
		],
		['links that carry every parameter', (n: number) => fill(`https://a.com/p?${ADDED} `, n)],
		[
			'one link with a long query of "&"',
			(n: number) => `https://a.com/p?${fill('a=1&', n - 20)}b`,
		],
		['one link, then text glued to it', (n: number) => `https://a.com/p${fill(').a', n - 15)}`],
		[
			'links inside one long comment-marker span',
			(n: number) =>
				`<svc:comment-thread id=${A}>${fill('https://a.com ', n - 80)}</svc:comment-thread>`,
		],
		[
			'unclosed marker tags and mentions between links',
			(n: number) => fill('<svc:comment-thread @[https://a.com](urn:li:person:', n),
		],
		['"a.a.a…" after a scheme', (n: number) => `https://${fill('a.', n - 8)}`],
	])(
		'%s',
		(_name, make) => {
			expect(growth(make)).toBeLessThan(10);
		},
		120_000,
	);

	test('generated shapes of the tokens', () => {
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 4 }), (parts) => {
				expect(growth((n) => fill(parts.join(''), n))).toBeLessThan(10);
			}),
			{ numRuns: 6, seed: 40, endOnFailure: true },
		);
	}, 300_000);
});
