import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { expectRejectedBeforeSending } from '../../../harness/nodeRun';
import { NEW_YORK, bestTimes, given, lastDays, setPosts, svgOf } from './bestTimesFixtures';
import { coloursIn, fillHex } from '../helpers/pngDecode';
import { pngOf, svgRects, svgSize, svgTexts, textBox } from '../helpers/pictureOf';

/**
 * Analytics > Get Best Times, Picture Format (spec: Analytics post; the zone from GET .../queue/schedule
 * `timezone`), through n8n-core against the sandbox: the heat map is a PNG by default (n8n's binary view shows
 * PNG, not SVG), and its pixels say what the SVG of the same posts says, cell by cell.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

const WHITE = '#ffffff';

/**
 * Posts of March 2026 for set 102: six slots of three posts each at rates from 1% to 11% (ranked, six shades),
 * and three slots of one post (hatched: fewer than Minimum Posts Per Slot).
 */
async function givenPosts(): Promise<{ startDate: string; endDate: string }> {
	const posts = [];
	for (let slot = 0; slot < 6; slot++)
		for (let week = 0; week < 3; week++) {
			const day = String(9 + slot + week * 7).padStart(2, '0'); // after the change to summer time
			posts.push(
				given(`2026-03-${day}T${String(12 + slot).padStart(2, '0')}:00:00Z`, 1000, 10 + slot * 20),
			);
		}
	for (const at of ['2026-03-10T02:00:00Z', '2026-03-12T04:00:00Z', '2026-03-14T23:00:00Z'])
		posts.push(given(at, 1000, 50));
	await setPosts(fx, 102, posts);
	return { startDate: '2026-03-01', endDate: '2026-03-31' };
}

describe('Analytics > Get Best Times > Picture Format', () => {
	test("by default the heat map is a PNG named for the set and range, of the SVG's size; each cell has the colour the SVG fills it with, hatched cells both hatch colours", async () => {
		const range = await givenPosts();
		const png = await fx.runNode(bestTimes(102, range));
		expect(png.error).toBeUndefined();
		const [first, second] = png.output(NODE);
		expect(first.binary?.data).toMatchObject({
			mimeType: 'image/png',
			fileExtension: 'png',
			fileName: `best-times-102-${range.startDate}-${range.endDate}.png`,
		});
		expect(second.binary).toBeUndefined();
		const svgRun = await fx.runNode(
			bestTimes(102, { ...range, options: { pictureFormat: 'svg' } }),
		);
		// the same answer either way: only the picture's format differs
		expect(svgRun.output(NODE).map((item) => item.json)).toEqual(
			png.output(NODE).map((item) => item.json),
		);
		const svg = svgOf(svgRun.output(NODE)[0]);
		const picture = pngOf(first);
		expect({ width: picture.width, height: picture.height }).toEqual(svgSize(svg));

		const pattern =
			/<pattern id="few"[^>]*><rect [^>]*fill="(#\w+)"\/><line [^>]*stroke="(#\w+)"/.exec(svg);
		expect(pattern).not.toBeNull();
		const [, hatchBackground, hatchLine] = pattern as RegExpExecArray;
		const cells = svgRects(svg).filter((rect) => rect.width === 26 && rect.height === 26);
		expect(cells).toHaveLength(168);
		const wrong: string[] = [];
		let ranked = 0;
		let hatched = 0;
		for (const cell of cells) {
			const centre = {
				x: Math.floor(cell.x + cell.width / 2),
				y: Math.floor(cell.y + cell.height / 2),
			};
			if (cell.fill === 'url(#few)') {
				hatched++;
				const colours = coloursIn(picture, cell);
				if (!colours.has(hatchBackground) || !colours.has(hatchLine))
					wrong.push(`hatched cell at ${cell.x},${cell.y}: ${[...colours.keys()].join(' ')}`);
				continue;
			}
			if (cell.fill !== WHITE) ranked++;
			const at = picture.colourAt(centre.x, centre.y);
			if (at !== fillHex(cell.fill))
				wrong.push(`cell at ${cell.x},${cell.y}: ${at}, SVG ${cell.fill}`);
		}
		expect(wrong).toEqual([]);
		expect(ranked).toBe(6);
		expect(hatched).toBe(3);
	});

	test('its texts are drawn: each day name, hour and the title have dark pixels in their box, and the margin right of the grid is blank', async () => {
		const range = lastDays(fx, NEW_YORK, 30);
		const png = pngOf((await fx.runNode(bestTimes(102, range))).output(NODE)[0]);
		const svgRun = await fx.runNode(
			bestTimes(102, { ...range, options: { pictureFormat: 'svg' } }),
		);
		const svg = svgOf(svgRun.output(NODE)[0]);
		const texts = svgTexts(svg);
		const named = ['Monday', 'Sunday', '0', '23'].map((name) =>
			texts.find((t) => t.content === name),
		);
		const title = texts[0];
		expect(title.content).toContain('Best times to post on X');
		for (const text of [title, ...named]) {
			expect(text).toBeDefined();
			const colours = coloursIn(png, textBox(text as (typeof texts)[number], 11));
			const ink = [...colours]
				.filter(([colour]) => colour !== WHITE)
				.reduce((n, [, c]) => n + c, 0);
			expect({ text: text?.content, ink: ink > 3 }).toEqual({ text: text?.content, ink: true });
		}
		const margin = coloursIn(png, { x: png.width - 10, y: 60, width: 10, height: 200 });
		expect([...margin.keys()]).toEqual([WHITE]);
	});

	test('a Picture Format other than PNG or SVG (from an expression) stops the item naming the parameter, before any request', async () => {
		await expectRejectedBeforeSending(
			fx,
			bestTimes(102, { ...lastDays(fx, NEW_YORK, 30), options: { pictureFormat: 'gif' } }),
			{ parameter: 'Picture Format', problem: /"png", "svg", got "gif"/ },
		);
	});
});
