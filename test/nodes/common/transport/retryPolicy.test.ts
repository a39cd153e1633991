import type { Failure, Tries, TryBounds } from '../../../../nodes/common/transport/retryPolicy';
import {
	NO_TRIES,
	afterFailure,
	networkCode,
	policy,
	transientBackoff,
} from '../../../../nodes/common/transport/retryPolicy';

const NOW = 1_700_000_000_000;
/** Jitter pinned to its top: every backoff is its ceiling. */
const top = () => 1;

function bounds(method: string, extra: Partial<TryBounds> = {}): TryBounds {
	return { method, capMs: policy.maxRateLimitWaitMs, nowMs: NOW, random: top, ...extra };
}

function tries(extra: Partial<Tries> = {}): Tries {
	return { ...NO_TRIES, ...extra };
}

/** A 429 whose user bucket is used up until `resetInMs` from now. */
function limited429(resetInMs: number): Failure {
	return {
		status: 429,
		limits: { user: { remaining: 0, resetAtMs: NOW + resetInMs } },
		body: { error: { code: 'RATE_LIMITED', message: 'slow down' } },
	};
}

const dropped = (code = 'ECONNRESET'): Failure => ({
	thrown: Object.assign(new Error(`socket ${code}`), { code }),
	cancelled: false,
});

describe('after a 429 (Limits: rate limits)', () => {
	test('a reset within the cap is waited out, and the wait counts against the cap', () => {
		expect(afterFailure(limited429(7_000), tries(), bounds('POST'))).toEqual({
			waitMs: 7_000,
			tries: tries({ attempts429: 1, rateLimitWaitedMs: 7_000 }),
		});
	});

	test('a reset beyond the cap stops with the answer, naming when the limit resets', () => {
		const decision = afterFailure(
			limited429(policy.maxRateLimitWaitMs + 1),
			tries(),
			bounds('GET'),
		);
		expect(decision).toEqual({
			stop: 'rateLimited',
			resource: undefined,
			resetAtMs: NOW + policy.maxRateLimitWaitMs + 1,
			body: { error: { code: 'RATE_LIMITED', message: 'slow down' } },
		});
	});

	test('waits already made count: a reset that would pass the cap in total stops', () => {
		const made = tries({ attempts429: 1, rateLimitWaitedMs: policy.maxRateLimitWaitMs - 5_000 });
		expect(afterFailure(limited429(6_000), made, bounds('GET'))).toMatchObject({
			stop: 'rateLimited',
		});
		expect(afterFailure(limited429(4_000), made, bounds('GET'))).toEqual({
			waitMs: 4_000,
			tries: tries({ attempts429: 2, rateLimitWaitedMs: policy.maxRateLimitWaitMs - 1_000 }),
		});
	});

	test('a 429 that names no reset waits a growing backoff (1 s, 2 s, ... at most 30 s)', () => {
		const noReset: Failure = { status: 429, limits: {}, body: '' };
		const waits = [0, 1, 2, 5, 7].map(
			(attempts429) =>
				(afterFailure(noReset, tries({ attempts429 }), bounds('GET')) as { waitMs: number }).waitMs,
		);
		expect(waits).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
	});

	test(`after ${policy.max429Retries} retries the next 429 stops, however short its wait`, () => {
		const decision = afterFailure(
			limited429(10),
			tries({ attempts429: policy.max429Retries }),
			bounds('GET'),
		);
		expect(decision).toMatchObject({ stop: 'rateLimited' });
	});

	test('the exhausted social set bucket is named in the stop', () => {
		const failure: Failure = {
			status: 429,
			limits: {
				user: { remaining: 5, resetAtMs: NOW + 1_000 },
				socialSet: { remaining: 0, resetAtMs: NOW + 10 * 60_000, resource: 'drafts.create' },
			},
			body: undefined,
		};
		expect(afterFailure(failure, tries(), bounds('POST'))).toEqual({
			stop: 'rateLimited',
			resource: 'drafts.create',
			resetAtMs: NOW + 10 * 60_000,
			body: '',
		});
	});

	test('in a poll the shorter cap applies, and no wait reaches past the deadline', () => {
		const poll = { capMs: policy.maxPollRateLimitWaitMs, deadline: NOW + 60_000 };
		expect(afterFailure(limited429(20_000), tries(), bounds('GET', poll))).toMatchObject({
			waitMs: 20_000,
		});
		expect(afterFailure(limited429(40_000), tries(), bounds('GET', poll))).toMatchObject({
			stop: 'rateLimited',
		});
		const late = { ...poll, deadline: NOW + 10_000 };
		expect(afterFailure(limited429(20_000), tries(), bounds('GET', late))).toMatchObject({
			stop: 'rateLimited',
		});
	});
});

describe('a bucket the memory knows to be used up (nothing was sent)', () => {
	const bucket = { remaining: 0, resetAtMs: NOW + 3_000, resource: 'drafts.create' };

	test('within the cap: wait it out, counted against the cap, not as a 429', () => {
		expect(afterFailure({ blocked: { waitMs: 3_000, bucket } }, tries(), bounds('POST'))).toEqual({
			waitMs: 3_000,
			tries: tries({ rateLimitWaitedMs: 3_000 }),
		});
	});

	test('beyond the cap: stop without an answer body', () => {
		const made = tries({ rateLimitWaitedMs: policy.maxRateLimitWaitMs - 1_000 });
		expect(afterFailure({ blocked: { waitMs: 3_000, bucket } }, made, bounds('POST'))).toEqual({
			stop: 'rateLimited',
			resource: 'drafts.create',
			resetAtMs: NOW + 3_000,
		});
	});
});

describe('after a 503', () => {
	const unavailable: Failure = { status: 503, limits: {}, body: { error: { code: 'X' } } };

	test.each(['GET', 'PUT', 'DELETE'])('%s is retried after the backoff', (method) => {
		expect(afterFailure(unavailable, tries(), bounds(method))).toEqual({
			waitMs: policy.transientBaseMs,
			tries: tries({ transientAttempts: 1 }),
		});
	});

	test.each(['POST', 'PATCH'])(
		'%s is not sent again: it stops with the service error',
		(method) => {
			expect(afterFailure(unavailable, tries(), bounds(method))).toEqual({
				stop: 'service',
				status: 503,
				body: { error: { code: 'X' } },
			});
		},
	);

	test(`a GET stops after ${policy.maxTransientRetries} retries`, () => {
		const made = tries({ transientAttempts: policy.maxTransientRetries });
		expect(afterFailure(unavailable, made, bounds('GET'))).toMatchObject({
			stop: 'service',
			status: 503,
		});
	});

	test('a GET stops when the backoff would pass the poll deadline', () => {
		const late = bounds('GET', { deadline: NOW + policy.transientBaseMs - 1 });
		expect(afterFailure(unavailable, tries(), late)).toMatchObject({ stop: 'service' });
	});

	test.each([400, 404, 409, 422, 500, 502])('a %s is never retried', (status) => {
		expect(afterFailure({ status, limits: {}, body: '' }, tries(), bounds('GET'))).toEqual({
			stop: 'service',
			status,
			body: '',
		});
	});
});

describe('after a dropped connection', () => {
	test('a GET is retried with the same backoff as a 503, growing per retry', () => {
		const waits = [0, 1, 2].map(
			(transientAttempts) =>
				(afterFailure(dropped(), tries({ transientAttempts }), bounds('GET')) as { waitMs: number })
					.waitMs,
		);
		expect(waits).toEqual([0, 1, 2].map((attempt) => transientBackoff(attempt, top)));
		expect(waits).toEqual([250, 500, 1_000]);
	});

	test('a POST is not sent again: it stops, saying it was tried once and is not idempotent', () => {
		expect(afterFailure(dropped('EPIPE'), tries(), bounds('POST'))).toEqual({
			stop: 'connection',
			code: 'EPIPE',
			tries: 1,
			idempotent: false,
		});
	});

	test(`a GET stops after ${policy.maxTransientRetries} retries, saying how often it was tried`, () => {
		const made = tries({ transientAttempts: policy.maxTransientRetries });
		expect(afterFailure(dropped('ETIMEDOUT'), made, bounds('GET'))).toEqual({
			stop: 'connection',
			code: 'ETIMEDOUT',
			tries: policy.maxTransientRetries + 1,
			idempotent: true,
		});
	});

	test('a code named only in the message or a cause counts as a dropped connection', () => {
		const inCause = { thrown: new Error('fetch failed', { cause: { code: 'UND_ERR_SOCKET' } }) };
		expect(afterFailure({ ...inCause, cancelled: false }, tries(), bounds('DELETE'))).toMatchObject(
			{ waitMs: 250 },
		);
		const hangUp: Failure = { thrown: new Error('socket hang up'), cancelled: false };
		expect(afterFailure(hangUp, tries(), bounds('PATCH'))).toMatchObject({
			stop: 'connection',
			code: 'ECONNRESET',
		});
	});

	test('any other thrown error stops at once, also for a GET', () => {
		const error = new Error('certificate has expired');
		expect(afterFailure({ thrown: error, cancelled: false }, tries(), bounds('GET'))).toEqual({
			stop: 'failed',
			error,
		});
	});

	test('an error n8n marks as final (its address check) stops at once, even when it or its cause names a connection code', () => {
		const mark = Symbol.for('n8n.backend-network.non-retryable-error');
		const refused = Object.assign(new Error('blocked, ECONNREFUSED'), {
			code: 'ECONNREFUSED',
			[mark]: true,
		});
		const wrapped = new Error('request failed', { cause: refused });
		for (const error of [refused, wrapped])
			expect(afterFailure({ thrown: error, cancelled: false }, tries(), bounds('GET'))).toEqual({
				stop: 'failed',
				error,
			});
		expect(networkCode(refused)).toBeUndefined();
	});
});

describe('Stop and the poll deadline come before any retry', () => {
	test('a cancelled execution stops, even when the error looks like a dropped connection', () => {
		const failure: Failure = { ...dropped(), cancelled: true } as Failure;
		expect(afterFailure(failure, tries(), bounds('GET'))).toEqual({ stop: 'cancelled' });
	});

	test('no answer once the poll deadline has passed stops the poll (its timeout was what was left)', () => {
		expect(afterFailure(dropped(), tries(), bounds('GET', { deadline: NOW }))).toEqual({
			stop: 'pollBudget',
		});
		expect(afterFailure(dropped(), tries(), bounds('GET', { deadline: NOW + 60_000 }))).toEqual({
			waitMs: 250,
			tries: tries({ transientAttempts: 1 }),
		});
	});
});

describe('the decision is pure', () => {
	test('the tries given are not changed', () => {
		const given = tries({ attempts429: 2, rateLimitWaitedMs: 100, transientAttempts: 1 });
		const copy = { ...given };
		afterFailure(limited429(1_000), given, bounds('GET'));
		afterFailure(dropped(), given, bounds('GET'));
		expect(given).toEqual(copy);
		expect(NO_TRIES).toEqual({ rateLimitWaitedMs: 0, attempts429: 0, transientAttempts: 0 });
	});
});
