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

/**
 * Which of the service's buckets count which request, in one place (spec, Limits: "Rate limits apply per user
 * (all endpoints) and per social set (specific operations such as draft creation)"):
 *
 * - the user bucket counts every request of a credential (`X-RateLimit-User-*`);
 * - a social set's bucket counts only the operations named here, by route: `drafts.create` counts draft
 *   creation, `POST /v2/social-sets/{id}/drafts` (Endpoints, Drafts). Every answer on a social set's path
 *   carries that set's `X-RateLimit-SocialSet-*` headers, but an answer to another request reports the bucket
 *   without being counted in it: a read never waits on, nor spends, the creation budget.
 *
 * A social set's bucket is the set's, whatever key spends it: the memory keeps one per social set of the
 * service (its base URL) for all the credentials of the n8n process. The user bucket is kept per credential:
 * the service keeps it per user, and nothing in an answer says which user a key belongs to.
 */
export const SOCIAL_SET_COUNTS: Readonly<Record<string, string>> = {
	'POST /v2/social-sets/{}/drafts': 'drafts.create',
};

/**
 * One bucket a request took before it was sent: its key, and the window it was sent in (that window's Reset in
 * milliseconds, or `UNKNOWN_WINDOW` when no live window of the bucket was known).
 */
export interface Taken {
	key: string;
	window: number;
}

const UNKNOWN_WINDOW = 0;

/**
 * How long a request held for an answer of a window the node does not know waits at most before it looks again
 * (the next answer ends the wait sooner: `nextAnswer`).
 */
export const ANSWER_WAIT_MS = 250;

/** What holds back a request: the wait, the bucket (for the error when the wait is too long), and why. */
export interface Blocking {
	waitMs: number;
	bucket: Bucket;
	/** Held until an answer tells the window (`blind`), not until a known reset. */
	awaitingAnswer?: boolean;
}

/** The buckets one request counts against: its credential's, and its social set's when its path has one. */
export interface BucketScope {
	/** The hash that stands for the credential. */
	owner: string;
	/** The hash that stands for the service (the credential's base URL): a social set's bucket is kept per service. */
	service: string;
	/** The route's shape without ids (`routeTemplate`). */
	route: string;
	socialSet?: string;
}

/**
 * What the transport knows of the service's counters: one user bucket per credential (hashed), and one bucket
 * per social set and resource (the resource as `X-RateLimit-SocialSet-Resource` names it, `drafts.create`),
 * shared by every credential of the process. It is a cache of the service's own state, so parallel executions
 * in one n8n process share it.
 *
 * What an answer may teach, and what not:
 * - it sets the buckets it reports: its credential's user bucket and the named bucket of the social set of its
 *   path, whichever request it answers (a read's answer shows what creations left);
 * - within one window a bucket only goes down: answers of requests in flight together may be read in another
 *   order than the service counted them, and the requests of the bucket still in flight (or lost, see `lose`)
 *   are taken off what an answer announced; a later window replaces it, an earlier one is ignored;
 * - it does not teach which bucket a request counts against (`SOCIAL_SET_COUNTS` does), with one exception:
 *   a 429 whose social-set bucket is used up while its user bucket still had room was refused on that bucket,
 *   so from then on that route counts against it.
 */
export class RateLimitMemory {
	private readonly buckets = new Map<string, Bucket>();
	/** Routes (per service) a 429 showed counted in a social-set bucket that SOCIAL_SET_COUNTS does not name. */
	private readonly refusedOn = new Map<string, string>();
	/**
	 * Requests sent and not answered yet, by bucket key and by the window they were sent in (`Taken.window`):
	 * what an answer's Remaining may not count yet.
	 */
	private readonly pending = new Map<string, Map<number, number>>();
	/**
	 * Requests of the known window whose answer never came (a dropped connection, a timeout), by bucket key:
	 * the service may have counted them after an answer read later was counted, so every later answer of the
	 * window is lowered by them too. Forgotten when a new window begins.
	 */
	private readonly lost = new Map<string, number>();
	/** Requests held for an answer (`nextAnswer`), woken by the next one. */
	private readonly waiting: Array<() => void> = [];
	/** The last Limit (and resource name) each bucket's answers gave; undefined Limit: answered without one. */
	private readonly lastSeen = new Map<string, { limit?: number; resource?: string }>();

	constructor(private readonly maxEntries = 1000) {}

	/**
	 * Sets a bucket from an answer. With requests of the bucket still unanswered (items in flight together),
	 * the answer may have been counted before them: they are taken off its Remaining, unless they were sent in
	 * a window that ended before this one (the service counted them there; taken off this window too, one
	 * request's budget in flight at a window's end would be lost for the whole next window). Within one window
	 * the budget only goes down: answers of requests in flight together may be read in another order than the
	 * service counted them, so a late answer cannot give back what later requests took, even when nothing is
	 * unanswered any more. An answer from a window before the one known is ignored.
	 */
	remember(key: string, bucket: Bucket | undefined): void {
		if (!bucket) return;
		const known = this.buckets.get(key);
		if (known && known.resetAtMs > bucket.resetAtMs) return;
		const seen = { limit: bucket.limit, resource: bucket.resource };
		remember(this.lastSeen, key, seen, this.maxEntries);
		if (known && known.resetAtMs < bucket.resetAtMs) this.lost.delete(key);
		const pending = this.pendingIn(key, bucket.resetAtMs);
		const lost = this.lost.get(key) ?? 0;
		let remaining = Math.max(0, bucket.remaining - pending - lost);
		if (known && known.resetAtMs === bucket.resetAtMs)
			remaining = Math.min(known.remaining, remaining);
		remember(this.buckets, key, { ...bucket, remaining }, this.maxEntries);
	}

	/** Requests of `key` in flight that the window ending at `resetAtMs` may count: sent in it, or in no known window. */
	private pendingIn(key: string, resetAtMs: number): number {
		const byWindow = this.pending.get(key);
		return (byWindow?.get(UNKNOWN_WINDOW) ?? 0) + (byWindow?.get(resetAtMs) ?? 0);
	}

	/**
	 * Counts one request of `scope` against the buckets it counts against (`countedKeys`), before it is sent:
	 * their Remaining goes down by one, so requests in flight together never spend more than the service said
	 * is left. Returns what was taken, to be given back by `settle` when the request is answered or fails.
	 */
	take(scope: BucketScope, nowMs: number): Taken[] {
		const taken: Taken[] = [];
		for (const key of this.countedKeys(scope)) {
			const bucket = this.buckets.get(key);
			const live = bucket && bucket.resetAtMs > nowMs;
			if (live) bucket.remaining = Math.max(0, bucket.remaining - 1);
			const window = live ? bucket.resetAtMs : UNKNOWN_WINDOW;
			let byWindow = this.pending.get(key);
			if (!byWindow) {
				byWindow = new Map();
				remember(this.pending, key, byWindow, this.maxEntries);
			}
			byWindow.set(window, (byWindow.get(window) ?? 0) + 1);
			taken.push({ key, window });
		}
		return taken;
	}

	/**
	 * A request taken by `take` failed without an answer: it is no longer in flight, but the service may have
	 * counted it, so the rest of the window counts it as spent (`lost`).
	 */
	lose(taken: readonly Taken[]): void {
		this.settle(taken);
		for (const { key } of taken)
			remember(this.lost, key, (this.lost.get(key) ?? 0) + 1, this.maxEntries);
	}

	/** Resolves when the next request is answered or lost: a request held for an answer (`blind`) looks again. */
	nextAnswer(): Promise<void> {
		return new Promise((resolve) => this.waiting.push(resolve));
	}

	/** A request taken by `take` is answered (or known not to have reached the service). */
	settle(taken: readonly Taken[]): void {
		const waiting = this.waiting.splice(0);
		for (const wake of waiting) wake();
		for (const { key, window } of taken) {
			const byWindow = this.pending.get(key);
			if (!byWindow) continue;
			const left = (byWindow.get(window) ?? 0) - 1;
			if (left > 0) byWindow.set(window, left);
			else byWindow.delete(window);
			if (byWindow.size === 0) this.pending.delete(key);
		}
	}

	/** The social-set resource a request of `scope` counts against, if any (`SOCIAL_SET_COUNTS`, or a 429 showed it). */
	resourceOf(scope: BucketScope): string | undefined {
		if (!scope.socialSet) return undefined;
		return SOCIAL_SET_COUNTS[scope.route] ?? this.refusedOn.get(routeKey(scope));
	}

	waitMs(keys: string[], nowMs: number): number {
		return this.blocking(keys, nowMs)?.waitMs ?? 0;
	}

	/**
	 * What holds back a request of `keys`, the longest wait first; undefined when nothing does: a bucket known to
	 * be used up, until its reset; or a bucket whose window is not known (none yet, or the last one ended) with
	 * as many requests out in it as its last Limit (one before any answer): until one of them is answered.
	 */
	blocking(keys: string[], nowMs: number): Blocking | undefined {
		let found: Blocking | undefined;
		for (const key of keys) {
			let bucket = this.buckets.get(key);
			if (bucket && bucket.resetAtMs <= nowMs) {
				this.buckets.delete(key);
				this.lost.delete(key);
				bucket = undefined;
			}
			const wait = bucket ? waitForBucket(bucket, nowMs) : 0;
			const hold = bucket && wait > 0 ? { waitMs: wait, bucket } : this.blind(key, nowMs);
			if (hold && (!found || hold.waitMs > found.waitMs)) found = hold;
		}
		return found;
	}

	/**
	 * A bucket whose window the node does not know: a new window has room for at most its Limit, so no more
	 * requests than the last answer's Limit go out before one is answered (before the first answer of a
	 * bucket, one: its answer says the Limit). A service that sends no Limit is not held.
	 */
	private blind(key: string, nowMs: number): Blocking | undefined {
		if (this.buckets.has(key)) return undefined;
		const out = this.pending.get(key)?.get(UNKNOWN_WINDOW) ?? 0;
		const last = this.lastSeen.get(key);
		const limit = last ? last.limit : 1;
		if (limit === undefined || out < limit) return undefined;
		const bucket: Bucket = {
			limit,
			remaining: 0,
			resetAtMs: nowMs + ANSWER_WAIT_MS,
			resource: last?.resource,
		};
		return { waitMs: ANSWER_WAIT_MS, bucket, awaitingAnswer: true };
	}

	/**
	 * The exhausted bucket that holds back a request of `scope`, if any: the credential's user bucket and, for a
	 * request its social set's bucket counts (a draft creation), that bucket. A read waits on its user bucket only.
	 */
	blockingFor(scope: BucketScope, nowMs: number): Blocking | undefined {
		return this.blocking(this.countedKeys(scope), nowMs);
	}

	/**
	 * A copy of what is known of the buckets a request of `scope` counts against, read only: the credential's
	 * user bucket, and the social set's bucket when the request counts against one. A bucket whose window has
	 * passed is not known. These are the figures `blockingFor` goes by.
	 */
	known(scope: BucketScope, nowMs: number): RateLimitHeaders {
		const live = (key: string) => {
			const bucket = this.buckets.get(key);
			return bucket && bucket.resetAtMs > nowMs ? { ...bucket } : undefined;
		};
		const [userKey, socialSetKey] = this.countedKeys(scope);
		return { user: live(userKey), socialSet: socialSetKey ? live(socialSetKey) : undefined };
	}

	/** The keys of the buckets a request of `scope` counts against: the user's, then the social set's if any. */
	private countedKeys(scope: BucketScope): string[] {
		const userKey = `${scope.owner}:user`;
		const resource = this.resourceOf(scope);
		return resource && scope.socialSet
			? [userKey, socialSetBucketKey(scope.service, scope.socialSet, resource)]
			: [userKey];
	}

	/**
	 * Reads an answer's rate-limit headers into the buckets they name, and returns them as the request counts
	 * against them: the user bucket, and the social set's only when the request counts against it (a read's
	 * answer sets the social set's bucket, but the read was not counted there). `taken` are the keys the
	 * answered request took (`take`): given back first, so the answer is not counted as still in flight.
	 */
	rememberAnswer(
		scope: BucketScope,
		headers: HeaderBag,
		nowMs = Date.now(),
		taken: readonly Taken[] = [],
		status?: number,
	): RateLimitHeaders {
		this.settle(taken);
		const limits = parseRateLimitHeaders(headers, nowMs);
		// a bucket the answer says nothing of holds nothing back (a service that sends no headers)
		for (const key of this.countedKeys(scope))
			if (!this.lastSeen.has(key)) remember(this.lastSeen, key, {}, this.maxEntries);
		this.remember(`${scope.owner}:user`, limits.user);
		const reported = limits.socialSet;
		// Without the Resource header (the API says every response has it) a counted route's own resource stands in.
		const resource = reported?.resource ?? this.resourceOf(scope);
		if (!scope.socialSet || !reported || !resource) return { user: limits.user };
		const refusedHere =
			status === 429 && reported.remaining <= 0 && (limits.user?.remaining ?? 0) > 0;
		if (refusedHere && !this.resourceOf(scope))
			remember(this.refusedOn, routeKey(scope), resource, this.maxEntries);
		this.remember(socialSetBucketKey(scope.service, scope.socialSet, resource), reported);
		return {
			user: limits.user,
			socialSet: this.resourceOf(scope) === resource ? reported : undefined,
		};
	}

	clear(): void {
		this.buckets.clear();
		this.lastSeen.clear();
		this.refusedOn.clear();
		this.pending.clear();
		this.lost.clear();
	}
}

function routeKey(scope: BucketScope): string {
	return `${scope.service}:${scope.route}`;
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

/** The memory key of a social set's bucket for one resource, on one service (a base URL's hash). */
export function socialSetBucketKey(service: string, socialSetId: string, resource: string): string {
	return `${service}:${socialSetId}:${resource}`;
}

/** The memory of this n8n process: parallel executions share it. */
export const rateLimitMemory = new RateLimitMemory();
