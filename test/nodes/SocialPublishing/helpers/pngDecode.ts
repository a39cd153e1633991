import { crc32, inflateSync } from 'node:zlib';

/**
 * A PNG file read back in the tests with node's zlib, independently of the node's encoder: the signature, every
 * chunk's CRC-32, the header, the palette and the pixels (IDAT inflated, each row unfiltered, filter types 0 to 4
 * of PNG 9.2). Indexed colour with 8 bits a pixel (what the node writes) and truecolour RGB/RGBA 8 bits are read;
 * anything else is refused, so a test never reads a picture it cannot read.
 */

export interface DecodedPng {
	width: number;
	height: number;
	colourType: number;
	chunks: string[];
	/** `#rrggbb` of a pixel; throws outside the picture */
	colourAt(x: number, y: number): string;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const hex = (r: number, g: number, b: number) =>
	`#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function unfilter(raw: Buffer, width: number, height: number, bpp: number): Uint8Array {
	const stride = width * bpp;
	if (raw.length !== (stride + 1) * height)
		throw new Error(`IDAT holds ${raw.length} bytes, not ${(stride + 1) * height}`);
	const out = new Uint8Array(stride * height);
	for (let y = 0; y < height; y++) {
		const type = raw[y * (stride + 1)];
		for (let i = 0; i < stride; i++) {
			const x = raw[y * (stride + 1) + 1 + i];
			const a = i >= bpp ? out[y * stride + i - bpp] : 0;
			const b = y > 0 ? out[(y - 1) * stride + i] : 0;
			const c = i >= bpp && y > 0 ? out[(y - 1) * stride + i - bpp] : 0;
			const p = a + b - c;
			const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
			const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
			const predicted = [0, a, b, (a + b) >> 1, paeth][type];
			if (predicted === undefined) throw new Error(`row ${y} has filter type ${type}`);
			out[y * stride + i] = (x + predicted) & 0xff;
		}
	}
	return out;
}

export function decodePng(file: Uint8Array | Buffer): DecodedPng {
	const data = Buffer.from(file);
	if (!data.subarray(0, 8).equals(SIGNATURE)) throw new Error('no PNG signature');
	const chunks: string[] = [];
	const idat: Buffer[] = [];
	let header: Buffer | undefined;
	let palette: Buffer | undefined;
	for (let at = 8; at < data.length; ) {
		const length = data.readUInt32BE(at);
		const type = data.toString('latin1', at + 4, at + 8);
		const body = data.subarray(at + 8, at + 8 + length);
		const crc = data.readUInt32BE(at + 8 + length);
		if (crc32(data.subarray(at + 4, at + 8 + length)) !== crc)
			throw new Error(`chunk ${type} has a wrong CRC`);
		chunks.push(type);
		if (type === 'IHDR') header = body;
		if (type === 'PLTE') palette = body;
		if (type === 'IDAT') idat.push(body);
		at += 12 + length;
	}
	if (!header || chunks[0] !== 'IHDR' || chunks[chunks.length - 1] !== 'IEND')
		throw new Error(`chunks out of order: ${chunks.join(',')}`);
	const width = header.readUInt32BE(0);
	const height = header.readUInt32BE(4);
	const [depth, colourType, , , interlace] = header.subarray(8);
	if (depth !== 8 || interlace !== 0 || ![2, 3, 6].includes(colourType))
		throw new Error(
			`unread PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`,
		);
	const bpp = colourType === 3 ? 1 : colourType === 2 ? 3 : 4;
	const pixels = unfilter(inflateSync(Buffer.concat(idat)), width, height, bpp);
	if (colourType === 3 && !palette) throw new Error('indexed colour without a palette');
	const colours: string[] = [];
	for (let i = 0; palette && i + 2 < palette.length; i += 3)
		colours.push(hex(palette[i], palette[i + 1], palette[i + 2]));
	const colourAt = (x: number, y: number): string => {
		if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height)
			throw new Error(`(${x}, ${y}) is outside the ${width} x ${height} picture`);
		const at = (y * width + x) * bpp;
		if (colourType !== 3) return hex(pixels[at], pixels[at + 1], pixels[at + 2]);
		const colour = colours[pixels[at]];
		if (colour === undefined) throw new Error(`palette index ${pixels[at]} missing`);
		return colour;
	};
	return { width, height, colourType, chunks, colourAt };
}

/** The colours of the pixels in a box (x, y, width, height), each with how many pixels have it. */
export function coloursIn(
	png: DecodedPng,
	box: { x: number; y: number; width: number; height: number },
): Map<string, number> {
	const counts = new Map<string, number>();
	for (let y = Math.max(0, box.y); y < Math.min(png.height, box.y + box.height); y++)
		for (let x = Math.max(0, box.x); x < Math.min(png.width, box.x + box.width); x++) {
			const colour = png.colourAt(x, y);
			counts.set(colour, (counts.get(colour) ?? 0) + 1);
		}
	return counts;
}

/** The pixels two pictures of one size differ at. */
export function differences(a: DecodedPng, b: DecodedPng): Array<{ x: number; y: number }> {
	if (a.width !== b.width || a.height !== b.height)
		throw new Error(`sizes differ: ${a.width} x ${a.height} and ${b.width} x ${b.height}`);
	const out: Array<{ x: number; y: number }> = [];
	for (let y = 0; y < a.height; y++)
		for (let x = 0; x < a.width; x++) if (a.colourAt(x, y) !== b.colourAt(x, y)) out.push({ x, y });
	return out;
}

/** `rgb(r,g,b)` or `#rrggbb` (an SVG fill) as `#rrggbb`. */
export function fillHex(fill: string): string {
	const rgb = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(fill);
	if (rgb) return hex(Number(rgb[1]), Number(rgb[2]), Number(rgb[3]));
	if (/^#[0-9a-f]{6}$/i.test(fill)) return fill.toLowerCase();
	throw new Error(`not a colour: ${fill}`);
}
