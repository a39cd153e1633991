import fc from 'fast-check';
import { RasterWriter } from '../../../../nodes/SocialPublishing/helpers/raster';
import { heatMapPicture, heatMapSvg } from '../../../../nodes/SocialPublishing/helpers/heatMap';
import {
	queueCalendarPicture,
	queueCalendarSvg,
} from '../../../../nodes/SocialPublishing/helpers/queueCalendar';
import {
	followersChartPicture,
	followersChartSvg,
} from '../../../../nodes/SocialPublishing/helpers/charts';
import { SvgWriter } from '../../../../nodes/SocialPublishing/helpers/svg';
import { cpuGrowth, perCall } from '../../../harness/cpu';
import { coloursIn, decodePng, differences, fillHex } from './pngDecode';
import { inside, svgRects, svgSize, svgTexts, textBox } from './pictureOf';

/**
 * The PNG writer (helpers/raster.ts) drawing the calls the SVG writer takes, read back by the tests' own decoder:
 * a text from outside stays inside its box whatever it holds, its cost does not grow with its length, the
 * picture's cost grows linearly with its pixels, and the element bound holds as in the SVG.
 */

const WHITE = '#ffffff';
const png = (writer: RasterWriter) => decodePng(writer.picture().data);

/** One line of text drawn alone on a 400 x 40 picture. */
const line = (value: string, attrs: Record<string, string | number> = {}) =>
	png(new RasterWriter({ width: 400, height: 40 }).text({ x: 10, y: 25, ...attrs }, value, 60));

const HOSTILE = `<script>alert('x')</script> 🚀👩‍👩‍👧 \u202eevil\u202c \u200f שלום ${'é'.repeat(9_000)} ${'W'.repeat(1_000)}`;

const view = (title: string, days = 1) => ({
	start_date: '2027-03-01',
	end_date: '2027-03-07',
	days: Array.from({ length: days }, (_, day) => ({
		date: `2027-03-${String(day + 1).padStart(2, '0')}`,
		items: Array.from({ length: 8 }, (_, slot) => ({
			at: `2027-03-${String(day + 1).padStart(2, '0')}T${String(8 + slot).padStart(2, '0')}:00:00Z`,
			kind: 'slot',
			draft: slot % 2 ? null : { id: slot + 1, draft_title: title, x_post_enabled: true },
		})),
	})),
});
const calendar = (title: string, days = 1) => ({
	view: view(title, days),
	zone: 'UTC',
	title: 'Queue',
	nowMs: 0,
});

describe('RasterWriter: text', () => {
	test('a hostile 10,000-character title changes only pixels inside its box, in the heat map and in a calendar slot', () => {
		const heat = (title: string) =>
			decodePng(heatMapPicture({ stats: [], minPosts: 1, title, subtitle: 's' }, 'png').data);
		// the box of the title as the SVG cuts it (120 columns), at its font size
		const svg = heatMapSvg({ stats: [], minPosts: 1, title: HOSTILE, subtitle: 's' });
		const titleBox = textBox(svgTexts(svg)[0], 11);
		const changed = differences(heat('A'), heat(HOSTILE));
		expect(changed.length).toBeGreaterThan(100);
		expect(changed.filter((point) => !inside(point, titleBox))).toEqual([]);

		const inCalendar = differences(
			decodePng(queueCalendarPicture(calendar('A'), 'png').data),
			decodePng(queueCalendarPicture(calendar(HOSTILE), 'png').data),
		);
		expect(inCalendar.length).toBeGreaterThan(100);
		const boxes = svgRects(queueCalendarSvg(calendar('A'))).filter(
			(rect) => rect.fill === '#dbe9ff',
		);
		expect(inCalendar.filter((point) => !boxes.some((b) => inside(point, b)))).toEqual([]);
	});

	test('property: any text, at any size, anchor and weight, draws inside its box only', () => {
		fc.assert(
			fc.property(
				fc.string({ unit: 'grapheme', maxLength: 80 }),
				fc.constantFrom(9, 10, 11, 13, 15, 18, 30),
				fc.constantFrom('start', 'middle', 'end'),
				fc.boolean(),
				(value, size, anchor, bold) => {
					const attrs = {
						x: 200,
						y: 60,
						'font-size': size,
						'text-anchor': anchor,
						'font-weight': bold ? 'bold' : 'normal',
					};
					const picture = png(new RasterWriter({ width: 400, height: 100 }).text(attrs, value, 12));
					const svg = new SvgWriter({ width: 400, height: 100 }).text(attrs, value, 12).toString();
					const [drawn] = svgTexts(svg);
					const box = textBox(drawn, size);
					const blank = differences(picture, png(new RasterWriter({ width: 400, height: 100 })));
					expect(blank.filter((point) => !inside(point, box))).toEqual([]);
				},
			),
			{ numRuns: 40 },
		);
	});

	test('a letter with a diacritic is drawn as its base letter; bidirectional marks as nothing; an emoji as a visible box', () => {
		expect(differences(line('café Zoë'), line('cafe Zoe'))).toEqual([]);
		expect(differences(line('cafe\u0301'), line('cafe'))).toEqual([]);
		expect(differences(line('\u202eabc\u202c'), line('abc'))).toEqual([]);
		const emoji = line('🚀');
		expect(differences(emoji, line('')).length).toBeGreaterThan(10);
		expect(differences(line('a🚀b'), line('a b')).length).toBeGreaterThan(10);
	});

	test('text is drawn in its fill; bold has more ink than regular; a larger font size draws larger', () => {
		const ink = (picture: ReturnType<typeof line>) =>
			[...coloursIn(picture, { x: 0, y: 0, width: 400, height: 40 })]
				.filter(([colour]) => colour !== WHITE)
				.reduce((sum, [, count]) => sum + count, 0);
		const red = line('Hello', { fill: '#b00020' });
		expect([...coloursIn(red, { x: 0, y: 0, width: 400, height: 40 }).keys()].sort()).toEqual(
			['#b00020', WHITE].sort(),
		);
		expect(ink(line('Hello', { 'font-weight': 'bold' }))).toBeGreaterThan(ink(line('Hello')));
		expect(ink(line('Hello', { 'font-size': 18 }))).toBeGreaterThan(ink(line('Hello')) * 3);
	});
});

describe('RasterWriter: shapes and bounds', () => {
	test("the followers chart: the PNG has the SVG's size, and each point of the line is drawn in its colour", () => {
		const data = Array.from({ length: 20 }, (_, i) => ({
			date: `2027-01-${String(i + 1).padStart(2, '0')}`,
			followers_count: 1000 + ((i * 37) % 11) * 25,
		}));
		const text = { title: 'Followers', subtitle: 'January' };
		const svg = followersChartSvg({ data }, text);
		const picture = decodePng(followersChartPicture({ data }, text, 'png').data);
		expect({ width: picture.width, height: picture.height }).toEqual(svgSize(svg));
		const circles = [
			...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" fill="(#\w+)"/g),
		];
		expect(circles).toHaveLength(20);
		for (const [, cx, cy, fill] of circles)
			expect(picture.colourAt(Math.floor(Number(cx)), Math.floor(Number(cy)))).toBe(fillHex(fill));
	});

	test('elements past the bound are left out as in the SVG, and the picture says so in red', () => {
		const writer = new RasterWriter({ width: 100, height: 40 }, 10);
		for (let i = 0; i < 25; i++)
			writer.shape('rect', { x: i * 4, y: 0, width: 3, height: 3, fill: '#000000' });
		expect(writer.elements).toBe(10);
		const picture = png(writer);
		expect(picture.colourAt(9 * 4, 1)).toBe('#000000');
		expect(picture.colourAt(10 * 4, 1)).toBe(WHITE);
		expect(coloursIn(picture, { x: 0, y: 20, width: 100, height: 20 }).has('#b00020')).toBe(true);
	});

	test('more than 256 colours: the PNG stays valid, each further colour drawn as the nearest one kept', () => {
		const writer = new RasterWriter({ width: 300, height: 2 });
		for (let i = 0; i < 300; i++)
			writer.shape('rect', {
				x: i,
				y: 0,
				width: 1,
				height: 2,
				fill: `rgb(${i % 256},${Math.floor(i / 256) * 100},7)`,
			});
		const picture = png(writer);
		expect(picture.colourAt(10, 0)).toBe(fillHex('rgb(10,0,7)'));
		const far = picture.colourAt(299, 0);
		expect(far).toMatch(/^#[0-9a-f]{6}$/);
	});

	test('the cost grows with the pixels drawn, linearly; a 1,000,000-character title costs no more than a short one', async () => {
		const week = calendar('A title', 7);
		const month = calendar('A title', 28);
		const growth = await cpuGrowth(
			() => perCall(() => queueCalendarPicture(week, 'png')),
			() => perCall(() => queueCalendarPicture(month, 'png')),
			8,
		);
		// 28 days are about 4 times the pixels of 7
		expect(growth.ratio).toBeLessThan(8);
		const stats: never[] = [];
		const titled = await cpuGrowth(
			() => perCall(() => heatMapPicture({ stats, minPosts: 1, title: 'x', subtitle: '' }, 'png')),
			() =>
				perCall(() =>
					heatMapPicture({ stats, minPosts: 1, title: 'x'.repeat(1_000_000), subtitle: '' }, 'png'),
				),
			3,
		);
		expect(titled.ratio).toBeLessThan(3);
	});
});
