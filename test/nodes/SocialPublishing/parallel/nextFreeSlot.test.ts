import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { NODE } from '../../../harness/workflows';
import { at, seedDraft } from '../draft/fixtures';
import { clearFaultsAndRequests } from '../retryOnFail/fixtures';
import { createTitled, itemOf, jitter, titled, watchInFlight } from './fixtures';

/**
 * Writes that take the next free queue slot, with items in flight together (parallel/turnstile.ts): each
 * request waits 10 to 120 ms before the sandbox handles it, a different time each, so requests sent together
 * would take their slots in another order. The node sends them in item order, so item k's slot is before
 * item k+1's, and the writes reach the sandbox in item order.
 */
const fx = useSandbox();
let unjitter: () => void;

beforeEach(() => {
	unjitter = jitter(fx, 10, 120);
});

afterEach(() => {
	unjitter();
	clearFaultsAndRequests(fx);
});

const dates = (items: Array<Record<string, unknown>>) =>
	items.map((item) => Date.parse(String(item.scheduled_date)));

function expectAscending(values: number[]) {
	expect(values.every((value) => Number.isFinite(value))).toBe(true);
	for (let n = 1; n < values.length; n++) expect(values[n]).toBeGreaterThan(values[n - 1]);
}

describe('Next free slot with items in flight together', () => {
	test('Draft > Create with Publish At next-free-slot: slots in item order, POSTs in item order', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			createTitled({ publishAt: 'next-free-slot' }),
			{ input: titled('slot', 12) },
		);
		expect(result.error).toBeUndefined();
		expect(result.output(NODE).map((item) => item.pairedItem)).toEqual(
			items.map((_, n) => ({ item: n })),
		);
		expect(items.map((item) => item.draft_title)).toEqual(items.map((_, n) => `slot-${n}`));
		expect(items.every((item) => item.status === 'scheduled')).toBe(true);
		expectAscending(dates(items));
		const slotPosts = requests.filter((r) => r.method === 'POST');
		expect(slotPosts.map(itemOf)).toEqual(Array.from({ length: 12 }, (_, n) => n));
	});

	test('Draft > Schedule with Next Free Slot: slots in item order, PATCHes in item order, the reads in flight together', async () => {
		const drafts = [];
		for (let n = 0; n < 12; n++) drafts.push(await seedDraft(fx, { draft_title: `sched-${n}` }));
		const meter = watchInFlight(fx);
		fx.sandbox.clearRequests();
		const { result, requests, items } = await runFresh(
			fx,
			at('schedule', '={{ $json.id }}', { when: 'nextFreeSlot' }),
			{ input: drafts.map((draft) => ({ json: { id: draft.id } })) },
		);
		meter.stop();
		expect(result.error).toBeUndefined();
		expect(items.map((item) => item.id)).toEqual(drafts.map((draft) => draft.id));
		expect(result.output(NODE).map((item) => item.pairedItem)).toEqual(
			items.map((_, n) => ({ item: n })),
		);
		expectAscending(dates(items));
		const patches = requests.filter((r) => r.method === 'PATCH');
		expect(patches.map((r) => r.path)).toEqual(
			drafts.map((draft) => `/v2/social-sets/101/drafts/${draft.id}`),
		);
		expect(
			patches.every((r) => (r.body as { publish_at?: string }).publish_at === 'next-free-slot'),
		).toBe(true);
		// the reads before the writes are not held back: more than one request was in flight at once
		expect(meter.mostAtOnce()).toBeGreaterThan(1);
	});
});
