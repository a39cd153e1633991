import type { SandboxClock } from '../domain/clock';
import type { AccountState } from '../domain/store';
import type { StoreState } from '../domain/storeState';
import type { Delivery, WebhookConfig, WebhookDispatcher } from '../domain/webhooks';
import type { FaultConfig, Faults } from './faults';
import type { RecordedRequest } from './server';

/**
 * The options of startSandbox, the handle it returns (both re-exported by sandbox/index.ts) and
 * what the admin routes drive of that handle.
 */

export interface SandboxOptions {
	port?: number;
	host?: string;
	rateLimits?: {
		user?: { limit: number; windowSeconds: number };
		socialSet?: { limit: number; windowSeconds: number };
	};
	mediaProcessingMs?: number;
	publishDelayMs?: number;
	webhooks?: WebhookConfig[];
	webhookRetryBaseMs?: number;
	quiet?: boolean;
	// extensions beyond the contract
	/** default secret of webhooks added without one (default whsec_sandbox_secret) */
	webhookSecret?: string;
	/** default header prefix of webhooks added without one (default X-Service-) */
	webhookHeaderPrefix?: string;
	/** fault: how far the service's clock behind webhook timestamps runs ahead (+) or behind (-) the wall clock */
	webhookClockSkewMs?: number;
}

export interface Sandbox {
	baseUrl: string;
	port: number;
	keys: { admin: string; publish: string; write: string; read: string; outsider: string };
	webhookSecret: string;
	requests: RecordedRequest[];
	clearRequests(): void;
	clock: { now(): Date; advance(ms: number): Promise<void> };
	faults: { set(cfg: FaultConfig): void; clear(): void };
	setRateLimits(cfg: SandboxOptions['rateLimits']): void;
	addWebhook(cfg: WebhookConfig): void;
	deliveries: Delivery[];
	close(): Promise<void>;
	// extensions beyond the contract
	/** restore the seed, clear requests, deliveries, faults, rate-limit counters and the clock offset */
	reset(): Promise<void>;
	/** switch a social set's plan/account state (402/403 MONETIZATION_ERROR, draft limit, quota) */
	setAccount(socialSetId: number, patch: Partial<AccountState>): AccountState | null;
	/** resolves when no webhook delivery attempt is in flight */
	settleWebhooks(): Promise<void>;
	/** a JSON copy of the drafts, media, tags, queue schedules and comment threads held (storeState.ts) */
	state(): StoreState;
}

/** What the admin routes drive. */
export interface SandboxControl extends Sandbox {
	clock: SandboxClock;
	faults: Faults;
	faultState(): FaultConfig;
	listWebhooks(): Array<Omit<ReturnType<WebhookDispatcher['add']>, 'secret'>>;
	clearWebhooks(): void;
}
