import { RetryMemory } from '../../../../nodes/SocialPublishing/actions/retryOnFail/memory';

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
