import { DAY_NAMES, type SlotStats } from './postingSlots';

/**
 * The weekday × hour grid of best times as an SVG picture: one cell per slot, its colour the slot's median
 * engagement rate (darker is higher), slots with fewer posts than the minimum hatched in grey, slots without
 * posts empty. Every text from outside (the title, the time zone) is escaped. Built in one pass over the 168
 * cells: its size does not depend on how many posts were read. Drawn with the SVG writer (svg.ts), which
 * cuts and escapes every text.
 */

import type { Picture, PictureFormat, PictureSize, PictureWriter } from './picture';
import { drawPicture } from './pictureFormats';
import { SvgWriter } from './svg';

export { escapeXml } from './svg';

/** At most this many columns of a title line are drawn. */
const LINE_MAX = 120;

const CELL = 28;
const LEFT = 96;
const TOP = 78;
const WIDTH = LEFT + 24 * CELL + 16;
const HEIGHT = TOP + 7 * CELL + 56;

export interface HeatMapInput {
	/** every slot with posts (`slotStats`) */
	stats: readonly SlotStats[];
	minPosts: number;
	title: string;
	subtitle: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** A blue from light (0) to dark (1). */
function shade(share: number): string {
	const t = Math.max(0, Math.min(1, share));
	const mix = (from: number, to: number) => Math.round(from + (to - from) * t);
	return `rgb(${mix(222, 8)},${mix(235, 48)},${mix(247, 107)})`;
}

/** The heat map's size in pixels, in both formats. */
export const HEAT_MAP_SIZE = { width: WIDTH, height: HEIGHT };
/** Where the cell of a weekday (0 Monday) and hour is drawn: its box. */
export const heatMapCell = (day: number, hour: number) => ({
	x: LEFT + hour * CELL,
	y: TOP + day * CELL,
	width: CELL - 2,
	height: CELL - 2,
});

/** The heat map as an SVG text. */
export function heatMapSvg(input: HeatMapInput): string {
	return drawHeatMap(input, (size) => new SvgWriter(size)).toString();
}

/** The heat map written as PNG or SVG. */
export function heatMapPicture(input: HeatMapInput, format: PictureFormat): Picture {
	return drawPicture(format, (make) => drawHeatMap(input, make));
}

/** The heat map drawn on the writer `make` gives (see the top of this file). */
export function drawHeatMap<W extends PictureWriter>(
	{ stats, minPosts, title, subtitle }: HeatMapInput,
	make: (size: PictureSize) => W,
): W {
	const ranked = stats.filter((slot) => slot.posts >= minPosts);
	const top = ranked.reduce((max, slot) => Math.max(max, slot.medianRate), 0);
	const svg = make({ width: WIDTH, height: HEIGHT, fontSize: 11 });
	svg
		.hatch({ id: 'few', size: 6, background: '#f2f2f2', stroke: '#bbbbbb', strokeWidth: 2 })
		.shape('rect', { width: WIDTH, height: HEIGHT, fill: '#ffffff' })
		.text({ x: 16, y: 24, 'font-size': 15, 'font-weight': 'bold' }, title, LINE_MAX)
		.text({ x: 16, y: 44, fill: '#555555' }, subtitle, LINE_MAX);
	for (let hour = 0; hour < 24; hour++)
		svg.text(
			{ x: LEFT + hour * CELL + CELL / 2, y: TOP - 8, 'text-anchor': 'middle', fill: '#555555' },
			hour,
			2,
		);
	DAY_NAMES.forEach((name, day) =>
		svg.text({ x: LEFT - 8, y: TOP + day * CELL + CELL / 2 + 4, 'text-anchor': 'end' }, name, 12),
	);
	const cells = new Map(stats.map((slot) => [slot.day * 24 + slot.hour, slot]));
	for (let index = 0; index < 7 * 24; index++) {
		const day = Math.floor(index / 24);
		const hour = index % 24;
		const slot = cells.get(index);
		const box = heatMapCell(day, hour);
		const at = `${DAY_NAMES[day]} ${String(hour).padStart(2, '0')}:00`;
		if (!slot) {
			svg.shape('rect', { ...box, fill: '#ffffff', stroke: '#eeeeee' }, `${at}: no posts`);
			continue;
		}
		const enough = slot.posts >= minPosts;
		const fill = enough ? shade(top > 0 ? slot.medianRate / top : 0) : 'url(#few)';
		const summary = `${at}: ${slot.posts} post${slot.posts === 1 ? '' : 's'}, median engagement rate ${percent(slot.medianRate)}, median impressions ${slot.medianImpressions}${enough ? '' : ` (fewer than ${minPosts}: not ranked)`}`;
		svg.shape('rect', { ...box, fill }, summary);
	}
	const legendY = TOP + 7 * CELL + 24;
	const swatch = (x: number, fill: string) =>
		svg.shape('rect', { x, y: legendY - 10, width: 12, height: 12, fill });
	swatch(LEFT, shade(0.1));
	swatch(LEFT + 14, shade(0.55));
	swatch(LEFT + 28, shade(1));
	svg.text({ x: LEFT + 46, y: legendY }, `median engagement rate, up to ${percent(top)}`, 60);
	swatch(LEFT + 300, 'url(#few)');
	svg.text(
		{ x: LEFT + 318, y: legendY },
		`fewer than ${minPosts} post${minPosts === 1 ? '' : 's'}: not ranked`,
		60,
	);
	return svg;
}
