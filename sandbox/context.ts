import type { SandboxClock } from './clock';
import type { RateLimiter } from './rateLimit';
import type { ApiKeyRecord, Store, UserRecord } from './store';
import type { WebhookDispatcher } from './webhooks';

export interface RuntimeOptions {
	mediaProcessingMs: number;
	publishDelayMs: number;
	quiet: boolean;
}

/** Everything a route may touch; one per running sandbox. */
export interface Runtime {
	store: Store;
	clock: SandboxClock;
	webhooks: WebhookDispatcher;
	rateLimiter: RateLimiter;
	options: RuntimeOptions;
	/** base URL the sandbox listens on (no trailing slash) */
	baseUrl(): string;
	/** schedules a callback on a real timer that close() cancels */
	later(ms: number, fn: () => void): void;
	/** secret used to sign presigned upload URLs */
	storageSecret: string;
}

export interface RouteContext {
	rt: Runtime;
	method: string;
	/** absolute request URL, built from the Host header */
	url: URL;
	/** path split on "/", empty segments removed (so a trailing slash does not matter) */
	segments: string[];
	query: URLSearchParams;
	/** parsed JSON body; undefined when the request had none */
	body: unknown;
	user: UserRecord;
	apiKey: ApiKeyRecord;
	/** counts one request against the social set's `drafts.create` bucket; throws 429 when exceeded */
	takeSocialSetBucket(socialSetId: number): void;
}

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export const json = (status: number, body: unknown): Reply => ({ status, body });
