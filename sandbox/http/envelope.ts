import { FieldIssue, unprocessable } from '../domain/errors';

/** The paged envelope, shared by all list routes. */

export interface PageParams {
	limit: number;
	offset: number;
}

export interface PagingLimits {
	defaultLimit: number;
	maxLimit: number;
}

export const STANDARD_PAGING: PagingLimits = { defaultLimit: 10, maxLimit: 50 };
export const ANALYTICS_PAGING: PagingLimits = { defaultLimit: 25, maxLimit: 100 };

const INTEGER = /^-?\d+$/;

/** Reads limit/offset from the query; 422 VALIDATION_ERROR outside the Limits table. */
export function readPaging(
	query: URLSearchParams,
	limits: PagingLimits = STANDARD_PAGING,
): PageParams {
	const issues: FieldIssue[] = [];
	const read = (name: string, fallback: number, min: number, max: number): number => {
		const raw = query.get(name);
		if (raw === null || raw === '') return fallback;
		if (!INTEGER.test(raw)) {
			issues.push({ field: name, message: 'must be an integer' });
			return fallback;
		}
		const value = Number(raw);
		if (value < min || value > max) {
			issues.push({
				field: name,
				message: max === Infinity ? `must be >= ${min}` : `must be between ${min} and ${max}`,
			});
		}
		return value;
	};
	const limit = read('limit', limits.defaultLimit, 1, limits.maxLimit);
	const offset = read('offset', 0, 0, Infinity);
	if (issues.length > 0) throw unprocessable(issues);
	return { limit, offset };
}

export interface PagedEnvelope<T> {
	results: T[];
	count?: number;
	limit: number;
	offset: number;
	next: string | null;
	previous: string | null;
}

function pageUrl(requestUrl: URL, limit: number, offset: number): string {
	const url = new URL(requestUrl.toString());
	url.searchParams.set('limit', String(limit));
	url.searchParams.set('offset', String(offset));
	return url.toString();
}

/** Slices `all` and builds the envelope; `requestUrl` must be absolute (built from the Host header). */
export function page<T>(
	all: T[],
	paging: PageParams,
	requestUrl: URL,
	withCount = true,
): PagedEnvelope<T> {
	const { limit, offset } = paging;
	const results = all.slice(offset, offset + limit);
	const next = offset + limit < all.length ? pageUrl(requestUrl, limit, offset + limit) : null;
	const previous = offset > 0 ? pageUrl(requestUrl, limit, Math.max(0, offset - limit)) : null;
	const envelope: PagedEnvelope<T> = { results, limit, offset, next, previous };
	if (withCount) return { results, count: all.length, limit, offset, next, previous };
	return envelope;
}
