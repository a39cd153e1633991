import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Reply, RouteContext } from './context';
import type { Runtime } from '../domain/runtime';
import { ApiError } from '../domain/errors';
import type { Faults } from './faults';
import { SOCIAL_SET_RESOURCE } from '../domain/rateLimit';
import type { BucketState } from '../domain/rateLimit';
import { socialSetHeaders, userHeaders } from './rateLimitHeaders';
import { route } from './router';
import { parseIntId } from './access';
import { pushCapped } from '../domain/capped';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string[]>;
	headers: Record<string, string>;
	body: unknown;
	/** response status; 0 while in flight or when the connection was dropped */
	status: number;
	/** extension beyond the contract: SHA-256 (hex) of the bytes a storage PUT delivered, for tests to compare */
	sha256?: string;
	/**
	 * extension beyond the contract: the rate-limit buckets the service counted this request in (spec, Limits:
	 * per user, all endpoints; per social set, draft creation), each with its count in its window after this
	 * request (a count past `limit` was refused with 429) and the window's Reset; absent when none counted it
	 */
	counted?: CountedIn[];
}

/** One bucket a request was counted in: `user:<user id>` or `socialSet:<social set id>` (its `drafts.create`). */
export interface CountedIn {
	bucket: string;
	limit: number;
	count: number;
	/** Unix seconds: the end of the window it was counted in (`X-RateLimit-*-Reset`). */
	reset: number;
}

export interface ServerDeps {
	rt: Runtime;
	faults: Faults;
	requests: RecordedRequest[];
	/** run before every request: due scheduled drafts, expired uploads */
	tick(): void;
	admin(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
	storage(req: http.IncomingMessage, url: URL): Promise<Reply & { raw?: string }>;
}

const MAX_JSON_BYTES = 10 * 1024 * 1024;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopback(req: http.IncomingMessage): boolean {
	return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

export function requestUrl(req: http.IncomingMessage): URL {
	return new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
}

export function readBody(req: http.IncomingMessage, maxBytes = MAX_JSON_BYTES): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > maxBytes) {
				reject(new ApiError(413, 'VALIDATION_ERROR', 'Request body too large'));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export function sendJson(res: http.ServerResponse, reply: Reply & { raw?: string }): void {
	if (res.headersSent || res.destroyed) return;
	const headers: Record<string, string> = { ...(reply.headers ?? {}) };
	let payload: string | undefined;
	if (reply.raw !== undefined) payload = reply.raw;
	else if (reply.body !== undefined && reply.status !== 204) {
		payload = JSON.stringify(reply.body);
		headers['Content-Type'] = 'application/json; charset=utf-8';
	}
	if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
	res.writeHead(reply.status, headers);
	res.end(payload);
}

function recordHeaders(req: http.IncomingMessage, knownKeys: Set<string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue;
		out[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	// only the sandbox's own seeded keys are recorded verbatim; anything else may be a real secret
	if (out.authorization) {
		const key = bearerKey(out.authorization);
		if (key === null || !knownKeys.has(key)) out.authorization = '<redacted>';
	}
	return out;
}

function recordQuery(url: URL): Record<string, string[]> {
	const out: Record<string, string[]> = {};
	for (const [k, v] of url.searchParams) (out[k] ??= []).push(v);
	return out;
}

export function bearerKey(header: string | undefined): string | null {
	if (!header) return null;
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
	return match ? match[1] : null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits `ms`, or less when the client closes the connection first (no timer outlives it). */
function sleepUnlessClosed(req: http.IncomingMessage, ms: number): Promise<void> {
	return new Promise<void>((resolve) => {
		const socket = req.socket;
		if (socket.destroyed) return resolve();
		const done = () => {
			clearTimeout(timer);
			socket.off('close', done);
			resolve();
		};
		const timer = setTimeout(done, ms);
		socket.on('close', done);
	});
}

export function createServer(deps: ServerDeps): http.Server {
	const server = http.createServer((req, res) => {
		handle(deps, req, res).catch((err: unknown) => {
			if (!deps.rt.options.quiet) console.error('sandbox: unhandled error', err);
			sendJson(res, {
				status: 500,
				body: { error: { code: 'INTERNAL_ERROR', message: 'Sandbox internal error' } },
			});
		});
	});
	return server;
}

async function handle(
	deps: ServerDeps,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<void> {
	const url = requestUrl(req);
	if (url.pathname.startsWith('/__sandbox/')) {
		if (!isLoopback(req)) {
			sendJson(res, {
				status: 404,
				body: new ApiError(404, 'NOT_FOUND', 'Resource not found').body(),
			});
			return;
		}
		await deps.admin(req, res, url);
		return;
	}
	const { rt, faults } = deps;
	const record: RecordedRequest = {
		method: req.method ?? 'GET',
		path: url.pathname,
		query: recordQuery(url),
		headers: recordHeaders(req, new Set(rt.store.apiKeys.keys())),
		body: undefined,
		status: 0,
	};
	pushCapped(deps.requests, record);
	res.on('finish', () => {
		record.status = res.statusCode;
	});

	const method = req.method ?? 'GET';
	const latency = faults.latencyFor(url.pathname, method);
	if (latency > 0) await sleep(latency);
	const fault = faults.next(url.pathname, method);
	if (fault.kind === 'drop') {
		req.socket.destroy();
		return;
	}
	deps.tick();
	const before = fault.kind === 'fail503' || fault.kind === 'force429' ? fault.kind : 'none';

	let reply: Reply;
	if (url.pathname.startsWith('/__storage/')) {
		reply = before === 'none' ? await deps.storage(req, url) : faultReply(before, null);
		record.body = { rawLength: Number(req.headers['content-length'] ?? 0) };
		if (typeof reply.body === 'object' && reply.body !== null && 'rawLength' in reply.body) {
			const { sha256, ...body } = reply.body as { rawLength: number; sha256?: string };
			record.body = body;
			if (sha256) record.sha256 = sha256;
			reply.body = undefined;
		}
	} else {
		reply = await handleApi(deps, req, url, record, before);
	}
	// Faults after handling: whatever the request changed stays changed; only the answer is lost.
	if (fault.kind === 'dropAfterStore') {
		req.socket.destroy();
		return;
	}
	if (fault.kind === 'delayAfterStore') {
		// held back; a client that gives up first closes the socket, and the answer goes nowhere
		await sleepUnlessClosed(req, fault.ms);
	}
	if (fault.kind === 'fail503AfterStore') {
		const failed = faultReply('fail503', null);
		reply = { ...failed, headers: { ...(reply.headers ?? {}), ...(failed.headers ?? {}) } };
	}
	sendJson(res, reply);
}

async function handleApi(
	deps: ServerDeps,
	req: http.IncomingMessage,
	url: URL,
	record: RecordedRequest,
	fault: 'none' | 'fail503' | 'force429',
): Promise<Reply> {
	const { rt } = deps;
	// rate-limit windows run on the real wall clock: clients compare Reset with their own clock
	const nowMs = Date.now();
	const segments = url.pathname.split('/').filter(Boolean);
	const pathSetId = segments[1] === 'social-sets' ? parseIntId(segments[2]) : null;
	let socialSetState =
		pathSetId !== null && rt.store.socialSets.has(pathSetId)
			? rt.rateLimiter.take('socialSet', String(pathSetId), nowMs, false)
			: rt.rateLimiter.idle('socialSet', nowMs);
	let userState = rt.rateLimiter.idle('user', nowMs);
	const withHeaders = (reply: Reply): Reply => ({
		...reply,
		headers: {
			...userHeaders(userState),
			...socialSetHeaders(socialSetState, SOCIAL_SET_RESOURCE),
			...(reply.headers ?? {}),
		},
	});
	try {
		const raw = await readBody(req);
		const parsed = raw.length > 0 ? parseJson(raw) : { ok: true as const, value: undefined };
		record.body = parsed.ok ? parsed.value : { rawLength: raw.length };
		if (fault !== 'none') {
			if (fault === 'force429') {
				userState = rt.rateLimiter.exhausted('user', nowMs);
			}
			return withHeaders(faultReply(fault, userState.reset));
		}
		if (segments[0] !== 'v2') throw new ApiError(404, 'NOT_FOUND', 'Resource not found');
		const key = bearerKey(req.headers.authorization);
		const apiKey = key === null ? undefined : rt.store.apiKeys.get(key);
		if (!apiKey) {
			throw new ApiError(
				401,
				'UNAUTHORIZED',
				req.headers.authorization ? 'Invalid API key' : 'Missing API key',
			);
		}
		const user = rt.store.users.get(apiKey.userId);
		if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Invalid API key');
		userState = rt.rateLimiter.take('user', String(user.id), nowMs, true);
		noteCounted(record, `user:${user.id}`, userState);
		if (userState.exceeded) throw rateLimited(userState.reset, nowMs);
		if (!parsed.ok) {
			throw new ApiError(422, 'VALIDATION_ERROR', 'Request body is not valid JSON', [
				{ field: 'body', message: 'invalid JSON' },
			]);
		}
		const body = parsed.value;
		const ctx: RouteContext = {
			rt,
			method: req.method ?? 'GET',
			url,
			segments,
			query: url.searchParams,
			body,
			user,
			apiKey,
			takeSocialSetBucket: (setId: number) => {
				socialSetState = rt.rateLimiter.take('socialSet', String(setId), nowMs, true);
				noteCounted(record, `socialSet:${setId}`, socialSetState);
				if (socialSetState.exceeded) throw rateLimited(socialSetState.reset, nowMs);
			},
		};
		return withHeaders(await route(ctx, segments.slice(1)));
	} catch (err) {
		if (err instanceof ApiError)
			return withHeaders({ status: err.status, body: err.body(), headers: err.headers });
		throw err;
	}
}

function noteCounted(record: RecordedRequest, bucket: string, state: BucketState): void {
	(record.counted ??= []).push({
		bucket,
		limit: state.limit,
		count: state.count,
		reset: state.reset,
	});
}

function parseJson(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(raw.toString('utf8')) };
	} catch {
		return { ok: false };
	}
}

function rateLimited(resetSeconds: number, nowMs: number): ApiError {
	const retryAfter = Math.max(1, Math.ceil(resetSeconds - nowMs / 1000));
	return new ApiError(429, 'RATE_LIMITED', 'Rate limit exceeded', undefined, {
		'Retry-After': String(retryAfter),
	});
}

function faultReply(kind: 'fail503' | 'force429', resetSeconds: number | null): Reply {
	if (kind === 'fail503') {
		return {
			status: 503,
			body: new ApiError(
				503,
				'SERVICE_UNAVAILABLE',
				'Service temporarily unavailable (injected fault)',
			).body(),
		};
	}
	const err = rateLimited(resetSeconds ?? Math.ceil(Date.now() / 1000) + 1, Date.now());
	return { status: 429, body: err.body(), headers: err.headers };
}

export function listen(server: http.Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}
