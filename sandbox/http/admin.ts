import type http from 'node:http';
import { parseIntId } from './access';
import { ApiError } from '../domain/errors';
import { adminRequestProblem } from './adminGuard';
import type { FaultConfig } from './faults';
import type { RateLimitConfig } from '../domain/rateLimit';
import { readBody, sendJson } from './server';
import type { WebhookConfig } from '../domain/webhooks';
import { isObject } from '../domain/validate';
import type { AccountState } from '../domain/store';
import type { AnalyticsPostsInput, SandboxControl } from './control';

/**
 * Out-of-process control under /__sandbox/ (loopback only, no API key; a loopback Host, no foreign Origin
 * and a JSON body type: adminGuard.ts). Admin requests are not recorded in `requests` and are never
 * subject to faults or rate limits.
 */
export async function handleAdmin(
	sb: SandboxControl,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	url: URL,
): Promise<void> {
	const send = (status: number, body?: unknown) => sendJson(res, { status, body });
	let body: unknown = undefined;
	try {
		const problem = adminRequestProblem(req);
		if (problem) {
			// the body is not read: the connection closes after the answer
			res.setHeader('Connection', 'close');
			throw problem;
		}
		const raw = await readBody(req);
		if (raw.length > 0) {
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch {
				throw new ApiError(400, 'VALIDATION_ERROR', 'Admin body is not valid JSON');
			}
		}
		const path = url.pathname.replace(/\/+$/, '');
		const key = `${req.method} ${path}`;
		const obj = isObject(body) ? body : {};
		switch (key) {
			case 'GET /__sandbox/clock':
				return send(200, { now: sb.clock.now().toISOString() });
			case 'POST /__sandbox/clock/advance': {
				const ms = obj.ms;
				if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
					throw new ApiError(400, 'VALIDATION_ERROR', 'ms must be a non-negative number');
				await sb.clock.advance(ms);
				return send(200, { now: sb.clock.now().toISOString() });
			}
			case 'POST /__sandbox/webhooks': {
				try {
					sb.addWebhook(obj as unknown as WebhookConfig);
				} catch (err) {
					throw new ApiError(400, 'VALIDATION_ERROR', (err as Error).message);
				}
				return send(201, { webhooks: sb.listWebhooks() });
			}
			case 'GET /__sandbox/webhooks':
				return send(200, { webhooks: sb.listWebhooks() });
			case 'DELETE /__sandbox/webhooks':
				sb.clearWebhooks();
				return send(204);
			case 'POST /__sandbox/faults':
				try {
					if (obj.clear === true) sb.faults.clear();
					else sb.faults.set(obj as FaultConfig);
				} catch (err) {
					throw new ApiError(400, 'VALIDATION_ERROR', (err as Error).message);
				}
				return send(200, { faults: sb.faultState() });
			case 'DELETE /__sandbox/faults':
				sb.faults.clear();
				return send(204);
			case 'POST /__sandbox/rate-limits':
				sb.setRateLimits(validLimits(obj));
				return send(200, { ok: true });
			case 'GET /__sandbox/requests':
				return send(200, { requests: sb.requests });
			case 'DELETE /__sandbox/requests':
				sb.clearRequests();
				return send(204);
			case 'GET /__sandbox/deliveries':
				return send(200, { deliveries: sb.deliveries });
			case 'DELETE /__sandbox/deliveries':
				sb.deliveries.length = 0;
				return send(204);
			case 'POST /__sandbox/reset':
				await sb.reset();
				return send(200, { ok: true, now: sb.clock.now().toISOString() });
		}
		const account = /^POST \/__sandbox\/social-sets\/(\d+)\/account$/.exec(key);
		if (account) {
			const state = sb.setAccount(parseIntId(account[1]) ?? -1, obj as Partial<AccountState>);
			if (!state) throw new ApiError(404, 'NOT_FOUND', 'Social set not found');
			return send(200, { account: state });
		}
		const analytics = /^POST \/__sandbox\/social-sets\/(\d+)\/analytics\/posts$/.exec(key);
		if (analytics) {
			let count: number | null;
			try {
				count = sb.setAnalyticsPosts(parseIntId(analytics[1]) ?? -1, obj as AnalyticsPostsInput);
			} catch (err) {
				throw new ApiError(400, 'VALIDATION_ERROR', (err as Error).message);
			}
			if (count === null) throw new ApiError(404, 'NOT_FOUND', 'Social set not found');
			return send(200, { count });
		}
		throw new ApiError(404, 'NOT_FOUND', 'Unknown admin route');
	} catch (err) {
		if (err instanceof ApiError) return sendJson(res, { status: err.status, body: err.body() });
		throw err;
	}
}

function validLimits(obj: Record<string, unknown>): Partial<RateLimitConfig> {
	const out: Partial<RateLimitConfig> = {};
	for (const kind of ['user', 'socialSet'] as const) {
		const v = obj[kind];
		if (v === undefined) continue;
		if (!isObject(v) || !isPositiveInt(v.limit) || !isPositiveInt(v.windowSeconds)) {
			throw new ApiError(
				400,
				'VALIDATION_ERROR',
				`${kind} needs positive integers limit and windowSeconds`,
			);
		}
		out[kind] = { limit: v.limit as number, windowSeconds: v.windowSeconds as number };
	}
	return out;
}

function isPositiveInt(v: unknown): boolean {
	return typeof v === 'number' && Number.isInteger(v) && v > 0;
}
