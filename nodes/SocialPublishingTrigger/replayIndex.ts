/**
 * The entries of one replay memory (`seen`: key to timestamp) in timestamp order, kept beside the
 * memory in this process so that forgetting the oldest entries needs no sort.
 *
 * Keys are grouped by timestamp (in arrival order within one timestamp, as a stable sort of the
 * memory's keys would order them), and the distinct timestamps are kept ascending. Deliveries arrive
 * roughly in timestamp order, so a new timestamp is nearly always appended; one that is not is put in
 * place by a binary search and a splice over the distinct timestamps, which the tolerance bounds (at
 * most one per second of the window for whole-second timestamps), not the capacity. Forgetting the
 * oldest entry or an expired one is O(1) amortised.
 *
 * The memory itself stays the source of truth: every write to it goes through `set` and the drops
 * below, and an index entry whose key no longer holds that timestamp is skipped when it comes up.
 */

interface Bucket {
	keys: string[];
	/** Keys before this position were dropped already. */
	next: number;
}

/** Past this many consumed entries (and half the list), a list of timestamps or keys is compacted. */
const COMPACT_AFTER = 1024;

export class ReplayIndex {
	/** Number of keys in the memory. */
	private count = 0;
	private readonly buckets = new Map<number, Bucket>();
	/** Distinct timestamps, ascending, from `head` on. */
	private times: number[] = [];
	private head = 0;
	/** Told of every key the index drops from the memory (the shared copy follows this process's memory). */
	onDrop?: (key: string) => void;

	private constructor(private readonly seen: Record<string, number>) {}

	/** Indexes a memory once (O(n)); entries that are not finite numbers are dropped from it. */
	static build(seen: Record<string, number>): ReplayIndex {
		const index = new ReplayIndex(seen);
		for (const [key, timestamp] of Object.entries(seen)) {
			if (typeof timestamp === 'number' && Number.isFinite(timestamp)) {
				index.note(key, timestamp);
				index.count++;
			} else delete seen[key];
		}
		return index;
	}

	/** Writes `key` with its timestamp into the memory. */
	set(key: string, timestamp: number): void {
		if (typeof this.seen[key] !== 'number') this.count++;
		this.seen[key] = timestamp;
		this.note(key, timestamp);
	}

	/** Drops the entries whose timestamp is `expired`, oldest first (once false, it must stay false for newer ones). */
	dropOldestWhile(expired: (timestamp: number) => boolean): boolean {
		let dropped = false;
		while (this.head < this.times.length && expired(this.times[this.head])) {
			const timestamp = this.times[this.head];
			const bucket = this.buckets.get(timestamp);
			if (bucket)
				for (let i = bucket.next; i < bucket.keys.length; i++)
					dropped = this.drop(bucket.keys[i], timestamp) || dropped;
			this.nextTime();
		}
		return dropped;
	}

	/** Forgets the oldest entries beyond `capacity`; returns the newest forgotten timestamp. */
	evictTo(capacity: number): number | undefined {
		let forgotten: number | undefined;
		while (this.count > capacity && this.head < this.times.length) {
			const timestamp = this.times[this.head];
			const bucket = this.buckets.get(timestamp);
			if (!bucket || bucket.next >= bucket.keys.length) {
				this.nextTime();
				continue;
			}
			if (this.drop(bucket.keys[bucket.next++], timestamp)) forgotten = timestamp;
			// A timestamp that keeps getting keys while its oldest go: let go of the consumed ones.
			if (bucket.next >= COMPACT_AFTER && bucket.next * 2 >= bucket.keys.length) {
				bucket.keys = bucket.keys.slice(bucket.next);
				bucket.next = 0;
			}
		}
		return forgotten;
	}

	/** Deletes `key` from the memory when it still holds `timestamp`. */
	private drop(key: string, timestamp: number): boolean {
		if (this.seen[key] !== timestamp) return false;
		delete this.seen[key];
		this.count--;
		this.onDrop?.(key);
		return true;
	}

	private note(key: string, timestamp: number): void {
		const bucket = this.buckets.get(timestamp);
		if (bucket) {
			bucket.keys.push(key);
			return;
		}
		this.buckets.set(timestamp, { keys: [key], next: 0 });
		this.insertTime(timestamp);
	}

	private insertTime(timestamp: number): void {
		const times = this.times;
		if (this.head === times.length || timestamp > times[times.length - 1]) {
			times.push(timestamp);
		} else if (timestamp < times[this.head] && this.head > 0) {
			times[--this.head] = timestamp;
		} else {
			let low = this.head;
			let high = times.length;
			while (low < high) {
				const middle = (low + high) >>> 1;
				if (times[middle] < timestamp) low = middle + 1;
				else high = middle;
			}
			times.splice(low, 0, timestamp);
		}
	}

	/** Moves past the oldest timestamp, whose keys are all dropped or skipped. */
	private nextTime(): void {
		this.buckets.delete(this.times[this.head]);
		this.head++;
		if (this.head === this.times.length) {
			this.times = [];
			this.head = 0;
		} else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.times.length) {
			this.times = this.times.slice(this.head);
			this.head = 0;
		}
	}
}

const indexes = new WeakMap<object, ReplayIndex>();

/** The index of a memory object, built on first use in this process. */
export function indexOf(seen: Record<string, number>): ReplayIndex {
	let index = indexes.get(seen);
	if (!index) {
		index = ReplayIndex.build(seen);
		indexes.set(seen, index);
	}
	return index;
}
