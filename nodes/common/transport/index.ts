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
import { serviceApiError } from './errors';
import {
	RateLimitMemory,
	backoffDelay,
	parseRateLimitHeaders,
	socialSetBucketKey,
	waitAfter429,
} from './rateLimit';
import type { Query } from './url';
import { buildUrl, routeTemplate } from './url';
import { waitOrCancel } from './wait';

export const CREDENTIAL_TYPE = 'socialPublishingApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path under the base URL, starting with `/v2/`. */
	path: string;
	qs?: Query;
	body?: IDataObject;
	itemIndex?: number;
}

export const policy = {
	/** Longest the transport waits in total for rate limits on one request before failing. */
	maxRateLimitWaitMs: 5 * 60_000,
	max429Retries: 8,
	/** Retries of GET, PUT and DELETE after a 503 or a dropped connection. */
	maxTransientRetries: 3,
	transientBaseMs: 250,
	transientCapMs: 4_000,
	requestTimeoutMs: 60_000,
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

async function credentialsOf(context: ApiContext): Promise<{ baseUrl: string; owner: string }> {
	const credentials = (await context.getCredentials(CREDENTIAL_TYPE)) as unknown as Credentials;
	const owner = createHash('sha256')
		.update(`${credentials.baseUrl}\n${credentials.apiKey}`)
		.digest('hex')
		.slice(0, 16);
	return { baseUrl: String(credentials.baseUrl ?? ''), owner };
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

function rateLimitError(
	node: INode,
	status: number,
	body: unknown,
	resource: string | undefined,
	resetAtMs: number | undefined,
	itemIndex?: number,
): NodeApiError {
	const error = serviceApiError(node, status, body, itemIndex);
	const which = resource ? `the social set limit for ${resource}` : 'the per-user limit';
	const when = resetAtMs ? ` It resets at ${new Date(resetAtMs).toISOString()}.` : '';
	error.description = `Rate limit reached: ${which}.${when}${error.description ? `\n${error.description}` : ''}`;
	return error;
}

/**
 * The one way to the network. Joins base URL and path, authenticates with the credential,
 * waits out exhausted rate-limit buckets, retries what is safe to retry, and maps service errors.
 */
export async function apiRequest<T = IDataObject>(
	context: ApiContext,
	request: ApiRequest,
): Promise<T> {
	const { baseUrl, owner } = await credentialsOf(context);
	const node = context.getNode();
	const method = request.method.toUpperCase() as IHttpRequestMethods;
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
	if (request.body !== undefined) options.body = request.body;

	let rateLimitWaited = 0;
	let attempts429 = 0;
	let transientAttempts = 0;
	for (;;) {
		const bucketWait = rateLimitMemory.waitMs(bucketKeys(), Date.now());
		if (bucketWait > 0) {
			rateLimitWaited += bucketWait;
			await waitOrCancel(context, bucketWait, request.itemIndex);
		}

		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			const code = networkCode(error);
			if (!code) {
				throw new NodeOperationError(
					node,
					`Request to the Social Publishing service failed: ${safeMessage(error)}`,
					{ itemIndex: request.itemIndex },
				);
			}
			if (IDEMPOTENT.has(method) && transientAttempts < policy.maxTransientRetries) {
				await waitOrCancel(
					context,
					backoffDelay(transientAttempts++, policy.transientBaseMs, policy.transientCapMs),
					request.itemIndex,
				);
				continue;
			}
			throw new NodeApiError(
				node,
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
				rateLimitWaited + waitMs > policy.maxRateLimitWaitMs
			) {
				throw rateLimitError(
					node,
					status,
					response.body,
					resource,
					bucket?.resetAtMs,
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
			await waitOrCancel(
				context,
				backoffDelay(transientAttempts++, policy.transientBaseMs, policy.transientCapMs),
				request.itemIndex,
			);
			continue;
		}
		throw serviceApiError(node, status, response.body, request.itemIndex);
	}
}

function safeMessage(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return message.replace(/Bearer\s+\S+/gi, 'Bearer [redacted]');
}

export interface Page<T> {
	results: T[];
	count?: number;
	next?: string | null;
}

/**
 * Reads a paged list. `limit` undefined means all: pages of `pageSize` (the maximum) until the service
 * says there is no next page. With a limit, each request asks only for what is still missing.
 */
export async function apiRequestAllItems<T = IDataObject>(
	context: ApiContext,
	request: ApiRequest,
	limit?: number,
	pageSize = 50,
): Promise<T[]> {
	const items: T[] = [];
	let offset = Number(request.qs?.offset ?? 0);
	for (;;) {
		const wanted = limit === undefined ? pageSize : Math.min(pageSize, limit - items.length);
		if (wanted <= 0) break;
		const page = await apiRequest<Page<T>>(context, {
			...request,
			qs: { ...request.qs, limit: wanted, offset },
		});
		const results = Array.isArray(page.results) ? page.results : [];
		items.push(...results);
		offset += results.length;
		const total = typeof page.count === 'number' ? page.count : undefined;
		if (!page.next || results.length < wanted || (total !== undefined && offset >= total)) break;
	}
	return limit === undefined ? items : items.slice(0, limit);
}
