import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { runWorkflow } from '../../../harness/runWorkflow';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { NODE, byId, singleNodeWorkflow } from '../../../harness/workflows';
import { api } from '../draft/fixtures';
import { chartPoints, hasChart, svgOf } from './chartPicture';

/**
 * Analytics > Get Followers with Followers Chart (spec: Followers series, `data` ascending by date of
 * `{date, followers_count}`): the chart's points are the series the sandbox gave.
 */
const fx = useSandbox();

const today = DateTime.now().setZone('Europe/Berlin').startOf('day');
const day = (daysBack: number) => today.minus({ days: daysBack }).toISODate() as string;

const followers = (options: INodeParameters = {}, id = 101, extra: INodeParameters = {}) => ({
	resource: 'analytics',
	operation: 'getFollowers',
	socialSetId: byId(id),
	platform: 'x',
	options: { followersChart: true, pictureFormat: 'svg', ...options },
	...extra,
});

interface Series {
	data: Array<{ date: string; followers_count: number }>;
}

describe('Analytics > Get Followers > Followers Chart', () => {
	test("the line's points are the series of the range, each date with its count; the item is the series as before", async () => {
		const result = await fx.runNode(followers({ startDate: day(44), endDate: day(5) }));
		expect(result.error).toBeUndefined();
		const [item] = result.output(NODE);
		expect(item.binary?.data).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: `followers-101-${day(44)}-${day(5)}.svg`,
		});
		const { body } = await api<Series>(
			fx,
			'GET',
			`/v2/social-sets/101/analytics/x/followers?start_date=${day(44)}&end_date=${day(5)}`,
		);
		expect(item.json).toEqual(body);
		expect(body.data).toHaveLength(40);
		const points = chartPoints(svgOf(item));
		expect(points).toEqual(body.data.map((p) => ({ date: p.date, count: p.followers_count })));
		const first = body.data[0].followers_count;
		const last = body.data[39].followers_count;
		const sign = last >= first ? '+' : '-';
		expect(svgOf(item)).toContain(`on ${day(44)} to `);
		expect(svgOf(item)).toContain(`(${sign}${Math.abs(last - first).toLocaleString('en-US')})`);
	});

	test('Rows for a Database: the chart on the first row only', async () => {
		const result = await fx.runNode(
			followers({ startDate: day(9), endDate: day(0) }, 101, { output: 'rows' }),
		);
		const items = result.output(NODE);
		expect(items).toHaveLength(10);
		expect(hasChart(items[0])).toBe(true);
		expect(items.slice(1).some(hasChart)).toBe(false);
		expect(chartPoints(svgOf(items[0])).map((point) => point.date)).toEqual(
			items.map((row) => row.json.date),
		);
	});

	test('no followers data (a set with no series): a chart saying so', async () => {
		const result = await fx.runNode(followers({ startDate: day(9), endDate: day(0) }, 102));
		expect(result.error).toBeUndefined();
		const [item] = result.output(NODE);
		expect((item.json as unknown as Series).data).toEqual([]);
		const svg = svgOf(item);
		expect(chartPoints(svg)).toEqual([]);
		expect(svg).toContain('>No followers data in this range</text>');
	});

	test('without the option, no chart', async () => {
		const result = await fx.runNode(followers({ followersChart: false }));
		expect(hasChart(result.output(NODE)[0])).toBe(false);
	});
});

describe('a series beyond the spec', () => {
	const server = useScriptedServer();

	test('2,000 points, hostile dates and counts that are not numbers: at most 400 points drawn, the last kept, every text escaped', async () => {
		const data = Array.from({ length: 2000 }, (_, index) => ({
			date: index === 1999 ? '<script>"]]>&\u0000' : `d${index}`,
			followers_count: index === 5 ? 'many' : index,
		}));
		server.otherwise(() => ({ body: { platform: 'x', current_followers_count: 1999, data } }));
		const result = await runWorkflow(singleNodeWorkflow(followers()), {
			credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } },
		});
		expect(result.error).toBeUndefined();
		const svg = svgOf(result.output(NODE)[0]);
		const points = chartPoints(svg);
		expect(points).toHaveLength(400);
		expect(points[points.length - 1]).toEqual({ date: '<script>"]]>&', count: 1999 });
		expect(points.some((point) => Number.isNaN(point.count))).toBe(false);
		expect(svg).not.toContain('<script');
		expect(svg).toContain('400 of 1999 days drawn');
	});
});
