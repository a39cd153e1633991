import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { resources } from '../../../../nodes/SocialPublishing/actions/resources';
import {
	itemKey,
	runScope,
	stableJson,
} from '../../../../nodes/SocialPublishing/actions/retry/key';
import { RetryMemory } from '../../../../nodes/SocialPublishing/actions/retry/memory';
import { writeOperations } from '../../../../nodes/SocialPublishing/actions/retry/writes';

describe('RetryMemory', () => {
	const limits = { maxEntries: 3, maxBytes: 10_000, ttlMs: 1_000 };

	test('keeps done and unknown entries per key', () => {
		const memory = new RetryMemory(limits);
		memory.set('run', 'a', { state: 'done', output: { id: 1 } }, 0);
		memory.set('run', 'b', { state: 'unknown', startedAtMs: 5 }, 0);
		expect(memory.get('a', 10)).toEqual({ state: 'done', output: { id: 1 } });
		expect(memory.get('b', 10)).toEqual({ state: 'unknown', startedAtMs: 5 });
		expect(memory.get('c', 10)).toBeUndefined();
	});

	test('forgets entries once their time is up', () => {
		const memory = new RetryMemory(limits);
		memory.set('run', 'a', { state: 'done', output: {} }, 0);
		memory.set('run', 'b', { state: 'done', output: {} }, 600);
		expect(memory.get('a', 999)).toBeDefined();
		expect(memory.get('a', 1_000)).toBeUndefined();
		expect(memory.get('b', 1_000)).toBeDefined();
		expect(memory.size.entries).toBe(1);
	});

	test('drops the oldest entries beyond the entry budget', () => {
		const memory = new RetryMemory(limits);
		for (const key of ['a', 'b', 'c', 'd'])
			memory.set('run', key, { state: 'done', output: {} }, 0);
		expect(memory.get('a', 0)).toBeUndefined();
		expect(['b', 'c', 'd'].map((key) => memory.get(key, 0) !== undefined)).toEqual([
			true,
			true,
			true,
		]);
	});

	test('drops the oldest entries beyond the byte budget, and keeps no entry larger than a quarter of it', () => {
		const memory = new RetryMemory({ ...limits, maxEntries: 100 });
		const output = { text: 'x'.repeat(2_000) };
		for (const key of ['a', 'b', 'c', 'd', 'e'])
			memory.set('run', key, { state: 'done', output }, 0);
		expect(memory.size.bytes).toBeLessThanOrEqual(10_000);
		expect(memory.get('a', 0)).toBeUndefined();
		expect(memory.get('e', 0)).toBeDefined();
		expect(
			memory.set('run', 'big', { state: 'done', output: { text: 'x'.repeat(3_000) } }, 0),
		).toBe(false);
		expect(memory.get('big', 0)).toBeUndefined();
	});

	test("ending a run forgets its entries and no other run's", () => {
		const memory = new RetryMemory(limits);
		memory.set('one', 'a', { state: 'done', output: {} }, 0);
		memory.set('two', 'b', { state: 'done', output: {} }, 0);
		memory.endRun('one');
		expect(memory.get('a', 0)).toBeUndefined();
		expect(memory.get('b', 0)).toBeDefined();
		expect(memory.size).toEqual({ entries: 1, bytes: expect.any(Number) });
		memory.endRun('two');
		expect(memory.size).toEqual({ entries: 0, bytes: 0 });
	});
});

describe('retry keys', () => {
	interface Fake {
		executionId?: string;
		node?: Partial<INode>;
		runIndex?: number;
		parameters?: Record<string, unknown>;
	}
	const fakeContext = (fake: Fake = {}): IExecuteFunctions => {
		const parameters = fake.parameters ?? { resource: 'draft', operation: 'create', text: 'Hi' };
		const node = { id: 'n1', name: 'Node', parameters, ...fake.node } as INode;
		return {
			getExecutionId: () => ('executionId' in fake ? fake.executionId : 'e1'),
			getNode: () => node,
			getWorkflowDataProxy: () => ({ $runIndex: fake.runIndex ?? 0 }),
		} as unknown as IExecuteFunctions;
	};
	const item: INodeExecutionData = { json: { text: 'Hi', n: 1 } };
	const keyOf = (fake: Fake = {}, index = 0, data: INodeExecutionData = item) => {
		const context = fakeContext(fake);
		return itemKey(context, runScope(context) as string, index, data);
	};

	test('stable JSON does not depend on key order', () => {
		expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
			stableJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
		);
		expect(stableJson({ a: 1 })).not.toBe(stableJson({ a: '1' }));
	});

	test('the same try of the same item gives the same key', () => {
		expect(keyOf()).toBe(keyOf());
		expect(keyOf({}, 0, { json: { n: 1, text: 'Hi' } })).toBe(keyOf());
	});

	test('execution, node id, node name, run index, item index, item JSON, binary and the saved parameters each change the key', () => {
		const base = keyOf();
		const variants = [
			keyOf({ executionId: 'e2' }),
			keyOf({ node: { id: 'n2' } }),
			keyOf({ node: { name: 'Other' } }),
			keyOf({ runIndex: 1 }),
			keyOf({}, 1),
			keyOf({}, 0, { json: { text: 'Hi', n: 2 } }),
			keyOf({}, 0, { ...item, binary: { data: { data: 'AAAA', mimeType: 'image/png' } } }),
			keyOf({}, 0, { ...item, binary: { data: { data: '', id: 'fs:1', mimeType: 'image/png' } } }),
			keyOf({ parameters: { resource: 'draft', operation: 'create', text: 'Hello' } }),
		];
		for (const variant of variants) expect(variant).not.toBe(base);
		expect(new Set(variants).size).toBe(variants.length);
	});

	test('an execution without an id, or a context that cannot say its run, has no scope: nothing is remembered', () => {
		expect(runScope(fakeContext({ executionId: undefined }))).toBeUndefined();
		const noProxy = {
			...fakeContext(),
			getWorkflowDataProxy: () => {
				throw new Error('not here');
			},
		} as unknown as IExecuteFunctions;
		expect(runScope(noProxy)).toBeUndefined();
	});
});

describe('write operations', () => {
	const reads = new Set([
		'user.getCurrent',
		'socialSet.get',
		'socialSet.getMany',
		'socialSet.resolveLinkedInOrganization',
		'draft.get',
		'draft.getMany',
		'media.get',
		'tag.getMany',
		'queue.getSchedule',
		'queue.getSlots',
		'queue.getNextFreeSlots',
		'commentThread.getMany',
		'analytics.getPosts',
		'analytics.getFollowers',
	]);

	test('every operation is either a declared write or a known read, and every write exists', () => {
		const all = Object.entries(resources).flatMap(([resource, module]) =>
			Object.keys(module.operations).map((operation) => `${resource}.${operation}`),
		);
		const writes = Object.entries(writeOperations).flatMap(([resource, operations]) =>
			Object.keys(operations).map((operation) => `${resource}.${operation}`),
		);
		expect(writes.filter((name) => !all.includes(name))).toEqual([]);
		expect(all.filter((name) => !reads.has(name) && !writes.includes(name))).toEqual([]);
		expect(writes.filter((name) => reads.has(name))).toEqual([]);
		expect(writes).toHaveLength(17);
	});
});
