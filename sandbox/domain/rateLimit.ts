/**
 * Fixed-window rate limits: one bucket per user over all /v2 endpoints and one per
 * social set for `drafts.create`. Windows are aligned to multiples of the window length on the
 * real wall clock (not the sandbox clock: clients compare Reset with their own clock). Reset is Unix seconds.
 */

export interface LimitConfig {
	limit: number;
	windowSeconds: number;
}

export interface RateLimitConfig {
	user: LimitConfig;
	socialSet: LimitConfig;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
	user: { limit: 1000, windowSeconds: 60 },
	socialSet: { limit: 500, windowSeconds: 60 },
};

export interface BucketState {
	limit: number;
	/** requests counted in the window so far (refused ones included) */
	count: number;
	remaining: number;
	reset: number;
	exceeded: boolean;
}

export const SOCIAL_SET_RESOURCE = 'drafts.create';

export class RateLimiter {
	private config: RateLimitConfig;
	private readonly counts = new Map<string, { window: number; count: number }>();

	constructor(config: Partial<RateLimitConfig> | undefined) {
		this.config = { ...DEFAULT_RATE_LIMITS, ...stripUndefined(config) };
	}

	configure(config: Partial<RateLimitConfig> | undefined): void {
		this.config = { ...this.config, ...stripUndefined(config) };
		this.counts.clear();
	}

	/** Counts one request against `key` when `consume` is true; reports the bucket either way. */
	take(kind: keyof RateLimitConfig, key: string, nowMs: number, consume: boolean): BucketState {
		const { limit, windowSeconds } = this.config[kind];
		const window = Math.floor(nowMs / 1000 / windowSeconds);
		const reset = (window + 1) * windowSeconds;
		const id = `${kind}:${key}`;
		let entry = this.counts.get(id);
		if (!entry || entry.window !== window) {
			entry = { window, count: 0 };
			this.counts.set(id, entry);
		}
		if (consume) entry.count++;
		return {
			limit,
			count: entry.count,
			remaining: Math.max(0, limit - entry.count),
			reset,
			exceeded: entry.count > limit,
		};
	}

	/** A bucket as it looks with nothing consumed (routes without a bucket of their own). */
	idle(kind: keyof RateLimitConfig, nowMs: number): BucketState {
		const { limit, windowSeconds } = this.config[kind];
		const reset = (Math.floor(nowMs / 1000 / windowSeconds) + 1) * windowSeconds;
		return { limit, count: 0, remaining: limit, reset, exceeded: false };
	}

	exhausted(kind: keyof RateLimitConfig, nowMs: number): BucketState {
		return {
			...this.idle(kind, nowMs),
			count: this.config[kind].limit,
			remaining: 0,
			exceeded: true,
		};
	}
}

function stripUndefined(config: Partial<RateLimitConfig> | undefined): Partial<RateLimitConfig> {
	const out: Partial<RateLimitConfig> = {};
	if (config?.user) out.user = config.user;
	if (config?.socialSet) out.socialSet = config.socialSet;
	return out;
}

/** Parses the CLI form `N/SECONDS`. */
export function parseLimitFlag(value: string): LimitConfig {
	const match = /^(\d+)\/(\d+)$/.exec(value.trim());
	if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
		throw new Error(`rate limit must look like N/SECONDS with positive integers, got "${value}"`);
	}
	return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}
