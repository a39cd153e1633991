/**
 * A PNG encoder for the node's pictures, with no library: an indexed-colour (palette) image, its rows unfiltered,
 * compressed by a deflate encoder of our own (one block of the fixed Huffman codes, RFC 1951 3.2.6) inside a zlib
 * stream (RFC 1950: Adler-32), in chunks with their CRC-32 (PNG 5.3). The compressor is a linear-time LZ77 that
 * looks for a match at two places only: one byte back (a run of one colour) and one row back (a row like the one
 * above). Each byte is looked at a bounded number of times, so the time grows with the pixel count and nothing
 * else. Pure, no I/O.
 */

const CRC_TABLE: Uint32Array = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

/** CRC-32 (ISO 3309, as PNG and zlib's crc32) of `bytes`, continuing from `crc` (0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
	let c = (crc ^ 0xffffffff) >>> 0;
	for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

/** Adler-32 (RFC 1950) of `bytes`. */
export function adler32(bytes: Uint8Array): number {
	let a = 1;
	let b = 0;
	const CHUNK = 5552; // zlib's NMAX: the sums are reduced before they could pass 32 bits
	for (let start = 0; start < bytes.length; start += CHUNK) {
		const end = Math.min(start + CHUNK, bytes.length);
		for (let i = start; i < end; i++) {
			a += bytes[i];
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return ((b << 16) | a) >>> 0;
}

/** Bits written least significant first, as deflate packs them. */
class BitWriter {
	private buffer: Uint8Array;
	private length = 0;
	private bits = 0;
	private count = 0;

	constructor(capacity: number) {
		this.buffer = new Uint8Array(Math.max(64, capacity));
	}

	private byte(value: number): void {
		if (this.length === this.buffer.length) {
			const grown = new Uint8Array(this.buffer.length * 2);
			grown.set(this.buffer);
			this.buffer = grown;
		}
		this.buffer[this.length++] = value;
	}

	/** `count` bits of `value`, lowest first. */
	write(value: number, count: number): void {
		this.bits |= value << this.count;
		this.count += count;
		while (this.count >= 8) {
			this.byte(this.bits & 0xff);
			this.bits >>>= 8;
			this.count -= 8;
		}
	}

	/** A Huffman code of `length` bits, written most significant first (RFC 1951 3.1.1). */
	code(code: number, length: number): void {
		let reversed = 0;
		for (let i = 0; i < length; i++) reversed |= ((code >>> i) & 1) << (length - 1 - i);
		this.write(reversed, length);
	}

	bytes(): Uint8Array {
		if (this.count > 0) {
			this.byte(this.bits & 0xff);
			this.bits = 0;
			this.count = 0;
		}
		return this.buffer.slice(0, this.length);
	}
}

/** A literal/length symbol in the fixed Huffman code (RFC 1951 3.2.6). */
function fixedSymbol(out: BitWriter, symbol: number): void {
	if (symbol < 144) out.code(0x30 + symbol, 8);
	else if (symbol < 256) out.code(0x190 + symbol - 144, 9);
	else if (symbol < 280) out.code(symbol - 256, 7);
	else out.code(0xc0 + symbol - 280, 8);
}

const LENGTH_BASE = [
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
	163, 195, 227, 258,
];
const LENGTH_EXTRA = [
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE = [
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** The index of the last base not above `value` (the tables are short: 29 and 30 entries). */
function baseIndex(bases: readonly number[], value: number): number {
	let index = 0;
	while (index + 1 < bases.length && bases[index + 1] <= value) index++;
	return index;
}

function writeMatch(out: BitWriter, length: number, distance: number): void {
	const l = baseIndex(LENGTH_BASE, length);
	fixedSymbol(out, 257 + l);
	if (LENGTH_EXTRA[l] > 0) out.write(length - LENGTH_BASE[l], LENGTH_EXTRA[l]);
	const d = baseIndex(DISTANCE_BASE, distance);
	out.code(d, 5);
	if (DISTANCE_EXTRA[d] > 0) out.write(distance - DISTANCE_BASE[d], DISTANCE_EXTRA[d]);
}

/** Longest match is 258 bytes; a match is worth it from 3. */
const MAX_MATCH = 258;
const MIN_MATCH = 3;
/** The farthest back deflate can point. */
export const MAX_DISTANCE = 32768;

/** How many bytes from `at` repeat those `distance` back, at most MAX_MATCH. */
function matchLength(data: Uint8Array, at: number, distance: number): number {
	if (distance <= 0 || distance > at) return 0;
	const limit = Math.min(MAX_MATCH, data.length - at);
	let length = 0;
	while (length < limit && data[at + length] === data[at + length - distance]) length++;
	return length;
}

/**
 * `data` as one final deflate block of the fixed Huffman codes. Matches are looked for one byte back and
 * `stride` bytes back (a row above, when `stride` is one and at most MAX_DISTANCE); the longer is taken, greedily.
 * At most 2 * 258 comparisons a symbol written: linear in the length of `data`.
 */
export function deflate(data: Uint8Array, stride = 0): Uint8Array {
	const out = new BitWriter(data.length / 4 + 64);
	out.write(1, 1); // BFINAL
	out.write(1, 2); // BTYPE 01: fixed Huffman codes
	const far = stride > 1 && stride <= MAX_DISTANCE ? stride : 0;
	let at = 0;
	while (at < data.length) {
		const near = matchLength(data, at, 1);
		const above = far > 0 ? matchLength(data, at, far) : 0;
		const length = Math.max(near, above);
		if (length >= MIN_MATCH) {
			writeMatch(out, length, above > near ? far : 1);
			at += length;
		} else {
			fixedSymbol(out, data[at]);
			at++;
		}
	}
	fixedSymbol(out, 256);
	return out.bytes();
}

/** `data` as a zlib stream (RFC 1950): header, deflate, Adler-32. */
export function zlibStream(data: Uint8Array, stride = 0): Uint8Array {
	const body = deflate(data, stride);
	const out = new Uint8Array(body.length + 6);
	out[0] = 0x78; // deflate, 32 KiB window
	out[1] = 0x01; // no dictionary, fastest; (0x78 * 256 + 0x01) % 31 === 0
	out.set(body, 2);
	const sum = adler32(data);
	out[out.length - 4] = sum >>> 24;
	out[out.length - 3] = (sum >>> 16) & 0xff;
	out[out.length - 2] = (sum >>> 8) & 0xff;
	out[out.length - 1] = sum & 0xff;
	return out;
}

function uint32(out: Uint8Array, at: number, value: number): void {
	out[at] = value >>> 24;
	out[at + 1] = (value >>> 16) & 0xff;
	out[at + 2] = (value >>> 8) & 0xff;
	out[at + 3] = value & 0xff;
}

/** One chunk: length, type, data, CRC-32 of type and data (PNG 5.3). */
function chunk(type: string, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(data.length + 12);
	uint32(out, 0, data.length);
	for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
	out.set(data, 8);
	uint32(out, 8 + data.length, crc32(out.subarray(4, 8 + data.length)));
	return out;
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface IndexedImage {
	width: number;
	height: number;
	/** one palette index a pixel, row by row */
	pixels: Uint8Array;
	/** red, green, blue of each palette entry (1 to 256 entries) */
	palette: ReadonlyArray<readonly [number, number, number]>;
}

/** An indexed-colour image as a PNG file: 8 bits a pixel, each row with filter type 0 (None). */
export function encodePng({ width, height, pixels, palette }: IndexedImage): Uint8Array {
	if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
		throw new Error(`A picture of ${width} x ${height} pixels cannot be written`);
	if (pixels.length !== width * height) throw new Error('The pixels do not fill the picture');
	if (palette.length < 1 || palette.length > 256)
		throw new Error(`A palette holds 1 to 256 colours, not ${palette.length}`);
	const header = new Uint8Array(13);
	uint32(header, 0, width);
	uint32(header, 4, height);
	header[8] = 8; // bit depth
	header[9] = 3; // colour type: indexed
	const colours = new Uint8Array(palette.length * 3);
	palette.forEach(([r, g, b], index) => colours.set([r, g, b], index * 3));
	const stride = width + 1;
	const raw = new Uint8Array(stride * height);
	for (let row = 0; row < height; row++)
		raw.set(pixels.subarray(row * width, (row + 1) * width), row * stride + 1);
	const parts = [
		Uint8Array.from(PNG_SIGNATURE),
		chunk('IHDR', header),
		chunk('PLTE', colours),
		chunk('IDAT', zlibStream(raw, stride)),
		chunk('IEND', new Uint8Array(0)),
	];
	const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}
