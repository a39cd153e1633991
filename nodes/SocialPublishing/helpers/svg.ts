import {
	ElementBudget,
	MAX_ELEMENTS,
	type Attributes,
	type Hatch,
	type Picture,
	type PictureSize,
	type PictureWriter,
} from './picture';

export { MAX_ELEMENTS, type Attributes } from './picture';

/**
 * A small SVG writer for the node's pictures (the Best Times heat map, the queue calendar, the analytics charts):
 * pure, no I/O. Every text is cut to a number of columns with an ellipsis, put on one line and XML-escaped;
 * every attribute value is escaped; a picture holds at most a fixed number of elements. Each call reads a
 * bounded prefix of the text it is given, so a picture's cost grows with what is drawn, never with the size of
 * a text from outside.
 */

const XML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&apos;',
};

/** Whether XML 1.0 allows the UTF-16 code unit: no control characters but tab, line feed and carriage return, and not U+FFFE or U+FFFF. */
const allowed = (code: number) =>
	code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code < 0xfffe);

/**
 * Text made safe for an XML text node or attribute; characters XML 1.0 does not allow are dropped, and so are
 * lone halves of a surrogate pair (no character to encode). One pass.
 */
export function escapeXml(text: string): string {
	let out = '';
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code >= 0xd800 && code <= 0xdfff) {
			const next = text.charCodeAt(i + 1);
			if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
				out += text[i] + text[i + 1];
				i++;
			}
			continue;
		}
		if (!allowed(code)) continue;
		const char = text[i];
		out += XML_ESCAPES[char] ?? char;
	}
	return out;
}

/**
 * Characters that are not drawn as themselves: control characters (line breaks and tabs among them), invisible
 * format characters (bidirectional overrides and isolates, zero-width spaces) and the line and paragraph
 * separators. They become one space. The zero-width joiner stays: it holds emoji sequences together.
 */
const BLANK = /^(?:(?!\u200d)[\p{Cc}\p{Cf}\p{Z}\s])$/u;
/** Characters drawn about twice as wide as a Latin letter: CJK, Hangul, fullwidth forms, most emoji. */
const WIDE: ReadonlyArray<readonly [number, number]> = [
	[0x1100, 0x115f],
	[0x2e80, 0xa4cf],
	[0xac00, 0xd7a3],
	[0xf900, 0xfaff],
	[0xfe30, 0xfe4f],
	[0xff00, 0xff60],
	[0xffe0, 0xffe6],
	[0x1f300, 0x1faff],
	[0x20000, 0x3fffd],
];
const columnsOf = (code: number) => (WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1);

/** The ellipsis a cut text ends with. */
export const ELLIPSIS = '…';

/** A value from outside as text: strings as they are, numbers and booleans written, anything else empty. */
function asText(value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return '';
}

/**
 * A text on one line, at most `columns` columns wide (a wide character counts two), cut with an ellipsis when
 * longer: runs of blanks and invisible characters become one space, ends trimmed, lone surrogates and the
 * noncharacters U+FFFE and U+FFFF dropped, a
 * cut never splits a character. Not escaped (see `label`). Reads at most `columns * 8 + 64` code units of the
 * text, whatever its length.
 */
export function clip(value: unknown, columns: number): string {
	const text = asText(value);
	const budget = Math.max(1, Math.floor(columns));
	const window = budget * 8 + 64;
	const head = text.length > window ? text.slice(0, window) : text;
	const kept: Array<{ char: string; width: number }> = [];
	let used = 0;
	let space = false;
	let cut = head.length < text.length;
	for (let i = 0; i < head.length; ) {
		const code = head.codePointAt(i) as number;
		const char = String.fromCodePoint(code);
		i += char.length;
		if ((code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) continue;
		if (BLANK.test(char)) {
			space = kept.length > 0;
			continue;
		}
		const width = columnsOf(code) + (space ? 1 : 0);
		if (used + width > budget) {
			cut = true;
			break;
		}
		if (space) kept.push({ char: ' ', width: 1 });
		kept.push({ char, width: width - (space ? 1 : 0) });
		used += width;
		space = false;
	}
	if (cut) {
		while (kept.length > 0 && used + 1 > budget) used -= (kept.pop() as { width: number }).width;
		while (kept.length > 0 && /^[\s\u200d]$/u.test(kept[kept.length - 1].char)) kept.pop();
		kept.push({ char: ELLIPSIS, width: 1 });
	}
	let out = '';
	for (const { char } of kept) out += char;
	return out;
}

/** A text from outside ready to write into an SVG: cut to `columns` (see `clip`), then escaped. */
export const label = (value: unknown, columns: number): string => escapeXml(clip(value, columns));

/** Characters of an attribute value kept (a date, an id, a platform list): values from outside are bounded too. */
export const ATTRIBUTE_MAX = 200;
/** Characters of a tooltip (`<title>`) kept. */
export const TOOLTIP_MAX = 300;
const NAME = /^[a-zA-Z][\w:-]*$/;

/** A number as an attribute: rounded to two places, no exponent, never NaN. */
function numeral(value: number): string {
	if (!Number.isFinite(value)) return '0';
	return String(Math.round(value * 100) / 100);
}

/** A list of numbers, space-separated; one pass. */
function numerals(values: readonly number[]): string {
	let out = '';
	for (const value of values) out += `${out ? ' ' : ''}${numeral(value)}`;
	return out;
}

function attributes(attrs: Attributes): string {
	let out = '';
	for (const [name, value] of Object.entries(attrs)) {
		if (value === undefined) continue;
		if (!NAME.test(name)) throw new Error(`Not an attribute name: ${name.slice(0, 40)}`);
		const text =
			typeof value === 'number'
				? numeral(value)
				: typeof value === 'string'
					? label(value, ATTRIBUTE_MAX)
					: numerals(value);
		out += ` ${name}="${text}"`;
	}
	return out;
}

export type SvgSize = PictureSize;

/**
 * An SVG picture built element by element. Each call adds one element (with its tooltip, if given); past
 * MAX_ELEMENTS the calls add nothing and the picture ends with a line saying how many were left out. A group
 * left out takes its children with it.
 */
export class SvgWriter implements PictureWriter {
	private readonly parts: string[] = [];
	private readonly budget: ElementBudget;

	constructor(
		private readonly size: SvgSize,
		max = MAX_ELEMENTS,
	) {
		this.budget = new ElementBudget(max);
	}

	/** Elements written so far. */
	get elements(): number {
		return this.budget.count;
	}

	private room(): boolean {
		return this.budget.room();
	}

	/** An empty element (`rect`, `line`, `circle`, `polyline`, `path`), with a tooltip when `tooltip` is given. */
	shape(name: string, attrs: Attributes, tooltip?: string): this {
		if (!NAME.test(name)) throw new Error(`Not an element name: ${name.slice(0, 40)}`);
		if (!this.room()) return this;
		this.parts.push(
			tooltip === undefined
				? `<${name}${attributes(attrs)}/>`
				: `<${name}${attributes(attrs)}><title>${label(tooltip, TOOLTIP_MAX)}</title></${name}>`,
		);
		return this;
	}

	/**
	 * A line of text, cut to `columns` with an ellipsis and escaped; with `tooltip`, the longer text (cut to
	 * TOOLTIP_MAX) as its tooltip when it was cut.
	 */
	text(attrs: Attributes, value: unknown, columns: number, tooltip = false): this {
		if (!this.room()) return this;
		const shown = clip(value, columns);
		const full =
			tooltip && shown.endsWith(ELLIPSIS) ? `<title>${label(value, TOOLTIP_MAX)}</title>` : '';
		this.parts.push(`<text${attributes(attrs)}>${full}${escapeXml(shown)}</text>`);
		return this;
	}

	/** Opens a group (`<g>`); every group is closed with `end`. */
	group(attrs: Attributes): this {
		if (this.budget.push()) this.parts.push(`<g${attributes(attrs)}>`);
		return this;
	}

	end(): this {
		if (this.budget.pop()) this.parts.push('</g>');
		return this;
	}

	/** A pattern of diagonal lines (`fill="url(#id)"`), written in the picture's definitions. */
	hatch({ id, size, background, stroke, strokeWidth }: Hatch): this {
		const n = numeral(size);
		return this.defs(
			`<pattern${attributes({ id, width: size, height: size, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' })}><rect width="${n}" height="${n}"${attributes({ fill: background })}/><line x1="0" y1="0" x2="0" y2="${n}"${attributes({ stroke, 'stroke-width': strokeWidth })}/></pattern>`,
		);
	}

	/** Definitions the picture's code writes (patterns, markers): never text from outside. */
	defs(markup: string): this {
		this.parts.push(`<defs>${markup}</defs>`);
		return this;
	}

	picture(): Picture {
		return { data: utf8(this.toString()), mimeType: 'image/svg+xml', fileExtension: 'svg' };
	}

	/** The whole picture: every open group closed, and a line saying how many elements were left out, if any. */
	toString(): string {
		const { width, height, fontSize = 12, title } = this.size;
		const closing: string[] = [];
		for (let i = 0; i < this.budget.openDrawn; i++) closing.push('</g>');
		const left = this.budget.left;
		const note =
			left > 0
				? `<text x="8" y="${numeral(height - 6)}" font-size="10" fill="#b00020">${left} more elements not drawn</text>`
				: '';
		return [
			`<svg xmlns="http://www.w3.org/2000/svg" width="${numeral(width)}" height="${numeral(height)}" viewBox="0 0 ${numeral(width)} ${numeral(height)}" font-family="sans-serif" font-size="${numeral(fontSize)}">`,
			...(title === undefined ? [] : [`<title>${label(title, TOOLTIP_MAX)}</title>`]),
			...this.parts,
			...closing,
			note,
			'</svg>',
		]
			.filter((part) => part !== '')
			.join('\n');
	}
}

/** The SVG as UTF-8 bytes. */
export function utf8(text: string): Uint8Array {
	return new TextEncoder().encode(text);
}
