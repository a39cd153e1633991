import { PARALLEL, Pacer } from '../../../../nodes/SocialPublishing/actions/parallel/pacer';
import type { RateLimitHeaders } from '../../../../nodes/common/transport';

/**
 * The Pacer (actions/parallel/pacer.ts): how many items run at once. It starts at 2 (fewer under a lower
 * bound), grows by one per 2xx whose buckets show room, never past the bound, halves once per burst of
 * refusals (429, 503, no answer), and hands its places out in the order they were asked for.
 */
const RESET = Date.now() + 60_000;
const ROOM: RateLimitHeaders = {
	user: { remaining: 1000, resetAtMs: RESET },
	socialSet: { remaining: 500, resetAtMs: RESET },
};
const stopError = new Error('stopped');

/** Resolves on the next turn of the event loop, after every settled promise ran its callbacks. */
const settle = async () => await new Promise((resolve) => setImmediate(resolve));

/** Calls `acquire` `count` times; the list of the call numbers whose place was given, in the order given. */
function acquireMany(pacer: Pacer, count: number): { given: number[]; refused: number[] } {
	const given: number[] = [];
	const refused: number[] = [];
	for (let n = 0; n < count; n++)
		pacer.acquire().then(
			() => given.push(n),
			() => refused.push(n),
		);
	return { given, refused };
}

function grown(bound: number, answers: number): Pacer {
	const pacer = new Pacer(bound);
	for (let n = 0; n < answers; n++) pacer.answered(200, ROOM);
	return pacer;
}

describe('Pacer: where it starts and how it grows', () => {
	test.each([
		[1, 1],
		[2, 2],
		[10, PARALLEL.start],
		[32, PARALLEL.start],
	])('bound %i starts with %i places', (bound, places) => {
		expect(new Pacer(bound).limit).toBe(places);
	});

	test('grows by one per 2xx with room in both buckets, and stops at the bound', () => {
		const pacer = new Pacer(5);
		const limits: number[] = [];
		for (let n = 0; n < 6; n++) {
			pacer.answered(n % 2 ? 201 : 200, ROOM);
			limits.push(pacer.limit);
		}
		expect(limits).toEqual([3, 4, 5, 5, 5, 5]);
	});

	test('answers without rate-limit headers count as room', () => {
		expect(grown(4, 1).limit).toBe(3);
		const pacer = new Pacer(4);
		pacer.answered(200, {});
		expect(pacer.limit).toBe(3);
	});

	test('no growth when either bucket shows too little room (less than twice the places it would have)', () => {
		// growing from 2 to 3 needs at least 6 left in every bucket announced
		const tight = (user: number, socialSet: number): RateLimitHeaders => ({
			user: { remaining: user, resetAtMs: RESET },
			socialSet: { remaining: socialSet, resetAtMs: RESET },
		});
		for (const limits of [tight(5, 500), tight(1000, 5), tight(0, 0)]) {
			const pacer = new Pacer(10);
			pacer.answered(200, limits);
			expect(pacer.limit).toBe(2);
		}
		const pacer = new Pacer(10);
		pacer.answered(200, tight(6, 6));
		expect(pacer.limit).toBe(3);
	});

	test('no growth on answers other than 2xx', () => {
		for (const status of [301, 400, 404, 409, 422, 500]) {
			const pacer = new Pacer(10);
			pacer.answered(status, ROOM);
			expect(pacer.limit).toBe(2);
		}
	});
});

describe('Pacer: refusals', () => {
	test.each([
		['a 429', 429],
		['a 503', 503],
		['a request without an answer', undefined],
	])('%s halves the places (rounded down, at least 1)', (_, status) => {
		const pacer = grown(32, 7);
		expect(pacer.limit).toBe(9);
		pacer.answered(status, ROOM);
		expect(pacer.limit).toBe(4);
		const one = new Pacer(1);
		one.answered(status, {});
		expect(one.limit).toBe(1);
	});

	test('a burst of refusals of requests sent together halves once', () => {
		const pacer = grown(32, 14);
		expect(pacer.limit).toBe(16);
		pacer.answered(429, {});
		expect(pacer.limit).toBe(8);
		// the other requests of the 16 sent together come back refused too: no further halving
		for (let n = 0; n < 8; n++) pacer.answered(n % 2 ? 503 : 429, {});
		expect(pacer.limit).toBe(8);
		// a refusal after more answers than places is a new burst
		pacer.answered(429, {});
		expect(pacer.limit).toBe(4);
	});

	test('grows again after a refusal, never past the bound', () => {
		const pacer = grown(6, 10);
		expect(pacer.limit).toBe(6);
		pacer.answered(undefined, {});
		expect(pacer.limit).toBe(3);
		for (let n = 0; n < 10; n++) pacer.answered(200, ROOM);
		expect(pacer.limit).toBe(6);
	});
});

describe('Pacer: places', () => {
	test('hands out as many places as it has, the rest wait and get them in the order they asked', async () => {
		const pacer = new Pacer(10);
		const { given } = acquireMany(pacer, 6);
		await settle();
		expect(given).toEqual([0, 1]);
		pacer.release();
		await settle();
		expect(given).toEqual([0, 1, 2]);
		// growing wakes the next waiting ones at once
		pacer.answered(200, ROOM);
		pacer.answered(200, ROOM);
		await settle();
		expect(given).toEqual([0, 1, 2, 3, 4]);
		pacer.release();
		await settle();
		expect(given).toEqual([0, 1, 2, 3, 4, 5]);
	});

	test('after halving, releases give no place until fewer run than the new limit', async () => {
		const pacer = grown(10, 2);
		const { given } = acquireMany(pacer, 6);
		await settle();
		expect(given).toEqual([0, 1, 2, 3]);
		pacer.answered(429, {});
		expect(pacer.limit).toBe(2);
		pacer.release();
		pacer.release();
		await settle();
		expect(given).toEqual([0, 1, 2, 3]);
		pacer.release();
		await settle();
		expect(given).toEqual([0, 1, 2, 3, 4]);
	});

	test('a later acquire does not pass the ones waiting, even when a place is free', async () => {
		const pacer = new Pacer(3);
		const first = acquireMany(pacer, 3);
		await settle();
		expect(first.given).toEqual([0, 1]);
		pacer.answered(200, ROOM);
		const late = acquireMany(pacer, 1);
		await settle();
		expect(first.given).toEqual([0, 1, 2]);
		expect(late.given).toEqual([]);
	});

	test('stop rejects every waiting item and every later acquire, with its error', async () => {
		const pacer = new Pacer(2);
		const { given, refused } = acquireMany(pacer, 5);
		await settle();
		pacer.stop(stopError);
		await settle();
		expect(given).toEqual([0, 1]);
		expect(refused).toEqual([2, 3, 4]);
		await expect(pacer.acquire()).rejects.toBe(stopError);
		// a release after the stop starts nothing, and a second stop keeps the first error
		pacer.release();
		pacer.stop(new Error('second'));
		await expect(pacer.acquire()).rejects.toBe(stopError);
	});
});
