import { networkInterfaces } from 'node:os';
import { startSandbox } from '../../sandbox/index';
import { awayFromWindowEdge, call, errorCode, useSandbox, xPost } from './helpers';

const admin = (base: string, path: string, method = 'GET', body?: unknown) =>
	fetch(`${base}/__sandbox/${path}`, {
		method,
		headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});

describe('sandbox: fault injection and admin routes', () => {
	const sb = useSandbox();
	afterEach(() => sb().faults.clear());

	it('Faults: latency delays matching requests until cleared', async () => {
		// A latency of a second: the request after the clear must not wait it, with room for a loaded machine (a
		// plain request there can take more than a tenth of a second of wall time).
		const LATENCY_MS = 1000;
		sb().faults.set({ latencyMs: LATENCY_MS });
		let t = Date.now();
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(LATENCY_MS - 10);
		sb().faults.clear();
		t = Date.now();
		await call(sb(), 'read', 'GET', '/v2/me');
		expect(Date.now() - t).toBeLessThan(LATENCY_MS - 10);
	});

	it('Errors 503 SERVICE_UNAVAILABLE: a burst of N injected 503s, then normal answers', async () => {
		sb().faults.set({ fail503: 2 });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push(await call(sb(), 'read', 'GET', '/v2/me'));
		expect(statuses.map((r) => r.status)).toEqual([503, 503, 200]);
		expect(errorCode(statuses[0])).toBe('SERVICE_UNAVAILABLE');
		expect(statuses[0].headers.get('x-ratelimit-user-limit')).toMatch(/^\d+$/);
		sb().faults.set({ fail503: 1 });
		const body = { platforms: xPost('retried later') };
		expect((await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', body)).status).toBe(
			503,
		);
		expect(sb().requests[sb().requests.length - 1]).toEqual(
			expect.objectContaining({ status: 503, body }),
		);
	});

	it('Faults: dropped connections destroy the socket without a response for the next N requests', async () => {
		sb().faults.set({ dropConnections: 1 });
		await expect(
			fetch(`${sb().baseUrl}/v2/me`, { headers: { Authorization: 'Bearer sp_test_read' } }),
		).rejects.toThrow();
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(200);
		const dropped = sb().requests.filter((r) => r.path === '/v2/me' && r.status === 0);
		expect(dropped.length).toBeGreaterThanOrEqual(1);
	});

	it('Errors 429 RATE_LIMITED: forced 429s carry the rate limit headers with a reset', async () => {
		sb().faults.set({ force429: 1 });
		const res = await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags');
		expect(res.status).toBe(429);
		expect(errorCode(res)).toBe('RATE_LIMITED');
		expect(res.headers.get('x-ratelimit-user-remaining')).toBe('0');
		expect(Number(res.headers.get('x-ratelimit-user-reset'))).toBeGreaterThanOrEqual(
			Math.floor(Date.now() / 1000),
		);
		expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect((await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags')).status).toBe(200);
	});

	it('Faults: limited to a path substring', async () => {
		sb().faults.set({ fail503: 1, paths: '/tags' });
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(200);
		expect((await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags')).status).toBe(503);
		expect((await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags')).status).toBe(200);
	});

	it('Faults: a 503 BEFORE handling stores nothing; a 503 AFTER storing keeps the draft', async () => {
		const count = async () =>
			(await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts')).body.count as number;
		const start = await count();
		sb().faults.set({ fail503: 1, paths: '/drafts', methods: 'POST' });
		const before = await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
			platforms: xPost('refused before'),
		});
		expect(before.status).toBe(503);
		expect(await count()).toBe(start);
		sb().faults.set({ fail503AfterStore: 1, paths: '/drafts', methods: 'POST' });
		// the GET is not a POST: it passes untouched and the counter stays for the POST
		expect(await count()).toBe(start);
		const after = await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
			platforms: xPost('stored, answer lost'),
		});
		expect(after.status).toBe(503);
		expect(errorCode(after)).toBe('SERVICE_UNAVAILABLE');
		expect(after.headers.get('x-ratelimit-user-limit')).toMatch(/^\d+$/);
		expect(await count()).toBe(start + 1);
		const next = await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
			platforms: xPost('normal again'),
		});
		expect(next.status).toBe(201);
		expect(await count()).toBe(start + 2);
	});

	it('Faults: a dropped connection AFTER storing keeps the write; skip lets the first N through', async () => {
		sb().faults.set({ dropAfterStore: 1, skip: 1, paths: '/tags', methods: 'POST' });
		const first = await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', { name: 'first' });
		expect(first.status).toBe(201);
		await expect(
			fetch(`${sb().baseUrl}/v2/social-sets/101/tags`, {
				method: 'POST',
				headers: { Authorization: 'Bearer sp_test_write', 'Content-Type': 'application/json' },
				body: JSON.stringify({ name: 'dropped-after' }),
			}),
		).rejects.toThrow();
		const tags = await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags?limit=50');
		expect(tags.body.results.map((t: { name: string }) => t.name)).toEqual(
			expect.arrayContaining(['first', 'dropped-after']),
		);
		const again = await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', {
			name: 'dropped-after',
		});
		expect(again.status).toBe(400);
	});

	it('Faults: a slow answer AFTER storing: the write is stored, the answer comes delayAfterStoreMs late, or never to a client that gave up', async () => {
		sb().faults.set({
			delayAfterStore: 2,
			delayAfterStoreMs: 300,
			paths: '/tags',
			methods: 'POST',
		});
		let t = Date.now();
		const slow = await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', {
			name: 'slow one',
		});
		expect(slow.status).toBe(201);
		expect(Date.now() - t).toBeGreaterThanOrEqual(290);
		// a client with a shorter timeout gives up; the tag is stored all the same
		t = Date.now();
		await expect(
			fetch(`${sb().baseUrl}/v2/social-sets/101/tags`, {
				method: 'POST',
				headers: { Authorization: 'Bearer sp_test_write', 'Content-Type': 'application/json' },
				body: JSON.stringify({ name: 'slow two' }),
				signal: AbortSignal.timeout(50),
			}),
		).rejects.toThrow();
		expect(Date.now() - t).toBeLessThan(290);
		const tags = await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags?limit=50');
		expect(tags.body.results.map((tag: { name: string }) => tag.name)).toEqual(
			expect.arrayContaining(['slow one', 'slow two']),
		);
		// the counter is spent: the next answer is on time
		t = Date.now();
		expect(
			(await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', { name: 'on time' })).status,
		).toBe(201);
		expect(Date.now() - t).toBeLessThan(290);
	});

	it('Admin route POST /__sandbox/faults takes the after-store faults, skip and methods, and refuses bad ones', async () => {
		const set = await admin(sb().baseUrl, 'faults', 'POST', {
			fail503AfterStore: 2,
			skip: 1,
			methods: 'post, patch',
			paths: '/drafts',
		});
		expect(set.status).toBe(200);
		expect(((await set.json()) as { faults: Record<string, unknown> }).faults).toMatchObject({
			fail503AfterStore: 2,
			skip: 1,
			methods: 'POST,PATCH',
			paths: '/drafts',
		});
		expect((await admin(sb().baseUrl, 'faults', 'POST', { dropAfterStore: 1.5 })).status).toBe(400);
		expect((await admin(sb().baseUrl, 'faults', 'POST', { methods: 'FETCH' })).status).toBe(400);
		expect((await admin(sb().baseUrl, 'faults', 'POST', { skip: -1 })).status).toBe(400);
		expect(
			(await admin(sb().baseUrl, 'faults', 'POST', { delayAfterStore: 1, delayAfterStoreMs: -5 }))
				.status,
		).toBe(400);
	});

	it('Admin route POST /__sandbox/faults sets faults; DELETE clears them', async () => {
		const set = await admin(sb().baseUrl, 'faults', 'POST', { fail503: 5, paths: '/v2/me' });
		expect(set.status).toBe(200);
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(503);
		expect((await admin(sb().baseUrl, 'faults', 'DELETE')).status).toBe(204);
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(200);
		expect((await admin(sb().baseUrl, 'faults', 'POST', { fail503: -1 })).status).toBe(400);
	});

	it('Admin routes: requests are recorded with method, path, query, lower-cased headers, parsed body and status', async () => {
		sb().clearRequests();
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts?x=1&x=2', {
			platforms: xPost('recorded'),
		});
		await call(sb(), 'sp_real_looking_secret', 'GET', '/v2/me');
		const res = await admin(sb().baseUrl, 'requests');
		const { requests } = (await res.json()) as { requests: Array<Record<string, any>> };
		expect(requests).toHaveLength(2);
		expect(requests[0]).toEqual({
			method: 'POST',
			path: '/v2/social-sets/101/drafts',
			query: { x: ['1', '2'] },
			headers: expect.objectContaining({
				authorization: 'Bearer sp_test_write',
				'content-type': 'application/json',
			}),
			body: { platforms: xPost('recorded') },
			status: 201,
			// the buckets the service counted it in: the user's (every request) and its social set's (a creation)
			counted: [
				expect.objectContaining({ bucket: 'user:3', limit: expect.any(Number) }),
				expect.objectContaining({ bucket: 'socialSet:101', count: expect.any(Number) }),
			],
		});
		expect(requests[1].status).toBe(401);
		// an unknown key is counted in no bucket
		expect(requests[1].counted).toBeUndefined();
		expect(requests[1].headers.authorization).toBe('<redacted>');
		expect(JSON.stringify(requests)).not.toContain('sp_real_looking_secret');
		expect((await admin(sb().baseUrl, 'requests', 'DELETE')).status).toBe(204);
		expect(sb().requests).toHaveLength(0);
	});

	it('Admin route POST /__sandbox/clock/advance moves the sandbox clock', async () => {
		const before = sb().clock.now().getTime();
		const res = await admin(sb().baseUrl, 'clock/advance', 'POST', { ms: 3_600_000 });
		const body = (await res.json()) as { now: string };
		expect(res.status).toBe(200);
		expect(Date.parse(body.now) - before).toBeGreaterThanOrEqual(3_600_000);
		expect((await admin(sb().baseUrl, 'clock/advance', 'POST', { ms: 'soon' })).status).toBe(400);
	});

	it('Admin route POST /__sandbox/rate-limits reconfigures the buckets', async () => {
		await awayFromWindowEdge(60);
		expect(
			(await admin(sb().baseUrl, 'rate-limits', 'POST', { user: { limit: 1, windowSeconds: 60 } }))
				.status,
		).toBe(200);
		expect((await call(sb(), 'admin', 'GET', '/v2/me')).status).toBe(200);
		expect((await call(sb(), 'admin', 'GET', '/v2/me')).status).toBe(429);
		expect(
			(await admin(sb().baseUrl, 'rate-limits', 'POST', { user: { limit: 0, windowSeconds: 60 } }))
				.status,
		).toBe(400);
		await admin(sb().baseUrl, 'rate-limits', 'POST', { user: { limit: 1000, windowSeconds: 60 } });
		expect((await call(sb(), 'admin', 'GET', '/v2/me')).status).toBe(200);
	});

	it('Admin route POST /__sandbox/reset restores the seed', async () => {
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', { name: 'temporary' });
		expect((await admin(sb().baseUrl, 'reset', 'POST')).status).toBe(200);
		const tags = await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags');
		expect(tags.body.results.map((t: { slug: string }) => t.slug)).toEqual([
			'launch',
			'weekly-tips',
		]);
		expect((await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts')).body.count).toBe(0);
	});

	it('Admin route POST /__sandbox/social-sets/{id}/account switches plan state; unknown admin route is 404', async () => {
		const res = await admin(sb().baseUrl, 'social-sets/101/account', 'POST', { paused: true });
		expect(res.status).toBe(200);
		expect(
			(await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() }))
				.status,
		).toBe(402);
		await admin(sb().baseUrl, 'social-sets/101/account', 'POST', { paused: false });
		expect(
			(await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() }))
				.status,
		).toBe(201);
		expect((await admin(sb().baseUrl, 'social-sets/999/account', 'POST', {})).status).toBe(404);
		expect((await admin(sb().baseUrl, 'nope')).status).toBe(404);
	});

	it('Admin routes answer only on loopback (non-loopback clients get 404)', async () => {
		const external = Object.values(networkInterfaces())
			.flat()
			.find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
		const box = await startSandbox({ host: '0.0.0.0', quiet: true });
		try {
			const loop = await fetch(`http://127.0.0.1:${box.port}/__sandbox/clock`);
			expect(loop.status).toBe(200);
			if (external) {
				const remote = await fetch(`http://${external}:${box.port}/__sandbox/clock`);
				expect(remote.status).toBe(404);
				const api = await fetch(`http://${external}:${box.port}/v2/me`, {
					headers: { Authorization: 'Bearer sp_test_read' },
				});
				expect(api.status).toBe(200);
			}
		} finally {
			await box.close();
		}
	});
});
