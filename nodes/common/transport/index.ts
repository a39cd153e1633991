import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { echo, serviceApiError } from './errors';
import {
	RateLimitMemory,
	backoffDelay,
	parseRateLimitHeaders,
	socialSetBucketKey,
	waitAfter429,
} from './rateLimit';
import type { Query } from './url';
import { buildUrl, routeTemplate } from './url';
import { cancelSignalOf, cancelled, waitOrCancel } from './wait';
import { noteWrite, writeLogFor } from './writeWatch';

export const CREDENTIAL_TYPE = 'socialPublishingApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path under the base URL, one of `endpoints` (endpoints.ts). */
	path: string;
	qs?: Query;
	body?: IDataObject;
	itemIndex?: number;
}

export const policy = {
	/** Longest the transport waits in total for rate limits on one request before failing. */
	maxRateLimitWaitMs: 5 * 60_000,
	/** The same inside a poll of the poll trigger: a longer wait fails the poll, and the next poll tries again. */
	maxPollRateLimitWaitMs: 30_000,
	/** A poll's time budget when the host n8n does not give one (`getPollBudgetMs`): n8n-core's default. */
	pollBudgetFallbackMs: 5 * 60_000,
	max429Retries: 8,
	/** Retries of GET, PUT and DELETE after a 503 or a dropped connection. */
	maxTransientRetries: 3,
	transientBaseMs: 250,
	transientCapMs: 4_000,
	requestTimeoutMs: 60_000,
	/** Return All reads at most this many pages (500,000 entries in pages of 50). */
	maxPages: 10_000,
};

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
const NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ESOCKETTIMEDOUT',
	'UND_ERR_SOCKET',
]);

export const rateLimitMemory = new RateLimitMemory();

interface Credentials {
	baseUrl: string;
	apiKey: string;
}

interface CredentialsSeen {
	baseUrl: string;
	/** Stands for the credential in the rate-limit memory: a hash, so the key itself is kept nowhere. */
	owner: string;
}

/** What a context's credential gave: one node run, poll or list search has one credential, read once. */
const credentialsSeen = new WeakMap<object, CredentialsSeen>();

async function credentialsOf(context: ApiContext): Promise<CredentialsSeen> {
	const seen = credentialsSeen.get(context);
	if (seen) return seen;
	const credentials = (await context.getCredentials(CREDENTIAL_TYPE)) as unknown as Credentials;
	const owner = createHash('sha256')
		.update(`${credentials.baseUrl}\n${credentials.apiKey}`)
		.digest('hex')
		.slice(0, 16);
	const read = { baseUrl: String(credentials.baseUrl ?? ''), owner };
	credentialsSeen.set(context, read);
	return read;
}

function socialSetOf(path: string): string | undefined {
	return /^\/v2\/social-sets\/(\d+)/.exec(path)?.[1];
}

function networkCode(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string') {
			const match = [...NETWORK_CODES].find((c) => message.includes(c));
			if (match) return match;
			if (/socket hang up|timeout of \d+ms exceeded/i.test(message)) return 'ECONNRESET';
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** Deadlines of running polls, by their context: a poll's waits and requests end before its budget does. */
const pollDeadlines = new WeakMap<object, number>();

/**
 * Starts a poll's clock. n8n gives a poll a time budget (`getPollBudgetMs`, in hosts that have it) after which
 * it abandons the poll; every request and wait of this poll then ends a margin (a tenth, at most 5 s) before
 * it. Rate-limit waits in a poll are also capped at `policy.maxPollRateLimitWaitMs`.
 */
export function startPoll(context: IPollFunctions, nowMs = Date.now()): void {
	const offered = (context as { getPollBudgetMs?: () => number }).getPollBudgetMs;
	const budget = typeof offered === 'function' ? Number(offered.call(context)) : NaN;
	const usable = Number.isFinite(budget) && budget > 0 ? budget : policy.pollBudgetFallbackMs;
	pollDeadlines.set(context, nowMs + usable - Math.min(5_000, usable / 10));
}

interface RateLimited {
	resource?: string;
	resetAtMs?: number;
	/** The 429 answer's body; undefined when the limit was known from an earlier response and nothing was sent. */
	body?: unknown;
	capMs: number;
	poll: boolean;
}

const minutes = (ms: number) =>
	ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;

function rateLimitError(node: INode, limited: RateLimited, itemIndex?: number): NodeApiError {
	const which = limited.resource
		? `the social set limit for ${echo(limited.resource, 80)}`
		: 'the per-user limit';
	const retryAt = limited.resetAtMs ? new Date(limited.resetAtMs).toISOString() : undefined;
	const bound = `The node waits at most ${minutes(limited.capMs)} for a rate limit${limited.poll ? ' in a poll; the next poll tries again' : ''}.`;
	if (limited.body !== undefined) {
		const error = serviceApiError(node, 429, limited.body, itemIndex);
		const when = retryAt ? ` It resets at ${retryAt}: retry after that.` : '';
		error.description = `Rate limit reached: ${which}.${when} ${bound}${error.description ? `\n${error.description}` : ''}`;
		return error;
	}
	const message = `rate limit reached (${which}); retry after ${retryAt ?? 'a while'}`;
	const service = { code: 'RATE_LIMITED', message, details: [] };
	const error = new NodeApiError(node, service, {
		message: `RATE_LIMITED: ${message}`,
		description: `An earlier answer of the service said the limit is used up until ${retryAt ?? 'later'}, so no request was sent. ${bound}`,
		httpCode: '429',
		itemIndex,
	});
	error.context.service = service;
	return error;
}

function pollBudgetError(node: INode, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(
		node,
		'The poll ran out of the time n8n gives it before its requests were done',
		{
			itemIndex,
			description:
				'Nothing was emitted and the trigger state was left as it was: the next poll reads the same changes again.',
		},
	);
}

/**
 * The one way to the network. Joins base URL and path, authenticates with the credential,
 * waits out exhausted rate-limit buckets (a bounded time), retries what is safe to retry, and maps
 * service errors. Stopping the execution ends a request in flight and any wait.
 */
export async function apiRequest<T = IDataObject>(
	context: ApiContext,
	request: ApiRequest,
): Promise<T> {
	const method = request.method.toUpperCase() as IHttpRequestMethods;
	// Retry On Fail's memory watches what each item's writes came to (writeWatch.ts): the item's log now
	const writeLog = writeLogFor(context, method);
	const { baseUrl, owner } = await credentialsOf(context);
	// n8n copies the whole node on each getNode(): only an error needs it
	const node = () => context.getNode();
	const socialSet = socialSetOf(request.path);
	const userKey = `${owner}:user`;
	// Social set buckets are kept by the resource the service names (X-RateLimit-SocialSet-Resource);
	// a route waits on the resource its own responses named, once it has seen one.
	const route = `${owner}:${routeTemplate(method, request.path)}`;
	const bucketKeys = (): string[] => {
		const resource = socialSet ? rateLimitMemory.resourceOf(route) : undefined;
		return resource && socialSet
			? [userKey, socialSetBucketKey(owner, socialSet, resource)]
			: [userKey];
	};
	const signal = cancelSignalOf(context);
	const deadline = pollDeadlines.get(context);
	const poll = deadline !== undefined;
	const capMs = poll ? policy.maxPollRateLimitWaitMs : policy.maxRateLimitWaitMs;
	/** Whether a wait of `ms` still ends within the poll's budget (always, outside a poll). */
	const withinBudget = (ms: number) => deadline === undefined || Date.now() + ms < deadline;

	const options: IHttpRequestOptions = {
		method,
		url: buildUrl(baseUrl, request.path, request.qs),
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: policy.requestTimeoutMs,
		// The API never redirects; without the redirect layer each request costs less CPU.
		disableFollowRedirect: true,
		headers: { Accept: 'application/json' },
	};
	if (signal) options.abortSignal = signal;
	if (request.body !== undefined) options.body = request.body;

	let rateLimitWaited = 0;
	let attempts429 = 0;
	let transientAttempts = 0;
	for (;;) {
		const blocked = rateLimitMemory.blocking(bucketKeys(), Date.now());
		if (blocked) {
			if (rateLimitWaited + blocked.waitMs > capMs || !withinBudget(blocked.waitMs)) {
				throw rateLimitError(
					node(),
					{
						resource: blocked.bucket.resource,
						resetAtMs: blocked.bucket.resetAtMs,
						capMs,
						poll,
					},
					request.itemIndex,
				);
			}
			rateLimitWaited += blocked.waitMs;
			await waitOrCancel(context, blocked.waitMs, request.itemIndex);
		}
		if (signal?.aborted) throw cancelled(context, request.itemIndex, 'before a request was sent');
		if (deadline !== undefined) {
			const left = deadline - Date.now();
			if (left <= 0) throw pollBudgetError(node(), request.itemIndex);
			options.timeout = Math.min(policy.requestTimeoutMs, left);
		}

		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			if (writeLog) noteWrite(writeLog, undefined);
			if (signal?.aborted) {
				throw cancelled(
					context,
					request.itemIndex,
					'during a request to the Social Publishing service',
				);
			}
			// In a poll the request's timeout is what was left of the budget.
			if (deadline !== undefined && Date.now() >= deadline) {
				throw pollBudgetError(node(), request.itemIndex);
			}
			const code = networkCode(error);
			if (!code) {
				throw new NodeOperationError(
					node(),
					`Request to the Social Publishing service failed: ${safeMessage(error)}`,
					{ itemIndex: request.itemIndex },
				);
			}
			const backoff = backoffDelay(
				transientAttempts,
				policy.transientBaseMs,
				policy.transientCapMs,
			);
			if (
				IDEMPOTENT.has(method) &&
				transientAttempts < policy.maxTransientRetries &&
				withinBudget(backoff)
			) {
				transientAttempts++;
				await waitOrCancel(context, backoff, request.itemIndex);
				continue;
			}
			throw new NodeApiError(
				node(),
				{ code, message: `Connection problem: ${code}` },
				{
					message: `Connection to the Social Publishing service failed (${code})`,
					description: IDEMPOTENT.has(method)
						? `Tried ${transientAttempts + 1} times.`
						: `${method} requests are not sent again after a dropped connection: the service may have acted on it. Check before running again.`,
					itemIndex: request.itemIndex,
				},
			);
		}

		if (writeLog) noteWrite(writeLog, Number(response?.statusCode ?? 0));
		const headers = (response.headers ?? {}) as Record<string, string>;
		const limits = parseRateLimitHeaders(headers);
		rateLimitMemory.remember(userKey, limits.user);
		if (socialSet && limits.socialSet) {
			// Without the Resource header (the API says every response has it) the route stands in for it.
			const resource = limits.socialSet.resource ?? `route ${routeTemplate(method, request.path)}`;
			rateLimitMemory.learnResource(route, resource);
			rateLimitMemory.remember(socialSetBucketKey(owner, socialSet, resource), limits.socialSet);
		}

		const status = response.statusCode;
		if (status >= 200 && status < 300) {
			return (
				status === 204 || response.body === '' || response.body === undefined ? {} : response.body
			) as T;
		}
		if (status === 429) {
			const { waitMs, bucket } = waitAfter429(limits, Date.now(), attempts429);
			const resource =
				limits.socialSet && limits.socialSet.remaining <= 0 ? limits.socialSet.resource : undefined;
			if (
				attempts429 >= policy.max429Retries ||
				rateLimitWaited + waitMs > capMs ||
				!withinBudget(waitMs)
			) {
				throw rateLimitError(
					node(),
					{ resource, resetAtMs: bucket?.resetAtMs, body: response.body ?? '', capMs, poll },
					request.itemIndex,
				);
			}
			attempts429++;
			rateLimitWaited += waitMs;
			await waitOrCancel(context, waitMs, request.itemIndex);
			continue;
		}
		if (
			status === 503 &&
			IDEMPOTENT.has(method) &&
			transientAttempts < policy.maxTransientRetries
		) {
			const backoff = backoffDelay(
				transientAttempts,
				policy.transientBaseMs,
				policy.transientCapMs,
			);
			if (withinBudget(backoff)) {
				transientAttempts++;
				await waitOrCancel(context, backoff, request.itemIndex);
				continue;
			}
		}
		throw serviceApiError(node(), status, response.body, request.itemIndex);
	}
}

function safeMessage(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return echo(message.replace(/Bearer\s+\S+/gi, 'Bearer [redacted]'));
}

export interface Page<T> {
	results: T[];
	count?: number;
	next?: string | null;
}

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
	limit?: number,
	pageSize = 50,
	lastPage?: (page: T[]) => boolean,
): Promise<T[]> {
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
		const page = await apiRequest<Page<T>>(context, {
			...request,
			qs: { ...request.qs, limit: wanted, offset },
		});
		const results = (Array.isArray(page.results) ? page.results : []).slice(0, wanted);
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
		items.push(...results);
		offset += results.length;
		const total = typeof page.count === 'number' ? page.count : undefined;
		if (!page.next || results.length < wanted || (total !== undefined && offset >= total)) break;
		if (lastPage?.(results)) break;
	}
	return limit === undefined ? items : items.slice(0, limit);
}
