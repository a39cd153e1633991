import fc from 'fast-check';
import { findLinks } from '../../../../../nodes/SocialPublishing/helpers/text/links';

/** The reference implementation of X's link rules (devDependency, used only to cross-check). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const twitterText = require('twitter-text') as {
	extractUrlsWithIndices(text: string): Array<{ indices: [number, number] }>;
};

const spans = (text: string) =>
	findLinks(text).map((link) => [link.start, link.start + link.length]);
const reference = (text: string) =>
	twitterText.extractUrlsWithIndices(text).map((url) => url.indices);

describe('Links are found where twitter-text finds them (the label scanner restates its expression)', () => {
	// Labels, dots, the characters a label may or may not hold, schemes, ports, paths, parentheses, queries,
	// punycode and non-ASCII labels, labels of 63 and 64 characters.
	const pieces = fc.constantFrom(
		'a',
		'b',
		'com',
		'co',
		'uk',
		'.',
		'.',
		'-',
		'_',
		'/',
		'(',
		')',
		'?',
		'=',
		'&',
		'#',
		'@',
		':',
		'8080',
		'http://',
		'https://',
		'HTTP://',
		'xn--',
		'xn--p1ai',
		'中',
		'é',
		' ',
		'\n',
		'😀',
		'\u3002',
		't.co/',
		'example',
		'www',
		'org',
		'io',
		'!',
		'$',
		'ab_c',
		'x'.repeat(63),
		'x'.repeat(64),
		'рф',
		'münchen',
		'de',
		'\u202a',
		'\uff0e',
	);

	test('on generated texts, every link at the same place', () => {
		fc.assert(
			fc.property(fc.array(pieces, { maxLength: 25 }), (parts) => {
				const text = parts.join('');
				expect(spans(text)).toEqual(reference(text));
			}),
			{ numRuns: 5000 },
		);
	});

	test.each([
		['a label of 63 characters is a domain', `${'b'.repeat(63)}.com`, [[0, 67]]],
		['a label of 64 characters is none', `${'c'.repeat(64)}.com`, []],
		['a CJK label is no bare link: only ASCII domains count', `${'中'.repeat(70)}.com`, []],
		['the last label followed by a TLD ends the domain', 'a.b.example.com.x', [[0, 15]]],
		[
			'a sub-domain may hold an underscore; the ASCII domain counted starts after it',
			'a_b.com sub_x.example.com',
			[[12, 25]],
		],
		['a scheme on a CJK domain of 20 characters', `https://${'日'.repeat(20)}.jp/x`, [[0, 33]]],
	])('%s', (_name, text, expected) => {
		expect(spans(text)).toEqual(expected);
		expect(spans(text)).toEqual(reference(text));
	});
});

describe('The path after a domain ends where twitter-text ends it (the path scanner restates its expression)', () => {
	// Paths of path characters, ending characters and not, parentheses balanced, nested, unclosed and in runs,
	// `@…/`, ports and queries, after a domain with and without a scheme.
	const pieces = fc.constantFrom(
		'a.com/',
		'https://a.com/',
		'a.com:80/',
		'/',
		'a',
		'Z',
		'!',
		'.',
		',',
		'\u2013',
		'~',
		'@',
		'@b/',
		'(',
		')',
		'(a)',
		'(!)',
		'((a)b)',
		'(a(b)',
		'(a)!',
		'()',
		'?',
		'?q=1',
		'&',
		'#',
		'é',
		'ж',
		'中',
		' ',
	);

	test('on generated texts, every link at the same place', () => {
		fc.assert(
			fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
				const text = parts.join('');
				expect(spans(text)).toEqual(reference(text));
			}),
			{ numRuns: 5000 },
		);
	});

	test.each([
		['parentheses after the path', 'a.com/x(a)(b)(c)', [[0, 16]]],
		['parentheses alone, then a run without an ending character', 'a.com/(a)(b)!!', [[0, 12]]],
		['an ending character after parentheses', 'a.com/(a)(b)c!', [[0, 13]]],
		['unclosed parentheses', 'a.com/x(a', [[0, 7]]],
	])('%s', (_name, text, expected) => {
		expect(spans(text)).toEqual(expected);
		expect(spans(text)).toEqual(reference(text));
	});
});
