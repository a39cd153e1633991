/**
 * The bitmap font of the PNG pictures (raster.ts): our own 5 x 7 glyphs of printable ASCII, each five columns of
 * seven bits (bit 0 the top row), drawn one column apart. A letter with a diacritic is drawn as its base letter
 * (NFD, combining marks dropped: "é" as "e"); the ellipsis and the middle dot have glyphs; any other character is
 * drawn as a hollow box, so a reader sees that something stands there.
 */

/** Columns a glyph is wide and rows it is high, before scaling; a character takes GLYPH_WIDTH + 1 columns. */
export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

// ' ' (0x20) to '~' (0x7e), five columns each
const ASCII = [
	'0000000000',
	'00005f0000',
	'0007000700',
	'147f147f14',
	'242a7f2a12',
	'2313086462',
	'3649552250',
	'0005030000',
	'001c224100',
	'0041221c00',
	'142a1c2a14',
	'08083e0808',
	'0050300000',
	'0808080808',
	'0060600000',
	'2010080402',
	'3e5149453e',
	'00427f4000',
	'4261514946',
	'2141454b31',
	'1814127f10',
	'2745454539',
	'3c4a494930',
	'0171090503',
	'3649494936',
	'064949291e',
	'0036360000',
	'0056360000',
	'0814224100',
	'1414141414',
	'0041221408',
	'0201510906',
	'324979413e',
	'7e1111117e',
	'7f49494936',
	'3e41414122',
	'7f4141221c',
	'7f49494941',
	'7f09090101',
	'3e41415132',
	'7f0808087f',
	'00417f4100',
	'2040413f01',
	'7f08142241',
	'7f40404040',
	'7f020c027f',
	'7f0408107f',
	'3e4141413e',
	'7f09090906',
	'3e4151215e',
	'7f09192946',
	'4649494931',
	'01017f0101',
	'3f4040403f',
	'1f2040201f',
	'3f4038403f',
	'6314081463',
	'0708700807',
	'6151494543',
	'007f414100',
	'0204081020',
	'0041417f00',
	'0402010204',
	'4040404040',
	'0001020400',
	'2054545478',
	'7f48444438',
	'3844444420',
	'384444487f',
	'3854545418',
	'087e090102',
	'0c5252523e',
	'7f08040478',
	'00447d4000',
	'2040443d00',
	'7f10284400',
	'00417f4000',
	'7c04180478',
	'7c08040478',
	'3844444438',
	'7c14141408',
	'081414187c',
	'7c08040408',
	'4854545420',
	'043f444020',
	'3c4040207c',
	'1c2040201c',
	'3c4030403c',
	'4428102844',
	'0c5050503c',
	'4464544c44',
	'0008364100',
	'00007f0000',
	'0041360800',
	'0804080408',
];

const glyphOf = (hex: string): Uint8Array =>
	Uint8Array.from({ length: GLYPH_WIDTH }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));

const GLYPHS = new Map<number, Uint8Array>(ASCII.map((hex, index) => [0x20 + index, glyphOf(hex)]));
GLYPHS.set(0x2026, glyphOf('4000400040')); // … ellipsis
GLYPHS.set(0x00b7, glyphOf('0000080000')); // · middle dot
GLYPHS.set(0x2013, glyphOf('0808080808')); // – en dash, as a hyphen
GLYPHS.set(0x2014, glyphOf('0808080808')); // — em dash
GLYPHS.set(0x2018, glyphOf('0005030000')); // ‘ as '
GLYPHS.set(0x2019, glyphOf('0005030000')); // ’
GLYPHS.set(0x201c, glyphOf('0007000700')); // “ as "
GLYPHS.set(0x201d, glyphOf('0007000700')); // ”

/** The glyph drawn for a character that has none: a hollow box. */
export const PLACEHOLDER = glyphOf('7f4141417f');

/**
 * The glyph of one character (a code point): its own, its base letter's (NFD, combining marks dropped), or the
 * placeholder. A space has an empty glyph.
 */
export function glyph(char: string): Uint8Array {
	const code = char.codePointAt(0) ?? 0x20;
	const own = GLYPHS.get(code);
	if (own) return own;
	const base = char.normalize('NFD').codePointAt(0) ?? code;
	return GLYPHS.get(base) ?? PLACEHOLDER;
}
