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

function liveEntries(store: ReplayStore, clock: ReplayClock): Array<[string, number]> {
	const seen = store.seen ?? {};
	return Object.entries(seen).filter(
		(entry): entry is [string, number] => typeof entry[1] === 'number' && isLive(entry[1], clock),
	);
}

function liveFloor(store: ReplayStore, clock: ReplayClock): number | undefined {
	return typeof store.floor === 'number' && isLive(store.floor, clock) ? store.floor : undefined;
}

/**
 * Prunes expired entries, then decides on the delivery and remembers it when
 * fresh. The store is only written when something changed; each write assigns
 * new values, so n8n's change tracking on static data sees it.
 */
export function checkAndRemember(
	store: ReplayStore,
	key: string,
	timestamp: number,
	clock: ReplayClock,
): ReplayVerdict {
	const capacity = Math.max(1, clock.capacity ?? DEFAULT_REPLAY_CAPACITY);
	const before = Object.keys(store.seen ?? {}).length;
	const entries = liveEntries(store, clock);
	let floor = liveFloor(store, clock);
	const pruned = entries.length !== before || floor !== store.floor;

	const save = (next: Array<[string, number]>) => {
		store.seen = Object.fromEntries(next);
		if (floor === undefined) delete store.floor;
		else store.floor = floor;
	};

	let verdict: ReplayVerdict;
	if (entries.some(([k]) => k === key)) verdict = 'replay';
	else if (floor !== undefined && timestamp <= floor) verdict = 'undecidable';
	else verdict = 'fresh';

	if (verdict !== 'fresh') {
		if (pruned) save(entries);
		return verdict;
	}

	entries.push([key, timestamp]);
	if (entries.length > capacity) {
		entries.sort((a, b) => a[1] - b[1]);
		const forgotten = entries.splice(0, entries.length - capacity);
		const newestForgotten = forgotten[forgotten.length - 1][1];
		floor = floor === undefined ? newestForgotten : Math.max(floor, newestForgotten);
	}
	save(entries);
	return verdict;
}
