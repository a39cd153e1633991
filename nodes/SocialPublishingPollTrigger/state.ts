import type { IDataObject } from 'n8n-workflow';

/**
 * What the poll trigger remembers between polls, in the workflow's static data (JSON, saved by n8n).
 *
 * `cursor` is the newest change time (`updated_at`, or `created_at` for a never-edited draft) the trigger
 * has read, in milliseconds. `known` holds, per draft ID, the status and change time last seen, so a
 * status change shows as a difference and a draft read twice (equal timestamps, overlapping pages) as none.
 */
export interface KnownDraft {
	/** status last seen */
	s: string;
	/** change time last seen (ms) */
	t: number;
	/** scheduled_date of a scheduled draft (ms): from then on it may publish without being edited */
	d?: number;
	/** since when (ms, this n8n's clock) a publish of this draft is known to be in flight, or it shows `publishing` */
	f?: number;
	/** when (ms) a draft that may change without an edit is next checked, if the list does not show it */
	c?: number;
}

export interface PollState {
	socialSetId: string;
	cursor: number;
	known: Record<string, KnownDraft>;
	/** Comments All Resolved only: the drafts seen with open comment threads (review.ts). */
	review?: ReviewState;
}

/** Comments All Resolved (review.ts): what is kept between polls. */
export interface ReviewState {
	/** Drafts seen with unresolved threads (the watched): draft ID to `o` (open threads last seen) and `c` (when checked, ms). */
	w: Record<string, { o: number; c: number }>;
	/** The last draft ID looked at in turn, to go on after it. */
	r: number;
	/** The last watched draft ID checked, to go on after it (the watched are checked in turn by ID). */
	v: number;
}

function isWatched(value: unknown): value is { o: number; c: number } {
	const entry = value as { o?: unknown; c?: unknown };
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof entry.o === 'number' &&
		typeof entry.c === 'number'
	);
}

export function readReview(stored: unknown): ReviewState {
	const review = (stored ?? {}) as { w?: unknown; r?: unknown; v?: unknown };
	const w: ReviewState['w'] = {};
	if (review.w && typeof review.w === 'object')
		for (const [id, entry] of Object.entries(review.w as Record<string, unknown>))
			if (isWatched(entry)) w[id] = { o: entry.o, c: entry.c };
	const place = (value: unknown) =>
		typeof value === 'number' && Number.isFinite(value) ? value : 0;
	return { w, r: place(review.r), v: place(review.v) };
}

/** Most drafts remembered; older entries go first, except those still waiting for a publish to end. */
export const KNOWN_MAX = 1000;

function isKnown(value: unknown): value is KnownDraft {
	const entry = value as KnownDraft;
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof entry.s === 'string' &&
		typeof entry.t === 'number'
	);
}

/** The stored state for this social set, or undefined on the first poll (or after the social set changed). */
export function readState(store: IDataObject, socialSetId: string): PollState | undefined {
	if (
		store.socialSetId !== socialSetId ||
		typeof store.cursor !== 'number' ||
		!Number.isFinite(store.cursor)
	)
		return undefined;
	const known: Record<string, KnownDraft> = {};
	const stored = store.known;
	if (stored && typeof stored === 'object') {
		for (const [id, entry] of Object.entries(stored as Record<string, unknown>)) {
			if (isKnown(entry)) known[id] = { ...entry };
		}
	}
	const review = store.review === undefined ? {} : { review: readReview(store.review) };
	return { socialSetId, cursor: store.cursor, known, ...review };
}

export function writeState(store: IDataObject, state: PollState): void {
	store.socialSetId = state.socialSetId;
	store.cursor = state.cursor;
	store.known = state.known as unknown as IDataObject;
	if (state.review) store.review = state.review as unknown as IDataObject;
	else delete store.review;
}

/** A draft that may change status without being edited (a publish ends), so its change time does not bring it up the list. */
export function mayChangeUnedited(entry: KnownDraft): boolean {
	return entry.f !== undefined || entry.s === 'scheduled' || entry.s === 'publishing';
}

/** Keeps at most `max` entries: drafts that may still change without an edit first, then the most recently changed. */
export function bounded(
	known: Record<string, KnownDraft>,
	max = KNOWN_MAX,
): Record<string, KnownDraft> {
	const entries = Object.entries(known);
	if (entries.length <= max) return known;
	entries.sort(([idA, a], [idB, b]) => {
		const pending = Number(mayChangeUnedited(b)) - Number(mayChangeUnedited(a));
		return pending || b.t - a.t || Number(idB) - Number(idA);
	});
	return Object.fromEntries(entries.slice(0, max));
}
