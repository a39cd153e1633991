import { useSandbox } from '../../../harness/sandbox';
import {
	clearFaultsAndRequests,
	createFromItems,
	draftsTitled,
	runWithRetry,
	sent,
} from '../retryOnFail/fixtures';
import { watchInFlight } from './fixtures';

/**
 * n8n's Retry On Fail with items in flight together (router.ts, actions/retryOnFail): each create is held
 * 60 ms, so several creations are in flight when the service stores one and answers it with a 503. The
 * next try reconciles that item (one item at a time) and creates the items not yet written: each draft
 * exists once, and the outputs keep item order and pairing.
 */
const fx = useSandbox();

afterEach(() => clearFaultsAndRequests(fx));

const TITLE = 'in flight retry';
const input = Array.from({ length: 6 }, (_, n) => ({
	text: `in flight ${n}`,
	title: TITLE,
	tags: 'launch',
	media: '',
}));

describe('Retry On Fail with items in flight together', () => {
	test('a 503 after the store on the third create to arrive: every draft exists once, outputs in item order', async () => {
		fx.sandbox.faults.set({ latencyMs: 60, paths: '/v2/' });
		fx.sandbox.faults.set({ fail503AfterStore: 1, skip: 2, methods: 'POST' });
		const meter = watchInFlight(fx);
		const { result, items } = await runWithRetry(fx, createFromItems(), input);
		meter.stop();
		expect(meter.mostAtOnce()).toBeGreaterThan(1);
		expect(result.error).toBeUndefined();
		expect(items.map((item) => item.preview)).toEqual(input.map((item) => item.text));
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual(
			input.map((_, n) => ({ item: n })),
		);
		const stored = await draftsTitled(fx, TITLE);
		expect(stored.map((draft) => draft.preview).sort()).toEqual(
			input.map((item) => item.text).sort(),
		);
		expect(items.map((item) => item.id).sort()).toEqual(stored.map((draft) => draft.id).sort());
		// one POST per item: five answered 201, the one whose answer was lost is not sent again
		const posts = sent(fx, 'POST', '/v2/social-sets/101/drafts');
		expect(posts.filter((r) => r.status === 503)).toHaveLength(1);
		expect(posts.filter((r) => r.status === 201)).toHaveLength(5);
		const texts = posts.map(
			(r) =>
				(r.body as { platforms: { x: { posts: Array<{ text: string }> } } }).platforms.x.posts[0]
					.text,
		);
		expect(texts.sort()).toEqual(input.map((item) => item.text).sort());
	});
});
