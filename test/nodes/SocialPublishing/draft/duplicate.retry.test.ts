import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { clearFaultsAndRequests, draftsTitled, runWithRetry, sent } from '../retryOnFail/fixtures';
import { seedDraft } from './fixtures';
import { duplicateParams } from './duplicate.fixtures';

const fx = useSandbox();

afterEach(() => clearFaultsAndRequests(fx));

/** Sources titled `title`, one per item, and the items that name them. */
async function sources(title: string, count: number): Promise<IDataObject[]> {
	const input: IDataObject[] = [];
	for (let i = 0; i < count; i++) {
		const draft = await seedDraft(fx, {
			draft_title: title,
			platforms: { x: { enabled: true, posts: [{ text: `${title} ${i}` }], settings: {} } },
		});
		input.push({ id: draft.id });
	}
	return input;
}

describe('Retry On Fail: Draft > Duplicate makes one copy per item whatever answer is lost', () => {
	test.each([
		['a 503 after the service stored it', { fail503AfterStore: 1 }],
		['a dropped connection after the store', { dropAfterStore: 1 }],
	])('%s: the copy is adopted, not made twice', async (_name, fault) => {
		const title = `retry ${Object.keys(fault)[0]}`;
		const input = await sources(title, 2);
		fx.sandbox.clearRequests();
		fx.sandbox.faults.set({ ...fault, skip: 1, paths: '/drafts', methods: 'POST' });
		const { result, items } = await runWithRetry(
			fx,
			duplicateParams('={{ $json.id }}', { copyWhen: 'nextFreeSlot' }),
			input,
		);
		expect(result.error).toBeUndefined();
		// two sources and two copies, no third
		const stored = await draftsTitled(fx, title);
		expect(stored).toHaveLength(4);
		const copies = stored.filter((d) => !input.some((i) => i.id === d.id));
		expect(copies.map((d) => d.status)).toEqual(['scheduled', 'scheduled']);
		expect(items.map((d) => d.id).sort()).toEqual(copies.map((d) => d.id).sort());
		// the second item's POST was stored once, its answer lost, and not sent again
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts')).toHaveLength(2);
	});

	/** One source, a 503 on the copy's POST before the service stores it, Retry On Fail: one source and one copy. */
	async function afterA503BeforeTheStore(title: string) {
		const input = await sources(title, 1);
		fx.sandbox.clearRequests();
		fx.sandbox.faults.set({ fail503: 1, paths: '/drafts', methods: 'POST' });
		const { result, items } = await runWithRetry(fx, duplicateParams('={{ $json.id }}'), input);
		expect(result.error).toBeUndefined();
		const stored = await draftsTitled(fx, title);
		expect(stored).toHaveLength(2);
		expect(items[0].id).not.toBe(input[0].id);
		return { items, stored };
	}

	test('a 503 before the store: the retry sends the copy, one draft per item', async () => {
		await afterA503BeforeTheStore('retry before store');
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts').map((r) => r.status)).toEqual([503, 201]);
	});

	// a 503 may come after the service acted, so the retry looks first: the source, made a moment before
	// the try and equal to its copy field by field, is among the drafts it lists
	test('the source is never taken for its own copy: a 503 before the store on a source made a moment ago', async () => {
		const { items, stored } = await afterA503BeforeTheStore('fresh source');
		expect(stored.map((d) => d.id)).toContain(items[0].id);
	});
});
