export interface Bucket {
	limit?: number;
	remaining: number;
	/** Unix time in milliseconds at which the bucket refills. */
	resetAtMs: number;
	resource?: string;
}

export interface RateLimitHeaders {
	user?: Bucket;
	socialSet?: Bucket;
}

type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
	}
	return undefined;
}

function readBucket(headers: HeaderBag, family: 'User' | 'SocialSet'): Bucket | undefined {
	const remaining = Number(header(headers, `X-RateLimit-${family}-Remaining`));
	const reset = Number(header(headers, `X-RateLimit-${family}-Reset`));
	if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return undefined;
	const limit = Number(header(headers, `X-RateLimit-${family}-Limit`));
	return {
		remaining,
		resetAtMs: reset * 1000,
		limit: Number.isFinite(limit) ? limit : undefined,
		resource: family === 'SocialSet' ? header(headers, 'X-RateLimit-SocialSet-Resource') : undefined,
	};
}

/** Reads both header families of one response; a family that is absent or unreadable is left out. */
export function parseRateLimitHeaders(headers: HeaderBag): RateLimitHeaders {
	return { user: readBucket(headers, 'User'), socialSet: readBucket(headers, 'SocialSet') };
}

/** Milliseconds to wait before the next request may use this bucket: 0 while it has requests left. */
export function waitForBucket(bucket: Bucket | undefined, nowMs: number): number {
	if (!bucket || bucket.remaining > 0) return 0;
	return Math.max(0, bucket.resetAtMs - nowMs);
}

/** Backoff for attempt 0, 1, 2, ...: base * 2^attempt with full jitter, capped. */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
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
	if (limits.user && limits.user.remaining <= 0) exhausted.push({ family: 'user', bucket: limits.user });
	if (limits.socialSet && limits.socialSet.remaining <= 0)
		exhausted.push({ family: 'socialSet', bucket: limits.socialSet });
	const latest = exhausted.sort((a, b) => b.bucket.resetAtMs - a.bucket.resetAtMs)[0];
	if (latest && latest.bucket.resetAtMs > nowMs) {
		return { waitMs: latest.bucket.resetAtMs - nowMs, bucket: latest.bucket, family: latest.family };
	}
	return { waitMs: backoffDelay(attempt, 1000, 30000, random), bucket: latest?.bucket, family: latest?.family };
}

/**
 * What the transport knows of the service's counters, per credential (hashed) and per social set route.
 * It is a cache of the server's own state, so parallel executions in one n8n process share it.
 */
export class RateLimitMemory {
	private readonly buckets = new Map<string, Bucket>();

	constructor(private readonly maxEntries = 1000) {}

	remember(key: string, bucket: Bucket | undefined): void {
		if (!bucket) return;
		this.buckets.delete(key);
		this.buckets.set(key, bucket);
		if (this.buckets.size > this.maxEntries) {
			const oldest = this.buckets.keys().next().value;
			if (oldest !== undefined) this.buckets.delete(oldest);
		}
	}

	waitMs(keys: string[], nowMs: number): number {
		let wait = 0;
		for (const key of keys) {
			const bucket = this.buckets.get(key);
			if (bucket && bucket.resetAtMs <= nowMs) {
				this.buckets.delete(key);
				continue;
			}
			wait = Math.max(wait, waitForBucket(bucket, nowMs));
		}
		return wait;
	}

	clear(): void {
		this.buckets.clear();
	}
}
