import fc from 'fast-check';
import {
	ATTRIBUTE_MAX,
	ELLIPSIS,
	SvgWriter,
	TOOLTIP_MAX,
	clip,
	escapeXml,
	label,
} from '../../../../nodes/SocialPublishing/helpers/svg';
import { wellFormedProblems } from './wellFormed';

/** Texts a service or a user may send: markup, entities, CDATA ends, control and bidi characters, emoji, RTL, lone surrogates. */
const HOSTILE_PIECES = [
	'<script>alert(1)</script>',
	'&',
	'&amp;',
	']]>',
	'<![CDATA[',
	'"',
	"'",
	'\u0000\u0001\u0007\u001b\u007f',
	'\r\n\t',
	'\u202e\u2066\u2069\u200b',
	'\u2028\u2029',
	'שלום עולם',
	'مرحبا',
	'👩🏽‍💻🇩🇪',
	'日本語テキスト',
	'\ud800',
	'\udfff',
	'\ufffe\uffff',
	'e\u0301\u0301\u0301',
];
const hostileText = fc
	.array(
		fc.oneof(
			fc.constantFrom(...HOSTILE_PIECES),
			fc.string({ unit: 'binary', maxLength: 20 }),
			fc.string({ unit: 'grapheme', maxLength: 10 }),
		),
		{ maxLength: 12 },
	)
	.map((pieces) => pieces.join(''));
const columns = fc.integer({ min: 1, max: 150 });

const codePoints = (text: string) => Array.from(text).length;
/** Characters XML 1.0 refuses, and lone surrogates (no character at all). */
const NOT_XML =
	/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('clip', () => {
	test('a short plain text is kept as it is, without an ellipsis', () => {
		expect(clip('Launch day', 10)).toBe('Launch day');
		expect(clip('Launch day', 9)).toBe(`Launch d${ELLIPSIS}`);
		expect(clip(42, 5)).toBe('42');
		expect(clip({ toString: () => 'x' }, 5)).toBe('');
	});

	test('line breaks, tabs, control and bidi characters become one space; ends are trimmed', () => {
		expect(clip('  a\r\n\tb\u0000\u202ec  ', 20)).toBe('a b c');
	});

	test('wide characters count two columns; a cut never splits an emoji or a surrogate pair', () => {
		expect(clip('日本語テキスト', 6)).toBe(`日本${ELLIPSIS}`);
		expect(clip('👍👍👍👍', 5)).toBe(`👍👍${ELLIPSIS}`);
		expect(clip('a\ud800b', 5)).toBe('ab');
	});

	test('property: at most `columns` characters, one line, nothing XML refuses; short texts unchanged', () => {
		fc.assert(
			fc.property(hostileText, columns, (text, max) => {
				const shown = clip(text, max);
				expect(codePoints(shown)).toBeLessThanOrEqual(max);
				expect(shown).not.toMatch(/[\r\n\t\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
				expect(shown).not.toMatch(NOT_XML);
				expect(shown).toBe(shown.trim());
				const plain = text.replace(/[^a-z]/g, '');
				if (plain.length <= max) expect(clip(plain, max)).toBe(plain);
				else expect(clip(plain, max)).toBe(`${plain.slice(0, max - 1)}${ELLIPSIS}`);
			}),
			{ numRuns: 400 },
		);
	});

	test('property: it reads a bounded prefix (whatever follows the first columns × 8 + 64 code units changes nothing)', () => {
		fc.assert(
			fc.property(hostileText, columns, hostileText, (text, max, tail) => {
				const head = text.padEnd(max * 8 + 64, '\u0000');
				expect(clip(`${head}${tail}y`, max)).toBe(clip(`${head}x`, max));
			}),
			{ numRuns: 200 },
		);
	});

	test('a 1,000,000-character text costs no more than a short one', () => {
		const long = '&<'.repeat(500_000);
		const short = '&<'.repeat(500);
		const timeOf = (text: string) => {
			let best = Infinity;
			for (let round = 0; round < 3; round++) {
				const started = process.hrtime.bigint();
				for (let i = 0; i < 1000; i++) clip(text, 60);
				best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
			}
			return best;
		};
		expect(clip(long, 60)).toBe(`${'&<'.repeat(29)}&${ELLIPSIS}`);
		timeOf(short);
		// a ratio, not a figure: a clip that walked the whole text would cost 1,000 times the short one's
		expect(timeOf(long)).toBeLessThan(20 * Math.max(timeOf(short), 5));
	});
});

describe('escapeXml and label', () => {
	test('markup, entities and CDATA ends become text', () => {
		expect(escapeXml(`<script>"&'</script>]]>`)).toBe(
			'&lt;script&gt;&quot;&amp;&apos;&lt;/script&gt;]]&gt;',
		);
		expect(escapeXml('a\u0001b\ud800c👍')).toBe('abc👍');
	});

	test('property: a label is well-formed text inside an element and inside an attribute', () => {
		fc.assert(
			fc.property(hostileText, columns, (text, max) => {
				const escaped = label(text, max);
				expect(wellFormedProblems(`<t a="${escaped}">${escaped}</t>`)).toEqual([]);
				expect(escaped).not.toMatch(/[<>"']/);
				expect(escaped).not.toMatch(NOT_XML);
			}),
			{ numRuns: 400 },
		);
	});
});

describe('SvgWriter', () => {
	test('a picture of hostile texts and attribute values is well-formed, each text bounded', () => {
		fc.assert(
			fc.property(fc.array(hostileText, { maxLength: 30 }), (texts) => {
				const svg = new SvgWriter({ width: 400, height: 300, title: texts[0] ?? '' });
				svg.group({ 'data-slot': texts[1] ?? 'free' });
				for (const [index, text] of texts.entries()) {
					svg.text({ x: index, y: 10, 'data-title': text }, text, 40, true);
					svg.shape('rect', { x: index, y: 20, width: 5, height: 5 }, text);
				}
				svg.end();
				const out = svg.toString();
				expect(wellFormedProblems(out)).toEqual([]);
				for (const match of out.matchAll(/>([^<]*)<\/text>/g))
					expect(codePoints(match[1].replace(/&\w+;/g, '_'))).toBeLessThanOrEqual(40);
				for (const match of out.matchAll(/<title>([^<]*)<\/title>/g))
					expect(codePoints(match[1].replace(/&\w+;/g, '_'))).toBeLessThanOrEqual(TOOLTIP_MAX);
				for (const match of out.matchAll(/data-title="([^"]*)"/g))
					expect(codePoints(match[1].replace(/&\w+;/g, '_'))).toBeLessThanOrEqual(ATTRIBUTE_MAX);
			}),
			{ numRuns: 150 },
		);
	});

	test('numbers are written rounded, and NaN or Infinity as 0', () => {
		const out = new SvgWriter({ width: 10, height: 10 })
			.shape('circle', { cx: 1 / 3, cy: Number.NaN, r: Infinity })
			.toString();
		expect(out).toContain('<circle cx="0.33" cy="0" r="0"/>');
	});

	test('elements past the bound are left out, and the picture says how many', () => {
		const svg = new SvgWriter({ width: 100, height: 100 }, 10);
		for (let i = 0; i < 25; i++) svg.shape('rect', { x: i, y: 0, width: 1, height: 1 });
		const out = svg.toString();
		expect(out.match(/<rect /g)).toHaveLength(10);
		expect(out).toContain('>15 more elements not drawn</text>');
		expect(svg.elements).toBe(10);
		expect(wellFormedProblems(out)).toEqual([]);
	});

	test('a group left out takes its children with it; an open group is closed at the end', () => {
		const svg = new SvgWriter({ width: 100, height: 100 }, 2);
		svg.group({ id: 'a' }).shape('rect', { x: 0 });
		svg.group({ id: 'b' }).shape('rect', { x: 1 }).text({ x: 0 }, 'never drawn', 10).end();
		svg.group({ id: 'c' });
		const out = svg.toString();
		expect(out).not.toContain('id="b"');
		expect(out).not.toContain('never drawn');
		expect(out).toContain('>4 more elements not drawn</text>');
		expect(wellFormedProblems(out)).toEqual([]);
	});

	test('names that are not XML names are refused: they never come from outside', () => {
		const svg = new SvgWriter({ width: 1, height: 1 });
		expect(() => svg.shape('rect onload=x', {})).toThrow('Not an element name');
		expect(() => svg.shape('rect', { 'a"b': 1 })).toThrow('Not an attribute name');
		expect(() => svg.end()).toThrow('without an open group');
	});
});
