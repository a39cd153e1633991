/**
 * What the transport knows of the service's rate-limit budget, read only: for a reader such as Validate Only,
 * which reports the budget left without sending the request it is about.
 */
import type { IHttpRequestMethods } from 'n8n-workflow';
import { credentialsOf } from './caller';
import type { CredentialSource } from './caller';
import type { BucketScope, RateLimitHeaders } from './rateLimit';
import { rateLimitMemory } from './rateLimit';
import { routeTemplate } from './url';

/**
 * The buckets a request of `method` on `path` with the credential of `owner` on `service` counts against
 * (which ones: rateLimit.ts, `SOCIAL_SET_COUNTS`).
 */
export function bucketScope(
	{ owner, service }: { owner: string; service: string },
	method: IHttpRequestMethods,
	path: string,
): BucketScope {
	return {
		owner,
		service,
		route: routeTemplate(method, path),
		socialSet: /^\/v2\/social-sets\/(\d+)/.exec(path)?.[1],
	};
}

/**
 * The rate-limit buckets a request would count against, as the last answers' X-RateLimit headers left them
 * (less the requests in flight): copies, nothing taken. The figures the transport goes by before it sends
 * that request: the credential's user bucket, and for a draft creation its social set's `drafts.create`
 * bucket, whoever's requests spent it (rateLimit.ts, `SOCIAL_SET_COUNTS`).
 */
export async function knownRateLimits(
	context: CredentialSource,
	request: { method: IHttpRequestMethods; path: string },
): Promise<RateLimitHeaders> {
	const scope = bucketScope(await credentialsOf(context), request.method, request.path);
	return rateLimitMemory.known(scope, Date.now());
}
