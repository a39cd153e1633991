import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { seedDraft } from '../draft/fixtures';
import { svgOf } from './calendarPicture';
import { queueParams } from './fixtures';
import { differences, fillHex } from '../helpers/pngDecode';
import { inside, pngOf, svgRects, svgSize } from '../helpers/pictureOf';

/**
 * Queue > Get Slots with Calendar Picture as PNG, the default (spec: Queue view; GET .../queue), through n8n-core
 * against the sandbox: the PNG's filled and free slots have the colours the SVG of the same queue gives them, and
 * a draft title from the service (spec: draft_title, max 512 characters) is drawn inside its slot's box.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

const calendar = (options: IDataObject = {}) =>
	queueParams('getSlots', 101, {
		startDate: '2027-03-01',
		endDate: '2027-03-07',
		options: { calendarPicture: true, ...options },
	});

/** Each slot group of the SVG (`<g data-slot=...>`) with its draft id and its box. */
function slotBoxes(svg: string) {
	return [...svg.matchAll(/<g data-slot="(\w+)"([^>]*)>([\s\S]*?)<\/g>/g)].map((match) => {
		const [box] = svgRects(match[3]);
		return { slot: match[1], draftId: /data-draft-id="(\d+)"/.exec(match[2])?.[1], box };
	});
}

/** A hostile title the service takes (512 characters): markup, emoji, right-to-left marks, combining marks. */
const PREFIX = `<script>alert(1)</script> 🚀👩‍👩‍👧 \u202eevil\u202c \u200f שלום é e\u0301 `;
const HOSTILE = PREFIX + 'W'.repeat(512 - PREFIX.length);

describe('Queue > Get Slots > Calendar Picture as PNG', () => {
	test("the PNG is the default, of the SVG's size; every slot of the SVG has its fill there, filled slots their solid border", async () => {
		await seedDraft(fx, { draft_title: 'Spring launch', publish_at: '2027-03-01T08:30:00Z' });
		await seedDraft(fx, { publish_at: '2027-03-03T13:00:00Z' });
		await seedDraft(fx, { draft_title: 'Off the grid', publish_at: '2027-03-04T16:05:00Z' });
		const result = await fx.runNode(calendar());
		expect(result.error).toBeUndefined();
		const [first, ...rest] = result.output(NODE);
		expect(first.binary?.data).toMatchObject({
			mimeType: 'image/png',
			fileExtension: 'png',
			fileName: 'queue-101-2027-03-01-2027-03-07.png',
		});
		expect(rest.every((item) => item.binary === undefined)).toBe(true);
		const svg = svgOf((await fx.runNode(calendar({ pictureFormat: 'svg' }))).output(NODE)[0]);
		const png = pngOf(first);
		expect({ width: png.width, height: png.height }).toEqual(svgSize(svg));

		const slots = slotBoxes(svg);
		expect(slots.filter((s) => s.slot === 'filled')).toHaveLength(3);
		expect(slots.filter((s) => s.slot === 'free').length).toBeGreaterThan(5);
		const wrong: string[] = [];
		for (const { slot, box } of slots) {
			const middle = Math.floor(box.y + box.height / 2);
			const fill = png.colourAt(Math.floor(box.x) + 3, middle);
			if (fill !== fillHex(box.fill)) wrong.push(`${slot} at y ${box.y}: ${fill}, SVG ${box.fill}`);
			if (slot === 'filled' && !box.dashed) {
				const border = png.colourAt(Math.round(box.x), middle);
				if (border !== fillHex(box.stroke as string))
					wrong.push(`${slot} border at y ${box.y}: ${border}, SVG ${box.stroke}`);
			}
		}
		expect(wrong).toEqual([]);
		// filled and free are told apart by colour, as in the SVG
		const colours = new Set(
			slots.map((s) => png.colourAt(Math.floor(s.box.x) + 3, Math.floor(s.box.y + 3))),
		);
		expect(colours.size).toBeGreaterThan(1);
	});

	test("a hostile 512-character title from the service, in place of a short one, changes pixels inside its slot's box only", async () => {
		const at = '2027-03-02T09:00:00Z';
		const draft = await seedDraft(fx, { draft_title: HOSTILE, publish_at: at });
		const after = pngOf((await fx.runNode(calendar())).output(NODE)[0]);
		const svg = svgOf((await fx.runNode(calendar({ pictureFormat: 'svg' }))).output(NODE)[0]);
		await fx.sandbox.reset();
		await seedDraft(fx, { draft_title: 'Short', publish_at: at });
		const before = pngOf((await fx.runNode(calendar())).output(NODE)[0]);
		const slot = slotBoxes(svg).find((s) => s.draftId === String(draft.id));
		expect(slot).toBeDefined();
		const changed = differences(before, after);
		expect(changed.length).toBeGreaterThan(50);
		expect(
			changed.filter(
				(point) =>
					!inside(point, slot?.box as { x: number; y: number; width: number; height: number }),
			),
		).toEqual([]);
	});
});
