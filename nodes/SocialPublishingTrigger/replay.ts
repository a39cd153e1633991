import { createHash, randomBytes } from 'crypto';

import { indexOf, type ReplayIndex } from './replayIndex';

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
 *
 * Finding the oldest entries needs no sort: each memory object has an index in timestamp order in
 * this process (replayIndex.ts), so a delivery at capacity forgets one entry in O(1) amortised. The
 * index is built once per memory object, in O(n); n8n hands over the static data as a new object on
 * each webhook call, so that copy is indexed only when something is written to it.
 */

export const DEFAULT_REPLAY_CAPACITY = 5000;

export interface ReplayStore {
	seen?: Record<string, number>;
	floor?: number;
	/** Clock second of the last pruning pass. */
	prunedAt?: number;
	/**
	 * In the static data: names the write that left it as it is (this process's tag and a counter). In this
	 * process's memory, `syncedRev`: the last such write made by this process, when both held the same entries.
	 */
	rev?: string;
	syncedRev?: string;
	/**
	 * In the static data: the entries added since `seen` was last written whole (at most RECENT_LIMIT), part
	 * of the memory like `seen`. A freshly loaded object has no room to spare, so the first key added to it
	 * costs a rehash of all its keys: new keys go here, into a small object, and join `seen` every
	 * RECENT_LIMIT deliveries.
	 */
	recent?: Record<string, number>;
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

/** Drops expired entries in place (oldest first, through the index); true when something was dropped. */
function prune(index: ReplayIndex, clock: ReplayClock): boolean {
	return index.dropOldestWhile((timestamp) => !isLive(timestamp, clock));
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
	const index = indexOf(seen);
	let changed = false;
	// Expired entries go once per second of the clock, not on every delivery.
	const second = Math.floor(clock.nowSeconds);
	if (store.prunedAt !== second) {
		changed = prune(index, clock);
		store.prunedAt = second;
	}
	let floor = liveFloor(store, clock);
	if (floor !== store.floor) changed = true;

	let verdict: ReplayVerdict;
	const known = seen[key];
	if (typeof known === 'number' && isLive(known, clock)) verdict = 'replay';
	else if (floor !== undefined && timestamp <= floor) verdict = 'undecidable';
	else verdict = 'fresh';

	if (verdict === 'fresh') {
		index.set(key, timestamp);
		const forgotten = index.evictTo(capacity);
		if (forgotten !== undefined)
			floor = floor === undefined ? forgotten : Math.max(floor, forgotten);
		changed = true;
	}
	if (changed) {
		store.seen = seen;
		if (floor === undefined) delete store.floor;
		else store.floor = floor;
	}
	return verdict;
}

/**
 * Adds the live entries of `from` that `into` lacks (and a higher live floor), pruning `into` once
 * per clock second and keeping it within capacity as `checkAndRemember` does. Writes in place, only
 * what is missing. Returns true when `into` changed.
 */
export function absorb(into: ReplayStore, from: ReplayStore, clock: ReplayClock): boolean {
	const capacity = Math.max(1, clock.capacity ?? DEFAULT_REPLAY_CAPACITY);
	const seen: Record<string, number> = into.seen ?? {};
	// Built on first need only: a memory just loaded that gains nothing is never indexed.
	let index: ReplayIndex | undefined;
	let changed = false;
	const second = Math.floor(clock.nowSeconds);
	if (into.prunedAt !== second) {
		index = indexOf(seen);
		changed = prune(index, clock) || changed;
		into.prunedAt = second;
	}
	for (const [key, timestamp] of Object.entries(from.seen ?? {})) {
		if (
			typeof timestamp !== 'number' ||
			!Number.isFinite(timestamp) ||
			!isLive(timestamp, clock) ||
			seen[key] === timestamp
		)
			continue;
		index ??= indexOf(seen);
		index.set(key, timestamp);
		changed = true;
	}
	let floor = liveFloor(into, clock);
	const theirs = liveFloor(from, clock);
	if (theirs !== undefined && (floor === undefined || theirs > floor)) floor = theirs;
	if (changed && index) {
		const forgotten = index.evictTo(capacity);
		if (forgotten !== undefined)
			floor = floor === undefined ? forgotten : Math.max(floor, forgotten);
		into.seen = seen;
	}
	if (floor !== into.floor) {
		if (floor === undefined) delete into.floor;
		else into.floor = floor;
		changed = true;
	}
	return changed;
}

/** New entries of the static data wait in `recent` up to this many, then join `seen`. */
export const RECENT_LIMIT = 64;

/** Names this process's writes of the static data: unique to it, so a match means nobody wrote since. */
const PROCESS_TAG = randomBytes(6).toString('hex');
let writes = 0;

function nextRev(): string {
	writes++;
	return `${PROCESS_TAG}.${writes.toString(36)}`;
}

/**
 * The replay check of one n8n process that shares its memory with other processes through the
 * workflow's static data (queue mode: several webhook processes).
 *
 * n8n loads the static data from the database for each webhook call and saves it whole afterwards,
 * so two calls running at the same time each save their own copy and one overwrites the other's new
 * entry. The decision is therefore taken in `local`, this process's own memory, where checking and
 * remembering is one synchronous step.
 *
 * Each write of the static data is named (`rev`). When the static data still carries the name of this
 * process's last write, nobody else wrote since and it holds exactly this process's entries: the call
 * checks in `local` and makes the same change to the static data, the new entry (into `recent`) and
 * whatever `local` forgot, in O(1) amortised however many entries are held (the in-step path; one rehash of
 * `seen` every RECENT_LIMIT deliveries aside). Otherwise (another process
 * wrote, a concurrent call of this one was saved last, or the static data predates these names) `local`
 * first learns every live entry the static data holds (what the other processes accepted), checks, and
 * the static data is written again as a copy of `local`: this call's entry, and any a concurrent save of
 * another process dropped, are back. That path is O(n), once per interleaving.
 *
 * What stays possible: two copies of one delivery reaching two processes before either has saved,
 * or a copy reaching a process whose view of the static data predates the other's save.
 */
export function checkAcrossProcesses(
	local: ReplayStore,
	shared: ReplayStore,
	key: string,
	timestamp: number,
	clock: ReplayClock,
): ReplayVerdict {
	local.seen ??= {};
	if (isInStep(local, shared)) return checkInStep(local, shared, key, timestamp, clock);
	absorb(
		local,
		isMemory(shared.recent)
			? { seen: { ...shared.seen, ...shared.recent }, floor: shared.floor }
			: shared,
		clock,
	);
	const verdict = checkAndRemember(local, key, timestamp, clock);
	shared.seen = { ...local.seen };
	delete shared.recent;
	if (local.floor === undefined) delete shared.floor;
	else shared.floor = local.floor;
	shared.prunedAt = local.prunedAt;
	shared.rev = local.syncedRev = nextRev();
	return verdict;
}

function isMemory(value: unknown): value is Record<string, number> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The static data as this process last wrote it: its entries are in `seen` (and `recent`). */
type InStepStore = ReplayStore & { seen: Record<string, number> };

/** Whether the static data still carries this process's last write, intact (nobody wrote since). */
function isInStep(local: ReplayStore, shared: ReplayStore): shared is InStepStore {
	return (
		typeof shared.rev === 'string' &&
		shared.rev === local.syncedRev &&
		isMemory(shared.seen) &&
		(shared.recent === undefined || isMemory(shared.recent))
	);
}

/** The in-step path: the static data holds what `local` holds; both get the same change. */
function checkInStep(
	local: ReplayStore,
	shared: InStepStore,
	key: string,
	timestamp: number,
	clock: ReplayClock,
): ReplayVerdict {
	const { seen } = shared;
	const index = indexOf(local.seen!);
	let recent = shared.recent;
	let changed = false;
	index.onDrop = (dropped) => {
		if (recent?.[dropped] !== undefined) delete recent[dropped];
		else delete seen[dropped];
		changed = true;
	};
	let verdict: ReplayVerdict;
	try {
		verdict = checkAndRemember(local, key, timestamp, clock);
	} finally {
		index.onDrop = undefined;
	}
	if (verdict === 'fresh') {
		if (seen[key] !== undefined) delete seen[key]; // an expired entry of the same key
		recent ??= shared.recent = {};
		recent[key] = timestamp;
		if (Object.keys(recent).length >= RECENT_LIMIT) {
			for (const [k, t] of Object.entries(recent)) seen[k] = t;
			delete shared.recent;
		}
		changed = true;
	}
	if (local.floor !== shared.floor) {
		if (local.floor === undefined) delete shared.floor;
		else shared.floor = local.floor;
		changed = true;
	}
	if (changed) {
		shared.prunedAt = local.prunedAt;
		shared.rev = local.syncedRev = nextRev();
	}
	return verdict;
}

/** Replay memories kept in this n8n process, by scope (workflow and node). Bounded by capacity and tolerance each. */
export class ProcessMemories {
	private readonly stores = new Map<string, ReplayStore>();

	get(scope: string): ReplayStore {
		let store = this.stores.get(scope);
		if (!store) {
			store = {};
			this.stores.set(scope, store);
		}
		return store;
	}
}
