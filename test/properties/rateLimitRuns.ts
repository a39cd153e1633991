/**
 * Runs for the rate-limit property (rateLimits.property.test.ts): a mix of node runs and polls at once,
 * against the sandbox under limits a case picks, and what the sandbox counted of them. The oracle is the
 * sandbox: every recorded request names the buckets the service counted it in, with the count that request
 * made in its window (`RecordedRequest.counted`); nothing here counts requests on its own.
 */
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import type { CountedIn, RecordedRequest } from '../../sandbox';
import { credentialsOf } from '../../nodes/common/transport/caller';
import type { BucketScope } from '../../nodes/common/transport/rateLimit';
import { rateLimitMemory } from '../../nodes/common/transport';
import { routeTemplate } from '../../nodes/common/transport/url';
import type { KeyName, SandboxFixture } from '../harness/sandbox';
import { NODE, byId, singleNodeWorkflow } from '../harness/workflows';
import { pollRunner } from '../nodes/SocialPublishingPollTrigger/fixtures';
import { createText, draftParams, seedDraft } from '../nodes/SocialPublishing/draft/fixtures';

export interface Limit {
	limit: number;
	windowSeconds: number;
}

/** What one job does: a run of one node (its items in flight up to `parallel`), or `items` polls in turn. */
export interface Job {
	kind: 'read' | 'list' | 'create' | 'update' | 'poll';
	key: KeyName;
	socialSet: number;
	items: number;
	parallel: number;
	/** Milliseconds after the case's start. */
	startMs: number;
}

export interface Case {
	user: Limit;
	socialSet: Limit;
	jobs: Job[];
}

/** Which key may use which social set in the seed (sandbox/domain/seed.ts, KEY_ACCESS): WRITE or more. */
const SETS_OF: Partial<Record<KeyName, number[]>> = { admin: [101, 102], publish: [101] };

/** Cases: one key or two, several social sets, jobs at once under limits the generator picks. */
export function cases(): fc.Arbitrary<Case> {
	const limit = (min: number, max: number, windows: number[]) =>
		fc.record({
			limit: fc.integer({ min, max }),
			windowSeconds: fc.constantFrom(...windows),
		});
	return fc.boolean().chain((twoKeys) => {
		const keys: KeyName[] = twoKeys ? ['admin', 'publish'] : ['admin'];
		const job = fc
			.record({
				kind: fc.constantFrom<Job['kind']>(
					'read',
					'read',
					'list',
					'create',
					'create',
					'update',
					'poll',
				),
				key: fc.constantFrom(...keys),
				pick: fc.nat(),
				items: fc.integer({ min: 1, max: 12 }),
				parallel: fc.integer({ min: 1, max: 4 }),
				startMs: fc.constantFrom(0, 0, 300, 900),
			})
			.map(({ pick, ...rest }): Job => {
				const sets = SETS_OF[rest.key] ?? [101];
				const items = rest.kind === 'poll' ? Math.min(rest.items, 4) : rest.items;
				return { ...rest, items, socialSet: sets[pick % sets.length] };
			});
		return fc.record({
			user: limit(8, 40, [1, 2, 3]),
			socialSet: limit(2, 8, [1, 2]),
			jobs: fc.array(job, { minLength: 1, maxLength: 4 }),
		});
	});
}

export const describeCase = (c: Case) =>
	`user ${c.user.limit}/${c.user.windowSeconds}s, drafts.create ${c.socialSet.limit}/${c.socialSet.windowSeconds}s; ` +
	c.jobs
		.map(
			(j) =>
				`${j.kind} x${j.items} (${j.key}, set ${j.socialSet}, ${j.parallel} in flight, at ${j.startMs} ms)`,
		)
		.join('; ');

/** A request as the sandbox recorded it, with the time it arrived. */
export interface Arrival {
	request: RecordedRequest;
	at: number;
}

/** A time the node held a request back: when, and which request (its bucket scope). */
export interface Held {
	at: number;
	scope: BucketScope;
	waitMs: number;
	/** Held until an answer tells a window the node does not know (no more out than its Limit), not on a count. */
	awaitingAnswer: boolean;
}

export interface Played {
	elapsedMs: number;
	startedAt: number;
	arrivals: Arrival[];
	held: Held[];
	/** Each job's failure, if any (its error message). */
	failures: string[];
}

/** Draft ids per social set, made before the limits are set (they count nothing of the case). */
type Seeded = Map<number, number[]>;

async function seed(fx: SandboxFixture): Promise<Seeded> {
	const seeded: Seeded = new Map();
	for (const set of [101, 102]) {
		const ids: number[] = [];
		for (let n = 0; n < 2; n++) ids.push(Number((await seedDraft(fx, {}, set)).id));
		seeded.set(set, ids);
	}
	return seeded;
}

function parametersOf(job: Job, seeded: Seeded, tag: string): INodeParameters {
	const draftId = String(seeded.get(job.socialSet)?.[0]);
	const withParallel = (parameters: INodeParameters): INodeParameters => ({
		...parameters,
		requestOptions: { maxParallelRequests: job.parallel },
	});
	switch (job.kind) {
		case 'read':
			return withParallel(draftParams('get', { draftId }, job.socialSet));
		case 'list':
			return withParallel(draftParams('getMany', { limit: 5 }, job.socialSet));
		case 'update':
			return withParallel(
				draftParams(
					'update',
					{ draftId, updateFields: { draftTitle: `={{ "${tag}-" + $itemIndex }}` } },
					job.socialSet,
				),
			);
		default: {
			const create = createText(`={{ "${tag} post " + $itemIndex }}`, ['x'], {
				additionalFields: { draftTitle: `={{ "${tag}-" + $itemIndex }}` },
			});
			return withParallel({ ...create, socialSetId: byId(job.socialSet) });
		}
	}
}

async function playJob(
	fx: SandboxFixture,
	job: Job,
	seeded: Seeded,
	tag: string,
): Promise<string[]> {
	if (job.startMs > 0) await new Promise((resolve) => setTimeout(resolve, job.startMs));
	if (job.kind === 'poll') {
		const runner = pollRunner(
			fx,
			{ socialSetId: byId(job.socialSet), events: ['draft.created'] },
			{ key: job.key },
		);
		const failures: string[] = [];
		for (let n = 0; n < job.items; n++) {
			const outcome = await runner.poll();
			if (outcome.error) failures.push(`${tag} poll ${n}: ${outcome.error.message}`);
		}
		return failures;
	}
	const input = Array.from({ length: job.items }, () => ({ json: {} }));
	const result = await fx.run(singleNodeWorkflow(parametersOf(job, seeded, tag)), {
		input,
		key: job.key,
	});
	if (result.error) return [`${tag}: ${result.error.message}`];
	const out = result.output(NODE).length;
	// a list item puts out the drafts it found: at least one each (the seeded ones)
	const fine = job.kind === 'list' ? out >= job.items : out === job.items;
	return fine ? [] : [`${tag}: ${out} items out of ${job.items}`];
}

/** Big enough that no case reaches them: the same work with no rate limit to speak of. */
const UNLIMITED: Limit = { limit: 1_000_000_000, windowSeconds: 60 };

/**
 * Plays a case from a fresh sandbox and a fresh memory: `limited` under the case's limits, else under limits
 * no case reaches (the same work, for the time it takes without waiting on a limit).
 */
export async function play(fx: SandboxFixture, c: Case, limited: boolean): Promise<Played> {
	await fx.sandbox.reset();
	fx.sandbox.setRateLimits({ user: UNLIMITED, socialSet: UNLIMITED });
	const seeded = await seed(fx);
	rateLimitMemory.clear();
	fx.sandbox.setRateLimits(
		limited ? { user: c.user, socialSet: c.socialSet } : { user: UNLIMITED, socialSet: UNLIMITED },
	);
	fx.sandbox.clearRequests();
	const arrivals = watchArrivals(fx);
	const held: Held[] = [];
	const blockingFor = rateLimitMemory.blockingFor.bind(rateLimitMemory);
	const spy = jest.spyOn(rateLimitMemory, 'blockingFor').mockImplementation((scope, nowMs) => {
		const blocked = blockingFor(scope, nowMs);
		// the node's own reading of the clock: a second reading here may fall 1 ms later, past a window's end
		// the node's reading was before (a hold of 1 ms to a window's end was read as one begun after it, in CI)
		if (blocked)
			held.push({
				at: nowMs,
				scope: { ...scope },
				waitMs: blocked.waitMs,
				awaitingAnswer: (blocked as { awaitingAnswer?: boolean }).awaitingAnswer === true,
			});
		return blocked;
	});
	const startedAt = Date.now();
	try {
		const failures = await Promise.all(c.jobs.map((job, n) => playJob(fx, job, seeded, `j${n}`)));
		return {
			elapsedMs: Date.now() - startedAt,
			startedAt,
			arrivals: arrivals.stop(),
			held,
			failures: failures.flat(),
		};
	} finally {
		spy.mockRestore();
		arrivals.stop();
	}
}

/** The /v2 requests the sandbox records from now on, each with the time it arrived. */
function watchArrivals(fx: SandboxFixture) {
	const list = fx.sandbox.requests;
	const arrivals: Arrival[] = [];
	const push = list.push;
	list.push = (...records: RecordedRequest[]) => {
		for (const request of records)
			if (request.path.startsWith('/v2')) arrivals.push({ request, at: Date.now() });
		return push.apply(list, records);
	};
	return {
		stop: () => {
			list.push = push;
			return arrivals;
		},
	};
}

/** What the sandbox counted in one bucket: its requests' counts, by window (Reset). */
export interface BucketCounts {
	limit: number;
	windowSeconds: number;
	/** Per window (Reset, Unix seconds): the highest count, and how many were refused (429). */
	windows: Map<number, { count: number; refused: number; arrivals: number[] }>;
}

/** Every bucket the sandbox counted requests in during a run, read from its records. */
export function countsOf(c: Case, arrivals: Arrival[]): Map<string, BucketCounts> {
	const buckets = new Map<string, BucketCounts>();
	for (const { request, at } of arrivals) {
		for (const counted of request.counted ?? []) {
			const windowSeconds = counted.bucket.startsWith('user:')
				? c.user.windowSeconds
				: c.socialSet.windowSeconds;
			let bucket = buckets.get(counted.bucket);
			if (!bucket) {
				bucket = { limit: counted.limit, windowSeconds, windows: new Map() };
				buckets.set(counted.bucket, bucket);
			}
			const window = bucket.windows.get(counted.reset) ?? { count: 0, refused: 0, arrivals: [] };
			window.count = Math.max(window.count, counted.count);
			if (refusedIn(request, counted)) window.refused++;
			window.arrivals.push(at);
			bucket.windows.set(counted.reset, window);
		}
	}
	return buckets;
}

/** Whether the request was refused with 429 by this bucket (its count went past the limit). */
const refusedIn = (request: RecordedRequest, counted: CountedIn) =>
	request.status === 429 && counted.count > counted.limit;

/** The key of a recorded request (the sandbox records its own seeded keys verbatim). */
function keyOf(request: RecordedRequest, fx: SandboxFixture): KeyName | undefined {
	const bearer = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1];
	return (Object.keys(fx.sandbox.keys) as KeyName[]).find((k) => fx.sandbox.keys[k] === bearer);
}

/** The hash the node keeps a key's buckets under (caller.ts), to tell which key a held request was of. */
export async function ownerOf(fx: SandboxFixture, key: KeyName): Promise<string> {
	const context = {
		getNode: () => ({}) as never,
		getCredentials: async () => ({ apiKey: fx.sandbox.keys[key], baseUrl: fx.sandbox.baseUrl }),
	};
	return (await credentialsOf(context)).owner;
}

/**
 * The buckets the sandbox counted requests like a held one in (same key, method, route and social set):
 * read from the records of those requests, which the node sent once it stopped holding them.
 */
export function bucketsCounting(
	fx: SandboxFixture,
	held: Held,
	owners: Map<string, KeyName>,
	arrivals: Arrival[],
): Set<string> | undefined {
	const key = owners.get(held.scope.owner);
	const found = new Set<string>();
	let seen = false;
	for (const { request } of arrivals) {
		if (keyOf(request, fx) !== key) continue;
		if (routeTemplate(request.method, request.path) !== held.scope.route) continue;
		const set = /^\/v2\/social-sets\/(\d+)/.exec(request.path)?.[1];
		if (set !== held.scope.socialSet) continue;
		seen = true;
		for (const counted of request.counted ?? []) found.add(counted.bucket);
	}
	return seen ? found : undefined;
}

/** How many requests a bucket counted in the window that holds `atMs`, by the sandbox's own records. */
export function countAt(bucket: BucketCounts | undefined, atMs: number): number {
	if (!bucket) return 0;
	for (const [reset, window] of bucket.windows) {
		const start = (reset - bucket.windowSeconds) * 1000;
		if (start <= atMs && atMs < reset * 1000) {
			// a request the node sent before the window ended may be counted just after it: counted here too
			const late = [...(bucket.windows.get(reset + bucket.windowSeconds)?.arrivals ?? [])].filter(
				(at) => at < reset * 1000 + LATE_MS,
			).length;
			return window.count + late;
		}
	}
	return 0;
}

/** How long after a window's end a request sent in it may still reach the sandbox (loopback, a loaded machine). */
export const LATE_MS = 250;

/**
 * Whether a hold began within LATE_MS of the end of the service's window it began in and ended with that window.
 * The mirror of the late arrivals countAt counts: a request in flight at a window's end may be counted on either
 * side of it, and the node, which cannot tell which, counts it against the window it knows until that window ends
 * (a hold of 1 ms at a window's end under a 10-per-3-s limit was read as needless in CI).
 */
export function heldToWindowEnd(bucket: BucketCounts | undefined, held: Held): boolean {
	if (!bucket || held.waitMs > LATE_MS) return false;
	for (const reset of bucket.windows.keys()) {
		const end = reset * 1000;
		if (end - bucket.windowSeconds * 1000 <= held.at && held.at < end)
			return Math.abs(held.at + held.waitMs - end) <= END_MS;
	}
	return false;
}

/** The clock's reading between the node's hold and its window's end (one process, whole milliseconds). */
const END_MS = 5;

/**
 * The least time the service's counters allow for the work counted. The run starts in a window of its own
 * (its first), which may be nearly over: the requests counted there are what the time left in it took
 * (a needless hold there is the liveness check's to find). What the service counted after it (refused ones
 * left out), at `limit` per window, needs ceil(n / limit) more windows, and the run cannot end before the
 * last of them starts.
 */
export function leastWindowTimeMs(buckets: Map<string, BucketCounts>, startedAt: number): number {
	let least = 0;
	for (const bucket of buckets.values()) {
		const windowMs = bucket.windowSeconds * 1000;
		const firstStart = Math.floor(startedAt / windowMs) * windowMs;
		const firstReset = (firstStart + windowMs) / 1000;
		let later = 0;
		for (const [reset, window] of bucket.windows)
			if (reset > firstReset) later += Math.min(window.count, bucket.limit);
		const windows = Math.ceil(later / bucket.limit);
		least = Math.max(least, firstStart + windows * windowMs - startedAt);
	}
	return least;
}
