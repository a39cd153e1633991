import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { wellFormedProblems } from '../helpers/wellFormed';
import {
	NEW_YORK,
	bestTimes,
	countSlots,
	given,
	lastDays,
	readPosts,
	setPosts,
	svgOf,
} from './bestTimesFixtures';

/**
 * Analytics > Get Best Times (spec: Analytics post; GET .../analytics/{platform}/posts, page size max 100;
 * the zone from GET .../queue/schedule `timezone`), run through n8n-core against the sandbox.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

describe('Analytics > Get Best Times', () => {
	test('the realistic posts of set 102: one item per slot with 3+ posts, ranked by median engagement rate as counted here; the peak hours lead', async () => {
		const range = lastDays(fx, NEW_YORK, 90);
		const { result, requests, items } = await runFresh(fx, bestTimes(102, range));
		expect(result.error).toBeUndefined();
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/v2/social-sets/102/queue/schedule',
		});
		const pages = requests.slice(1);
		expect(pages.length).toBeGreaterThan(1);
		for (const [index, page] of pages.entries())
			expect(page).toMatchObject({
				method: 'GET',
				path: '/v2/social-sets/102/analytics/x/posts',
				query: {
					start_date: [range.startDate],
					end_date: [range.endDate],
					include_replies: ['false'],
					limit: ['100'],
					offset: [String(index * 100)],
				},
			});
		const counted = countSlots(await readPosts(fx, 102, range), NEW_YORK);
		const qualifying = [...counted.values()].filter((slot) => slot.posts >= 3);
		expect(items).toHaveLength(qualifying.length);
		items.forEach((item, index) => {
			const slot = counted.get(`${String(item.day)} ${String(item.hour)}`);
			expect(item).toEqual({
				rank: index + 1,
				day: expect.any(String),
				day_code: String(item.day).slice(0, 3).toLowerCase(),
				hour: expect.any(Number),
				posts: slot?.posts,
				median_engagement_rate: Number(slot?.rate.toFixed(6)),
				median_impressions: slot?.impressions,
				time_zone: NEW_YORK,
			});
			expect(item.posts).toBeGreaterThanOrEqual(3);
			if (index > 0)
				expect(Number(items[index - 1].median_engagement_rate)).toBeGreaterThanOrEqual(
					Number(item.median_engagement_rate),
				);
		});
		expect(items.slice(0, 5).every((item) => [9, 18].includes(Number(item.hour)))).toBe(true);
	});

	test('with Picture Format SVG, the heat map is on the first item only: a well-formed SVG named for the set and range, with a cell per slot', async () => {
		const range = lastDays(fx, NEW_YORK, 90);
		const result = await fx.runNode(
			bestTimes(102, { ...range, options: { pictureFormat: 'svg' } }),
		);
		const [first, second] = result.output(NODE);
		expect(first.binary?.data).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: `best-times-102-${range.startDate}-${range.endDate}.svg`,
		});
		expect(second.binary).toBeUndefined();
		const svg = svgOf(first);
		expect(wellFormedProblems(svg)).toEqual([]);
		expect(svg).toContain('hours in America/New_York');
		expect(svg).toContain(
			`${first.json.day} ${String(first.json.hour).padStart(2, '0')}:00: ${first.json.posts} posts`,
		);
		expect(svg.match(/<rect x="\d+" y="\d+" width="26"/g)).toHaveLength(168);
	});

	test("posts are grouped in the social set's zone: the same instants are Sunday 22:00 in New York (23:00 in summer time) and Monday 3:00 in UTC", async () => {
		const posts = ['2026-02-02T03:10:00Z', '2026-02-09T03:20:00Z', '2026-02-16T03:30:00Z'].map(
			(at) => given(at, 1000, 40),
		);
		await setPosts(fx, 102, posts);
		await setPosts(fx, 103, posts);
		const range = { startDate: '2026-01-25', endDate: '2026-02-20' };
		const newYork = await runFresh(fx, bestTimes(102, range));
		expect(newYork.items).toEqual([
			expect.objectContaining({
				rank: 1,
				day: 'Sunday',
				day_code: 'sun',
				hour: 22,
				posts: 3,
				time_zone: NEW_YORK,
			}),
		]);
		const utc = await runFresh(fx, bestTimes(103, range), { key: 'outsider' });
		expect(utc.items).toEqual([
			expect.objectContaining({
				rank: 1,
				day: 'Monday',
				day_code: 'mon',
				hour: 3,
				posts: 3,
				time_zone: 'UTC',
			}),
		]);
		expect(newYork.items[0].median_engagement_rate).toBe(0.04);
		// after the switch to daylight saving time (8 March 2026) 3:20 UTC is 23:20 in New York
		await setPosts(fx, 102, [given('2026-03-09T03:20:00Z', 1000, 40)]);
		const summer = await runFresh(
			fx,
			bestTimes(102, { startDate: '2026-03-01', endDate: '2026-03-31', minPostsPerSlot: 1 }),
		);
		expect(summer.items).toEqual([expect.objectContaining({ day: 'Sunday', hour: 23 })]);
		expect(newYork.items[0].median_impressions).toBe(1000);
	});

	describe('on posts given one by one (set 103, UTC)', () => {
		const range = { startDate: '2026-03-01', endDate: '2026-03-31' };
		// Tuesdays 9:00: 3 posts at 2%, 3%, 10% (median 3%); Wednesdays 18:00: 2 posts at 8%
		const posts = [
			given('2026-03-03T09:01:00Z', 1000, 20),
			given('2026-03-10T09:02:00Z', 2000, 60),
			given('2026-03-17T09:03:00Z', 3000, 300),
			given('2026-03-04T18:00:00Z', 1000, 80),
			given('2026-03-11T18:00:00Z', 1000, 80),
		];
		const run = async (extra: Record<string, unknown>) =>
			await runFresh(fx, bestTimes(103, { ...range, ...extra }), { key: 'outsider' });

		test('Minimum Posts Per Slot leaves out thinner slots; lowered, they rank by their rate', async () => {
			await setPosts(fx, 103, posts);
			const three = await run({ minPostsPerSlot: 3 });
			expect(
				three.items.map((i) => [
					i.day,
					i.hour,
					i.posts,
					i.median_engagement_rate,
					i.median_impressions,
				]),
			).toEqual([['Tuesday', 9, 3, 0.03, 2000]]);
			const two = await run({ minPostsPerSlot: 2 });
			expect(two.items.map((i) => [i.rank, i.day, i.hour])).toEqual([
				[1, 'Wednesday', 18],
				[2, 'Tuesday', 9],
			]);
		});

		test('too few posts: one item saying so, naming the parameter and the range, with the heat map; nothing ranked', async () => {
			await setPosts(fx, 103, posts);
			const { result, items, requests } = await run({
				minPostsPerSlot: 4,
				options: { pictureFormat: 'svg' },
			});
			expect(result.error).toBeUndefined();
			expect(items).toEqual([
				{
					enough_data: false,
					message: expect.stringContaining(
						'no weekday and hour has 4 or more posts from 2026-03-01 to 2026-03-31',
					),
					posts_read: 5,
					posts_skipped: 0,
					min_posts_per_slot: 4,
					busiest_slot: expect.objectContaining({ day: 'Tuesday', hour: 9, posts: 3 }),
					start_date: '2026-03-01',
					end_date: '2026-03-31',
					time_zone: 'UTC',
				},
			]);
			expect(items[0].message).toContain('lower Minimum Posts Per Slot');
			expect(wellFormedProblems(svgOf(result.output(NODE)[0]))).toEqual([]);
			expect(requests.every((r) => r.method === 'GET')).toBe(true);
		});

		test('no posts at all in the range: the same answer, no slot named', async () => {
			const { items } = await run({ startDate: '2026-05-01', endDate: '2026-05-31' });
			expect(items).toEqual([
				expect.objectContaining({ enough_data: false, posts_read: 0, busiest_slot: null }),
			]);
		});

		test('ties: equal rates go to higher median impressions, then more posts, then the earlier weekday, then the earlier hour; the same every run', async () => {
			await setPosts(fx, 103, [
				// Friday 10:00 and Monday 15:00 and Monday 8:00: 5% on 1000 impressions, one post each
				given('2026-03-06T10:00:00Z', 1000, 50),
				given('2026-03-02T15:00:00Z', 1000, 50),
				given('2026-03-02T08:00:00Z', 1000, 50),
				// Sunday 7:00: 5% on 2000 impressions
				given('2026-03-08T07:00:00Z', 2000, 100),
				// Thursday 12:00: 5% on 1000, two posts
				given('2026-03-05T12:00:00Z', 1000, 50),
				given('2026-03-12T12:00:00Z', 1000, 50),
			]);
			const order = [
				['Sunday', 7],
				['Thursday', 12],
				['Monday', 8],
				['Monday', 15],
				['Friday', 10],
			];
			for (let i = 0; i < 2; i++) {
				const { items } = await run({ minPostsPerSlot: 1 });
				expect(items.map((item) => [item.day, item.hour])).toEqual(order);
			}
		});

		test('replies count only with Include Replies', async () => {
			await setPosts(fx, 103, [
				...posts.slice(0, 3),
				{ ...given('2026-03-20T21:00:00Z', 1000, 900), is_reply: true },
			]);
			const without = await run({ minPostsPerSlot: 1 });
			expect(without.items.map((i) => i.day)).toEqual(['Tuesday']);
			expect(without.requests[1].query.include_replies).toEqual(['false']);
			const withReplies = await run({ minPostsPerSlot: 1, options: { includeReplies: true } });
			expect(withReplies.items.map((i) => [i.day, i.hour])).toEqual([
				['Friday', 21],
				['Tuesday', 9],
			]);
		});
	});

	test('Max Posts bounds the pages read: a range holding more stops with an error naming it, not a ranking of part of it', async () => {
		const range = lastDays(fx, NEW_YORK, 120);
		const { result, requests } = await runFresh(
			fx,
			bestTimes(102, { ...range, options: { maxPosts: 150 } }),
		);
		expect(result.error?.message).toContain('Parameter "Max Posts" is 150, and the range');
		expect(result.error?.message).toContain('[item 0]');
		const pages = requests.filter((r) => r.path.endsWith('/analytics/x/posts'));
		expect(pages.map((r) => [r.query.limit, r.query.offset])).toEqual([
			[['100'], ['0']],
			[['51'], ['100']],
		]);
		const enough = await runFresh(fx, bestTimes(102, { ...range, options: { maxPosts: 480 } }));
		expect(enough.result.error).toBeUndefined();
		expect(
			enough.requests.filter((r) => r.path.endsWith('/analytics/x/posts')).length,
		).toBeLessThanOrEqual(5);
	});

	test('bad input is refused before anything is sent, naming the parameter', async () => {
		const range = { startDate: '2026-03-01', endDate: '2026-03-31' };
		await expectRejectedBeforeSending(fx, bestTimes(102, { ...range, minPostsPerSlot: 0 }), {
			parameter: 'Minimum Posts Per Slot',
			problem: /whole number from 1 to 10000, got 0/,
		});
		await expectRejectedBeforeSending(
			fx,
			bestTimes(102, { ...range, minPostsPerSlot: '={{ 2.5 }}' }),
			{
				parameter: 'Minimum Posts Per Slot',
			},
		);
		await expectRejectedBeforeSending(
			fx,
			bestTimes(102, { startDate: '2026-03-31', endDate: '2026-03-01' }),
			{
				parameter: 'End Date',
			},
		);
		await expectRejectedBeforeSending(
			fx,
			bestTimes(102, { startDate: '2026-01-01', endDate: '2027-01-02' }),
			{
				parameter: 'End Date',
				problem: /366/,
			},
		);
		await expectRejectedBeforeSending(
			fx,
			bestTimes(102, { ...range, options: { maxPosts: 20_000 } }),
			{
				parameter: 'Max Posts',
			},
		);
		await expectRejectedBeforeSending(
			fx,
			bestTimes(102, { ...range, applyToQueue: true, numberOfSlots: 169 }),
			{
				parameter: 'Number of Slots',
			},
		);
		await expectRejectedBeforeSending(fx, bestTimes(102, { ...range, platform: 'linkedin' }), {
			parameter: 'Platform',
		});
	});
});
