/**
 * The hand-written scanners give what the expressions they replace gave (those read long runs again from every
 * position, see linearity.test.ts): compared on generated texts made of the characters each one looks at.
 */
import fc from 'fast-check';
import {
	paragraphGaps,
	sentenceGaps,
} from '../../../../../nodes/SocialPublishing/helpers/text/breaks';
import { findLinkedInMentions } from '../../../../../nodes/SocialPublishing/helpers/text/mentions';
import {
	graphemeTotal,
	segmentStarts,
} from '../../../../../nodes/SocialPublishing/helpers/text/segments';
import { displayUrl, safeFileName } from '../../../../../nodes/SocialPublishing/helpers/mediaFiles';

const PARAGRAPH = /[ \t]*\n[ \t]*\n\s*/g;
const SENTENCE =
	/(?<=[.!?\u2026]["'\u2019\u201d\u00bb)\]]*)\s+|(?<=[\u3002\uff01\uff1f\uff0e\uff61])\s*|\s*\n\s*/g;
const MENTION = /@\[([^\]\n]*)\]\(urn:li:(?:organization|person):[^)\s]+\)/g;

const matches = (text: string, pattern: RegExp) =>
	Array.from(text.matchAll(pattern), (m) => [m.index, m.index + m[0].length]);

const texts = (...pieces: string[]) =>
	fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(''));

describe('Auto-Split breaks and LinkedIn mentions: the scanners match the expressions', () => {
	const breakText = texts(
		' ',
		'\t',
		'\n',
		'\r',
		'\n\n',
		' \n \n ',
		'.',
		'!',
		'?',
		'…',
		'"',
		'\u201d',
		')',
		']',
		"'",
		'。',
		'！',
		'a',
		'word',
		'\u00a0',
		'\u3000',
		'\u2028',
		'\x1c',
	);

	test('paragraph breaks', () => {
		fc.assert(
			fc.property(breakText, (text) => {
				expect(paragraphGaps(text)).toEqual(matches(text, PARAGRAPH));
			}),
			{ numRuns: 3000 },
		);
	});

	test('sentence ends and line breaks', () => {
		fc.assert(
			fc.property(breakText, (text) => {
				expect(sentenceGaps(text)).toEqual(matches(text, SENTENCE));
			}),
			{ numRuns: 3000 },
		);
	});

	test('LinkedIn mentions', () => {
		const mentionText = texts(
			'@[',
			'@',
			'[',
			']',
			'(urn:li:person:',
			'](urn:li:organization:',
			'(urn:li:group:',
			'1',
			')',
			' ',
			'\n',
			'Acme',
			'\u00a0',
			'$1',
		);
		fc.assert(
			fc.property(mentionText, (text) => {
				expect(findLinkedInMentions(text).map((m) => [m.start, m.end, m.name])).toEqual(
					Array.from(text.matchAll(MENTION), (m) => [m.index, m.index + m[0].length, m[1]]),
				);
			}),
			{ numRuns: 3000 },
		);
	});
});

describe('Segmentation in windows gives the boundaries of the whole text', () => {
	const segmentText = fc
		.array(
			fc.constantFrom(
				'a',
				'é',
				'e\u0301',
				'\u0301\u0301',
				'\u{1F600}',
				'\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
				'\u{1F1E9}\u{1F1EA}',
				'\u{1F1E9}',
				'\u200D',
				'\u{1F44D}\u{1F3FD}',
				'\r\n',
				'\r',
				'\n',
				' ',
				'\u0915\u094D',
				'\u0937',
				'\u0600',
				'\u1100\u1161\u11A8',
				'\uFE0F',
				'word',
				'3.14',
				"don't",
				'.',
				',',
				'\uD83D',
			),
			{ minLength: 50, maxLength: 400 },
		)
		.map((parts) => parts.join(''));
	const whole = (text: string, granularity: 'grapheme' | 'word') =>
		Array.from(new Intl.Segmenter(undefined, { granularity }).segment(text), (s) => s.index).slice(
			1,
		);

	test.each(['grapheme', 'word'] as const)('%s boundaries', (granularity) => {
		fc.assert(
			fc.property(segmentText, (text) => {
				expect(segmentStarts(text, granularity)).toEqual(whole(text, granularity));
			}),
			{ numRuns: 300 },
		);
	});

	test("the grapheme count (boundaries counted, not kept) is the whole text's", () => {
		fc.assert(
			fc.property(segmentText, (text) => {
				expect(graphemeTotal(text)).toBe(
					text.length === 0 ? 0 : whole(text, 'grapheme').length + 1,
				);
			}),
			{ numRuns: 300 },
		);
		expect(graphemeTotal('')).toBe(0);
	});
});

describe('Media file names: the hand trims match the expressions', () => {
	test('a name of dashes and dots is trimmed at both ends, a URL loses its query after the last line break', () => {
		fc.assert(
			fc.property(texts('-', '.', 'a', 'é', ' ', '_', '(', '!'), (stem) => {
				const expected = stem
					.normalize('NFKD')
					.replace(/[\u0300-\u036f]/g, '')
					.replace(/[^A-Za-z0-9_.()-]+/g, '-')
					.replace(/-{2,}/g, '-')
					.replace(/^[-.]+|[-.]+$/g, '');
				expect(safeFileName(stem, 'png')).toBe(`${expected || 'media'}.png`);
			}),
			{ numRuns: 2000 },
		);
		fc.assert(
			fc.property(texts('a', '?', '#', '\n', '\r', ' ', '/'), (url) => {
				expect(displayUrl(url)).toBe(url.replace(/[?#].*$/, ''));
			}),
			{ numRuns: 2000 },
		);
	});
});
