import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font';
import {
	ElementBudget,
	MAX_ELEMENTS,
	type Attributes,
	type Hatch,
	type Picture,
	type PictureSize,
	type PictureWriter,
} from './picture';
import { encodePng } from './png';
import { clip } from './svg';

/**
 * The PNG writer of the node's pictures: the calls of the SVG writer (picture.ts) drawn into pixels of a palette
 * of at most 256 colours, then encoded by png.ts. What it draws: `rect` (fill, stroke, `rx`, `stroke-dasharray`),
 * `line`, `polyline`, `circle` (any other element name draws nothing: the drawing code uses no other), and text
 * in the bitmap font of font.ts (scaled by whole steps of its font size, bold drawn twice one pixel apart, italic
 * drawn upright), cut to its columns as the SVG cuts it (svg.ts `clip`).
 * Every drawing call stays inside the picture and inside the box it is given, so its cost is bounded by the
 * picture's pixel size, which the drawing code fixes; tooltips and groups' attributes are SVG only.
 */

/** A side of a PNG picture is at most this many pixels (the longest calendar is about 7,300). */
export const RASTER_MAX_SIDE = 8192;

type Rgb = readonly [number, number, number];
/** A hatch with its colours read. */
interface HatchPaint {
	size: number;
	strokeWidth: number;
	on: Rgb;
	off: Rgb;
}
/** A paint: one colour, or a hatch's two. */
type Paint = { rgb: Rgb } | { hatch: HatchPaint };

/** A colour of the drawing code: `#rgb`, `#rrggbb` or `rgb(r,g,b)`; undefined for `none` and anything else. */
export function parseColour(value: string): Rgb | undefined {
	const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
	if (long) return [parseInt(long[1], 16), parseInt(long[2], 16), parseInt(long[3], 16)];
	const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
	if (short) return [1, 2, 3].map((i) => parseInt(short[i] + short[i], 16)) as unknown as Rgb;
	const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(value);
	if (rgb) return [1, 2, 3].map((i) => Math.min(255, Number(rgb[i]))) as unknown as Rgb;
	return undefined;
}

const numberOf = (value: Attributes[string], fallback: number): number => {
	const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
	return Number.isFinite(n) ? n : fallback;
};

const textOf = (value: Attributes[string]): string | undefined =>
	typeof value === 'string' ? value : undefined;

/** A dash pattern (`stroke-dasharray`) as on and off lengths; undefined when solid. */
function dashesOf(value: Attributes[string]): number[] | undefined {
	const text = textOf(value);
	if (!text) return undefined;
	const parts = text
		.split(/[\s,]+/)
		.slice(0, 8)
		.map(Number)
		.filter((n) => Number.isFinite(n) && n > 0);
	return parts.length > 0 ? parts : undefined;
}

/** Whether the dash pattern is on at `position` pixels along a line. */
function dashOn(dashes: number[] | undefined, position: number): boolean {
	if (!dashes) return true;
	const cycle = dashes.reduce((sum, n) => sum + n, 0) * (dashes.length % 2 === 1 ? 2 : 1);
	let at = ((position % cycle) + cycle) % cycle;
	for (let i = 0; ; i++) {
		const length = dashes[i % dashes.length];
		if (at < length) return i % 2 === 0;
		at -= length;
	}
}

/** The pixel font's scale at a font size, in whole steps: up to 13 at 1 (a 6-pixel advance), 14 to 22 at 2, at most 4. */
function scaleOf(fontSize: number): number {
	return Math.max(1, Math.min(4, Math.round(fontSize / 9)));
}

/** Combining marks and joiners take no place: the base letter before them is drawn. */
const ZERO_WIDTH = /^[\p{M}\u200b-\u200d\u2060\ufeff]$/u;

export class RasterWriter implements PictureWriter {
	private readonly width: number;
	private readonly height: number;
	private readonly pixels: Uint8Array;
	private readonly palette: Rgb[] = [[255, 255, 255]];
	private readonly colours = new Map<number, number>([[0xffffff, 0]]);
	private readonly hatches = new Map<string, HatchPaint>();
	private readonly budget: ElementBudget;

	constructor(
		private readonly size: PictureSize,
		max = MAX_ELEMENTS,
	) {
		const side = (n: number) => Math.max(1, Math.min(RASTER_MAX_SIDE, Math.round(numberOf(n, 1))));
		this.width = side(size.width);
		this.height = side(size.height);
		this.pixels = new Uint8Array(this.width * this.height);
		this.budget = new ElementBudget(max);
	}

	get elements(): number {
		return this.budget.count;
	}

	/** The palette index of a colour; past 256 colours, the nearest one already in the palette. */
	private index([r, g, b]: Rgb): number {
		const key = (r << 16) | (g << 8) | b;
		const known = this.colours.get(key);
		if (known !== undefined) return known;
		if (this.palette.length < 256) {
			this.palette.push([r, g, b]);
			this.colours.set(key, this.palette.length - 1);
			return this.palette.length - 1;
		}
		let best = 0;
		let distance = Infinity;
		this.palette.forEach(([pr, pg, pb], i) => {
			const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
			if (d < distance) [best, distance] = [i, d];
		});
		return best;
	}

	private paintOf(value: Attributes[string], fallback?: string): Paint | undefined {
		const text = textOf(value) ?? fallback;
		if (text === undefined) return undefined;
		const url = /^url\(#([\w-]+)\)$/.exec(text);
		if (url) {
			const hatch = this.hatches.get(url[1]);
			return hatch ? { hatch } : undefined;
		}
		const rgb = parseColour(text);
		return rgb ? { rgb } : undefined;
	}

	/** Sets one pixel, if it is inside the picture. */
	private plot(x: number, y: number, paint: Paint): void {
		if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
		this.pixels[y * this.width + x] = this.index(this.colourAt(x, y, paint));
	}

	/** A hatch's colour at a pixel: its lines run at 45 degrees, `size` apart, `strokeWidth` wide. */
	private colourAt(x: number, y: number, paint: Paint): Rgb {
		if ('rgb' in paint) return paint.rgb;
		const { size, strokeWidth, on, off } = paint.hatch;
		const along = (x + 0.5 + y + 0.5) / Math.SQRT2;
		const offset = ((along % size) + size) % size;
		return offset < strokeWidth / 2 || offset > size - strokeWidth / 2 ? on : off;
	}

	/** Pixels whose centre is inside the span from `from` to `to` (a rect's side). */
	private span(from: number, length: number, limit: number): [number, number] {
		const start = Math.max(0, Math.ceil(from - 0.5));
		const end = Math.min(limit, Math.ceil(from + length - 0.5));
		return [start, end];
	}

	/** Sets the pixels of a row from `from` to `to` (both included), clipped to the picture. */
	private row(y: number, [from, to]: [number, number], paint: Paint): void {
		if (y < 0 || y >= this.height) return;
		const start = Math.max(0, from);
		const end = Math.min(this.width - 1, to);
		if ('rgb' in paint) {
			if (end >= start)
				this.pixels.fill(this.index(paint.rgb), y * this.width + start, y * this.width + end + 1);
			return;
		}
		for (let x = start; x <= end; x++) this.plot(x, y, paint);
	}

	private rect(attrs: Attributes): void {
		const [x0, x1] = this.span(numberOf(attrs.x, 0), numberOf(attrs.width, 0), this.width);
		const [y0, y1] = this.span(numberOf(attrs.y, 0), numberOf(attrs.height, 0), this.height);
		if (x1 <= x0 || y1 <= y0) return;
		const r = Math.max(0, Math.min(numberOf(attrs.rx, 0), (x1 - x0) / 2, (y1 - y0) / 2));
		// the pixels of row y whose centre is inside the rounded rectangle: [first, last], empty outside it
		const extent = (y: number): [number, number] => {
			if (y < y0 || y >= y1) return [1, 0];
			const centre = y + 0.5;
			const dy = centre < y0 + r ? y0 + r - centre : centre > y1 - r ? centre - (y1 - r) : 0;
			if (dy === 0) return [x0, x1 - 1];
			if (dy > r) return [1, 0];
			const reach = Math.sqrt(r * r - dy * dy);
			return [
				Math.max(x0, Math.ceil(x0 + r - reach - 0.5)),
				Math.min(x1 - 1, Math.floor(x1 - r + reach - 0.5)),
			];
		};
		const fill = this.paintOf(attrs.fill, '#000000');
		const stroke = this.paintOf(attrs.stroke);
		const dashes = dashesOf(attrs['stroke-dasharray']);
		for (let y = y0; y < y1; y++) {
			const [first, last] = extent(y);
			if (last < first) continue;
			if (fill) this.row(y, [first, last], fill);
			if (!stroke) continue;
			const above = extent(y - 1);
			const below = extent(y + 1);
			for (let x = first; x <= last; x++) {
				const side = x === first || x === last;
				const top = x < above[0] || x > above[1] || x < below[0] || x > below[1];
				if ((side || top) && dashOn(dashes, top ? x - x0 : y - y0)) this.plot(x, y, stroke);
			}
		}
	}

	/** A square of `width` pixels centred on each point half a pixel apart along the segment. */
	private segment(from: [number, number], to: [number, number], width: number, paint: Paint): void {
		const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
		if (!Number.isFinite(length) || length > 4 * RASTER_MAX_SIDE) return;
		const steps = Math.max(1, Math.ceil(length * 2));
		const half = Math.max(0.5, Math.min(width, 16) / 2);
		for (let i = 0; i <= steps; i++) {
			const cx = from[0] + ((to[0] - from[0]) * i) / steps;
			const cy = from[1] + ((to[1] - from[1]) * i) / steps;
			for (let py = Math.ceil(cy - half - 0.5); py < Math.ceil(cy + half - 0.5); py++)
				for (let px = Math.ceil(cx - half - 0.5); px < Math.ceil(cx + half - 0.5); px++)
					this.plot(px, py, paint);
		}
	}

	private lines(points: number[], attrs: Attributes): void {
		const stroke = this.paintOf(attrs.stroke);
		if (!stroke) return;
		const width = numberOf(attrs['stroke-width'], 1);
		for (let i = 2; i + 1 < points.length; i += 2)
			this.segment([points[i - 2], points[i - 1]], [points[i], points[i + 1]], width, stroke);
	}

	private circle(attrs: Attributes): void {
		const fill = this.paintOf(attrs.fill, '#000000');
		const r = Math.min(numberOf(attrs.r, 0), RASTER_MAX_SIDE);
		const cx = numberOf(attrs.cx, 0);
		const cy = numberOf(attrs.cy, 0);
		if (!fill || r <= 0) return;
		const [x0, x1] = this.span(cx - r, 2 * r, this.width);
		const [y0, y1] = this.span(cy - r, 2 * r, this.height);
		for (let py = y0; py < y1; py++)
			for (let px = x0; px < x1; px++)
				if ((px + 0.5 - cx) ** 2 + (py + 0.5 - cy) ** 2 <= r * r) this.plot(px, py, fill);
	}

	// a tooltip (the last argument of shape and text) has no place in a raster picture: not taken
	shape(name: string, attrs: Attributes): this {
		if (!this.budget.room()) return this;
		if (name === 'rect') this.rect(attrs);
		else if (name === 'circle') this.circle(attrs);
		else if (name === 'line')
			this.lines(
				[attrs.x1, attrs.y1, attrs.x2, attrs.y2].map((value) => numberOf(value, 0)),
				attrs,
			);
		else if (name === 'polyline') {
			const points = Array.isArray(attrs.points) ? (attrs.points as readonly number[]) : [];
			this.lines(
				points.slice(0, 2 * MAX_ELEMENTS).map((value) => numberOf(value, 0)),
				attrs,
			);
		}
		return this;
	}

	/** The text's characters drawn, each with its glyph (marks and joiners take no place). */
	private glyphs(shown: string): Uint8Array[] {
		const out: Uint8Array[] = [];
		for (const char of shown) if (!ZERO_WIDTH.test(char)) out.push(glyph(char));
		return out;
	}

	/** Draws a line of text; returns nothing, changes only the pixels of its box. */
	private write(attrs: Attributes, shown: string): void {
		const fill = this.paintOf(attrs.fill, '#000000');
		if (!fill) return;
		const scale = scaleOf(numberOf(attrs['font-size'], this.size.fontSize ?? 12));
		const bold = attrs['font-weight'] === 'bold' ? 1 : 0;
		const glyphs = this.glyphs(shown);
		const advance = (GLYPH_WIDTH + 1) * scale;
		const width = glyphs.length * advance - scale;
		const anchor = attrs['text-anchor'];
		const x =
			numberOf(attrs.x, 0) - (anchor === 'end' ? width : anchor === 'middle' ? width / 2 : 0);
		const left = Math.round(x);
		const top = Math.round(numberOf(attrs.y, 0)) - GLYPH_HEIGHT * scale;
		glyphs.forEach((columns, index) => {
			for (let col = 0; col < GLYPH_WIDTH; col++)
				for (let row = 0; row < GLYPH_HEIGHT; row++) {
					if (((columns[col] >> row) & 1) === 0) continue;
					const px = left + index * advance + col * scale;
					for (let dy = 0; dy < scale; dy++)
						for (let dx = 0; dx < scale + bold; dx++)
							this.plot(px + dx, top + row * scale + dy, fill);
				}
		});
	}

	text(attrs: Attributes, value: unknown, columns: number): this {
		if (!this.budget.room()) return this;
		this.write(attrs, clip(value, columns));
		return this;
	}

	group(): this {
		this.budget.push();
		return this;
	}

	end(): this {
		this.budget.pop();
		return this;
	}

	hatch({ id, size, background, stroke, strokeWidth }: Hatch): this {
		const white: Rgb = [255, 255, 255];
		this.hatches.set(id, {
			size: Math.max(1, numberOf(size, 6)),
			strokeWidth: numberOf(strokeWidth, 1),
			on: parseColour(stroke) ?? white,
			off: parseColour(background) ?? white,
		});
		return this;
	}

	/** The picture as PNG; with a line saying how many elements were left out, if any. */
	picture(): Picture {
		if (this.budget.left > 0)
			this.write(
				{ x: 8, y: this.height - 6, 'font-size': 10, fill: '#b00020' },
				`${this.budget.left} more elements not drawn`,
			);
		const data = encodePng({
			width: this.width,
			height: this.height,
			pixels: this.pixels,
			palette: this.palette,
		});
		return { data, mimeType: 'image/png', fileExtension: 'png' };
	}
}
