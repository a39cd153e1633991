import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { retryMemory } from '../../../../nodes/SocialPublishing/actions/retryOnFail';
import { api, createText } from '../draft/fixtures';
import {
	clearFaultsAndRequests,
	createFromItems,
	draftsTitled,
	runWithRetry,
	sent,
	titledItems,
} from './fixtures';

// Publishing takes 0.3 s, so a publish is still in progress when the next try reads the draft.
const fx = useSandbox({ publishDelayMs: 300 });

afterEach(() => clearFaultsAndRequests(fx));

describe('Retry On Fail: Draft > Create', () => {
	test('three items, the third refused every time: items 1 and 2 are stored once each, the run reports item 3', async () => {
		const before = retryMemory.size.entries;
		const { result } = await runWithRetry(
			fx,
			createFromItems(),
			titledItems('refused third', true),
		);
		// the failed run keeps its two stored items (until their time is up); the refused one is not kept
		expect(retryMemory.size.entries).toBe(before + 2);
		expect(result.error?.message).toContain('VALIDATION_ERROR');
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(result.error?.description).toContain('media_ids[0]: unknown media id');
		const stored = await draftsTitled(fx, 'refused third');
		expect(stored.map((d) => d.preview).sort()).toEqual(['refused third one', 'refused third two']);
		// all three tries ran: the third item was sent three times, the others once
		const posts = sent(fx, 'POST', '/v2/social-sets/101/drafts');
		expect(posts.map((r) => r.status)).toEqual([201, 201, 400, 400, 400]);
	});

	test('the third naming a tag the social set does not have: refused before sending on every try, items 1 and 2 stored once', async () => {
		const input = titledItems('unknown tag third');
		input[2].tags = 'no-such-tag';
		const { result } = await runWithRetry(fx, createFromItems(), input);
		expect(result.error?.message).toMatch(
			/^Parameter "Tag Names or IDs" has a tag slug that social set 101 does not have: "no-such-tag" \[item 2\]$/,
		);
		expect(result.error?.context?.itemIndex).toBe(2);
		const stored = await draftsTitled(fx, 'unknown tag third');
		expect(stored.map((d) => d.preview).sort()).toEqual([
			'unknown tag third one',
			'unknown tag third two',
		]);
		// three tries; items 1 and 2 were sent once, item 3 never
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts').map((r) => r.status)).toEqual([201, 201]);
	});

	test('a 503 after the service stored item 2: item 2 is stored once and the node outputs that draft', async () => {
		fx.sandbox.faults.set({ fail503AfterStore: 1, skip: 1, paths: '/drafts', methods: 'POST' });
		const before = retryMemory.size.entries;
		const { result, items: out } = await runWithRetry(
			fx,
			createFromItems(),
			titledItems('lost answer'),
		);
		expect(result.error).toBeUndefined();
		// the run ended without an error: its memory is gone
		expect(retryMemory.size.entries).toBe(before);
		const stored = await draftsTitled(fx, 'lost answer');
		expect(stored).toHaveLength(3);
		expect(out.map((d) => d.id).sort()).toEqual(stored.map((d) => d.id).sort());
		const second = stored.find((d) => d.preview === 'lost answer two');
		expect(out[1]).toMatchObject({ id: second?.id, draft_title: 'lost answer' });
		const posts = sent(fx, 'POST', '/v2/social-sets/101/drafts');
		expect(posts.map((r) => r.status)).toEqual([201, 503, 201]);
	});

	test('a dropped connection after the store, with Publish At "now": the post is published once', async () => {
		fx.sandbox.faults.set({ dropAfterStore: 1, paths: '/drafts', methods: 'POST' });
		const { result, items: out } = await runWithRetry(
			fx,
			createFromItems(
				{ publishAt: 'now' },
				{ waitForCompletion: true, pollInterval: 0.1, timeout: 20 },
			),
			[{ text: 'published once', title: 'dropped publish', tags: 'launch', media: '' }],
		);
		expect(result.error).toBeUndefined();
		const stored = await draftsTitled(fx, 'dropped publish');
		expect(stored).toHaveLength(1);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({ id: stored[0].id, publish_state: 'finished' });
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts')).toHaveLength(1);
	});

	test('sixty other drafts created between the tries: the lost draft is found on a later page, not created again', async () => {
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: '/drafts', methods: 'POST' });
		const posts = () => sent(fx, 'POST', '/v2/social-sets/101/drafts');
		// n8n waits 5 s (its longest wait) before the next try; the other drafts are made in that time
		const running = runWithRetry(
			fx,
			createFromItems(),
			[{ text: 'lost among many', title: 'buried', tags: 'launch', media: '' }],
			{ waitBetweenTries: 5000 },
		);
		while (!posts().some((r) => r.status === 503)) await new Promise((r) => setImmediate(r));
		for (let i = 0; i < 60; i++) {
			const made = await api(fx, 'POST', '/v2/social-sets/101/drafts', {
				platforms: { x: { enabled: true, posts: [{ text: `other draft ${i}` }] } },
				draft_title: 'someone else',
			});
			expect(made.status).toBe(201);
		}
		const { result, items: out } = await running;
		expect(result.error).toBeUndefined();
		// the newest 60 are the others: the node's draft is on the second page
		const second = await api<{ results: IDataObject[] }>(
			fx,
			'GET',
			'/v2/social-sets/101/drafts?limit=50&offset=50&order_by=-created_at',
		);
		const stored = [...(await draftsTitled(fx, 'buried')), ...second.body.results].filter(
			(draft) => draft.draft_title === 'buried',
		);
		expect(stored).toHaveLength(1);
		expect(out).toEqual([expect.objectContaining({ id: stored[0].id, draft_title: 'buried' })]);
		// the node's one POST (lost), then the 60 others; never a second POST of its own
		expect(posts().map((r) => r.status)).toEqual([503, ...Array(60).fill(201)]);
		const pages = sent(fx, 'GET', '/v2/social-sets/101/drafts');
		expect(pages.length).toBeGreaterThanOrEqual(2);
	}, 30_000);

	test("two identical items, the answer to the second lost: the first item's draft is not adopted for the second", async () => {
		fx.sandbox.faults.set({ fail503AfterStore: 1, skip: 1, paths: '/drafts', methods: 'POST' });
		const twin = { text: 'twin text', title: 'twins', tags: 'launch', media: '' };
		const { result, items: out } = await runWithRetry(fx, createFromItems(), [twin, twin]);
		expect(result.error).toBeUndefined();
		const stored = await draftsTitled(fx, 'twins');
		expect(stored).toHaveLength(2);
		expect(out.map((d) => d.id).sort()).toEqual(stored.map((d) => d.id).sort());
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts').map((r) => r.status)).toEqual([201, 503]);
	});

	test('a parameter that reads the clock does not make a retry a new write', async () => {
		const params = createText('={{ $json.text }} at {{ $now.toMillis() }}', ['x'], {
			mediaIds: '={{ $json.media }}',
			additionalFields: { draftTitle: '={{ $json.title }}', tags: '={{ $json.tags }}' },
		});
		const { result } = await runWithRetry(fx, params, titledItems('clock', true));
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(await draftsTitled(fx, 'clock')).toHaveLength(2);
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts')).toHaveLength(5);
	});

	test('a 503 before the store: nothing is found, and the draft is created on the next try', async () => {
		fx.sandbox.faults.set({ fail503: 1, paths: '/drafts', methods: 'POST' });
		const { result } = await runWithRetry(fx, createFromItems(), [
			{ text: 'refused before', title: 'before store', tags: 'launch', media: '' },
		]);
		expect(result.error).toBeUndefined();
		expect(await draftsTitled(fx, 'before store')).toHaveLength(1);
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts').map((r) => r.status)).toEqual([503, 201]);
	});
});
