import type { BucketState } from '../domain/rateLimit';

/** The rate-limit headers of every /v2 answer: the user family and the social-set family (with `-Resource`). */

export function userHeaders(state: BucketState): Record<string, string> {
	return {
		'X-RateLimit-User-Limit': String(state.limit),
		'X-RateLimit-User-Remaining': String(state.remaining),
		'X-RateLimit-User-Reset': String(state.reset),
	};
}

export function socialSetHeaders(state: BucketState, resource: string): Record<string, string> {
	return {
		'X-RateLimit-SocialSet-Limit': String(state.limit),
		'X-RateLimit-SocialSet-Remaining': String(state.remaining),
		'X-RateLimit-SocialSet-Reset': String(state.reset),
		'X-RateLimit-SocialSet-Resource': resource,
	};
}
