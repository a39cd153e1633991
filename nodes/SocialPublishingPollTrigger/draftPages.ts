import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { draftShape, pageShape, readAnswer } from '../common/transport';
import type { Query } from '../common/transport';
import { endpoints } from '../common/transport/endpoints';
import { changeTime, type DraftView } from './changes';
import { PAGE_SIZE_MAX } from '../common/limits';

/** Drafts per list request: the most the service gives (Limits: page size max 50). */
export const PAGE_SIZE = PAGE_SIZE_MAX;

/** A poll reads at most this many pages (20,000 changed drafts between two polls). */
export const MAX_PAGES = 400;

/** How often a poll reads the list again from the top when it moved under it (a draft deleted meanwhile). */
const MAX_RESTARTS = 3;

export type DraftSummary = DraftView & IDataObject;

/** The answer each poll reads (spec: Drafts, GET list: paged Draft summary, id and status required). */
const DRAFT_PAGE = pageShape('drafts', draftShape);

interface DraftPage {
	results?: DraftSummary[];
	next?: string | null;
}

export async function listDrafts(
	ctx: IPollFunctions,
	socialSetId: string,
	qs: Query,
): Promise<{ results: DraftSummary[]; more: boolean }> {
	// a page that is not the list of drafts fails the poll (it is not "no changes"): nothing is emitted from it
	const page = await readAnswer<DraftPage & { results: DraftSummary[] }>(
		ctx,
		{ method: 'GET', path: endpoints.drafts(socialSetId), qs },
		DRAFT_PAGE,
	);
	return { results: page.results, more: Boolean(page.next) };
}

/** The transport throws n8n errors only; anything else is wrapped so it names the node. */
export function asNodeError(
	ctx: IPollFunctions,
	error: unknown,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error);
}

/** The Draft detail, or undefined when the draft no longer exists or its ID cannot be carried exactly. */
export async function getDraftDetail(
	ctx: IPollFunctions,
	socialSetId: string,
	draftId: number,
): Promise<(DraftView & IDataObject) | undefined> {
	// An ID beyond 2^53 was rounded when the list was read: reading it back could read another draft, so it
	// is not read; the draft's list fields stand in for its detail.
	if (!Number.isSafeInteger(draftId) || draftId < 0) return undefined;
	try {
		return await readAnswer<DraftView & IDataObject>(
			ctx,
			{ method: 'GET', path: endpoints.draft(socialSetId, draftId) },
			draftShape,
		);
	} catch (error) {
		if (error instanceof NodeApiError && String(error.httpCode) === '404') return undefined;
		throw asNodeError(ctx, error);
	}
}

/**
 * Reads the drafts list, most recently changed first (`order_by=-updated_at`; never-edited drafts count by
 * `created_at`), until a page holds a draft changed before `stopBefore` (or the list ends, or `maxPages`).
 * Drafts changed exactly at `stopBefore` are all read: equal timestamps are told apart by the caller.
 * Pages overlap by one draft: when the first draft of a page was not on the page before, the list moved up
 * under the reader (a draft was deleted) and a draft may have been skipped, so it reads again from the top.
 */
export async function scanDrafts(
	ctx: IPollFunctions,
	socialSetId: string,
	stopBefore: number | undefined,
	maxPages = MAX_PAGES,
): Promise<DraftSummary[]> {
	const seen = new Map<number, DraftSummary>();
	let offset = 0;
	let pages = 0;
	let restarts = 0;
	while (pages < maxPages) {
		const { results, more } = await listDrafts(ctx, socialSetId, {
			order_by: '-updated_at',
			limit: PAGE_SIZE,
			offset,
		});
		pages++;
		if (offset > 0 && results.length > 0 && !seen.has(results[0].id) && restarts < MAX_RESTARTS) {
			restarts++;
			offset = 0;
			continue;
		}
		for (const draft of results) seen.set(draft.id, draft);
		const reachedOlder =
			stopBefore !== undefined && results.some((draft) => changeTime(draft) < stopBefore);
		if (reachedOlder || !more || results.length < PAGE_SIZE) break;
		offset += results.length - 1;
	}
	return [...seen.values()];
}
