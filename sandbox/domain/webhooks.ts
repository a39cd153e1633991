import { createHmac } from 'node:crypto';
import { pushCapped } from './capped';

/**
 * Outgoing webhooks: compact JSON with recursively sorted keys, signed with
 * HMAC-SHA256(secret, timestamp + "." + body). A non-2xx answer or a network error
 * is retried with exponential backoff (delays base, 2x, 4x, 8x: with the default base of
 * 4 minutes the 5 attempts spread over one hour). After 100 consecutive failed attempts an
 * endpoint is disabled; adding it again re-enables it.
 */

export const WEBHOOK_EVENTS = [
	'draft.created',
	'draft.planned',
	'draft.scheduled',
	'draft.published',
	'draft.status_changed',
	'draft.tags_changed',
	'draft.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DEFAULT_HEADER_PREFIX = 'X-Service-';
export const MAX_ATTEMPTS = 5;
export const AUTO_DISABLE_AFTER = 100;
export const DEFAULT_RETRY_BASE_MS = 4 * 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookConfig {
	url: string;
	secret?: string;
	events?: string[];
	headerPrefix?: string;
}

export interface WebhookEndpoint {
	url: string;
	secret: string;
	events: string[] | null;
	headerPrefix: string;
	consecutiveFailures: number;
	disabled: boolean;
}

interface EndpointState {
	/** first attempts to one endpoint go out one after another, in event order */
	chain: Promise<void>;
}

export interface Delivery {
	url: string;
	event: string;
	attempt: number;
	status: number | null;
	headers: Record<string, string>;
	body: string;
	error?: string;
}

/** Compact JSON with object keys sorted recursively (arrays keep their order). */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
		const out: Record<string, unknown> = {};
		for (const key of Object.keys(value).sort())
			out[key] = sortKeys((value as Record<string, unknown>)[key]);
		return out;
	}
	return value;
}

export function signPayload(secret: string, timestamp: number, body: string): string {
	return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export class WebhookDispatcher {
	readonly endpoints: WebhookEndpoint[] = [];
	readonly deliveries: Delivery[] = [];
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly inFlight = new Set<Promise<void>>();
	private readonly state = new WeakMap<WebhookEndpoint, EndpointState>();
	private closed = false;

	constructor(
		private readonly defaultSecret: string,
		private readonly retryBaseMs: number,
		private readonly nowSeconds: () => number,
		private readonly defaultHeaderPrefix: string = DEFAULT_HEADER_PREFIX,
	) {}

	add(cfg: WebhookConfig): WebhookEndpoint {
		if (typeof cfg.url !== 'string' || !/^https?:\/\//.test(cfg.url))
			throw new TypeError('webhook url must be an http(s) URL');
		const existing = this.endpoints.find((e) => e.url === cfg.url);
		const endpoint: WebhookEndpoint = {
			url: cfg.url,
			secret: cfg.secret ?? this.defaultSecret,
			events: cfg.events && cfg.events.length > 0 ? [...cfg.events] : null,
			headerPrefix: cfg.headerPrefix ?? this.defaultHeaderPrefix,
			consecutiveFailures: 0,
			disabled: false,
		};
		if (existing) Object.assign(existing, endpoint);
		else this.endpoints.push(endpoint);
		return existing ?? endpoint;
	}

	clearEndpoints(): void {
		this.endpoints.length = 0;
	}

	emit(event: WebhookEvent, data: unknown): void {
		if (this.closed) return;
		const timestamp = this.nowSeconds();
		const body = canonicalJson({ event, data });
		for (const endpoint of this.endpoints) {
			if (endpoint.disabled) continue;
			if (endpoint.events && !endpoint.events.includes(event)) continue;
			let st = this.state.get(endpoint);
			if (!st) {
				st = { chain: Promise.resolve() };
				this.state.set(endpoint, st);
			}
			st.chain = st.chain.then(() => this.attempt(endpoint, event, timestamp, body, 1));
			this.track(st.chain);
		}
	}

	/** Drops scheduled retries (used by reset). */
	cancelRetries(): void {
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
	}

	/** Resolves when no delivery is currently running (scheduled retries are not awaited). */
	async settle(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
	}

	async close(): Promise<void> {
		this.closed = true;
		this.cancelRetries();
		await this.settle();
	}

	private track(p: Promise<void>): void {
		this.inFlight.add(p);
		void p.finally(() => this.inFlight.delete(p));
	}

	private async attempt(
		endpoint: WebhookEndpoint,
		event: string,
		timestamp: number,
		body: string,
		attempt: number,
	): Promise<void> {
		const prefix = endpoint.headerPrefix;
		const headers: Record<string, string> = {
			'content-type': 'application/json',
			[`${prefix}Event`.toLowerCase()]: event,
			[`${prefix}Timestamp`.toLowerCase()]: String(timestamp),
			[`${prefix}Signature`.toLowerCase()]: signPayload(endpoint.secret, timestamp, body),
		};
		const sendHeaders: Record<string, string> = {
			'Content-Type': 'application/json',
			[`${prefix}Event`]: event,
			[`${prefix}Timestamp`]: String(timestamp),
			[`${prefix}Signature`]: headers[`${prefix}Signature`.toLowerCase()],
		};
		const delivery: Delivery = { url: endpoint.url, event, attempt, status: null, headers, body };
		try {
			const res = await fetch(endpoint.url, {
				method: 'POST',
				headers: sendHeaders,
				body,
				signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
			});
			delivery.status = res.status;
			await res.arrayBuffer().catch(() => undefined);
		} catch (err) {
			delivery.error = err instanceof Error ? err.message : String(err);
		}
		pushCapped(this.deliveries, delivery);
		const ok = delivery.status !== null && delivery.status >= 200 && delivery.status < 300;
		if (ok) {
			endpoint.consecutiveFailures = 0;
			return;
		}
		endpoint.consecutiveFailures++;
		if (endpoint.consecutiveFailures >= AUTO_DISABLE_AFTER) endpoint.disabled = true;
		if (attempt >= MAX_ATTEMPTS || endpoint.disabled || this.closed) return;
		const delay = this.retryBaseMs * 2 ** (attempt - 1);
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			if (!endpoint.disabled && !this.closed)
				this.track(this.attempt(endpoint, event, timestamp, body, attempt + 1));
		}, delay);
		timer.unref();
		this.timers.add(timer);
	}
}
