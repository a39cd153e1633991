/**
 * The service's rate limits: its X-RateLimit headers read into buckets, and the memory of those buckets that
 * holds back a request the service would refuse.
 */
import { echo } from '../text/echo';

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

/** The rate-limit headers of one response, by lower-case name (HTTP names are case-insensitive): one pass over them. */
function rateLimitHeaders(headers: HeaderBag): Map<string, string> {
	const found = new Map<string, string>();
	for (const key in headers) {
		if (!Object.prototype.hasOwnProperty.call(headers, key)) continue;
		const name = key.toLowerCase();
		if (!name.startsWith('x-ratelimit-')) continue;
		const value = headers[key];
		const text = Array.isArray(value) ? value[0] : value;
		if (text !== undefined && !found.has(name)) found.set(name, text);
	}
	return found;
}

/**
 * A reset further ahead than this is not believed (the API gives no window lengths; a day is far beyond any
 * rate-limit window): such a bucket is left out, as an unreadable one is, so one odd header cannot block a
 * credential for years.
 */
export const MAX_RESET_AHEAD_MS = 24 * 60 * 60_000;

/** A header's number, or undefined when it is absent, empty or not a plain decimal number. */
function numberIn(text: string | undefined): number | undefined {
	if (text === undefined || !/^\s*-?\d{1,16}(\.\d{1,6})?\s*$/.test(text)) return undefined;
	return Number(text);
}

function readBucket(
	headers: Map<string, string>,
	family: 'user' | 'socialset',
	nowMs: number,
): Bucket | undefined {
	const prefix = `x-ratelimit-${family}-`;
	const remaining = numberIn(headers.get(`${prefix}remaining`));
	const reset = numberIn(headers.get(`${prefix}reset`));
	if (remaining === undefined || reset === undefined) return undefined;
	if (reset * 1000 > nowMs + MAX_RESET_AHEAD_MS) return undefined;
	const resource = family === 'socialset' ? headers.get(`${prefix}resource`) : undefined;
	return {
		remaining,
		resetAtMs: reset * 1000,
		limit: numberIn(headers.get(`${prefix}limit`)),
		// A resource name is a short identifier (`drafts.create`); a longer one is cut, as it is echoed in errors.
		resource: resource === undefined ? undefined : shortName(resource),
	};
}

/** A plain identifier such as `drafts.create`: what `echo` would give back unchanged. */
const PLAIN_NAME = /^[\w.:-]{1,80}$/;

/** A resource name as kept and echoed in errors: cut to 80 characters, on one line. */
function shortName(resource: string): string | undefined {
	return PLAIN_NAME.test(resource) ? resource : echo(resource, 80) || undefined;
}

/**
 * Reads both header families of one response; a family that is absent, unreadable, or whose reset is more
 * than a day ahead of `nowMs` is left out.
 */
export function parseRateLimitHeaders(headers: HeaderBag, nowMs = Date.now()): RateLimitHeaders {
	const found = rateLimitHeaders(headers);
	return {
		user: readBucket(found, 'user', nowMs),
		socialSet: readBucket(found, 'socialset', nowMs),
	};
}

/** Milliseconds to wait before the next request may use this bucket: 0 while it has requests left. */
export function waitForBucket(bucket: Bucket | undefined, nowMs: number): number {
	if (!bucket || bucket.remaining > 0) return 0;
	return Math.max(0, bucket.resetAtMs - nowMs);
}

/** The buckets one request counts against: its credential's, and its social set's when its path has one. */
export interface BucketScope {
	/** The hash that stands for the credential. */
	owner: string;
	/** The route's shape without ids (`routeTemplate`). */
	route: string;
	socialSet?: string;
}

/**
 * What the transport knows of the service's counters: buckets per credential (hashed) for the user, and per
 * social set and resource, the resource being the bucket's name in `X-RateLimit-SocialSet-Resource`
 * (for example `drafts.create`). Every response updates the bucket it names, so two routes that the
 * service counts against one resource share one memory. Which resource a route counts against is learnt
 * from the route's own responses. It is a cache of the server's own state, so parallel executions in one
 * n8n process share it.
 */
export class RateLimitMemory {
	private readonly buckets = new Map<string, Bucket>();
	private readonly resources = new Map<string, string>();
	/** Requests sent and not answered yet, by bucket key: what an answer's Remaining may not count yet. */
	private readonly pending = new Map<string, number>();
	/**
	 * Requests of the known window whose answer never came (a dropped connection, a timeout), by bucket key:
	 * the service may have counted them after an answer read later was counted, so every later answer of the
	 * window is lowered by them too. Forgotten when a new window begins.
	 */
	private readonly lost = new Map<string, number>();

	constructor(private readonly maxEntries = 1000) {}

	/**
	 * Sets a bucket from an answer. With requests of the bucket still unanswered (items in flight together),
	 * the answer may have been counted before them: they are taken off its Remaining. Within one window the
	 * budget only goes down: answers of requests in flight together may be read in another order than the
	 * service counted them, so a late answer cannot give back what later requests took, even when nothing
	 * is unanswered any more. An answer from a window before the one known is ignored.
	 */
	remember(key: string, bucket: Bucket | undefined): void {
		if (!bucket) return;
		const known = this.buckets.get(key);
		if (known && known.resetAtMs > bucket.resetAtMs) return;
		if (known && known.resetAtMs < bucket.resetAtMs) this.lost.delete(key);
		const pending = this.pending.get(key) ?? 0;
		const lost = this.lost.get(key) ?? 0;
		let remaining = Math.max(0, bucket.remaining - pending - lost);
		if (known && known.resetAtMs === bucket.resetAtMs)
			remaining = Math.min(known.remaining, remaining);
		remember(this.buckets, key, { ...bucket, remaining }, this.maxEntries);
	}

	/**
	 * Counts one request of `scope` against the buckets it is known to use, before it is sent: their
	 * Remaining goes down by one, so requests in flight together never spend more than the service said is
	 * left. Returns the keys taken, to be given back by `settle` when the request is answered or fails.
	 */
	take(scope: BucketScope, nowMs: number): string[] {
		const keys = this.keysOf(scope);
		for (const key of keys) {
			const bucket = this.buckets.get(key);
			if (bucket && bucket.resetAtMs > nowMs) bucket.remaining = Math.max(0, bucket.remaining - 1);
			this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
		}
		return keys;
	}

	/**
	 * A request taken by `take` failed without an answer: it is no longer in flight, but the service may have
	 * counted it, so the rest of the window counts it as spent (`lost`).
	 */
	lose(keys: readonly string[]): void {
		this.settle(keys);
		for (const key of keys)
			remember(this.lost, key, (this.lost.get(key) ?? 0) + 1, this.maxEntries);
	}

	/** A request taken by `take` is answered (or known not to have reached the service). */
	settle(keys: readonly string[]): void {
		for (const key of keys) {
			const left = (this.pending.get(key) ?? 0) - 1;
			if (left > 0) this.pending.set(key, left);
			else this.pending.delete(key);
		}
	}

	/** The resource a route's responses named last, if any. */
	resourceOf(route: string): string | undefined {
		return this.resources.get(route);
	}

	learnResource(route: string, resource: string | undefined): void {
		if (resource) remember(this.resources, route, resource, this.maxEntries);
	}

	waitMs(keys: string[], nowMs: number): number {
		return this.blocking(keys, nowMs)?.waitMs ?? 0;
	}

	/** The exhausted bucket among `keys` that resets last, and the wait until then; undefined when none blocks. */
	blocking(keys: string[], nowMs: number): { waitMs: number; bucket: Bucket } | undefined {
		let found: { waitMs: number; bucket: Bucket } | undefined;
		for (const key of keys) {
			const bucket = this.buckets.get(key);
			if (bucket && bucket.resetAtMs <= nowMs) {
				this.buckets.delete(key);
				this.lost.delete(key);
				continue;
			}
			const wait = waitForBucket(bucket, nowMs);
			if (bucket && wait > 0 && (!found || wait > found.waitMs)) found = { waitMs: wait, bucket };
		}
		return found;
	}

	/**
	 * The exhausted bucket that holds back a request of `scope`, if any: the credential's user bucket and, on a
	 * social set's path, that set's bucket of the resource the route's own responses named (once it has seen one).
	 */
	blockingFor(scope: BucketScope, nowMs: number): { waitMs: number; bucket: Bucket } | undefined {
		return this.blocking(this.keysOf(scope), nowMs);
	}

	/**
	 * A copy of what is known of the buckets a request of `scope` counts against, read only: the credential's
	 * user bucket, and the social set's bucket of the resource the route's answers named (`fallbackResource`
	 * while the route has not been answered yet). A bucket whose window has passed is not known.
	 */
	known(scope: BucketScope, nowMs: number, fallbackResource?: string): RateLimitHeaders {
		const live = (key: string) => {
			const bucket = this.buckets.get(key);
			return bucket && bucket.resetAtMs > nowMs ? { ...bucket } : undefined;
		};
		const resource = this.resources.get(`${scope.owner}:${scope.route}`) ?? fallbackResource;
		return {
			user: live(`${scope.owner}:user`),
			socialSet:
				scope.socialSet && resource
					? live(socialSetBucketKey(scope.owner, scope.socialSet, resource))
					: undefined,
		};
	}

	/** The keys of the buckets a request of `scope` counts against, as far as they are known. */
	private keysOf(scope: BucketScope): string[] {
		const userKey = `${scope.owner}:user`;
		const resource = scope.socialSet
			? this.resources.get(`${scope.owner}:${scope.route}`)
			: undefined;
		return resource && scope.socialSet
			? [userKey, socialSetBucketKey(scope.owner, scope.socialSet, resource)]
			: [userKey];
	}

	/**
	 * Reads an answer's rate-limit headers into the buckets they name, and returns them. `taken` are the keys
	 * the answered request took (`take`): given back first, so the answer is not counted as still in flight.
	 */
	rememberAnswer(
		scope: BucketScope,
		headers: HeaderBag,
		nowMs = Date.now(),
		taken: readonly string[] = [],
	): RateLimitHeaders {
		this.settle(taken);
		const limits = parseRateLimitHeaders(headers, nowMs);
		this.remember(`${scope.owner}:user`, limits.user);
		if (scope.socialSet && limits.socialSet) {
			// Without the Resource header (the API says every response has it) the route stands in for it.
			const resource = limits.socialSet.resource ?? `route ${scope.route}`;
			this.learnResource(`${scope.owner}:${scope.route}`, resource);
			this.remember(socialSetBucketKey(scope.owner, scope.socialSet, resource), limits.socialSet);
		}
		return limits;
	}

	clear(): void {
		this.buckets.clear();
		this.resources.clear();
		this.pending.clear();
		this.lost.clear();
	}
}

/** Sets `key` as the newest entry, dropping the oldest beyond `max`. */
function remember<T>(map: Map<string, T>, key: string, value: T, max: number): void {
	map.delete(key);
	map.set(key, value);
	if (map.size > max) {
		const oldest = map.keys().next().value;
		if (oldest !== undefined) map.delete(oldest);
	}
}

/** The memory key of a social set's bucket for one resource. */
export function socialSetBucketKey(owner: string, socialSetId: string, resource: string): string {
	return `${owner}:${socialSetId}:${resource}`;
}

/** The memory of this n8n process: parallel executions share it. */
export const rateLimitMemory = new RateLimitMemory();
