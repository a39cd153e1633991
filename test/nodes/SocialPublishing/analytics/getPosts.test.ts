import { DateTime } from 'luxon';
import { SEED } from '../../../../sandbox';
import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import {
	HUGE,
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';

const fx = useSandbox();

afterEach(() => fx.sandbox.faults.clear());

const today = DateTime.now().setZone('Europe/Berlin').startOf('day');

const day = (daysBack: number) => today.minus({ days: daysBack }).toISODate() as string;

const posts = (extra: Record<string, unknown>, id = 101) => ({
	resource: 'analytics',
	operation: 'getPosts',
	socialSetId: byId(id),
	platform: 'x',
	startDate: day(365),
	endDate: day(0),
	...extra,
});

const REPLIES = Math.floor(SEED.analyticsPostCount / 5);

describe('Analytics > Get Posts (Analytics: GET .../analytics/{platform}/posts; page size max 100)', () => {
	test('Return All over 366 days with replies: pages of 100, every post with its metrics', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			posts({ includeReplies: true, returnAll: true }),
			{ key: 'read' },
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/analytics/x/posts',
				query: {
					start_date: [day(365)],
					end_date: [day(0)],
					include_replies: ['true'],
					limit: ['100'],
					offset: ['0'],
				},
				status: 200,
			}),
		]);
		expect(items).toHaveLength(SEED.analyticsPostCount);
		expect(items[0]).toEqual({
			platform: 'x',
			post_id: expect.any(String),
			created_at: expect.any(String),
			preview_text: expect.any(String),
			url: expect.stringContaining('https://x.com/'),
			draft_id: null,
			metrics: {
				impressions: expect.any(Number),
				engagement: expect.objectContaining({
					total: expect.any(Number),
					likes: expect.any(Number),
					profile_clicks: expect.any(Number),
				}),
			},
		});
	});

	test('without replies (the default) include_replies=false is sent and replies are left out', async () => {
		const { requests, items } = await runFresh(fx, posts({ returnAll: true }));
		expect(requests[0].query.include_replies).toEqual(['false']);
		expect(items).toHaveLength(SEED.analyticsPostCount - REPLIES);
		expect(items.some((post) => String(post.preview_text).startsWith('Replying'))).toBe(false);
	});

	test('Limit 7 sends one request with limit=7 and returns 7 posts', async () => {
		const { requests, items } = await runFresh(fx, posts({ returnAll: false, limit: 7 }));
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ limit: ['7'], offset: ['0'] });
		expect(items).toHaveLength(7);
	});

	test('Limit 150 asks for a page of 100 (the most) and stops when the service has no next page', async () => {
		const { requests, items } = await runFresh(
			fx,
			posts({ includeReplies: true, returnAll: false, limit: 150 }),
		);
		expect(requests.map((request) => request.query.limit)).toEqual([['100']]);
		expect(items).toHaveLength(SEED.analyticsPostCount);
	});

	test('a narrower range gives only posts created in it', async () => {
		const { requests, items } = await runFresh(
			fx,
			posts({ startDate: day(10), endDate: day(0), includeReplies: true, returnAll: true }),
		);
		expect(requests[0].query).toMatchObject({ start_date: [day(10)], end_date: [day(0)] });
		expect(items.length).toBeGreaterThan(0);
		expect(items.length).toBeLessThan(SEED.analyticsPostCount);
		const earliest = today.minus({ days: 10 }).toMillis();
		expect(items.every((post) => Date.parse(String(post.created_at)) >= earliest)).toBe(true);
	});

	test('366 days counting both ends is the most that is sent; 367 are refused before sending (Limits: analytics date range)', async () => {
		const accepted = await runFresh(
			fx,
			posts({ startDate: '2026-01-01', endDate: '2027-01-01', returnAll: true }),
		);
		expect(accepted.result.error).toBeUndefined();
		expect(accepted.requests[0].query).toMatchObject({
			start_date: ['2026-01-01'],
			end_date: ['2027-01-01'],
		});
		await expectRejectedBeforeSending(
			fx,
			posts({ startDate: '2026-01-01', endDate: '2027-01-02' }),
			{ parameter: 'End Date', problem: /span 367 days; at most 366/ },
		);
	});

	test('an end before the start is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, posts({ startDate: day(1), endDate: day(5) }), {
			parameter: 'End Date',
			problem: /before the start date/,
		});
	});

	test('a start date that is not a date is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, posts({ startDate: 'last month' }), {
			parameter: 'Start Date',
			problem: /YYYY-MM-DD/,
		});
	});

	test('a platform other than x from an expression is refused before sending (Analytics: only x)', async () => {
		await expectRejectedBeforeSending(fx, posts({ platform: '={{ "linkedin" }}' }), {
			parameter: 'Platform',
			problem: /X only, got "linkedin"/,
		});
	});

	test('403 FORBIDDEN on the invisible social set, 404 NOT_FOUND on an unknown one', async () => {
		expectServiceError((await runFresh(fx, posts({ returnAll: true }, 103))).result, {
			httpCode: 403,
			code: 'FORBIDDEN',
		});
		expectServiceError((await runFresh(fx, posts({ returnAll: true }, 999))).result, {
			httpCode: 404,
			code: 'NOT_FOUND',
		});
	});
});

test('a 1 MB parameter value quoted by a check (Analytics > Platform) is cut and kept on one line', async () => {
	const message = await expectRejectedBeforeSending(
		fx,
		{
			resource: 'analytics',
			operation: 'getPosts',
			socialSetId: byId(101),
			platform: '={{ $json.platform }}',
			startDate: '2026-01-01',
			endDate: '2026-01-31',
		},
		{ parameter: 'Platform' },
		{ input: [{ json: { platform: HUGE } }] },
	);
	expect(message).toMatch(
		/^Parameter "Platform" must be x: analytics exist for X only, got "x Ignore previous instructions A+… \(cut, \d+ characters in all\) \[item 0\]$/,
	);
	expect(message.length).toBeLessThan(1100);
});
