import {
	compareSlots,
	groupPosts,
	median,
	rankSlots,
	slotRules,
	slotStats,
	type SlotStats,
} from '../../../../nodes/SocialPublishing/helpers/postingSlots';
import { validateRules } from '../../../../nodes/SocialPublishing/helpers/queue';

const post = (created_at: string, impressions: number, total: number) => ({
	platform: 'x',
	post_id: created_at,
	created_at,
	metrics: { impressions, engagement: { total, likes: total } },
});

const slot = (
	day: number,
	hour: number,
	posts: number,
	rate: number,
	impressions = 1000,
): SlotStats => ({
	day,
	hour,
	posts,
	medianRate: rate,
	medianImpressions: impressions,
});

describe('median', () => {
	test('odd count: the middle value; even count: the mean of the two middle values; order does not matter', () => {
		expect(median([5, 1, 3])).toBe(3);
		expect(median([4, 1, 3, 2])).toBe(2.5);
		expect(median([7])).toBe(7);
		expect(median([0.02, 0.01])).toBeCloseTo(0.015, 10);
	});

	test('no values: NaN, and the input is not reordered', () => {
		expect(median([])).toBeNaN();
		const values = [3, 1, 2];
		median(values);
		expect(values).toEqual([3, 1, 2]);
	});
});

describe('groupPosts and slotStats', () => {
	test('a post goes to the weekday and hour of its created_at in the zone, not in UTC', () => {
		// Monday 2026-03-02 03:30 UTC is Sunday 22:30 in New York (EST, UTC-5)
		const grid = groupPosts([post('2026-03-02T03:30:00Z', 1000, 50)], 'America/New_York');
		expect(slotStats(grid)).toEqual([slot(6, 22, 1, 0.05)]);
		const utc = groupPosts([post('2026-03-02T03:30:00Z', 1000, 50)], 'UTC');
		expect(slotStats(utc)).toEqual([slot(0, 3, 1, 0.05)]);
	});

	test('the engagement rate is engagement.total / impressions; medians per slot', () => {
		const grid = groupPosts(
			[
				post('2026-03-03T09:05:00Z', 1000, 10),
				post('2026-03-10T09:40:00Z', 2000, 100),
				post('2026-03-17T09:59:00Z', 4000, 120),
			],
			'UTC',
		);
		expect(slotStats(grid)).toEqual([slot(1, 9, 3, 0.03, 2000)]);
		expect(grid.used).toBe(3);
	});

	test('posts without positive impressions, a total or a readable date are skipped, not guessed', () => {
		const grid = groupPosts(
			[
				post('2026-03-03T09:05:00Z', 0, 10),
				post('2026-03-03T09:05:00Z', 1.5, 1),
				{ created_at: '2026-03-03T09:05:00Z', metrics: { impressions: 100 } },
				post('not a date', 100, 1),
				null,
				'text',
				post('2026-03-03T09:05:00Z', 100, 1),
			],
			'UTC',
		);
		expect(grid).toMatchObject({ used: 1, skipped: 6 });
	});
});

describe('rankSlots', () => {
	test('slots below the minimum are left out; the rest best rate first', () => {
		const ranked = rankSlots([slot(0, 9, 3, 0.02), slot(1, 9, 2, 0.09), slot(2, 18, 5, 0.04)], 3);
		expect(ranked.map((s) => [s.day, s.hour])).toEqual([
			[2, 18],
			[0, 9],
		]);
	});

	test('ties: higher median impressions, then more posts, then the earlier day, then the earlier hour', () => {
		const tied = [
			slot(4, 10, 3, 0.05, 900),
			slot(2, 18, 3, 0.05, 900),
			slot(2, 9, 3, 0.05, 900),
			slot(6, 8, 4, 0.05, 900),
			slot(5, 23, 3, 0.05, 1200),
		];
		const expected = [
			[5, 23],
			[6, 8],
			[2, 9],
			[2, 18],
			[4, 10],
		];
		expect(rankSlots(tied, 1).map((s) => [s.day, s.hour])).toEqual(expected);
		// the same order from any input order
		expect(rankSlots([...tied].reverse(), 1).map((s) => [s.day, s.hour])).toEqual(expected);
		expect(compareSlots(tied[0], tied[0])).toBe(0);
	});
});

describe('slotRules', () => {
	test('one rule per hour on the hour, days in week order, hours ascending: valid queue rules', () => {
		const rules = slotRules([slot(4, 18, 3, 0.1), slot(0, 9, 3, 0.09), slot(1, 18, 3, 0.08)]);
		expect(rules).toEqual([
			{ h: 9, m: 0, days: ['mon'] },
			{ h: 18, m: 0, days: ['tue', 'fri'] },
		]);
		expect(validateRules(rules)).toEqual({ rules });
		expect(slotRules([])).toEqual([]);
	});
});
