import { DateTime } from 'luxon';
import { call, errorCode, useSandbox } from './helpers';

describe('sandbox: analytics', () => {
	const sb = useSandbox();
	const today = () =>
		DateTime.fromJSDate(sb().clock.now(), { zone: 'Europe/Berlin' }).startOf('day');
	const range = (days: number) =>
		`start_date=${today()
			.minus({ days: days - 1 })
			.toISODate()}&end_date=${today().toISODate()}`;
	const posts = (query: string, platform = 'x', set = 101) =>
		call(sb(), 'read', 'GET', `/v2/social-sets/${set}/analytics/${platform}/posts?${query}`);
	const followers = (query = '', platform = 'x', set = 101) =>
		call(
			sb(),
			'read',
			'GET',
			`/v2/social-sets/${set}/analytics/${platform}/followers${query ? `?${query}` : ''}`,
		);

	it('Endpoints GET analytics posts: default limit 25, no count, next/previous, newest first', async () => {
		const res = await posts(range(200));
		expect(res.status).toBe(200);
		expect(res.body).not.toHaveProperty('count');
		expect(res.body.limit).toBe(25);
		expect(res.body.offset).toBe(0);
		expect(res.body.results).toHaveLength(25);
		expect(res.body.previous).toBeNull();
		expect(new URL(res.body.next).searchParams.get('offset')).toBe('25');
		const times = res.body.results.map((p: { created_at: string }) => Date.parse(p.created_at));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		expect(res.body.results[0]).toEqual({
			platform: 'x',
			post_id: expect.any(String),
			created_at: expect.any(String),
			preview_text: expect.any(String),
			url: expect.stringMatching(/^https:\/\/x\.com\//),
			draft_id: null,
			metrics: {
				impressions: expect.any(Number),
				engagement: {
					total: expect.any(Number),
					likes: expect.any(Number),
					comments: expect.any(Number),
					shares: expect.any(Number),
					quotes: expect.any(Number),
					profile_clicks: expect.any(Number),
					link_clicks:
						res.body.results[0].metrics.engagement.link_clicks === null ? null : expect.any(Number),
					saves: res.body.results[0].metrics.engagement.saves === null ? null : expect.any(Number),
				},
			},
		});
		const next = await fetch(res.body.next, { headers: { Authorization: 'Bearer sp_test_read' } });
		const page2 = (await next.json()) as { offset: number; previous: string | null };
		expect(page2.offset).toBe(25);
		expect(page2.previous).not.toBeNull();
	});

	it('Endpoints GET analytics posts: include_replies adds replies; date range filters', async () => {
		const all = (await posts(`${range(200)}&limit=100`)).body.results.length;
		const withReplies = (await posts(`${range(200)}&limit=100&include_replies=true`)).body.results
			.length;
		expect(withReplies).toBeGreaterThan(all);
		const recent = (await posts(`${range(10)}&limit=100&include_replies=true`)).body.results;
		expect(recent.length).toBeGreaterThan(0);
		expect(recent.length).toBeLessThan(withReplies);
		const start = today().minus({ days: 9 }).toMillis();
		expect(recent.every((p: { created_at: string }) => Date.parse(p.created_at) >= start)).toBe(
			true,
		);
		expect((await posts(`${range(10)}&include_replies=maybe`)).status).toBe(422);
	});

	it('Limits analytics posts page size: 1 to 100 (422 outside), offset >= 0', async () => {
		expect((await posts(`${range(200)}&limit=100`)).body.limit).toBe(100);
		expect((await posts(`${range(200)}&limit=1`)).body.results).toHaveLength(1);
		for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
			const res = await posts(`${range(30)}&${q}`);
			expect(res.status).toBe(422);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
		}
	});

	it('Limits analytics date range: 366 days accepted, larger rejected (400), both endpoints', async () => {
		expect((await posts(range(366))).status).toBe(200);
		const tooLong = await posts(range(367));
		expect(tooLong.status).toBe(400);
		expect(errorCode(tooLong)).toBe('VALIDATION_ERROR');
		expect((await followers(range(366))).status).toBe(200);
		expect((await followers(range(367))).status).toBe(400);
	});

	it('Endpoints GET analytics posts: 400 for missing dates and unsupported platform; 403/404 on the set', async () => {
		expect(errorCode(await posts(`end_date=${today().toISODate()}`))).toBe('VALIDATION_ERROR');
		expect((await posts(`start_date=${today().toISODate()}`)).status).toBe(400);
		const linkedin = await posts(range(30), 'linkedin');
		expect(linkedin.status).toBe(400);
		expect(linkedin.body.error.details[0].field).toBe('platform');
		expect(errorCode(await posts(range(30), 'x', 102))).toBe('FORBIDDEN');
		expect((await posts(range(30), 'x', 999)).status).toBe(404);
	});

	it('Endpoints GET analytics followers: defaults end today in set tz, start 29 days before', async () => {
		const res = await followers();
		expect(res.status).toBe(200);
		expect(res.body.platform).toBe('x');
		const dates = res.body.data.map((d: { date: string }) => d.date);
		expect(dates[dates.length - 1]).toBe(today().toISODate());
		expect(dates[0]).toBe(today().minus({ days: 29 }).toISODate());
		expect(dates).toEqual([...dates].sort());
		expect(res.body.current_followers_count).toBe(
			res.body.data[res.body.data.length - 1].followers_count,
		);
	});

	it('Endpoints GET analytics followers: explicit range; null current count when no data in range', async () => {
		const start = today().minus({ days: 60 }).toISODate();
		const end = today().minus({ days: 50 }).toISODate();
		const res = await followers(`start_date=${start}&end_date=${end}`);
		expect(res.body.data[0].date).toBe(start);
		expect(res.body.data.length).toBe(11);
		const empty = await followers('start_date=2020-01-01&end_date=2020-01-31');
		expect(empty.body).toEqual({ platform: 'x', current_followers_count: null, data: [] });
		expect((await followers('start_date=bad')).status).toBe(400);
		expect((await followers('', 'threads')).status).toBe(400);
	});

	it('Endpoints GET analytics followers: 503 SERVICE_UNAVAILABLE can be forced', async () => {
		sb().faults.set({ fail503: 1, paths: '/analytics/x/followers' });
		const res = await followers();
		expect(res.status).toBe(503);
		expect(errorCode(res)).toBe('SERVICE_UNAVAILABLE');
		expect((await followers()).status).toBe(200);
	});
});
