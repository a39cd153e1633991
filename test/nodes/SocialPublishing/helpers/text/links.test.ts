import fc from 'fast-check';
import {
	findLinks,
	linkCharacterClasses,
} from '../../../../../nodes/SocialPublishing/helpers/text/links';

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

describe("The character table of the link rules is twitter-text's classes, unit for unit", () => {
	// twitter-text's classes as it writes them (expressions, case-insensitive without the u flag); the node builds
	// the same table from code unit ranges.
	const LATIN =
		'\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u00ff\\u0100-\\u024f\\u0253\\u0254\\u0256\\u0257\\u0259\\u025b\\u0263\\u0268\\u026f\\u0272\\u0289\\u028b\\u02bb\\u0300-\\u036f\\u1e00-\\u1eff';
	const SPACES =
		'\\x09-\\x0d\\x20\\x85\\xa0\\u1680\\u180e\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
	const INVALID = '\\ufffe\\ufeff\\uffff';
	const DIRECTIONAL = '\\u202a-\\u202e\\u061c\\u200e\\u200f\\u2066-\\u2069';
	const PUNCTUATION = "!'#%&()*+,\\\\\\-./:;<=>?@\\[\\]^_{|}~$";
	// The oracle is twitter-text's own character classes, combining marks inside them on purpose.
	/* eslint-disable no-misleading-character-class */
	const CLASSES: Array<[number, RegExp]> = [
		[1, new RegExp(`^[^${PUNCTUATION}${SPACES}${INVALID}${DIRECTIONAL}]$`, 'i')],
		[2, new RegExp(`^(?:[^A-Za-z0-9@\\uff20$#\\uff03${INVALID}]|[${DIRECTIONAL}])$`, 'i')],
		[4, new RegExp(`^[\\-a-z0-9${LATIN}]$`, 'i')],
		[8, new RegExp(`^[${SPACES}]$`)],
		[16, new RegExp(`^[a-z\\u0400-\\u04ff0-9!*';:=+,.$/%#\\[\\]\\-\\u2013_~@|&${LATIN}]$`, 'i')],
		[32, new RegExp(`^[+\\-a-z\\u0400-\\u04ff0-9=_#/${LATIN}]$`, 'i')],
	];
	/* eslint-enable no-misleading-character-class */

	test('every one of the 65,536 code units is in the same classes', () => {
		const table = linkCharacterClasses();
		const differ: string[] = [];
		for (let unit = 0; unit < 0x10000; unit++) {
			let bits = 0;
			for (const [bit, pattern] of CLASSES)
				if (pattern.test(String.fromCharCode(unit))) bits |= bit;
			if (table[unit] !== bits) differ.push(`U+${unit.toString(16)}: ${table[unit]} vs ${bits}`);
		}
		expect(differ).toEqual([]);
	});
});
