import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { handleAdmin } from './http/admin';
import type { Sandbox, SandboxControl, SandboxOptions } from './http/control';
import { SandboxClock } from './domain/clock';
import type { Runtime } from './domain/runtime';
import { Faults } from './http/faults';
import { publishDue } from './domain/publisher';
import { RateLimitConfig, RateLimiter } from './domain/rateLimit';
import { expireUploads } from './http/routes/media';
import { SEED, createSeededStore } from './domain/seed';
import { givenPosts, profilePosts } from './domain/analyticsProfile';
import { RecordedRequest, createServer, listen } from './http/server';
import { handleStorage } from './http/storage';
import { storeState } from './domain/storeState';
import { DEFAULT_RETRY_BASE_MS, WebhookDispatcher } from './domain/webhooks';

export { SEED } from './domain/seed';
export type { CountedIn, RecordedRequest } from './http/server';
export type { Delivery, WebhookConfig } from './domain/webhooks';
export type { FaultConfig } from './http/faults';
export type { AnalyticsPostsInput, Sandbox, SandboxControl, SandboxOptions } from './http/control';
export type { AnalyticsProfile, GivenPost } from './domain/analyticsProfile';
export type { StoreState } from './domain/storeState';

const TICK_MS = 200;

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
	const host = opts.host ?? '127.0.0.1';
	const clock = new SandboxClock();
	const faults = new Faults();
	const requests: RecordedRequest[] = [];
	const timers = new Set<NodeJS.Timeout>();
	let baseUrl = '';
	const webhookSecret = opts.webhookSecret ?? SEED.webhookSecret;
	const webhooks = new WebhookDispatcher(
		webhookSecret,
		opts.webhookRetryBaseMs ?? DEFAULT_RETRY_BASE_MS,
		// real wall-clock seconds, so receivers' recency checks hold after clock.advance
		() => Math.floor((Date.now() + (opts.webhookClockSkewMs ?? 0)) / 1000),
		opts.webhookHeaderPrefix,
	);
	for (const w of opts.webhooks ?? []) webhooks.add(w);
	const rt: Runtime = {
		store: createSeededStore(clock.now()),
		clock,
		webhooks,
		rateLimiter: new RateLimiter(opts.rateLimits as Partial<RateLimitConfig> | undefined),
		options: {
			mediaProcessingMs: opts.mediaProcessingMs ?? 50,
			publishDelayMs: opts.publishDelayMs ?? 50,
			quiet: opts.quiet ?? false,
		},
		baseUrl: () => baseUrl,
		later(ms, fn) {
			const t = setTimeout(() => {
				timers.delete(t);
				fn();
			}, ms);
			timers.add(t);
		},
		storageSecret: randomBytes(32).toString('hex'),
	};
	const tick = (): void => {
		expireUploads(rt);
		publishDue(rt);
	};
	clock.onAdvance(tick);

	let server: http.Server | null = null;
	const control: SandboxControl = {
		baseUrl: '',
		port: 0,
		keys: { ...SEED.keys },
		webhookSecret,
		requests,
		clearRequests: () => {
			requests.length = 0;
		},
		clock,
		faults,
		faultState: () => faults.snapshot(),
		setRateLimits: (cfg) => rt.rateLimiter.configure(cfg as Partial<RateLimitConfig> | undefined),
		addWebhook: (cfg) => {
			webhooks.add(cfg);
		},
		listWebhooks: () => webhooks.endpoints.map(({ secret: _secret, ...rest }) => rest),
		clearWebhooks: () => webhooks.clearEndpoints(),
		deliveries: webhooks.deliveries,
		settleWebhooks: () => webhooks.settle(),
		state: () => storeState(rt.store),
		setAccount: (id, patch) => {
			const set = rt.store.socialSets.get(id);
			if (!set) return null;
			const { features, ...rest } = patch;
			Object.assign(set.account, pickNumbersAndBooleans(rest));
			if (features) Object.assign(set.account.features, pickNumbersAndBooleans(features));
			return { ...set.account, features: { ...set.account.features } };
		},
		setAnalyticsPosts: (id, input) => {
			const set = rt.store.socialSets.get(id);
			if (!set) return null;
			const { posts, ...profile } = input;
			const records =
				posts === undefined
					? profilePosts(id, set.username, set.timezone, clock.now(), profile)
					: givenPosts(id, set.username, Array.isArray(posts) ? posts : [posts]);
			rt.store.analyticsPosts.set(id, records);
			return records.length;
		},
		reset: async () => {
			for (const t of timers) clearTimeout(t);
			timers.clear();
			clock.reset();
			faults.clear();
			rt.rateLimiter.configure(opts.rateLimits as Partial<RateLimitConfig> | undefined);
			rt.store = createSeededStore(clock.now());
			requests.length = 0;
			webhooks.cancelRetries();
			await webhooks.settle();
			webhooks.deliveries.length = 0;
			webhooks.clearEndpoints();
			for (const w of opts.webhooks ?? []) webhooks.add(w);
		},
		close: async () => {
			clearInterval(interval);
			for (const t of timers) clearTimeout(t);
			timers.clear();
			await webhooks.close();
			if (server) {
				const s = server;
				server = null;
				s.closeAllConnections();
				await new Promise<void>((resolve) => s.close(() => resolve()));
			}
		},
	};
	server = createServer({
		rt,
		faults,
		requests,
		tick,
		admin: (req, res, url) => handleAdmin(control, req, res, url),
		storage: (req, url) => handleStorage(rt, req, url),
	});
	const interval = setInterval(tick, TICK_MS);
	interval.unref();
	let port: number;
	try {
		port = await listen(server, opts.port ?? 0, host);
	} catch (err) {
		clearInterval(interval);
		throw err;
	}
	baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	control.baseUrl = baseUrl;
	control.port = port;
	return control;
}

function pickNumbersAndBooleans<T extends object>(obj: T): Partial<T> {
	const out: Partial<T> = {};
	for (const [k, v] of Object.entries(obj)) {
		if (typeof v === 'number' || typeof v === 'boolean') (out as Record<string, unknown>)[k] = v;
	}
	return out;
}
