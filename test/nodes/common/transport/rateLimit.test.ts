import {
	RateLimitMemory,
	socialSetBucketKey,
	backoffDelay,
	parseRateLimitHeaders,
	waitAfter429,
	waitForBucket,
} from '../../../../nodes/common/transport/rateLimit';

const NOW = 1_800_000_000_000;

describe('rate-limit headers (Limits: rate limits)', () => {
	test('both families are read, names case-insensitive, Reset in Unix seconds', () => {
		const limits = parseRateLimitHeaders({
			'x-ratelimit-user-limit': '100',
			'X-RateLimit-User-Remaining': '3',
			'x-ratelimit-user-reset': '1800000060',
			'x-ratelimit-socialset-limit': '10',
			'x-ratelimit-socialset-remaining': '0',
			'x-ratelimit-socialset-reset': '1800000010',
			'x-ratelimit-socialset-resource': 'drafts.create',
		});
		expect(limits.user).toEqual({
			limit: 100,
			remaining: 3,
			resetAtMs: 1_800_000_060_000,
			resource: undefined,
		});
		expect(limits.socialSet).toEqual({
			limit: 10,
			remaining: 0,
			resetAtMs: 1_800_000_010_000,
			resource: 'drafts.create',
		});
	});

	test('a missing or unreadable family is left out', () => {
		expect(parseRateLimitHeaders({ 'x-ratelimit-user-remaining': 'soon' })).toEqual({
			user: undefined,
			socialSet: undefined,
		});
	});
});

describe('waits', () => {
	test('a bucket with requests left needs no wait; an empty one waits until its reset', () => {
		expect(waitForBucket({ remaining: 1, resetAtMs: NOW + 5000 }, NOW)).toBe(0);
		expect(waitForBucket({ remaining: 0, resetAtMs: NOW + 5000 }, NOW)).toBe(5000);
		expect(waitForBucket({ remaining: 0, resetAtMs: NOW - 5000 }, NOW)).toBe(0);
	});

	test('after a 429 the later of the exhausted buckets decides', () => {
		const result = waitAfter429(
			{
				user: { remaining: 0, resetAtMs: NOW + 2000 },
				socialSet: { remaining: 0, resetAtMs: NOW + 7000, resource: 'drafts.create' },
			},
			NOW,
			0,
		);
		expect(result.waitMs).toBe(7000);
		expect(result.family).toBe('socialSet');
	});

	test('after a 429 without usable headers the wait is a jittered exponential backoff', () => {
		const low = waitAfter429({}, NOW, 3, () => 0).waitMs;
		const high = waitAfter429({}, NOW, 3, () => 1).waitMs;
		expect(low).toBe(4000);
		expect(high).toBe(8000);
	});

	test('backoff doubles per attempt and stays under its cap', () => {
		const ceilings = [0, 1, 2, 3, 10].map((attempt) => backoffDelay(attempt, 100, 1000, () => 1));
		expect(ceilings).toEqual([100, 200, 400, 800, 1000]);
		expect(backoffDelay(2, 100, 1000, () => 0)).toBe(200);
	});

	test('memory waits for the longest exhausted bucket among the keys and forgets expired ones', () => {
		const memory = new RateLimitMemory(2);
		memory.remember('u', { remaining: 0, resetAtMs: NOW + 1000 });
		memory.remember('s', { remaining: 0, resetAtMs: NOW + 3000 });
		expect(memory.waitMs(['u', 's'], NOW)).toBe(3000);
		expect(memory.waitMs(['u'], NOW + 2000)).toBe(0);
		memory.remember('a', { remaining: 0, resetAtMs: NOW + 9000 });
		memory.remember('b', { remaining: 0, resetAtMs: NOW + 9000 });
		expect(memory.waitMs(['s'], NOW)).toBe(0);
	});

	test('the memory learns which resource a route counts against and keeps social set buckets by resource', () => {
		const memory = new RateLimitMemory();
		const key = socialSetBucketKey('owner', '7', 'drafts.create');
		expect(memory.resourceOf('owner:POST /v2/social-sets/{}/drafts')).toBeUndefined();
		memory.learnResource('owner:POST /v2/social-sets/{}/drafts', 'drafts.create');
		memory.remember(key, { remaining: 0, resetAtMs: NOW + 4000, resource: 'drafts.create' });
		expect(memory.resourceOf('owner:POST /v2/social-sets/{}/drafts')).toBe('drafts.create');
		expect(memory.waitMs([key], NOW)).toBe(4000);
		expect(memory.waitMs([socialSetBucketKey('owner', '8', 'drafts.create')], NOW)).toBe(0);
		memory.clear();
		expect(memory.resourceOf('owner:POST /v2/social-sets/{}/drafts')).toBeUndefined();
	});
});
