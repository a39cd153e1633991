import {
	absorb,
	checkAcrossProcesses,
	checkAndRemember,
	ProcessMemories,
	replayKey,
	type ReplayStore,
} from '../../../nodes/SocialPublishingTrigger/replay';

const T0 = 1_795_000_000;
const clock = (nowSeconds: number, capacity?: number) => ({
	nowSeconds,
	toleranceSeconds: 300,
	capacity,
});

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
		for (let i = 0; i < 5; i++)
			expect(checkAndRemember(store, `k${i}`, T0 + i, clock(T0 + 10, 3))).toBe('fresh');
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

/**
 * Queue mode: several webhook processes share the memory through the workflow's static data, which
 * n8n loads from the database for each webhook call and saves whole afterwards (last save wins).
 */
describe('replay memory shared by several n8n processes', () => {
	/** The database row of the static data, and one n8n process with its own memory. */
	class Db {
		saved = '{}';
	}
	class Process {
		readonly local: ReplayStore = {};
		constructor(private readonly db: Db) {}
		/** A webhook call: load the static data, check, and return the save that n8n does after the call. */
		call(key: string, timestamp: number, now: number): { verdict: string; save(): void } {
			const shared = JSON.parse(this.db.saved) as ReplayStore;
			const verdict = checkAcrossProcesses(this.local, shared, key, timestamp, clock(now));
			return { verdict, save: () => void (this.db.saved = JSON.stringify(shared)) };
		}
	}
	/** The same call with the static data alone (the memory before it had a process-local part). */
	function staticOnlyCall(db: Db, key: string, timestamp: number, now: number) {
		const shared = JSON.parse(db.saved) as ReplayStore;
		const verdict = checkAndRemember(shared, key, timestamp, clock(now));
		return { verdict, save: () => void (db.saved = JSON.stringify(shared)) };
	}

	test('a copy sent to the other process after the first was saved is a replay', () => {
		const db = new Db();
		const a = new Process(db);
		const b = new Process(db);
		const first = a.call('k1', T0, T0);
		first.save();
		expect(first.verdict).toBe('fresh');
		expect(b.call('k1', T0, T0 + 1).verdict).toBe('replay');
	});

	test('two calls in one process that overlap: the second is a replay (the static data alone lets both through)', () => {
		const db = new Db();
		const a = new Process(db);
		const one = a.call('k', T0, T0);
		const two = a.call('k', T0, T0);
		expect([one.verdict, two.verdict]).toEqual(['fresh', 'replay']);

		const oldDb = new Db();
		const x = staticOnlyCall(oldDb, 'k', T0, T0);
		const y = staticOnlyCall(oldDb, 'k', T0, T0);
		expect([x.verdict, y.verdict]).toEqual(['fresh', 'fresh']);
	});

	test('an entry a concurrent save dropped comes back with the next save of the process that accepted it', () => {
		const db = new Db();
		const a = new Process(db);
		const b = new Process(db);
		// A and B load the same static data; A saves k1, then B's save (without k1) overwrites it.
		const a1 = a.call('k1', T0, T0);
		const b1 = b.call('k2', T0, T0);
		a1.save();
		b1.save();
		expect(Object.keys((JSON.parse(db.saved) as ReplayStore).seen ?? {})).toEqual(['k2']);
		// Limit: until A saves again, no other process can know k1 (C stands for one that never saw it).
		expect(new Process(db).call('k1', T0, T0 + 1).verdict).toBe('fresh');
		// A's next call (any delivery) writes k1 back; from then on a copy of k1 is a replay everywhere.
		a.call('k3', T0 + 1, T0 + 1).save();
		expect(Object.keys((JSON.parse(db.saved) as ReplayStore).seen ?? {}).sort()).toEqual([
			'k1',
			'k2',
			'k3',
		]);
		expect(b.call('k1', T0, T0 + 2).verdict).toBe('replay');
	});

	test('with the static data alone, an entry dropped by a concurrent save stays lost', () => {
		const db = new Db();
		const a1 = staticOnlyCall(db, 'k1', T0, T0);
		const b1 = staticOnlyCall(db, 'k2', T0, T0);
		a1.save();
		b1.save();
		staticOnlyCall(db, 'k3', T0 + 1, T0 + 1).save();
		expect(staticOnlyCall(db, 'k1', T0, T0 + 2).verdict).toBe('fresh');
	});

	test('a process keeps what it learnt from the static data even after a later save dropped it', () => {
		const db = new Db();
		const a = new Process(db);
		const b = new Process(db);
		const c = new Process(db);
		a.call('k1', T0, T0).save();
		// B learns k1 with any call that loads the saved static data.
		b.call('k2', T0, T0).save();
		// C loaded before k1 was saved and saves last: the database loses k1 (and k2).
		const stale = c.call('k3', T0, T0);
		db.saved = '{}';
		stale.save();
		expect(b.call('k1', T0, T0 + 1).verdict).toBe('replay');
	});

	test('absorb adds only live entries, keeps capacity and takes the higher floor', () => {
		const into: ReplayStore = { seen: { mine: T0 } };
		const from: ReplayStore = { seen: { a: T0 + 1, b: T0 + 2, expired: T0 - 1000 }, floor: T0 };
		expect(absorb(into, from, clock(T0 + 5, 2))).toBe(true);
		expect(Object.keys(into.seen ?? {}).sort()).toEqual(['a', 'b']);
		expect(into.floor).toBe(T0);
		// Nothing new: no change reported (so no static data write).
		expect(absorb(into, from, clock(T0 + 5, 2))).toBe(false);
	});

	test('process memories are kept per scope', () => {
		const memories = new ProcessMemories();
		checkAndRemember(memories.get('wf1:node'), 'k', T0, clock(T0));
		expect(checkAndRemember(memories.get('wf1:node'), 'k', T0, clock(T0))).toBe('replay');
		expect(checkAndRemember(memories.get('wf2:node'), 'k', T0, clock(T0))).toBe('fresh');
	});
});
