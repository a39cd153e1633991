import http from 'node:http';
import { awayFromWindowEdge, call, errorCode, useSandbox, xPost } from './helpers';
import type { ApiResponse } from './helpers';

describe('sandbox: paged envelope and rate limits', () => {
	const sb = useSandbox({
		rateLimits: {
			user: { limit: 1000, windowSeconds: 60 },
			socialSet: { limit: 500, windowSeconds: 60 },
		},
	});

	beforeAll(async () => {
		for (let i = 0; i < 12; i++)
			await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost(`draft ${i}`),
			});
	});

	it('Limits page size: default 10 with count, limit, offset, next, previous', async () => {
		const res = await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts');
		expect(res.body.limit).toBe(10);
		expect(res.body.offset).toBe(0);
		expect(res.body.count).toBe(12);
		expect(res.body.results).toHaveLength(10);
		expect(res.body.previous).toBeNull();
		const next = new URL(res.body.next);
		expect(`${next.protocol}//${next.host}`).toBe(sb().baseUrl);
		expect(next.pathname).toBe('/v2/social-sets/101/drafts');
		expect(next.searchParams.get('limit')).toBe('10');
		expect(next.searchParams.get('offset')).toBe('10');
		const page2 = await call(sb(), 'read', 'GET', `${next.pathname}${next.search}`);
		expect(page2.body.results).toHaveLength(2);
		expect(page2.body.next).toBeNull();
		expect(new URL(page2.body.previous).searchParams.get('offset')).toBe('0');
	});

	it('Limits page size: next/previous keep other query parameters and use the request Host', async () => {
		// fetch does not let a caller set Host, node:http does
		const body = await new Promise<any>((resolve, reject) => {
			const req = http.get(
				`${sb().baseUrl}/v2/social-sets/101/drafts?status=draft&limit=5&offset=5`,
				{ headers: { Authorization: 'Bearer sp_test_read', Host: `localhost:${sb().port}` } },
				(res) => {
					let text = '';
					res.on('data', (c) => (text += c));
					res.on('end', () => resolve(JSON.parse(text)));
				},
			);
			req.on('error', reject);
		});
		const next = new URL(body.next);
		expect(next.host).toBe(`localhost:${sb().port}`);
		expect(next.searchParams.get('status')).toBe('draft');
		expect(next.searchParams.get('offset')).toBe('10');
		expect(new URL(body.previous).searchParams.get('offset')).toBe('0');
	});

	it('Limits page size: min 1, max 50; outside is 422 VALIDATION_ERROR', async () => {
		expect(
			(await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts?limit=50')).body.limit,
		).toBe(50);
		expect(
			(await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts?limit=1')).body.results,
		).toHaveLength(1);
		for (const path of [
			'/v2/social-sets/101/drafts?limit=0',
			'/v2/social-sets/101/drafts?limit=51',
			'/v2/social-sets?limit=51',
			'/v2/social-sets/101/tags?limit=0',
		]) {
			const res = await call(sb(), 'read', 'GET', path);
			expect(res.status).toBe(422);
			expect(res.body.error.details[0].field).toBe('limit');
		}
	});

	it('Limits offset: min 0, default 0; negative is 422', async () => {
		const res = await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts?offset=-1');
		expect(res.status).toBe(422);
		expect(res.body.error.details[0].field).toBe('offset');
		const beyond = await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts?offset=1000');
		expect(beyond.body.results).toEqual([]);
		expect(beyond.body.next).toBeNull();
	});

	it('Rate limits: both header families on every response, including errors', async () => {
		const responses = [
			await call(sb(), 'read', 'GET', '/v2/me'),
			await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts'),
			await call(sb(), 'read', 'GET', '/v2/social-sets/102/drafts'),
			await call(sb(), null, 'GET', '/v2/me'),
		];
		for (const res of responses) {
			for (const h of [
				'User-Limit',
				'User-Remaining',
				'User-Reset',
				'SocialSet-Limit',
				'SocialSet-Remaining',
				'SocialSet-Reset',
			]) {
				expect(res.headers.get(`x-ratelimit-${h.toLowerCase()}`)).toMatch(/^\d+$/);
			}
			expect(res.headers.get('x-ratelimit-socialset-resource')).toBe('drafts.create');
		}
		const reset = Number(responses[0].headers.get('x-ratelimit-user-reset'));
		expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
		expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
	});

	it('Rate limits: per-user fixed window over all endpoints; 429 RATE_LIMITED when exceeded, new window after reset', async () => {
		sb().setRateLimits({ user: { limit: 3, windowSeconds: 60 } });
		try {
			await awayFromWindowEdge(60);
			const statuses: number[] = [];
			const remaining: string[] = [];
			for (const path of ['/v2/me', '/v2/social-sets', '/v2/social-sets/101/tags', '/v2/me']) {
				const res = await call(sb(), 'read', 'GET', path);
				statuses.push(res.status);
				remaining.push(res.headers.get('x-ratelimit-user-remaining')!);
				if (res.status === 429) {
					expect(errorCode(res)).toBe('RATE_LIMITED');
					expect(res.headers.get('x-ratelimit-user-limit')).toBe('3');
				}
			}
			expect(statuses).toEqual([200, 200, 200, 429]);
			expect(remaining).toEqual(['2', '1', '0', '0']);
			expect((await call(sb(), 'write', 'GET', '/v2/me')).status).toBe(200); // another user has its own bucket
			// a one-second window: once the wall clock passes Reset, the next request is allowed again
			sb().setRateLimits({ user: { limit: 1, windowSeconds: 1 } });
			// two requests in one window; on a busy machine a second may begin between them (the answers
			// then report different resets), and the pair is tried again
			const resetOf = (res: ApiResponse) => res.headers.get('x-ratelimit-user-reset');
			let allowed: ApiResponse | undefined;
			let limited: ApiResponse | undefined;
			for (let attempt = 0; attempt < 5; attempt++) {
				await awayFromWindowEdge(1, 300);
				allowed = await call(sb(), 'read', 'GET', '/v2/me');
				limited = await call(sb(), 'read', 'GET', '/v2/me');
				if (resetOf(allowed) === resetOf(limited)) break;
			}
			expect(allowed?.status).toBe(200);
			expect(limited?.status).toBe(429);
			expect(resetOf(limited!)).toBe(resetOf(allowed!));
			const reset = Number(resetOf(limited!));
			await new Promise((r) => setTimeout(r, Math.max(0, reset * 1000 - Date.now()) + 20));
			expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(200);
		} finally {
			sb().setRateLimits({ user: { limit: 1000, windowSeconds: 60 } });
		}
	});

	it('Rate limits: per-social-set bucket for drafts.create', async () => {
		sb().setRateLimits({ socialSet: { limit: 2, windowSeconds: 60 } });
		try {
			await awayFromWindowEdge(60);
			const create = () =>
				call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() });
			const a = await create();
			expect(a.status).toBe(201);
			expect(a.headers.get('x-ratelimit-socialset-remaining')).toBe('1');
			expect((await create()).status).toBe(201);
			const limited = await create();
			expect(limited.status).toBe(429);
			expect(errorCode(limited)).toBe('RATE_LIMITED');
			expect(limited.headers.get('x-ratelimit-socialset-resource')).toBe('drafts.create');
			expect(limited.headers.get('x-ratelimit-socialset-remaining')).toBe('0');
			const other = await call(sb(), 'admin', 'POST', '/v2/social-sets/102/drafts', {
				platforms: xPost(),
			});
			expect(other.status).toBe(201);
			const list = await call(sb(), 'read', 'GET', '/v2/social-sets/101/drafts');
			expect(list.status).toBe(200);
			expect(list.headers.get('x-ratelimit-socialset-remaining')).toBe('0');
		} finally {
			sb().setRateLimits({ socialSet: { limit: 500, windowSeconds: 60 } });
		}
	});
});
