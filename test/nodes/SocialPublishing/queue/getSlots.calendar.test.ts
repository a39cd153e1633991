import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { runWorkflow } from '../../../harness/runWorkflow';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { NODE, singleNodeWorkflow } from '../../../harness/workflows';
import { api, seedDraft } from '../draft/fixtures';
import { drawnSlots, moreLines, svgOf } from './calendarPicture';
import { queueParams } from './fixtures';

/**
 * Queue > Get Slots with Calendar Picture (spec: Queue view; GET .../queue and, for the time zone,
 * GET .../queue/schedule `timezone`): the picture's filled and free slots are the queue the sandbox holds.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

const calendar = (id: number, start: string, end: string, options: IDataObject = {}) =>
	queueParams('getSlots', id, {
		startDate: start,
		endDate: end,
		options: { calendarPicture: true, pictureFormat: 'svg', ...options },
	});

interface ViewItem {
	at: string;
	kind: string;
	draft: { id: number; draft_title: string | null } | null;
}
interface View {
	days: Array<{ date: string; items: ViewItem[] }>;
}

/** The queue view read over plain HTTP, outside the node. */
async function readView(id: number, start: string, end: string): Promise<View> {
	const { status, body } = await api<View>(
		fx,
		'GET',
		`/v2/social-sets/${id}/queue?start_date=${start}&end_date=${end}`,
	);
	expect(status).toBe(200);
	return body;
}

const slotOf = (item: ViewItem) => ({
	at: item.at,
	slot: item.draft ? 'filled' : 'free',
	kind: item.kind,
	draftId: item.draft ? String(item.draft.id) : undefined,
});

describe('Queue > Get Slots > Calendar Picture', () => {
	test("the picture's filled and free slots are the sandbox's queue, each filled one with its draft's title and platforms; on the first item only", async () => {
		const both = {
			x: { enabled: true, posts: [{ text: 'Spring launch thread' }], settings: {} },
			linkedin: { enabled: true, posts: [{ text: 'Spring launch' }], settings: {} },
		};
		await seedDraft(fx, {
			platforms: both,
			draft_title: 'Spring launch',
			publish_at: '2027-03-01T08:30:00Z',
		});
		await seedDraft(fx, { publish_at: '2027-03-03T13:00:00Z' });
		await seedDraft(fx, { draft_title: 'Off the grid', publish_at: '2027-03-04T16:05:00Z' });
		const result = await fx.runNode(calendar(101, '2027-03-01', '2027-03-07'));
		expect(result.error).toBeUndefined();
		const [first, ...rest] = result.output(NODE);
		expect(first.binary?.data).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: 'queue-101-2027-03-01-2027-03-07.svg',
		});
		expect(rest.every((item) => item.binary === undefined)).toBe(true);
		// the JSON is what it is without the picture: one item per day
		expect(result.output(NODE).map((item) => item.json.date)).toHaveLength(7);

		const view = await readView(101, '2027-03-01', '2027-03-07');
		const expected = view.days.flatMap((day) => day.items.map(slotOf));
		const drawn = drawnSlots(svgOf(first));
		expect(drawn.map(({ texts: _texts, ...slot }) => slot)).toEqual(expected);
		expect(drawn.filter((slot) => slot.slot === 'filled')).toHaveLength(3);
		expect(drawn.filter((slot) => slot.slot === 'free').length).toBeGreaterThan(5);

		const launch = drawn.find((slot) => slot.at === '2027-03-01T08:30:00Z');
		// 08:30 UTC is 09:30 in Berlin (the set's zone, read from the queue schedule)
		expect(launch?.texts).toEqual(['09:30', 'Spring launch', 'X, LinkedIn']);
		const untitled = drawn.find((slot) => slot.at === '2027-03-03T13:00:00Z');
		expect(untitled?.texts[1]).toBe('Seeded post');
		const custom = drawn.find((slot) => slot.kind === 'custom_time');
		expect(custom?.texts).toEqual(['17:05', 'Off the grid', 'X · custom time']);
		expect(drawn.find((slot) => slot.slot === 'free')?.texts).toEqual(['14:00', 'free slot']);
		const svg = svgOf(first);
		expect(svg).toContain('times in Europe/Berlin');
		expect(svg).toContain('>Monday 1 March 2027</text>');
		expect(svg).toContain('>Sunday 7 March 2027</text>');
	});

	test('hundreds of slots a day: each day draws 7 and a "+N more" line; the counts add up to the queue and the picture stays small', async () => {
		// every 5 minutes from 06:00 to 17:55: 144 slots a day
		const rules = [];
		for (let h = 6; h < 18; h++)
			for (let m = 0; m < 60; m += 5)
				rules.push({ h, m, days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] });
		expect((await api(fx, 'PUT', '/v2/social-sets/101/queue/schedule', { rules })).status).toBe(
			200,
		);
		await seedDraft(fx, { draft_title: 'Busy day', publish_at: '2027-03-02T05:00:00Z' });
		const result = await fx.runNode(calendar(101, '2027-03-01', '2027-03-07'));
		const svg = svgOf(result.output(NODE)[0]);
		const view = await readView(101, '2027-03-01', '2027-03-07');
		const drawn = drawnSlots(svg);
		const more = moreLines(svg);
		expect(drawn).toHaveLength(7 * 7);
		expect(more).toHaveLength(7);
		const items = view.days.flatMap((day) => day.items);
		expect(items.length).toBeGreaterThan(1000);
		expect(drawn.length + more.reduce((sum, line) => sum + line.more, 0)).toBe(items.length);
		const filled = items.filter((item) => item.draft).length;
		expect(
			drawn.filter((slot) => slot.slot === 'filled').length +
				more.reduce((sum, line) => sum + line.filled, 0),
		).toBe(filled);
		expect(svg).toContain('>… +137 more: 0 filled, 137 free</text>');
		expect(svg.length).toBeLessThan(40_000);
	});

	test('no slots at all: one band a day saying so, and a line saying the range has none', async () => {
		expect((await api(fx, 'PUT', '/v2/social-sets/101/queue/schedule', { rules: [] })).status).toBe(
			200,
		);
		const result = await fx.runNode(calendar(101, '2027-03-01', '2027-03-03', { output: 'slot' }));
		expect(result.error).toBeUndefined();
		const [only, ...none] = result.output(NODE);
		expect(none).toEqual([]);
		expect(only.json).toEqual({
			social_set_id: 101,
			start_date: '2027-03-01',
			end_date: '2027-03-03',
			slots: 0,
		});
		const svg = svgOf(only);
		expect(drawnSlots(svg)).toEqual([]);
		expect(svg).toContain('No slots from 2027-03-01 to 2027-03-03');
		expect(svg.match(/>no slots<\/text>/g)).toHaveLength(3);
	});

	test('without the option, no picture and no request for the time zone (as before)', async () => {
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			queueParams('getSlots', 101, { startDate: '2027-03-01', endDate: '2027-03-07' }),
		);
		expect(result.output(NODE).every((item) => item.binary === undefined)).toBe(true);
		expect(fx.apiRequests().map((request) => request.path)).toEqual(['/v2/social-sets/101/queue']);
	});

	test('a hostile title stored at the service (markup, CDATA end, RTL, emoji, control characters) is drawn as text', async () => {
		const hostile = `<script>alert(1)</script> & ]]> שלום 👩🏽‍💻\u0007\u202e end`;
		await seedDraft(fx, { draft_title: hostile, publish_at: '2027-03-01T08:30:00Z' });
		const result = await fx.runNode(calendar(101, '2027-03-01', '2027-03-01'));
		const svg = svgOf(result.output(NODE)[0]);
		const filled = drawnSlots(svg).find((slot) => slot.slot === 'filled');
		expect(filled?.texts[1]).toBe('<script>alert(1)</script> & ]]> שלום 👩🏽‍💻 end');
		expect(svg).not.toContain('<script');
		expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt;');
	});
});

describe('texts of the service beyond the spec', () => {
	const server = useScriptedServer();

	test('a 100,000-character title, control characters and a hostile time zone: well-formed, each text cut with an ellipsis', async () => {
		const huge = `${'<b>&'.repeat(25_000)}`;
		const view = {
			social_set_id: 101,
			start_date: '2027-03-01',
			end_date: '2027-03-01',
			days: [
				{
					date: '2027-03-01',
					items: [
						{
							at: '2027-03-01T08:30:00Z',
							kind: 'queue_slot',
							draft: { id: 7, draft_title: huge, x_post_enabled: true },
						},
						{
							at: '2027-03-01T09:30:00Z',
							kind: '"><script>',
							draft: { id: '"/><x', draft_title: '\u0000\u0001\u0002 ]]>\r\n', preview: 'p' },
						},
					],
				},
			],
		};
		server.otherwise((request) =>
			request.path.endsWith('/queue/schedule')
				? { body: { social_set_id: 101, timezone: '<Mars/Olympus & "x">', rules: [] } }
				: { body: view },
		);
		const result = await runWorkflow(
			singleNodeWorkflow(calendar(101, '2027-03-01', '2027-03-01')),
			{
				credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } },
			},
		);
		expect(result.error).toBeUndefined();
		const svg = svgOf(result.output(NODE)[0]);
		const drawn = drawnSlots(svg);
		expect(drawn.map((slot) => slot.slot)).toEqual(['filled', 'filled']);
		expect(drawn[0].texts[1]).toMatch(/^(<b>&)+<?b?>?&?…$/);
		expect(drawn[0].texts[1].length).toBeLessThanOrEqual(56);
		expect(drawn[1].texts[1]).toBe(']]>');
		expect(drawn[1].kind).toBe('"><script>');
		expect(drawn[1].draftId).toBe('"/><x');
		expect(svg).toContain('UTC (the social set&apos;s time zone &quot;&lt;Mars/Olympus');
		expect(svg.length).toBeLessThan(10_000);
	});
});
