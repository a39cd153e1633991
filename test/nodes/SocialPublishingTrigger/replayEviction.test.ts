import {
	absorb,
	checkAndRemember,
	type ReplayClock,
	type ReplayStore,
	type ReplayVerdict,
} from '../../../nodes/SocialPublishingTrigger/replay';

const T0 = 1_795_000_000;
const TOLERANCE = 300;
const clock = (nowSeconds: number, capacity?: number): ReplayClock => ({
	nowSeconds,
	toleranceSeconds: TOLERANCE,
	capacity,
});

/**
 * The memory as it was before eviction had an index: prune every entry once per clock second, and at
 * capacity sort every key by timestamp (stable, so ties in insertion order) and forget the oldest. The
 * memory must decide exactly as this did.
 */
function referenceCheck(
	store: ReplayStore,
	key: string,
	timestamp: number,
	at: ReplayClock,
): ReplayVerdict {
	const capacity = Math.max(1, at.capacity ?? 5000);
	const live = (ts: number) => ts + at.toleranceSeconds >= at.nowSeconds;
	const seen: Record<string, number> = store.seen ?? {};
	const second = Math.floor(at.nowSeconds);
	if (store.prunedAt !== second) {
		for (const [k, ts] of Object.entries(seen)) if (!live(ts)) delete seen[k];
		store.prunedAt = second;
	}
	let floor = typeof store.floor === 'number' && live(store.floor) ? store.floor : undefined;
	let verdict: ReplayVerdict;
	if (typeof seen[key] === 'number' && live(seen[key])) verdict = 'replay';
	else if (floor !== undefined && timestamp <= floor) verdict = 'undecidable';
	else verdict = 'fresh';
	if (verdict === 'fresh') {
		seen[key] = timestamp;
		const keys = Object.keys(seen);
		if (keys.length > capacity) {
			const oldest = keys.sort((a, b) => seen[a] - seen[b]).slice(0, keys.length - capacity);
			const forgotten = seen[oldest[oldest.length - 1]];
			for (const k of oldest) delete seen[k];
			floor = floor === undefined ? forgotten : Math.max(floor, forgotten);
		}
	}
	store.seen = seen;
	if (floor === undefined) delete store.floor;
	else store.floor = floor;
	return verdict;
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

describe('replay memory at capacity: the oldest by timestamp are forgotten, without a sort', () => {
	test('keeps the newest by timestamp (not by arrival) and refuses replays within the window', () => {
		const store: ReplayStore = {};
		const at = clock(T0 + 10, 3);
		// Arrival order a, b, c, d; b is the oldest by timestamp although it came second.
		expect(checkAndRemember(store, 'a', T0 + 5, at)).toBe('fresh');
		expect(checkAndRemember(store, 'b', T0 + 1, at)).toBe('fresh');
		expect(checkAndRemember(store, 'c', T0 + 3, at)).toBe('fresh');
		expect(checkAndRemember(store, 'future', T0 + 200, at)).toBe('fresh');
		expect(store.seen).toEqual({ a: T0 + 5, c: T0 + 3, future: T0 + 200 });
		expect(store.floor).toBe(T0 + 1);
		// Every kept delivery sent again is a replay; the forgotten one is refused, never fresh.
		for (const [key, ts] of Object.entries(store.seen ?? {}))
			expect(checkAndRemember(store, key, ts, at)).toBe('replay');
		expect(checkAndRemember(store, 'b', T0 + 1, at)).toBe('undecidable');
		// A newcomer older than everything kept is itself the oldest: it is forgotten at once and the
		// floor moves up to it, so a copy of it is refused too.
		expect(checkAndRemember(store, 'late', T0 + 2, at)).toBe('fresh');
		expect(Object.keys(store.seen ?? {}).sort()).toEqual(['a', 'c', 'future']);
		expect(store.floor).toBe(T0 + 2);
		expect(checkAndRemember(store, 'late', T0 + 2, at)).toBe('undecidable');
		// Ties go in arrival order: of two at one timestamp the earlier is forgotten first.
		const ties: ReplayStore = {};
		for (const key of ['x', 'y', 'z']) checkAndRemember(ties, key, T0, clock(T0, 2));
		expect(Object.keys(ties.seen ?? {})).toEqual(['y', 'z']);
	});

	test('decides exactly as the former sort-based memory over a long random stream', () => {
		for (const seed of [1, 2]) {
			const next = random(seed);
			const store: ReplayStore = {};
			const reference: ReplayStore = {};
			const sent: Array<[string, number]> = [];
			const verdicts: ReplayVerdict[] = [];
			const expected: ReplayVerdict[] = [];
			let now = T0;
			for (let i = 0; i < 4000; i++) {
				now += next() < 0.2 ? Math.floor(next() * 4) : 0;
				let key: string;
				let timestamp: number;
				const earlier = sent[Math.floor(next() * sent.length)];
				if (earlier && next() < 0.3 && Math.abs(now - earlier[1]) <= TOLERANCE) {
					[key, timestamp] = earlier; // a replay the timestamp check would let through
				} else {
					key = `k${i}`;
					// Mostly just sent, some delayed and some with a clock ahead, within the tolerance.
					const skew = next() < 0.8 ? -Math.floor(next() * 20) : Math.floor((next() * 2 - 1) * 300);
					timestamp = now + skew;
					sent.push([key, timestamp]);
				}
				const at = clock(now, 200);
				verdicts.push(checkAndRemember(store, key, timestamp, at));
				expected.push(referenceCheck(reference, key, timestamp, at));
			}
			expect(verdicts).toEqual(expected);
			expect(store.seen).toEqual(reference.seen);
			expect(store.floor).toBe(reference.floor);
			// The stream did reach capacity and exercise every verdict.
			const count = (verdict: ReplayVerdict) => verdicts.filter((v) => v === verdict).length;
			expect(count('fresh')).toBeGreaterThan(1000);
			expect(count('replay')).toBeGreaterThan(100);
			expect(count('undecidable')).toBeGreaterThan(10);
		}
	});

	test('entries that are not numbers are dropped when the memory is first read', () => {
		const store = { seen: { good: T0, bad: 'x', worse: null } } as unknown as ReplayStore;
		expect(checkAndRemember(store, 'new', T0, clock(T0, 5))).toBe('fresh');
		expect(store.seen).toEqual({ good: T0, new: T0 });
	});

	test('absorb keeps capacity by timestamp too, and a later delivery evicts from the absorbed entries', () => {
		const into: ReplayStore = { seen: { mine: T0 + 50 } };
		const from: ReplayStore = { seen: { a: T0 + 10, b: T0 + 90, c: T0 + 30 } };
		expect(absorb(into, from, clock(T0 + 100, 3))).toBe(true);
		expect(into.seen).toEqual({ mine: T0 + 50, b: T0 + 90, c: T0 + 30 });
		expect(into.floor).toBe(T0 + 10);
		expect(checkAndRemember(into, 'd', T0 + 95, clock(T0 + 100, 3))).toBe('fresh');
		expect(into.seen).toEqual({ mine: T0 + 50, b: T0 + 90, d: T0 + 95 });
		expect(into.floor).toBe(T0 + 30);
	});

	test('many entries of one timestamp absorbed batch after batch: the last ones are kept', () => {
		const into: ReplayStore = {};
		const at = clock(T0, 10);
		for (let batch = 0; batch < 5; batch++) {
			const seen: Record<string, number> = {};
			for (let i = 0; i < 500; i++) seen[`b${batch}-${i}`] = T0;
			expect(absorb(into, { seen }, at)).toBe(true);
		}
		expect(Object.keys(into.seen ?? {})).toEqual(
			Array.from({ length: 10 }, (_, i) => `b4-${490 + i}`),
		);
		expect(into.floor).toBe(T0);
		expect(checkAndRemember(into, 'b4-499', T0, at)).toBe('replay');
		expect(checkAndRemember(into, 'b0-0', T0, at)).toBe('undecidable');
	});
});

describe('replay memory at capacity: work per delivery does not grow with capacity', () => {
	/** A memory object that counts every read, write, delete and key listing done on it while `on`. */
	function countingMemory(target: Record<string, number>) {
		const count = { on: false, n: 0 };
		const tick = () => {
			if (count.on) count.n++;
		};
		const seen = new Proxy(target, {
			get: (object, name, receiver) => (tick(), Reflect.get(object, name, receiver)),
			set: (object, name, value) => (tick(), Reflect.set(object, name, value)),
			has: (object, name) => (tick(), Reflect.has(object, name)),
			deleteProperty: (object, name) => (tick(), Reflect.deleteProperty(object, name)),
			ownKeys: (object) => (tick(), Reflect.ownKeys(object)),
			getOwnPropertyDescriptor: (object, name) => (
				tick(),
				Reflect.getOwnPropertyDescriptor(object, name)
			),
		});
		return { seen, count };
	}

	/**
	 * A memory holding `capacity` entries with timestamps spread over the window (as loaded); after one
	 * first delivery (which indexes it), counts the memory operations of `deliveries` fresh deliveries
	 * arriving out of timestamp order, each of which makes the memory forget one entry.
	 */
	function operationsPerDelivery(
		check: typeof checkAndRemember,
		capacity: number,
		deliveries: number,
	): number {
		const filled: Record<string, number> = {};
		for (let i = 0; i < capacity; i++) filled[`fill${i}`] = T0 - 250 + ((i * 7919) % 500);
		const { seen, count } = countingMemory(filled);
		const store: ReplayStore = { seen };
		const at = clock(T0, capacity);
		const deliver = (i: number) => {
			const verdict = check(store, `new${i}`, T0 + 100 + ((i * 37) % 100), at);
			if (verdict !== 'fresh') throw new Error(`delivery ${i} was ${verdict}`);
		};
		deliver(0);
		count.on = true;
		for (let i = 1; i <= deliveries; i++) deliver(i);
		count.on = false;
		expect(Object.keys(seen)).toHaveLength(capacity);
		return count.n / deliveries;
	}

	test('10,000 and 100,000 entries: the same few operations per delivery', () => {
		const small = operationsPerDelivery(checkAndRemember, 10_000, 2000);
		const large = operationsPerDelivery(checkAndRemember, 100_000, 2000);
		expect(large).toBe(small);
		expect(large).toBeLessThanOrEqual(8);
	});

	test('the count does see a full sort per delivery (the former eviction grows with capacity)', () => {
		const small = operationsPerDelivery(referenceCheck, 1_000, 5);
		const large = operationsPerDelivery(referenceCheck, 3_000, 5);
		expect(small).toBeGreaterThan(1_000);
		expect(large).toBeGreaterThan(small * 2.5);
	});
});
