/**
 * What a failed try leads to: wait this long and try again, or stop with this reason. Pure: it reads the
 * failure, the tries so far and the bounds, and sends nothing. Also the transport's bounds (`policy`) and backoffs.
 */
import type { Bucket, RateLimitHeaders } from './rateLimit';

export const policy = {
	/** Longest the transport waits in total for rate limits on one request before failing. */
	maxRateLimitWaitMs: 5 * 60_000,
	/** The same inside a poll of the poll trigger: a longer wait fails the poll, and the next poll tries again. */
	maxPollRateLimitWaitMs: 30_000,
	/** A poll's time budget when the host n8n does not give one (`getPollBudgetMs`): n8n-core's default. */
	pollBudgetFallbackMs: 5 * 60_000,
	max429Retries: 8,
	/** Retries of GET, PUT and DELETE after a 503 or a dropped connection. */
	maxTransientRetries: 3,
	transientBaseMs: 250,
	transientCapMs: 4_000,
	requestTimeoutMs: 60_000,
	/** Return All reads at most this many pages (500,000 entries in pages of 50). */
	maxPages: 10_000,
};

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
const NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ESOCKETTIMEDOUT',
	'UND_ERR_SOCKET',
]);

/** Backoff for attempt 0, 1, 2, ...: base * 2^attempt with full jitter, capped. */
export function backoffDelay(
	attempt: number,
	baseMs: number,
	capMs: number,
	random: () => number = Math.random,
): number {
	const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * How long to wait after a 429: until the exhausted bucket resets (the later one when both are),
 * or a jittered exponential backoff when the response says nothing usable.
 */
export function waitAfter429(
	limits: RateLimitHeaders,
	nowMs: number,
	attempt: number,
	random: () => number = Math.random,
): { waitMs: number; bucket?: Bucket; family?: 'user' | 'socialSet' } {
	const exhausted: Array<{ family: 'user' | 'socialSet'; bucket: Bucket }> = [];
	if (limits.user && limits.user.remaining <= 0)
		exhausted.push({ family: 'user', bucket: limits.user });
	if (limits.socialSet && limits.socialSet.remaining <= 0)
		exhausted.push({ family: 'socialSet', bucket: limits.socialSet });
	const latest = exhausted.sort((a, b) => b.bucket.resetAtMs - a.bucket.resetAtMs)[0];
	if (latest && latest.bucket.resetAtMs > nowMs) {
		return {
			waitMs: latest.bucket.resetAtMs - nowMs,
			bucket: latest.bucket,
			family: latest.family,
		};
	}
	return {
		waitMs: backoffDelay(attempt, 1000, 30000, random),
		bucket: latest?.bucket,
		family: latest?.family,
	};
}

/** The wait before retry `attempt` (0, 1, 2, ...) after a 5xx or a dropped connection. */
export function transientBackoff(attempt: number, random: () => number = Math.random): number {
	return backoffDelay(attempt, policy.transientBaseMs, policy.transientCapMs, random);
}

/** The mark n8n's HTTP layer puts on an error that must not be tried again (its address check's refusals). */
const NON_RETRYABLE = Symbol.for('n8n.backend-network.non-retryable-error');

/** A thrown error and its causes, each once, at most 16 levels. */
function causeChain(error: unknown): object[] {
	const chain: object[] = [];
	for (
		let level = error;
		level && typeof level === 'object' && !chain.includes(level) && chain.length < 16;

	) {
		chain.push(level);
		level = (level as { cause?: unknown }).cause;
	}
	return chain;
}

/**
 * The connection error code of a thrown error (or of one of its causes), when it is one: what a retry may cure.
 * An error n8n marks as final (a refusal of its address check) has none, whatever its text says.
 */
export function networkCode(error: unknown): string | undefined {
	const chain = causeChain(error);
	if (chain.some((level) => (level as Record<symbol, unknown>)[NON_RETRYABLE] === true))
		return undefined;
	for (const level of chain) {
		const code = (level as { code?: unknown }).code;
		if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
		const message = (level as { message?: unknown }).message;
		if (typeof message === 'string') {
			const match = [...NETWORK_CODES].find((c) => message.includes(c));
			if (match) return match;
			if (/socket hang up|timeout of \d+ms exceeded/i.test(message)) return 'ECONNRESET';
		}
	}
	return undefined;
}

/** What the tries of one request have used so far. */
export interface Tries {
	/** Milliseconds waited for rate limits. */
	rateLimitWaitedMs: number;
	attempts429: number;
	/** Retries after a 503 or a dropped connection. */
	transientAttempts: number;
}

export const NO_TRIES: Tries = { rateLimitWaitedMs: 0, attempts429: 0, transientAttempts: 0 };

/** What went wrong with one try. */
export type Failure =
	/** The rate-limit memory says a bucket is used up: nothing was sent. */
	| { blocked: { waitMs: number; bucket: Bucket } }
	/** The service answered, not with a 2xx. */
	| { status: number; limits: RateLimitHeaders; body: unknown }
	/** No answer: the HTTP client threw; `cancelled` when the execution was stopped. */
	| { thrown: unknown; cancelled: boolean };

/** The request's side of the decision. */
export interface TryBounds {
	method: string;
	/** Longest total rate-limit wait. */
	capMs: number;
	/** A poll's deadline (Unix milliseconds); undefined outside a poll. */
	deadline?: number;
	nowMs: number;
	random?: () => number;
}

/** Why a request ends with an error. */
export type Stop =
	| { stop: 'cancelled' }
	| { stop: 'pollBudget' }
	| { stop: 'failed'; error: unknown }
	| { stop: 'connection'; code: string; tries: number; idempotent: boolean }
	/** `body` is the 429 answer's; undefined when the memory's bucket stopped the request before sending. */
	| { stop: 'rateLimited'; resource?: string; resetAtMs?: number; body?: unknown }
	| { stop: 'service'; status: number; body: unknown };

export type Decision = { waitMs: number; tries: Tries } | Stop;

/**
 * After a failed try: wait this long and try again (with the tries counted), or stop with this reason.
 * A 429, or a bucket known to be used up, is waited out while the total wait stays within `capMs` (and a
 * 429 is retried at most `policy.max429Retries` times); a 503 or a dropped connection is retried with a
 * jittered backoff, at most `policy.maxTransientRetries` times, and only for methods that are safe to repeat
 * (a POST or PATCH may have been acted on). No wait reaches past a poll's deadline.
 */
export function afterFailure(failure: Failure, tries: Tries, bounds: TryBounds): Decision {
	const within = (ms: number) =>
		bounds.deadline === undefined || bounds.nowMs + ms < bounds.deadline;
	const idempotent = IDEMPOTENT.has(bounds.method);
	const retryTransient = (): Decision | undefined => {
		const waitMs = transientBackoff(tries.transientAttempts, bounds.random);
		if (!idempotent || tries.transientAttempts >= policy.maxTransientRetries || !within(waitMs))
			return undefined;
		return { waitMs, tries: { ...tries, transientAttempts: tries.transientAttempts + 1 } };
	};
	if ('blocked' in failure) {
		const { waitMs, bucket } = failure.blocked;
		if (tries.rateLimitWaitedMs + waitMs > bounds.capMs || !within(waitMs))
			return { stop: 'rateLimited', resource: bucket.resource, resetAtMs: bucket.resetAtMs };
		return { waitMs, tries: { ...tries, rateLimitWaitedMs: tries.rateLimitWaitedMs + waitMs } };
	}
	if ('thrown' in failure) {
		if (failure.cancelled) return { stop: 'cancelled' };
		// In a poll the request's timeout is what was left of the budget.
		if (bounds.deadline !== undefined && bounds.nowMs >= bounds.deadline)
			return { stop: 'pollBudget' };
		const code = networkCode(failure.thrown);
		if (!code) return { stop: 'failed', error: failure.thrown };
		const made = tries.transientAttempts + 1;
		return retryTransient() ?? { stop: 'connection', code, tries: made, idempotent };
	}
	if (failure.status === 429) return after429(failure, tries, bounds, within);
	return (
		(failure.status === 503 ? retryTransient() : undefined) ?? {
			stop: 'service',
			status: failure.status,
			body: failure.body,
		}
	);
}

function after429(
	failure: { limits: RateLimitHeaders; body: unknown },
	tries: Tries,
	bounds: TryBounds,
	within: (ms: number) => boolean,
): Decision {
	const { limits } = failure;
	const { waitMs, bucket } = waitAfter429(limits, bounds.nowMs, tries.attempts429, bounds.random);
	if (
		tries.attempts429 >= policy.max429Retries ||
		tries.rateLimitWaitedMs + waitMs > bounds.capMs ||
		!within(waitMs)
	) {
		const resource =
			limits.socialSet && limits.socialSet.remaining <= 0 ? limits.socialSet.resource : undefined;
		return {
			stop: 'rateLimited',
			resource,
			resetAtMs: bucket?.resetAtMs,
			body: failure.body ?? '',
		};
	}
	return {
		waitMs,
		tries: {
			...tries,
			attempts429: tries.attempts429 + 1,
			rateLimitWaitedMs: tries.rateLimitWaitedMs + waitMs,
		},
	};
}
