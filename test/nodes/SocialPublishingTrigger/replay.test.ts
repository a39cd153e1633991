import { checkAndRemember, replayKey, type ReplayStore } from '../../../nodes/SocialPublishingTrigger/replay';

const T0 = 1_795_000_000;
const clock = (nowSeconds: number, capacity?: number) => ({ nowSeconds, toleranceSeconds: 300, capacity });

describe('replay memory (Events: "check the timestamp is recent to resist replays")', () => {
	test('the first delivery is fresh, the same signature again is a replay', () => {
		const store: ReplayStore = {};
		expect(checkAndRemember(store, 'k1', T0, clock(T0))).toBe('fresh');
		expect(checkAndRemember(store, 'k1', T0, clock(T0 + 10))).toBe('replay');
		expect(checkAndRemember(store, 'k2', T0, clock(T0 + 10))).toBe('fresh');
	});

	test('an entry stays as long as its timestamp can pass the tolerance check, then is pruned', () => {
		const store: ReplayStore = {};
		checkAndRemember(store, 'old', T0, clock(T0));
		expect(checkAndRemember(store, 'old', T0, clock(T0 + 300))).toBe('replay');
		checkAndRemember(store, 'new', T0 + 301, clock(T0 + 301));
		expect(Object.keys(store.seen ?? {})).toEqual(['new']);
	});

	test('a future-dated entry is kept until its timestamp plus the tolerance has passed', () => {
		const store: ReplayStore = {};
		checkAndRemember(store, 'future', T0 + 300, clock(T0));
		expect(checkAndRemember(store, 'future', T0 + 300, clock(T0 + 599))).toBe('replay');
	});

	test('the memory is bounded: beyond capacity the oldest are forgotten and the floor refuses what it cannot vouch for', () => {
		const store: ReplayStore = {};
		for (let i = 0; i < 5; i++) expect(checkAndRemember(store, `k${i}`, T0 + i, clock(T0 + 10, 3))).toBe('fresh');
		expect(Object.keys(store.seen ?? {}).sort()).toEqual(['k2', 'k3', 'k4']);
		expect(store.floor).toBe(T0 + 1);
		// k0 and k1 were forgotten: a replay of them is refused rather than accepted.
		expect(checkAndRemember(store, 'k0', T0, clock(T0 + 10, 3))).toBe('undecidable');
		expect(checkAndRemember(store, 'k1', T0 + 1, clock(T0 + 10, 3))).toBe('undecidable');
		expect(checkAndRemember(store, 'k4', T0 + 4, clock(T0 + 10, 3))).toBe('replay');
		// A new delivery newer than the floor is still accepted.
		expect(checkAndRemember(store, 'k5', T0 + 5, clock(T0 + 10, 3))).toBe('fresh');
		expect(Object.keys(store.seen ?? {})).toHaveLength(3);
	});

	test('the floor expires with the window', () => {
		const store: ReplayStore = {};
		for (let i = 0; i < 3; i++) checkAndRemember(store, `k${i}`, T0, clock(T0, 2));
		expect(store.floor).toBe(T0);
		checkAndRemember(store, 'late', T0 + 301, clock(T0 + 301, 2));
		expect(store.floor).toBeUndefined();
		expect(store.seen).toEqual({ late: T0 + 301 });
	});

	test('a replay does not rewrite the store when nothing expired', () => {
		const seen = { k: T0 };
		const store: ReplayStore = { seen };
		expect(checkAndRemember(store, 'k', T0, clock(T0))).toBe('replay');
		expect(store.seen).toBe(seen);
	});

	test('the store survives a JSON round trip (static data is saved as JSON)', () => {
		const store: ReplayStore = {};
		checkAndRemember(store, 'k', T0, clock(T0));
		const reloaded = JSON.parse(JSON.stringify(store)) as ReplayStore;
		expect(checkAndRemember(reloaded, 'k', T0, clock(T0 + 1))).toBe('replay');
	});

	test('keys are digests: the signature itself is not stored', () => {
		const signature = 'sha256=' + 'ab'.repeat(32);
		const key = replayKey(signature);
		expect(key).toMatch(/^[0-9a-f]{32}$/);
		expect(signature).not.toContain(key);
		expect(replayKey(signature)).toBe(key);
		expect(replayKey(signature.replace(/b$/, 'c'))).not.toBe(key);
	});
});
