import { createHash } from 'crypto';

/**
 * Bounded memory of accepted deliveries, kept in a plain object so that it can
 * live in the workflow's static data (n8n loads and saves it around each
 * webhook call).
 *
 * A delivery is remembered by a digest of its signature together with its own
 * timestamp. Because the signature covers the timestamp, a replayed delivery
 * carries the same timestamp, and once that timestamp is older than the
 * tolerance the timestamp check rejects it anyway: an entry can be pruned as
 * soon as `timestamp + tolerance < now`.
 *
 * When more than `capacity` deliveries are live at once, the oldest are
 * forgotten and `floor` records the newest forgotten timestamp. A delivery not
 * in memory whose timestamp is at or below the floor cannot be told apart from
 * a replay of a forgotten one, so it is refused ('undecidable'): the memory
 * fails closed instead of letting a replay through.
 */

export const DEFAULT_REPLAY_CAPACITY = 5000;

export interface ReplayStore {
	seen?: Record<string, number>;
	floor?: number;
	/** Clock second of the last pruning pass. */
	prunedAt?: number;
	[key: string]: unknown;
}

export interface ReplayClock {
	nowSeconds: number;
	toleranceSeconds: number;
	capacity?: number;
}

export type ReplayVerdict = 'fresh' | 'replay' | 'undecidable';

/** Digest of a signature header; the signature itself is never stored. */
export function replayKey(signature: string): string {
	return createHash('sha256').update(signature, 'utf8').digest('hex').slice(0, 32);
}

function isLive(timestamp: number, clock: ReplayClock): boolean {
	return timestamp + clock.toleranceSeconds >= clock.nowSeconds;
}

function liveFloor(store: ReplayStore, clock: ReplayClock): number | undefined {
	return typeof store.floor === 'number' && isLive(store.floor, clock) ? store.floor : undefined;
}

/** Drops expired entries in place; true when something was dropped. */
function prune(seen: Record<string, number>, clock: ReplayClock): boolean {
	let dropped = false;
	for (const [key, timestamp] of Object.entries(seen)) {
		if (typeof timestamp !== 'number' || !isLive(timestamp, clock)) {
			delete seen[key];
			dropped = true;
		}
	}
	return dropped;
}

/** Forgets the oldest entries beyond capacity; returns the newest forgotten timestamp. */
function evict(seen: Record<string, number>, capacity: number): number | undefined {
	const keys = Object.keys(seen);
	if (keys.length <= capacity) return undefined;
	const oldest = keys.sort((a, b) => seen[a] - seen[b]).slice(0, keys.length - capacity);
	const newestForgotten = seen[oldest[oldest.length - 1]];
	for (const key of oldest) delete seen[key];
	return newestForgotten;
}

export function checkAndRemember(
	store: ReplayStore,
	key: string,
	timestamp: number,
	clock: ReplayClock,
): ReplayVerdict {
	const capacity = Math.max(1, clock.capacity ?? DEFAULT_REPLAY_CAPACITY);
	// Changed in place: n8n's static data tracks nested writes and deletes, and a copy would cost O(n) per delivery.
	const seen: Record<string, number> = store.seen ?? {};
	let changed = false;
	// Expired entries go once per second of the clock, not on every delivery.
	if (store.prunedAt !== clock.nowSeconds) {
		changed = prune(seen, clock);
		store.prunedAt = clock.nowSeconds;
	}
	let floor = liveFloor(store, clock);
	if (floor !== store.floor) changed = true;

	let verdict: ReplayVerdict;
	const known = seen[key];
	if (typeof known === 'number' && isLive(known, clock)) verdict = 'replay';
	else if (floor !== undefined && timestamp <= floor) verdict = 'undecidable';
	else verdict = 'fresh';

	if (verdict === 'fresh') {
		seen[key] = timestamp;
		const forgotten = evict(seen, capacity);
		if (forgotten !== undefined) floor = floor === undefined ? forgotten : Math.max(floor, forgotten);
		changed = true;
	}
	if (changed) {
		store.seen = seen;
		if (floor === undefined) delete store.floor;
		else store.floor = floor;
	}
	return verdict;
}
