/**
 * Comments All Resolved: the poll trigger emits a draft once its last unresolved comment thread is resolved,
 * having seen it open (spec: Comment threads, GET with status `unresolved`; the paged envelope's `count`).
 * Reads per poll are bounded (MAX_REVIEW_CHECKS) and the state keeps only the drafts seen with open threads.
 */
import {
	MAX_REVIEW_CHECKS,
	MAX_WATCHED_CHECKS,
} from '../../../nodes/SocialPublishingPollTrigger/review';
import { useSandbox } from '../../harness/sandbox';
import { api, eventsOf, pollRunner, pollState, SET } from './fixtures';

const fx = useSandbox({
	rateLimits: {
		user: { limit: 100_000, windowSeconds: 60 },
		socialSet: { limit: 100_000, windowSeconds: 60 },
	},
});

beforeEach(async () => {
	await fx.sandbox.reset();
});

const EVENT = 'draft.comments_resolved';

async function call(method: string, path: string, body?: unknown): Promise<{ id: string }> {
	const res = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/${SET}${path}`, {
		method,
		headers: {
			authorization: `Bearer ${fx.sandbox.keys.admin}`,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
	return (await res.json()) as { id: string };
}

const openThread = async (draftId: number, word: string) =>
	(
		await call('POST', `/drafts/${draftId}/comment-threads`, {
			post_index: 0,
			selected_text: word,
			text: `What about ${word}?`,
		})
	).id;

const resolve = async (draftId: number, threadId: string) =>
	await call('POST', `/drafts/${draftId}/comment-threads/${threadId}/resolve`);

const threadReads = () =>
	fx.apiRequests().filter((r) => r.method === 'GET' && r.path.endsWith('/comment-threads'));

type Runner = ReturnType<typeof pollRunner>;

async function pollOnce(runner: Runner) {
	fx.sandbox.clearRequests();
	const outcome = await runner.poll();
	expect(outcome.error).toBeUndefined();
	return outcome.items;
}

const watched = (runner: Runner) =>
	Object.keys(((pollState(runner) as { review?: { w: object } }).review?.w ?? {}) as object);

describe('Social Publishing Poll Trigger: Comments All Resolved', () => {
	test('emits once after the last open thread is resolved: not while one is open, not twice', async () => {
		const sb = api(fx.sandbox);
		const draft = await sb.create('alpha beta gamma');
		const first = await openThread(draft.id, 'alpha');
		const second = await openThread(draft.id, 'gamma');
		const runner = pollRunner(fx, { events: [EVENT] });

		expect(await pollOnce(runner)).toBeNull(); // activation: the cursor and the drafts known
		expect(threadReads()).toEqual([]);
		expect(await pollOnce(runner)).toBeNull(); // the draft is seen with two open threads
		expect(threadReads()[0].query).toEqual({
			status: ['unresolved'],
			limit: ['1'],
			offset: ['0'],
		});
		expect(watched(runner)).toEqual([String(draft.id)]);

		await resolve(draft.id, first);
		expect(await pollOnce(runner)).toBeNull(); // one thread still open

		await resolve(draft.id, second);
		const items = await pollOnce(runner);
		expect(eventsOf(items)).toEqual([[EVENT, draft.id]]);
		expect(items?.[0].json).toMatchObject({
			event: EVENT,
			draft: { id: draft.id, status: 'draft' },
		});
		expect(watched(runner)).toEqual([]);

		expect(await pollOnce(runner)).toBeNull();
		expect(await pollOnce(runner)).toBeNull();
	});

	test('a draft never seen with an open thread is not emitted; a new thread opened and resolved later is', async () => {
		const sb = api(fx.sandbox);
		const draft = await sb.create('one two three');
		const runner = pollRunner(fx, {
			events: [EVENT],
			options: { draftOutput: 'summary' },
		});
		expect(await pollOnce(runner)).toBeNull();
		expect(await pollOnce(runner)).toBeNull(); // no thread: nothing to wait for
		expect(watched(runner)).toEqual([]);

		const thread = await openThread(draft.id, 'two');
		expect(await pollOnce(runner)).toBeNull();
		expect(watched(runner)).toEqual([String(draft.id)]);
		await resolve(draft.id, thread);
		const items = await pollOnce(runner);
		expect(eventsOf(items)).toEqual([[EVENT, draft.id]]);
		// List Fields Only: the summary's fields, no posts
		expect(items?.[0].json.draft).toMatchObject({ id: draft.id, status: 'draft' });
		expect(items?.[0].json.draft).not.toHaveProperty('platforms');
	});

	test('a draft published while threads are open is dropped without an emission', async () => {
		const sb = api(fx.sandbox);
		const draft = await sb.create('publish me anyway');
		const thread = await openThread(draft.id, 'anyway');
		const runner = pollRunner(fx, { events: [EVENT, 'draft.published'] });
		await pollOnce(runner);
		await pollOnce(runner);
		expect(watched(runner)).toEqual([String(draft.id)]);
		await sb.patch(draft.id, { publish_at: 'now' });
		await sb.settled(draft.id);
		await resolve(draft.id, thread);
		const items = await pollOnce(runner);
		expect(eventsOf(items)).toEqual([['draft.published', draft.id]]);
		expect(watched(runner)).toEqual([]);
	});

	test('reads are bounded per poll, and every draft with an open thread is found in turn', async () => {
		const sb = api(fx.sandbox);
		const ids: number[] = [];
		for (let i = 0; i < 25; i++) {
			const draft = await sb.create(`review ${i}`);
			await openThread(draft.id, 'review');
			ids.push(draft.id);
		}
		const runner = pollRunner(fx, { events: [EVENT] });
		await pollOnce(runner);
		const perPoll: number[] = [];
		for (let round = 0; round < 8; round++) {
			expect(await pollOnce(runner)).toBeNull();
			perPoll.push(threadReads().length);
		}
		expect(Math.max(...perPoll)).toBe(MAX_REVIEW_CHECKS);
		expect(perPoll.every((reads) => reads <= MAX_REVIEW_CHECKS)).toBe(true);
		expect(
			watched(runner)
				.map(Number)
				.sort((a, b) => a - b),
		).toEqual(ids);
		// the state holds only the watched drafts' open count and check time, and the turn's place
		const review = (pollState(runner) as { review?: { w: Record<string, object>; r: number } })
			.review;
		expect(Object.values(review?.w ?? {})).toEqual(
			ids.map(() => ({ o: 1, c: expect.any(Number) })),
		);

		// all resolved: the watched are checked MAX_WATCHED_CHECKS a poll, each emitted once
		for (const id of ids) {
			const [open] = await listOpen(id);
			await resolve(id, open);
		}
		const emitted: number[] = [];
		for (let round = 0; round < 6; round++) {
			const items = await pollOnce(runner);
			expect(threadReads().length).toBeLessThanOrEqual(MAX_REVIEW_CHECKS);
			expect((items ?? []).length).toBeLessThanOrEqual(MAX_WATCHED_CHECKS);
			for (const [, id] of eventsOf(items)) emitted.push(id);
		}
		expect(emitted.sort((a, b) => a - b)).toEqual(ids);
	});
});

describe('Comments All Resolved with more drafts under review than a poll reads', () => {
	const UNDER_REVIEW = 250;

	test(`${UNDER_REVIEW} drafts under review: each is checked in turn, and every resolution is emitted exactly once within ceil(${UNDER_REVIEW} / ${MAX_WATCHED_CHECKS}) polls`, async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, { events: [EVENT], options: { draftOutput: 'summary' } });
		expect(await pollOnce(runner)).toBeNull(); // activation
		const ids: number[] = [];
		for (let i = 0; i < UNDER_REVIEW; i++) {
			const draft = await sb.create(`under review ${i}`);
			await openThread(draft.id, 'review');
			ids.push(draft.id);
		}
		// the turn finds each: the first poll at MAX_REVIEW_CHECKS, then what the watched leave of them
		const finding = Math.ceil(UNDER_REVIEW / (MAX_REVIEW_CHECKS - MAX_WATCHED_CHECKS)) + 1;
		for (let poll = 0; poll < finding; poll++) {
			expect(await pollOnce(runner)).toBeNull();
			expect(threadReads().length).toBeLessThanOrEqual(MAX_REVIEW_CHECKS);
		}

		for (const id of ids) await resolve(id, (await listOpen(id))[0]);
		const emitted = new Map<number, number>();
		const bound = Math.ceil(UNDER_REVIEW / MAX_WATCHED_CHECKS);
		let polls = 0;
		while (emitted.size < UNDER_REVIEW && polls < 2 * bound) {
			const items = await pollOnce(runner);
			polls++;
			expect(threadReads().length).toBeLessThanOrEqual(MAX_REVIEW_CHECKS);
			for (const [, id] of eventsOf(items)) emitted.set(id, (emitted.get(id) ?? 0) + 1);
		}
		expect({ emitted: emitted.size, twice: [...emitted.values()].filter((n) => n > 1) }).toEqual({
			emitted: UNDER_REVIEW,
			twice: [],
		});
		expect([...emitted.keys()].sort((a, b) => a - b)).toEqual(ids);
		expect(polls).toBeLessThanOrEqual(bound);
		// and never again
		for (let poll = 0; poll < 3; poll++) expect(await pollOnce(runner)).toBeNull();
		expect(watched(runner)).toEqual([]);
	}, 120_000);
});

async function listOpen(draftId: number): Promise<string[]> {
	const res = await fetch(
		`${fx.sandbox.baseUrl}/v2/social-sets/${SET}/drafts/${draftId}/comment-threads?limit=50`,
		{ headers: { authorization: `Bearer ${fx.sandbox.keys.admin}` } },
	);
	return ((await res.json()) as { results: Array<{ id: string }> }).results.map((t) => t.id);
}
