import {
	ANSWER_WAIT_MS,
	MAX_RESET_AHEAD_MS,
	RateLimitMemory,
	SOCIAL_SET_COUNTS,
	socialSetBucketKey,
	parseRateLimitHeaders,
	waitForBucket,
} from '../../../../nodes/common/transport/rateLimit';
import { backoffDelay, waitAfter429 } from '../../../../nodes/common/transport/retryPolicy';

const NOW = 1_800_000_000_000;

describe('rate-limit headers (Limits: rate limits)', () => {
	test('both families are read, names case-insensitive, Reset in Unix seconds', () => {
		const limits = parseRateLimitHeaders(
			{
				'x-ratelimit-user-limit': '100',
				'X-RateLimit-User-Remaining': '3',
				'x-ratelimit-user-reset': '1800000060',
				'x-ratelimit-socialset-limit': '10',
				'x-ratelimit-socialset-remaining': '0',
				'x-ratelimit-socialset-reset': '1800000010',
				'x-ratelimit-socialset-resource': 'drafts.create',
			},
			NOW,
		);
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

	test('a repeated header gives its first value; other headers are not read as limits', () => {
		const limits = parseRateLimitHeaders(
			{
				'Content-Type': 'application/json',
				'X-RATELIMIT-USER-REMAINING': ['7', '1'],
				'x-ratelimit-user-reset': ['1800000030'],
				'x-ratelimit-user-remaining-note': '0',
				'x-ratelimit-socialset-remaining': '0',
			},
			NOW,
		);
		expect(limits.user).toEqual({
			limit: undefined,
			remaining: 7,
			resetAtMs: 1_800_000_030_000,
			resource: undefined,
		});
		expect(limits.socialSet).toBeUndefined();
	});

	test('a missing or unreadable family is left out', () => {
		expect(parseRateLimitHeaders({ 'x-ratelimit-user-remaining': 'soon' })).toEqual({
			user: undefined,
			socialSet: undefined,
		});
	});

	test.each([
		['NaN', 'NaN'],
		['empty', ''],
		['a date', 'Wed, 25 Nov 2026 10:00:00 GMT'],
		['Infinity', 'Infinity'],
		['exponent', '1e30'],
		['year 3000', String(Date.UTC(3000, 0, 1) / 1000)],
		['a day and a minute ahead', String((NOW + MAX_RESET_AHEAD_MS + 60_000) / 1000)],
	])('a Reset that is %s is not believed: the family is left out', (_name, reset) => {
		const limits = parseRateLimitHeaders(
			{ 'x-ratelimit-user-remaining': '0', 'x-ratelimit-user-reset': reset },
			NOW,
		);
		expect(limits.user).toBeUndefined();
	});

	test('a Reset up to a day ahead is kept (six hours here)', () => {
		const reset = (NOW + 6 * 3_600_000) / 1000;
		const limits = parseRateLimitHeaders(
			{ 'x-ratelimit-user-remaining': '0', 'x-ratelimit-user-reset': String(reset) },
			NOW,
		);
		expect(limits.user).toMatchObject({ remaining: 0, resetAtMs: reset * 1000 });
	});

	test('an empty Remaining is unreadable, not 0', () => {
		const limits = parseRateLimitHeaders(
			{ 'x-ratelimit-user-remaining': ' ', 'x-ratelimit-user-reset': String(NOW / 1000 + 60) },
			NOW,
		);
		expect(limits.user).toBeUndefined();
	});

	test('a long or unprintable resource name is cut and kept on one line', () => {
		const limits = parseRateLimitHeaders(
			{
				'x-ratelimit-socialset-remaining': '0',
				'x-ratelimit-socialset-reset': String(NOW / 1000 + 60),
				'x-ratelimit-socialset-resource': `drafts.create\nIGNORE ALL ${'x'.repeat(5000)}`,
			},
			NOW,
		);
		const resource = limits.socialSet?.resource ?? '';
		expect(resource.startsWith('drafts.create IGNORE ALL')).toBe(true);
		expect(resource).not.toContain('\n');
		expect(resource.length).toBeLessThan(140);
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

	test('the memory names the bucket that blocks longest, with its reset, so a caller can refuse to wait for it', () => {
		const memory = new RateLimitMemory();
		const social = { remaining: 0, resetAtMs: NOW + 6 * 3_600_000, resource: 'drafts.create' };
		memory.remember('u', { remaining: 0, resetAtMs: NOW + 1000 });
		memory.remember('s', social);
		memory.remember('free', { remaining: 4, resetAtMs: NOW + 9_000_000 });
		expect(memory.blocking(['u', 's', 'free'], NOW)).toEqual({
			waitMs: 6 * 3_600_000,
			bucket: social,
		});
		expect(memory.blocking(['free'], NOW)).toBeUndefined();
	});

	test('social set buckets are kept per service, social set and resource', () => {
		const memory = new RateLimitMemory();
		const key = socialSetBucketKey('service', '7', 'drafts.create');
		memory.remember(key, { remaining: 0, resetAtMs: NOW + 4000, resource: 'drafts.create' });
		expect(memory.waitMs([key], NOW)).toBe(4000);
		expect(memory.waitMs([socialSetBucketKey('service', '8', 'drafts.create')], NOW)).toBe(0);
		expect(memory.waitMs([socialSetBucketKey('other', '7', 'drafts.create')], NOW)).toBe(0);
		memory.clear();
		expect(memory.waitMs([key], NOW)).toBe(0);
	});
});

/** Answers as the service gives them (spec, Limits): both families, the social set's naming its resource. */
const answer = (user: number, set: number, resource = 'drafts.create') => ({
	'x-ratelimit-user-limit': '100',
	'x-ratelimit-user-remaining': String(user),
	'x-ratelimit-user-reset': '1800000060',
	'x-ratelimit-socialset-limit': '20',
	'x-ratelimit-socialset-remaining': String(set),
	'x-ratelimit-socialset-reset': '1800000010',
	'x-ratelimit-socialset-resource': resource,
});
const scopeOf = (owner: string, route: string, socialSet = '101') => ({
	owner,
	service: 'svc',
	route,
	socialSet,
});
const CREATE = 'POST /v2/social-sets/{}/drafts';
const GET_DRAFT = 'GET /v2/social-sets/{}/drafts/{}';
const LIST = 'GET /v2/social-sets/{}/drafts';
const PATCH = 'PATCH /v2/social-sets/{}/drafts/{}';

describe('which bucket counts which request (spec, Limits: per user all endpoints, per social set draft creation)', () => {
	test('the table: draft creation counts in drafts.create; every other route in no social-set bucket', () => {
		expect(SOCIAL_SET_COUNTS).toEqual({ [CREATE]: 'drafts.create' });
		const memory = new RateLimitMemory();
		expect(memory.resourceOf(scopeOf('o1', CREATE))).toBe('drafts.create');
		for (const route of [
			GET_DRAFT,
			LIST,
			PATCH,
			'GET /v2/social-sets/{}/',
			'POST /v2/social-sets/{}/tags',
		])
			expect(memory.resourceOf(scopeOf('o1', route))).toBeUndefined();
		// a path without a social set has no social-set bucket
		expect(memory.resourceOf({ owner: 'o1', service: 'svc', route: CREATE })).toBeUndefined();
	});

	test('reads take the user bucket only: 30 reads leave the creation budget as the service announced it', () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(scopeOf('o1', CREATE), answer(99, 19), NOW);
		for (let n = 0; n < 30; n++) {
			const taken = memory.take(scopeOf('o1', GET_DRAFT), NOW);
			expect(taken.map((t) => t.key)).toEqual(['o1:user']);
			// the service reports the set's bucket on a read's answer without counting the read in it
			memory.rememberAnswer(scopeOf('o1', GET_DRAFT), answer(98 - n, 19), NOW, taken);
		}
		expect(memory.known(scopeOf('o1', CREATE), NOW).socialSet?.remaining).toBe(19);
		expect(memory.blockingFor(scopeOf('o1', CREATE), NOW)).toBeUndefined();
		expect(memory.known(scopeOf('o1', CREATE), NOW).user?.remaining).toBe(69);
	});

	test('a used-up creation budget holds creations, never reads, updates or lists', () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(scopeOf('o1', GET_DRAFT), answer(50, 0), NOW);
		expect(memory.blockingFor(scopeOf('o1', CREATE), NOW)).toMatchObject({
			waitMs: 10_000,
			bucket: { resource: 'drafts.create' },
		});
		for (const route of [GET_DRAFT, LIST, PATCH])
			expect(memory.blockingFor(scopeOf('o1', route), NOW)).toBeUndefined();
	});

	test("a read's answer returns the buckets the read counts against: its user bucket only", () => {
		const memory = new RateLimitMemory();
		const read = memory.rememberAnswer(scopeOf('o1', GET_DRAFT), answer(50, 0), NOW);
		expect(read).toEqual({ user: expect.objectContaining({ remaining: 50 }) });
		const created = memory.rememberAnswer(scopeOf('o1', CREATE), answer(49, 0), NOW);
		expect(created.socialSet).toMatchObject({ remaining: 0, resource: 'drafts.create' });
	});

	test("one social set's bucket for every key: a creation of one key holds another key's creation there", () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(scopeOf('o1', CREATE), answer(50, 1), NOW);
		const taken = memory.take(scopeOf('o1', CREATE), NOW);
		expect(taken.map((t) => t.key)).toEqual([
			'o1:user',
			socialSetBucketKey('svc', '101', 'drafts.create'),
		]);
		// key o2 has never been answered, yet the set's budget is known to it, with o1's creation in flight
		expect(memory.blockingFor(scopeOf('o2', CREATE), NOW)).toMatchObject({ waitMs: 10_000 });
		// o2's own answer, counted before o1's creation arrived, gives back nothing o1 took
		memory.rememberAnswer(scopeOf('o2', GET_DRAFT), answer(80, 1), NOW);
		expect(memory.known(scopeOf('o2', CREATE), NOW).socialSet?.remaining).toBe(0);
		// the user buckets stay apart: o2's is not o1's
		expect(memory.known(scopeOf('o2', CREATE), NOW).user?.remaining).toBe(80);
		// another service's social set 101 is another set
		expect(memory.blockingFor({ ...scopeOf('o1', CREATE), service: 'other' }, NOW)).toBeUndefined();
	});

	test('a 429 refused on a social-set bucket while the user bucket had room teaches that its route counts there', () => {
		const memory = new RateLimitMemory();
		const upload = scopeOf('o1', 'POST /v2/social-sets/{}/media/upload');
		memory.rememberAnswer(upload, answer(40, 0, 'media.upload'), NOW, [], 201);
		expect(memory.blockingFor(upload, NOW)).toBeUndefined();
		const refused = memory.rememberAnswer(upload, answer(39, 0, 'media.upload'), NOW, [], 429);
		expect(refused.socialSet).toMatchObject({ remaining: 0, resource: 'media.upload' });
		expect(memory.blockingFor(upload, NOW)).toMatchObject({ bucket: { resource: 'media.upload' } });
		// reads are not taught by it
		expect(memory.blockingFor(scopeOf('o1', GET_DRAFT), NOW)).toBeUndefined();
	});

	test("a 429 of the user bucket teaches nothing about the social set's (its user bucket had no room)", () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(scopeOf('o1', GET_DRAFT), answer(0, 0), NOW, [], 429);
		expect(memory.resourceOf(scopeOf('o1', GET_DRAFT))).toBeUndefined();
		expect(memory.blockingFor(scopeOf('o2', GET_DRAFT), NOW)).toBeUndefined();
	});
});

describe('a window the node does not know: no more out at once than a window can hold', () => {
	const me = { owner: 'o1', service: 'svc', route: 'GET /v2/me' };
	const answer = (limit: number, remaining: number, resetS: number) => ({
		'x-ratelimit-user-limit': String(limit),
		'x-ratelimit-user-remaining': String(remaining),
		'x-ratelimit-user-reset': String(resetS),
	});

	test("before a bucket's first answer one request goes; its answer lets the others go", () => {
		const memory = new RateLimitMemory();
		expect(memory.blockingFor(me, NOW)).toBeUndefined();
		const first = memory.take(me, NOW);
		expect(memory.blockingFor(me, NOW)).toMatchObject({
			waitMs: ANSWER_WAIT_MS,
			awaitingAnswer: true,
		});
		memory.rememberAnswer(me, answer(10, 9, 1_800_000_060), NOW, first);
		expect(memory.blockingFor(me, NOW)).toBeUndefined();
	});

	test("when the window ends, as many go as the last answer's Limit, the next waits for an answer", () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(me, answer(3, 0, 1_800_000_060), NOW);
		const next = 1_800_000_060_000;
		const out = [memory.take(me, next), memory.take(me, next), memory.take(me, next)];
		expect(memory.blockingFor(me, next)).toMatchObject({ awaitingAnswer: true });
		memory.rememberAnswer(me, answer(3, 0, 1_800_000_120), next, out[0]);
		// the answer says the new window is used up: a wait until its reset, not for an answer
		expect(memory.blockingFor(me, next)).toMatchObject({ waitMs: 60_000 });
		expect(memory.blockingFor(me, next)?.awaitingAnswer).toBeUndefined();
	});

	test('a service that answers without rate-limit headers holds nothing back after its first answer', () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(me, {}, NOW, memory.take(me, NOW));
		for (let n = 0; n < 5; n++) memory.take(me, NOW);
		expect(memory.blockingFor(me, NOW)).toBeUndefined();
	});
});

describe('RateLimitMemory.known: what a reader sees of the buckets, nothing taken', () => {
	const headers = (userRemaining: string, setRemaining: string, resource: string) => ({
		'x-ratelimit-user-limit': '100',
		'x-ratelimit-user-remaining': userRemaining,
		'x-ratelimit-user-reset': '1800000060',
		'x-ratelimit-socialset-limit': '10',
		'x-ratelimit-socialset-remaining': setRemaining,
		'x-ratelimit-socialset-reset': '1800000030',
		'x-ratelimit-socialset-resource': resource,
	});
	const read = { owner: 'o1', service: 'svc', route: 'GET /v2/social-sets/{}/', socialSet: '101' };
	const create = { owner: 'o1', service: 'svc', route: CREATE, socialSet: '101' };

	test("the create route's buckets, as any answer on the social set's path left them; a copy", () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(read, headers('40', '9', 'drafts.create'), NOW);
		expect(memory.known(create, NOW)).toEqual({
			user: { limit: 100, remaining: 40, resetAtMs: 1_800_000_060_000, resource: undefined },
			socialSet: {
				limit: 10,
				remaining: 9,
				resetAtMs: 1_800_000_030_000,
				resource: 'drafts.create',
			},
		});
		// a read has no social-set bucket of its own
		expect(memory.known(read, NOW).socialSet).toBeUndefined();
		// a bucket of another resource is not the creation budget
		memory.rememberAnswer(create, headers('39', '5', 'posts.create'), NOW);
		const known = memory.known(create, NOW);
		expect(known.socialSet).toMatchObject({ remaining: 9, resource: 'drafts.create' });
		// a copy: changing it changes nothing the requests go by
		if (known.user) known.user.remaining = 0;
		expect(memory.waitMs([`o1:user`], NOW)).toBe(0);
		expect(memory.known(create, NOW).user?.remaining).toBe(39);
	});

	test('a bucket whose window has passed is not known; a path without a social set has the user bucket only', () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(read, headers('40', '9', 'drafts.create'), NOW);
		const later = 1_800_000_031_000;
		expect(memory.known(create, later)).toEqual({
			user: expect.objectContaining({ remaining: 40 }),
			socialSet: undefined,
		});
		const me = { owner: 'o1', service: 'svc', route: 'GET /v2/me' };
		expect(memory.known(me, NOW).socialSet).toBeUndefined();
		expect(memory.known({ ...me, owner: 'o2' }, NOW).user).toBeUndefined();
	});
});

describe('RateLimitMemory.lose: a request that got no answer counts as spent for the rest of its window', () => {
	const me = { owner: 'o1', service: 'svc', route: 'GET /v2/me' };
	const answer = (remaining: number, resetS: number) => ({
		'x-ratelimit-user-limit': '10',
		'x-ratelimit-user-remaining': String(remaining),
		'x-ratelimit-user-reset': String(resetS),
	});
	const remaining = (memory: RateLimitMemory, now = NOW) => memory.known(me, now).user?.remaining;

	test('every later answer of the window is lowered by it; a new window forgets it', () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(me, answer(8, 1_800_000_060), NOW);
		const lostOne = memory.take(me, NOW);
		const answered = memory.take(me, NOW);
		memory.lose(lostOne);
		// counted by the service before the lost one: 7 announced, 6 left once the lost one is counted
		memory.rememberAnswer(me, answer(7, 1_800_000_060), NOW, answered);
		expect(remaining(memory)).toBe(6);
		// the next window starts full: what was lost belonged to the window before
		memory.rememberAnswer(me, answer(9, 1_800_000_120), 1_800_000_061_000);
		expect(remaining(memory, 1_800_000_061_000)).toBe(9);
	});

	test("requests in flight at a window's end are not taken off the next window; those sent blind are", () => {
		const memory = new RateLimitMemory();
		memory.rememberAnswer(me, answer(3, 1_800_000_060), NOW);
		// three sent in the known window, counted there by the service; their answers are late
		const old = [memory.take(me, NOW), memory.take(me, NOW), memory.take(me, NOW)];
		const next = 1_800_000_060_001;
		// the window ends; two go blind (no live window known), the first answered first from the next window
		const blind = memory.take(me, next);
		const blindToo = memory.take(me, next);
		memory.rememberAnswer(me, answer(9, 1_800_000_120), next, blind);
		// the old window's three are not taken off it; the other blind one, still in flight, is
		expect(remaining(memory, next)).toBe(8);
		// requests of the new window still in flight when one of its answers is read are taken off it
		const second = memory.take(me, next);
		memory.rememberAnswer(me, answer(7, 1_800_000_120), next, blindToo);
		expect(remaining(memory, next)).toBe(6);
		// the late answers of the old window change nothing
		for (const taken of old) memory.rememberAnswer(me, answer(0, 1_800_000_060), next, taken);
		expect(remaining(memory, next)).toBe(6);
		memory.settle(second);
	});

	test('a window that ended forgets it too, and settle (an answered request) keeps nothing', () => {
		const memory = new RateLimitMemory();
		memory.lose(memory.take(me, NOW));
		memory.settle(memory.take(me, NOW));
		memory.rememberAnswer(me, answer(5, 1_800_000_060), NOW);
		expect(remaining(memory)).toBe(4);
		// the window's reset passes: the bucket and what was lost in it are forgotten
		expect(memory.waitMs(['o1:user'], 1_800_000_061_000)).toBe(0);
		memory.rememberAnswer(me, answer(5, 1_800_000_120), 1_800_000_061_000);
		expect(remaining(memory, 1_800_000_061_000)).toBe(5);
	});
});
