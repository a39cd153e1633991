import { DateTime } from 'luxon';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { api } from '../draft/fixtures';
import { drawnSlots, svgOf } from './calendarPicture';
import { queueParams, scheduleDraft } from './fixtures';

/**
 * Queue > Get Next Free Slots with Calendar Picture (spec: Queue view, from today in the set's zone read from
 * GET .../queue/schedule `timezone`): the picture holds every slot of the days searched, the free ones ahead
 * marked free, those whose time has passed marked so, the items unchanged.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

const next = (extra: Record<string, unknown> = {}) =>
	queueParams('getNextFreeSlots', 101, {
		options: { calendarPicture: true, pictureFormat: 'svg' },
		...extra,
	});

interface Item {
	at: string;
	draft: { id: number } | null;
}

describe('Queue > Get Next Free Slots > Calendar Picture', () => {
	test("the picture's slots are the view of the days searched: filled, free ahead, free but passed; the items are the free slots as before", async () => {
		const taken = await scheduleDraft(fx, 101, 'next-free-slot', 'publish');
		const result = await fx.runNode(next({ days: 7, limit: 50 }));
		expect(result.error).toBeUndefined();
		const items = result.output(NODE);
		const start = DateTime.now().setZone('Europe/Berlin').toISODate() as string;
		const end = DateTime.fromISO(start).plus({ days: 6 }).toISODate() as string;
		expect(items[0].binary?.data).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: `queue-101-${start}-${end}.svg`,
		});
		expect(items.slice(1).every((item) => item.binary === undefined)).toBe(true);

		const { body } = await api<{ days: Array<{ items: Item[] }> }>(
			fx,
			'GET',
			`/v2/social-sets/101/queue?start_date=${start}&end_date=${end}`,
		);
		const all = body.days.flatMap((day) => day.items);
		const drawn = drawnSlots(svgOf(items[0]));
		const now = Date.now();
		expect(drawn.map((slot) => [slot.at, slot.slot])).toEqual(
			all.map((item) => [
				item.at,
				item.draft ? 'filled' : Date.parse(item.at) > now ? 'free' : 'past',
			]),
		);
		expect(drawn.find((slot) => slot.slot === 'filled')?.at).toBe(taken);
		// the items: the free slots ahead, each once, as without the picture
		expect(items.map((item) => item.json.at)).toEqual(
			drawn.filter((slot) => slot.slot === 'free').map((slot) => slot.at),
		);
	});

	test('no free slot left: one item saying so carries the picture', async () => {
		expect((await api(fx, 'PUT', '/v2/social-sets/101/queue/schedule', { rules: [] })).status).toBe(
			200,
		);
		const result = await fx.runNode(next({ days: 3 }));
		expect(result.error).toBeUndefined();
		const [only, ...none] = result.output(NODE);
		expect(none).toEqual([]);
		expect(only.json).toMatchObject({
			social_set_id: 101,
			timezone: 'Europe/Berlin',
			free_slots: 0,
			message: expect.stringMatching(/^No free slot from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/),
		});
		const svg = svgOf(only);
		expect(drawnSlots(svg)).toEqual([]);
		expect(svg).toContain('No slots from');
	});
});
