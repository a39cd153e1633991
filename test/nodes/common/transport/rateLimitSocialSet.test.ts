import type { RecordedRequest } from '../../../../sandbox';
import { rateLimitMemory } from '../../../../nodes/common/transport';
import { useSandbox } from '../../../harness/sandbox';
import { NODE, byId, singleNodeWorkflow } from '../../../harness/workflows';
import { createText, draftParams, seedDraft } from '../../SocialPublishing/draft/fixtures';
import { pollRunner } from '../../SocialPublishingPollTrigger/fixtures';
import { awayFromWindowEdge } from '../../../sandbox/helpers';

/**
 * Which bucket counts which request, through n8n-core against the sandbox (spec, Limits: "Rate limits apply
 * per user (all endpoints) and per social set (specific operations such as draft creation)"; every answer
 * carries both families, a read's the social set's `drafts.create` bucket without counting the read in it).
 * Reads never wait on the creation budget; the creation budget is one per social set for every key.
 * What the sandbox counted is read from its records (`counted`: the buckets it counted each request in).
 */
const fx = useSandbox();

const UNLIMITED = { limit: 1_000_000_000, windowSeconds: 60 };

let draftId = 0;

beforeEach(async () => {
	await fx.sandbox.reset();
	fx.sandbox.setRateLimits({ user: UNLIMITED, socialSet: UNLIMITED });
	draftId = Number((await seedDraft(fx)).id);
	rateLimitMemory.clear();
	fx.sandbox.clearRequests();
});

/**
 * The times the node held a request back on its memory of the buckets, by route: on a used-up bucket (its
 * resource, or `user`), or until an answer told a window it did not know yet (`awaiting an answer`).
 */
function watchHolds() {
	const holds: string[] = [];
	const blockingFor = rateLimitMemory.blockingFor.bind(rateLimitMemory);
	const spy = jest.spyOn(rateLimitMemory, 'blockingFor').mockImplementation((scope, nowMs) => {
		const blocked = blockingFor(scope, nowMs);
		if (blocked)
			holds.push(
				`${scope.route}: ${(blocked as { awaitingAnswer?: boolean }).awaitingAnswer ? 'awaiting an answer' : (blocked.bucket.resource ?? 'user')}`,
			);
		return blocked;
	});
	return { holds, stop: () => spy.mockRestore() };
}

/** Draft > Get items, one at a time (Max Parallel Requests 1). */
const reads = (count: number, key: 'admin' | 'publish' = 'admin') =>
	fx.run(
		singleNodeWorkflow({
			...draftParams('get', { draftId: String(draftId) }),
			requestOptions: { maxParallelRequests: 1 },
		}),
		{
			input: Array.from({ length: count }, () => ({ json: {} })),
			key,
		},
	);

const creates = (count: number, key: 'admin' | 'publish', parallel = 1) =>
	fx.run(
		singleNodeWorkflow({
			...createText('={{ "post " + $itemIndex }}', ['x'], {
				additionalFields: { draftTitle: `={{ "${key}-" + $itemIndex }}` },
			}),
			requestOptions: { maxParallelRequests: parallel },
		}),
		{ input: Array.from({ length: count }, () => ({ json: {} })), key },
	);

/** The buckets the sandbox counted the requests in, by name, with the highest count of each window. */
function counted(requests: RecordedRequest[]): Map<string, Map<number, number>> {
	const buckets = new Map<string, Map<number, number>>();
	for (const request of requests)
		for (const entry of request.counted ?? []) {
			const windows = buckets.get(entry.bucket) ?? new Map<number, number>();
			windows.set(entry.reset, Math.max(windows.get(entry.reset) ?? 0, entry.count));
			buckets.set(entry.bucket, windows);
		}
	return buckets;
}

/** Answers of 429 per window of a bucket (its Reset), by the sandbox's records. */
function refusedPerWindow(requests: RecordedRequest[], bucket: string): number[] {
	const perWindow = new Map<number, number>();
	for (const request of requests) {
		if (request.status !== 429) continue;
		for (const entry of request.counted ?? [])
			if (entry.bucket === bucket && entry.count > entry.limit)
				perWindow.set(entry.reset, (perWindow.get(entry.reset) ?? 0) + 1);
	}
	return [...perWindow.values()];
}

describe('reads and the creation budget (drafts.create 20 per 10 s)', () => {
	test('30 reads one at a time: never held, take no longer than without that limit (ratio), no 429, nothing counted in drafts.create', async () => {
		const started = Date.now();
		const free = await reads(30);
		const freeMs = Date.now() - started;
		expect(free.error).toBeUndefined();

		rateLimitMemory.clear();
		fx.sandbox.setRateLimits({ user: UNLIMITED, socialSet: { limit: 20, windowSeconds: 10 } });
		fx.sandbox.clearRequests();
		// the reads in one window of the service's, so that a window's end cannot give back what they spent
		await awayFromWindowEdge(10, 8000);
		const watch = watchHolds();
		const start = Date.now();
		const limited = await reads(30);
		const limitedMs = Date.now() - start;
		watch.stop();
		expect(limited.error).toBeUndefined();
		expect(limited.output(NODE)).toHaveLength(30);
		expect(watch.holds).toEqual([]);
		const requests = fx.apiRequests();
		expect(requests.filter((r) => r.status === 429)).toEqual([]);
		expect(counted(requests).has('socialSet:101')).toBe(false);
		// the memory held each read about 10 s / 20 before (9.9 s for 30 reads, about 10 times the free run); the
		// holds are counted above, this bound only has to hold at a load of 10 (a run at load 7 measured 654 ms
		// against a free run of 201 ms)
		expect(limitedMs).toBeLessThanOrEqual(3 * freeMs + 1000);
	}, 60_000);

	test('a Create after 21 reads is sent at once, and its social set had 19 of 20 left at the service', async () => {
		fx.sandbox.setRateLimits({ user: UNLIMITED, socialSet: { limit: 20, windowSeconds: 10 } });
		await awayFromWindowEdge(10, 8000);
		// a first Create: the route has been answered (main's memory then counted it in drafts.create)
		expect((await creates(1, 'admin')).error).toBeUndefined();
		expect((await reads(21)).error).toBeUndefined();
		const watch = watchHolds();
		const created = await creates(1, 'admin');
		watch.stop();
		expect(created.error).toBeUndefined();
		expect(watch.holds).toEqual([]);
		const posts = fx.apiRequests().filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.status)).toEqual([201, 201]);
		// the service counted the Create second in its window: it had room for it
		expect(posts[1].counted).toContainEqual(
			expect.objectContaining({ bucket: 'socialSet:101', count: 2, limit: 20 }),
		);
	}, 60_000);

	test("the poll trigger is not held by another workflow's reads (drafts.create 20 per 60 s)", async () => {
		fx.sandbox.setRateLimits({ user: UNLIMITED, socialSet: { limit: 20, windowSeconds: 60 } });
		await awayFromWindowEdge(60, 10_000);
		const runner = pollRunner(fx, { socialSetId: byId(101), events: ['draft.created'] });
		// a first poll: its route has been answered (main's memory then counted it in drafts.create)
		expect((await runner.poll()).error).toBeUndefined();
		expect((await reads(21)).error).toBeUndefined();
		const watch = watchHolds();
		const first = await runner.poll();
		const second = await runner.poll();
		watch.stop();
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(watch.holds).toEqual([]);
	}, 60_000);
});

describe('one creation budget per social set for every key', () => {
	test('two keys creating in one social set at once (4 per 1 s, 16 creates): at most one 429 per window between them, each item created once', async () => {
		fx.sandbox.setRateLimits({ user: UNLIMITED, socialSet: { limit: 4, windowSeconds: 1 } });
		const [admin, publish] = await Promise.all([creates(8, 'admin', 3), creates(8, 'publish', 3)]);
		expect(admin.error).toBeUndefined();
		expect(publish.error).toBeUndefined();
		const requests = fx.apiRequests();
		const titles = requests
			.filter((r) => r.status === 201)
			.map((r) => (r.body as { draft_title: string }).draft_title)
			.sort();
		const expected = ['admin', 'publish'].flatMap((key) =>
			Array.from({ length: 8 }, (_, n) => `${key}-${n}`),
		);
		expect(titles).toEqual(expected.sort());
		// main's memory kept one bucket per key: 3 answers of 429 in one window in this run
		expect(refusedPerWindow(requests, 'socialSet:101').every((count) => count <= 1)).toBe(true);
		expect(requests.every((r) => r.status === 201 || r.status === 429)).toBe(true);
	}, 60_000);
});
