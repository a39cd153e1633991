import { DateTime } from 'luxon';
import { call, useSandbox } from './helpers';

/** Realistic X analytics for best times (sandbox README: admin routes; spec: Analytics post). */

interface Post {
	created_at: string;
	metrics: { impressions: number; engagement: Record<string, number | null> };
}

describe('sandbox: realistic analytics and POST /__sandbox/social-sets/{id}/analytics/posts', () => {
	const sb = useSandbox();
	const admin = async (id: number, body: unknown) => {
		const res = await fetch(`${sb().baseUrl}/__sandbox/social-sets/${id}/analytics/posts`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		return { status: res.status, body: (await res.json()) as Record<string, any> };
	};
	const allPosts = async (id: number, zone: string, days: number): Promise<Post[]> => {
		const today = DateTime.fromJSDate(sb().clock.now(), { zone }).startOf('day');
		const out: Post[] = [];
		for (let offset = 0; ; offset += 100) {
			const res = await call(
				sb(),
				'admin',
				'GET',
				`/v2/social-sets/${id}/analytics/x/posts?start_date=${today.minus({ days: days - 1 }).toISODate()}&end_date=${today.toISODate()}&limit=100&offset=${offset}`,
			);
			expect(res.status).toBe(200);
			out.push(...res.body.results);
			if (!res.body.next) return out;
		}
	};
	const rateByHour = (posts: Post[], zone: string) => {
		const byHour = new Map<number, number[]>();
		for (const p of posts) {
			const hour = DateTime.fromISO(p.created_at, { zone }).hour;
			const rates = byHour.get(hour) ?? [];
			rates.push(Number(p.metrics.engagement.total) / p.metrics.impressions);
			byHour.set(hour, rates);
		}
		const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
		return new Map([...byHour].map(([hour, rates]) => [hour, mean(rates)]));
	};

	beforeEach(async () => await sb().reset());

	it('set 102 (America/New_York) is seeded with posts over every weekday and 12 hours, engagement peaking at 9:00 and 18:00', async () => {
		const posts = await allPosts(102, 'America/New_York', 120);
		expect(posts.length).toBeGreaterThan(400);
		const slots = new Set(
			posts.map((p) =>
				DateTime.fromISO(p.created_at, { zone: 'America/New_York' }).toFormat('c H'),
			),
		);
		expect(slots.size).toBe(7 * 12);
		const rates = rateByHour(posts, 'America/New_York');
		expect(rates.get(9)).toBeGreaterThan(2 * (rates.get(13) as number));
		expect(rates.get(18)).toBeGreaterThan(2 * (rates.get(13) as number));
		for (const p of posts) {
			const e = p.metrics.engagement;
			expect(e.total).toBe(
				Number(e.likes) +
					Number(e.comments) +
					Number(e.shares) +
					Number(e.quotes) +
					Number(e.profile_clicks),
			);
		}
	});

	it("a profile replaces a set's posts: its own hours and peaks, in the set's zone; the same profile gives the same posts", async () => {
		const profile = { days: 30, postsPerDay: 2, hours: [6, 20], peakHours: [20], seed: 7 };
		expect(await admin(101, profile)).toEqual({ status: 200, body: { count: expect.any(Number) } });
		const first = await allPosts(101, 'Europe/Berlin', 30);
		expect(first.length).toBeGreaterThanOrEqual(58);
		const hours = new Set(
			first.map((p) => DateTime.fromISO(p.created_at, { zone: 'Europe/Berlin' }).hour),
		);
		expect([...hours].sort((a, b) => a - b)).toEqual([6, 20]);
		const rates = rateByHour(first, 'Europe/Berlin');
		expect(rates.get(20)).toBeGreaterThan(3 * (rates.get(6) as number));
		await admin(101, profile);
		expect(await allPosts(101, 'Europe/Berlin', 30)).toEqual(first);
	});

	it('posts given one by one keep the spec shape (total is the sum of the counts)', async () => {
		const res = await admin(103, {
			posts: [
				{
					created_at: '2026-03-02T09:15:00Z',
					impressions: 1000,
					likes: 30,
					comments: 5,
					link_clicks: 2,
				},
			],
		});
		expect(res).toEqual({ status: 200, body: { count: 1 } });
		const page = await call(
			sb(),
			'outsider',
			'GET',
			'/v2/social-sets/103/analytics/x/posts?start_date=2026-03-01&end_date=2026-03-03',
		);
		expect(page.body.results).toEqual([
			{
				platform: 'x',
				post_id: expect.any(String),
				created_at: '2026-03-02T09:15:00Z',
				preview_text: 'Given post 0',
				url: expect.stringMatching(/^https:\/\/x\.com\/outsider\/status\/\d+$/),
				draft_id: null,
				metrics: {
					impressions: 1000,
					engagement: {
						total: 35,
						likes: 30,
						comments: 5,
						shares: 0,
						quotes: 0,
						profile_clicks: 0,
						link_clicks: 2,
						saves: null,
					},
				},
			},
		]);
	});

	it('bad input is 400 naming the field; an unknown set is 404', async () => {
		expect(await admin(101, { days: 0 })).toMatchObject({
			status: 400,
			body: { error: { message: expect.stringContaining('days') } },
		});
		expect(await admin(101, { hours: [24] })).toMatchObject({ status: 400 });
		expect(await admin(101, { posts: [{ created_at: 'soon', impressions: 1 }] })).toMatchObject({
			status: 400,
			body: { error: { message: expect.stringContaining('posts[0].created_at') } },
		});
		expect(
			await admin(101, { posts: [{ created_at: '2026-03-02T09:15:00Z', impressions: -1 }] }),
		).toMatchObject({
			status: 400,
		});
		expect(await admin(999, {})).toMatchObject({ status: 404 });
	});
});
