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

/** The buckets a request of `method` on `path` with the credential of `owner` counts against. */
export function bucketScope(owner: string, method: IHttpRequestMethods, path: string): BucketScope {
	return {
		owner,
		route: routeTemplate(method, path),
		socialSet: /^\/v2\/social-sets\/(\d+)/.exec(path)?.[1],
	};
}

/**
 * The rate-limit buckets a request would count against, as the last answers' X-RateLimit headers left them
 * (less the requests in flight): copies, nothing taken. `resource` names the social set's bucket while no
 * answer of this route named it (spec, Limits: `X-RateLimit-SocialSet-Resource`, for example `drafts.create`).
 */
export async function knownRateLimits(
	context: CredentialSource,
	request: { method: IHttpRequestMethods; path: string; resource?: string },
): Promise<RateLimitHeaders> {
	const { owner } = await credentialsOf(context);
	const scope = bucketScope(owner, request.method, request.path);
	return rateLimitMemory.known(scope, Date.now(), request.resource);
}
