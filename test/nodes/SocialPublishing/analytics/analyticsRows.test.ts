import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';
import { SEED } from '../../../../sandbox';
import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import { expectServiceError, runFresh } from '../../../harness/nodeRun';
import { given, lastDays, NEW_YORK, setPosts } from './bestTimesFixtures';

/** Output "Rows for a Database" on Get Posts and Get Followers (helpers/analyticsRows), against the sandbox. */

const fx = useSandbox();

const today = DateTime.now().setZone('Europe/Berlin').startOf('day');
const day = (daysBack: number) => today.minus({ days: daysBack }).toISODate() as string;

const posts = (extra: IDataObject, id = 101) => ({
	resource: 'analytics',
	operation: 'getPosts',
	socialSetId: byId(id),
	platform: 'x',
	startDate: day(365),
	endDate: day(0),
	returnAll: true,
	...extra,
});

const followers = (extra: IDataObject = {}, id = 101) => ({
	resource: 'analytics',
	operation: 'getFollowers',
	socialSetId: byId(id),
	platform: 'x',
	...extra,
});

type Post = {
	platform: string;
	post_id: string;
	created_at: string;
	preview_text: string;
	url: string;
	metrics: { impressions: number; engagement: Record<string, number | null> };
};

const isFlat = (row: IDataObject) =>
	Object.values(row).every((value) => value === null || typeof value !== 'object');

describe('Analytics > Get Posts, Output "Rows for a Database"', () => {
	test('one flat row per post, the same requests as "As Returned", every metric in its own column', async () => {
		const returned = await runFresh(fx, posts({ includeReplies: true }));
		const rows = await runFresh(fx, posts({ includeReplies: true, output: 'rows' }));
		expect(rows.result.error).toBeUndefined();
		expect(rows.requests.map((r) => [r.path, r.query])).toEqual(
			returned.requests.map((r) => [r.path, r.query]),
		);
		expect(rows.items).toHaveLength(SEED.analyticsPostCount);
		expect(rows.items.every(isFlat)).toBe(true);
		(returned.items as unknown as Post[]).forEach((post, index) => {
			const row = rows.items[index];
			const { engagement } = post.metrics;
			expect(row).toEqual({
				key: `x:${post.post_id}`,
				platform: 'x',
				post_id: post.post_id,
				social_set_id: 101,
				created_at: post.created_at,
				url: post.url,
				text: post.preview_text,
				draft_id: null,
				impressions: post.metrics.impressions,
				likes: engagement.likes,
				comments: engagement.comments,
				shares: engagement.shares,
				quotes: engagement.quotes,
				profile_clicks: engagement.profile_clicks,
				link_clicks: engagement.link_clicks,
				saves: engagement.saves,
				engagement_total: engagement.total,
				engagement_rate: expect.any(Number),
				fetched_at: expect.any(String),
			});
			expect(row.engagement_rate).toBeCloseTo(
				Number(engagement.total) / post.metrics.impressions,
				12,
			);
		});
		const keys = rows.items.map((row) => row.key);
		expect(new Set(keys).size).toBe(keys.length);
		const fetched = Date.parse(String(rows.items[0].fetched_at));
		expect(Math.abs(fetched - Date.now())).toBeLessThan(60_000);
		expect(rows.items.every((row) => row.fetched_at === rows.items[0].fetched_at)).toBe(true);
	});

	test('posts given to the sandbox come out as exactly these rows; zero impressions give no rate', async () => {
		const range = lastDays(fx, NEW_YORK, 10);
		const at = (daysBack: number) =>
			DateTime.fromISO(range.endDate, { zone: NEW_YORK })
				.minus({ days: daysBack })
				.set({ hour: 12 })
				.toUTC()
				.toISO({ suppressMilliseconds: true }) as string;
		await setPosts(fx, 102, [
			{ ...given(at(3), 2000, 30), comments: 6, shares: 2, quotes: 1, profile_clicks: 1, saves: 4 },
			{ ...given(at(2), 0, 0), link_clicks: 0 },
		]);
		const run = await runFresh(fx, posts({ ...range, output: 'rows' }, 102));
		expect(run.result.error).toBeUndefined();
		// oldest first here, whatever order the service gives
		const items = [...run.items].sort((a, b) =>
			String(a.created_at).localeCompare(String(b.created_at)),
		);
		const ids = items.map((row) => String(row.post_id));
		expect(items).toEqual([
			{
				key: `x:${ids[0]}`,
				platform: 'x',
				post_id: ids[0],
				social_set_id: 102,
				created_at: at(3),
				url: expect.stringMatching(new RegExp(`^https://x\\.com/.+/status/${ids[0]}$`)),
				text: expect.any(String),
				draft_id: null,
				impressions: 2000,
				likes: 30,
				comments: 6,
				shares: 2,
				quotes: 1,
				profile_clicks: 1,
				link_clicks: null,
				saves: 4,
				engagement_total: 40,
				engagement_rate: 0.02,
				fetched_at: expect.any(String),
			},
			expect.objectContaining({
				key: `x:${ids[1]}`,
				created_at: at(2),
				impressions: 0,
				engagement_total: 0,
				engagement_rate: null,
				link_clicks: 0,
			}),
		]);
		expect(ids[0]).not.toBe(ids[1]);
	});

	test('Limit 7 gives 7 rows; no posts in the range give no rows', async () => {
		const limited = await runFresh(fx, posts({ returnAll: false, limit: 7, output: 'rows' }));
		expect(limited.requests[0].query).toMatchObject({ limit: ['7'] });
		expect(limited.items).toHaveLength(7);
		expect(limited.items.every((row) => /^x:\d+$/.test(String(row.key)))).toBe(true);
		const none = await runFresh(
			fx,
			posts({ startDate: '2020-01-01', endDate: '2020-01-31', output: 'rows' }),
		);
		expect(none.result.error).toBeUndefined();
		expect(none.items).toEqual([]);
	});

	test('a service error stays the service error (403 FORBIDDEN on the invisible set)', async () => {
		expectServiceError((await runFresh(fx, posts({ output: 'rows' }, 103))).result, {
			httpCode: 403,
			code: 'FORBIDDEN',
		});
	});
});

describe('Analytics > Get Followers, Output "Rows for a Database"', () => {
	test('one row per date of the series, keyed by platform, social set and date', async () => {
		const returned = await runFresh(fx, followers());
		const rows = await runFresh(fx, followers({ output: 'rows' }));
		expect(rows.result.error).toBeUndefined();
		expect(rows.requests.map((r) => r.query)).toEqual([{}]);
		const series = returned.items[0].data as Array<{ date: string; followers_count: number }>;
		expect(series.length).toBeGreaterThan(0);
		expect(rows.items).toEqual(
			series.map((point) => ({
				key: `x:101:${point.date}`,
				platform: 'x',
				social_set_id: 101,
				date: point.date,
				followers: point.followers_count,
				fetched_at: expect.any(String),
			})),
		);
		expect(rows.items[rows.items.length - 1].date).toBe(day(0));
	});

	test('a date range gives one row for each of its days', async () => {
		const { requests, items } = await runFresh(
			fx,
			followers({ options: { startDate: day(9), endDate: day(0) }, output: 'rows' }),
		);
		expect(requests[0].query).toEqual({ start_date: [day(9)], end_date: [day(0)] });
		expect(items.map((row) => row.date)).toEqual(Array.from({ length: 10 }, (_, k) => day(9 - k)));
		expect(items.every(isFlat)).toBe(true);
	});

	test('a lasting 503 surfaces as SERVICE_UNAVAILABLE, no rows', async () => {
		fx.sandbox.faults.set({ fail503: 20, paths: '/analytics/x/followers' });
		try {
			const { result, items } = await runFresh(fx, followers({ output: 'rows' }));
			expectServiceError(result, { httpCode: 503, code: 'SERVICE_UNAVAILABLE' });
			expect(items).toEqual([]);
		} finally {
			fx.sandbox.faults.clear();
		}
	});
});
