import type { INodeExecutionData } from 'n8n-workflow';
import { decodePng, type DecodedPng } from './pngDecode';

/** Reading a picture of the node back in the tests: the PNG of an item's `data` binary, and boxes read from an SVG. */

export function pngOf(item: INodeExecutionData | undefined): DecodedPng {
	const data = item?.binary?.data?.data;
	if (!data) throw new Error('the item carries no picture in binary property "data"');
	return decodePng(Buffer.from(data, 'base64'));
}

/** The SVG's own size (its `width` and `height`). */
export function svgSize(svg: string): { width: number; height: number } {
	const match = /^<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg);
	if (!match) throw new Error('no SVG size');
	return { width: Number(match[1]), height: Number(match[2]) };
}

const number = (tag: string, name: string): number => {
	const match = new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(tag);
	if (!match) throw new Error(`no ${name} in ${tag.slice(0, 120)}`);
	return Number(match[1]);
};
const text = (tag: string, name: string): string | undefined =>
	new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

export interface SvgRect {
	x: number;
	y: number;
	width: number;
	height: number;
	fill: string;
	stroke?: string;
	dashed: boolean;
}

/** Each `<rect>` with a position and a size, in order. */
export function svgRects(svg: string): SvgRect[] {
	return [...svg.matchAll(/<rect x="[^>]*>/g)].map(([tag]) => ({
		x: number(tag, 'x'),
		y: number(tag, 'y'),
		width: number(tag, 'width'),
		height: number(tag, 'height'),
		fill: text(tag, 'fill') ?? '#000000',
		stroke: text(tag, 'stroke'),
		dashed: text(tag, 'stroke-dasharray') !== undefined,
	}));
}

export interface SvgText {
	x: number;
	y: number;
	fontSize?: number;
	anchor: string;
	content: string;
}

/** Each `<text>` with its position, size, anchor and drawn content (its tooltip left out). */
export function svgTexts(svg: string): SvgText[] {
	return [...svg.matchAll(/(<text [^>]*>)(?:<title>[^<]*<\/title>)?([^<]*)<\/text>/g)].map(
		([, tag, content]) => ({
			x: number(tag, 'x'),
			y: number(tag, 'y'),
			fontSize: text(tag, 'font-size') === undefined ? undefined : number(tag, 'font-size'),
			anchor: text(tag, 'text-anchor') ?? 'start',
			content,
		}),
	);
}

/**
 * A generous box around a text: a font size high above the baseline and a third below it, and as wide as its
 * characters at one font size each (an SVG or a bitmap font draws a character narrower than that).
 */
export function textBox(t: SvgText, fallbackSize: number) {
	const size = t.fontSize ?? fallbackSize;
	const width = [...t.content.replace(/&\w+;/g, '_')].length * size;
	const left = t.anchor === 'end' ? t.x - width : t.anchor === 'middle' ? t.x - width / 2 : t.x;
	return {
		x: Math.floor(left),
		y: Math.floor(t.y - size),
		width: Math.ceil(width) + 1,
		height: Math.ceil(size * 1.35) + 1,
	};
}

/** Whether a pixel is inside a box. */
export const inside = (
	point: { x: number; y: number },
	box: { x: number; y: number; width: number; height: number },
) =>
	point.x >= box.x &&
	point.x < box.x + box.width &&
	point.y >= box.y &&
	point.y < box.y + box.height;
