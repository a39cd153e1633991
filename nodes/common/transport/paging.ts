/** Return All and Limit: reading a paged list through `apiRequest`, bounded in pages and against repeats. */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../text/echo';
import type { ApiContext, ApiRequest } from './request';
import type { AnswerShape } from './answer';
import { answerError, hasShape, pageShape } from './answer';
import { apiRequest } from './request';
import { policy } from './retryPolicy';
import { PAGE_SIZE_MAX } from '../limits';

export interface Page<T> {
	results: T[];
	count?: number;
	next?: string | null;
}

/** The envelope every page must have (spec: Paged envelope). */
const PAGE = pageShape('entries');

/** What tells two entries apart: the id (or a tag's slug); else the entry itself, shortened. */
function entryKey(entry: unknown): string {
	if (entry && typeof entry === 'object') {
		const { id, slug } = entry as { id?: unknown; slug?: unknown };
		if (id !== undefined && id !== null) return `id ${echo(id, 80)}`;
		if (slug !== undefined && slug !== null) return `slug ${echo(slug, 80)}`;
	}
	return echo(entry, 200);
}

function pagingError(
	node: INode,
	request: ApiRequest,
	message: string,
	description: string,
): NodeOperationError {
	return new NodeOperationError(node, message, { itemIndex: request.itemIndex, description });
}

/** How a paged list is read: how many entries in all (all when undefined), per page, and where to stop. */
export interface Paging<T> {
	limit?: number;
	/** Entries asked for per page (default and most: the Limits table's page size, 50). */
	pageSize?: number;
	lastPage?: (page: T[]) => boolean;
	/** The shape of each entry, when a decision reads them (a reconcile's list): a page with another stops the reading. */
	entry?: AnswerShape;
}

/**
 * Reads a paged list. `limit` undefined means all: pages of `pageSize` (the maximum) until the service
 * says there is no next page. With a limit, each request asks only for what is still missing.
 * Bounded against a service that never ends the list: at most `policy.maxPages` pages, and a page that
 * repeats the one before (the same `next` link, or the same first and last entries) stops the reading
 * with an error instead of looping. A page with more entries than asked for is cut to what was asked.
 * `lastPage`, when given, ends the reading after a page it says is the last one wanted (an ordered list
 * that reached entries older than those sought).
 */
export async function apiRequestAllItems<T = IDataObject>(
	context: ApiContext,
	request: ApiRequest,
	paging: Paging<T> = {},
): Promise<T[]> {
	const { limit, pageSize = PAGE_SIZE_MAX, lastPage } = paging;
	const shape = paging.entry ? pageShape('entries', paging.entry) : PAGE;
	const items: T[] = [];
	let offset = Number(request.qs?.offset ?? 0);
	let previous: { next: string; first: string; last: string } | undefined;
	for (let pages = 0; ; pages++) {
		const wanted = limit === undefined ? pageSize : Math.min(pageSize, limit - items.length);
		if (wanted <= 0) break;
		if (pages >= policy.maxPages) {
			throw pagingError(
				context.getNode(),
				request,
				`Stopped reading ${request.path} after ${policy.maxPages.toLocaleString('en-US')} pages: the service kept announcing more`,
				`${items.length.toLocaleString('en-US')} entries were read. Return All reads at most ${policy.maxPages.toLocaleString('en-US')} pages; set a Limit, or narrow the list with filters.`,
			);
		}
		const pageRequest = { ...request, qs: { ...request.qs, limit: wanted, offset } };
		const page = await apiRequest<Page<T>>(context, pageRequest);
		// a page that is not the paged envelope is not an empty list: the reading stops, naming the answer
		if (!hasShape(shape, page)) throw await answerError(context, pageRequest, shape, page);
		const results = page.results.slice(0, wanted);
		const next = typeof page.next === 'string' ? page.next : '';
		const seen = {
			next,
			first: results.length ? entryKey(results[0]) : '',
			last: results.length ? entryKey(results[results.length - 1]) : '',
		};
		if (previous && results.length > 0) {
			const sameNext = next !== '' && next === previous.next;
			const sameEntries = seen.first === previous.first && seen.last === previous.last;
			if (sameNext || sameEntries) {
				throw pagingError(
					context.getNode(),
					request,
					`Stopped reading ${request.path}: the service answered offset ${offset} with the page before again`,
					sameNext
						? `It gave the same link to the next page twice (${echo(next, 120)}), so reading on would never end. ${items.length} entries were read.`
						: `The page starts with ${seen.first} and ends with ${seen.last}, as the page before did, so reading on would never end. ${items.length} entries were read.`,
				);
			}
		}
		previous = seen;
		for (const entry of results) items.push(entry);
		offset += results.length;
		const total = typeof page.count === 'number' ? page.count : undefined;
		if (!page.next || results.length < wanted || (total !== undefined && offset >= total)) break;
		if (lastPage?.(results)) break;
	}
	return limit === undefined ? items : items.slice(0, limit);
}
