import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { pageShape, readAnswer } from '../common/transport';
import type { Page } from '../common/transport';
import { endpoints } from '../common/transport/endpoints';
import { asNodeError } from './draftPages';
import type { ReviewState } from './state';
import { KNOWN_MAX } from './state';

/**
 * Comments All Resolved: a draft the trigger saw with unresolved comment threads that now has none. Each poll
 * reads the unresolved threads of at most MAX_REVIEW_CHECKS drafts, one request each (spec: Comment threads,
 * GET with status `unresolved`, limit 1: the envelope's `count` says how many are open): first the drafts
 * seen with open threads (the watched), in turn by ID after the cursor `v`, then, in turn by ID after `r`,
 * the other drafts the trigger knows that can still be scheduled. Every watched draft is checked at least once
 * in ceil(W / MAX_WATCHED_CHECKS) polls (W watched), and every draft the trigger knows (at most KNOWN_MAX) may
 * be watched. What it keeps is small: the watched drafts, and where each turn stands.
 */

/** Thread reads per poll at most. */
export const MAX_REVIEW_CHECKS = 10;

/** Of those, at most this many go to drafts already seen with open threads; the rest find new ones. */
export const MAX_WATCHED_CHECKS = 7;

/**
 * Drafts with open threads remembered at most: as many as the trigger knows (a watched draft is one it knows,
 * and one it forgets is dropped from the watched), so no draft under review is left out of the turn.
 */
export const WATCHED_MAX = KNOWN_MAX;

/** What the trigger knows of each draft: its status last seen (state.ts `KnownDraft`). */
type KnownStatuses = Record<string, { s: string }>;

/** Statuses of a draft whose review can still decide when it goes out. */
const REVIEWABLE = new Set(['draft', 'planned', 'scheduled']);

/** The answer a review check reads (spec: Comment threads, GET; Paged envelope). */
const OPEN_THREADS = pageShape('unresolved comment threads');

/** The number of unresolved threads of a draft, or undefined when the draft no longer exists. */
async function openThreadCount(
	ctx: IPollFunctions,
	socialSetId: string,
	draftId: number,
): Promise<number | undefined> {
	try {
		// an answer that is not the paged list fails the poll: it is not "all resolved" (nothing is emitted)
		const page = await readAnswer<Page<IDataObject>>(
			ctx,
			{
				method: 'GET',
				path: endpoints.commentThreads(socialSetId, draftId),
				qs: { status: 'unresolved', limit: 1, offset: 0 },
			},
			OPEN_THREADS,
		);
		const listed = page.results.length;
		if (typeof page.count === 'number') return Math.max(page.count, listed);
		return listed + (page.next ? 1 : 0);
	} catch (error) {
		if (error instanceof NodeApiError && String(error.httpCode) === '404') return undefined;
		throw asNodeError(ctx, error);
	}
}

/** `count` of `ids` (sorted) in turn: those after `cursor`, then from the start. */
function rotation(ids: number[], cursor: number, count: number): number[] {
	const after = ids.filter((id) => id > cursor);
	const before = ids.filter((id) => id <= cursor);
	return [...after, ...before].slice(0, count);
}

const byId = (ids: string[]) =>
	ids
		.map(Number)
		.filter((id) => Number.isSafeInteger(id) && id >= 0)
		.sort((a, b) => a - b);

/** The drafts to look at in turn: reviewable, not watched, by ID after the turn's place, then from the start. */
function inTurn(known: KnownStatuses, review: ReviewState, count: number): number[] {
	if (count <= 0) return [];
	const ids = Object.entries(known)
		.filter(([id, entry]) => REVIEWABLE.has(entry.s) && !(id in review.w))
		.map(([id]) => id);
	return rotation(byId(ids), review.r, count);
}

/**
 * One poll's review checks: the drafts whose last open thread was resolved since they were seen open (each
 * once: it then leaves the watched drafts), and the review state to store.
 */
export async function checkReviews(
	ctx: IPollFunctions,
	socialSetId: string,
	known: KnownStatuses,
	previous: ReviewState,
	nowMs: number,
): Promise<{ resolved: number[]; review: ReviewState }> {
	const review: ReviewState = { w: { ...previous.w }, r: previous.r, v: previous.v };
	const resolved: number[] = [];
	// a draft published, failed or deleted since: its review no longer decides anything
	for (const id of Object.keys(review.w))
		if (!known[id] || !REVIEWABLE.has(known[id].s)) delete review.w[id];
	// the watched in turn by ID, going on after the last one checked: each within ceil(W / 7) polls
	const watched = rotation(byId(Object.keys(review.w)), review.v, MAX_WATCHED_CHECKS);
	for (const id of watched) {
		const open = await openThreadCount(ctx, socialSetId, id);
		if (open === undefined || open === 0) delete review.w[id];
		else review.w[id] = { o: open, c: nowMs };
		if (open === 0) resolved.push(id);
		review.v = id;
	}
	for (const id of inTurn(known, review, MAX_REVIEW_CHECKS - watched.length)) {
		const open = await openThreadCount(ctx, socialSetId, id);
		if (open) review.w[id] = { o: open, c: nowMs };
		review.r = id;
	}
	return { resolved, review: boundedReview(review) };
}

function boundedReview(review: ReviewState): ReviewState {
	const entries = Object.entries(review.w);
	if (entries.length <= WATCHED_MAX) return review;
	entries.sort(([idA, a], [idB, b]) => b.c - a.c || Number(idB) - Number(idA));
	return { ...review, w: Object.fromEntries(entries.slice(0, WATCHED_MAX)) };
}
