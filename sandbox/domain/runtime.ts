import type { SandboxClock } from './clock';
import type { RateLimiter } from './rateLimit';
import type { Store } from './store';
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
