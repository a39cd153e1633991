import { call, errorCode, useSandbox } from './helpers';

describe('sandbox: users and social sets', () => {
	const sb = useSandbox();

	it('Endpoints GET /v2/me: 200 User for any valid key', async () => {
		const res = await call(sb(), 'read', 'GET', '/v2/me');
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			id: 4,
			name: 'Rae Reader',
			email: 'rae@acme.example',
			signup_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
			api_key_label: 'sandbox read key',
			profile_image_url: expect.any(String),
		});
		const outsider = await call(sb(), 'outsider', 'GET', '/v2/me');
		expect(outsider.body.api_key_label).toBeNull();
		expect(outsider.body.profile_image_url).toBeNull();
	});

	it('Authentication: missing key is 401 UNAUTHORIZED', async () => {
		const res = await call(sb(), null, 'GET', '/v2/me');
		expect(res.status).toBe(401);
		expect(errorCode(res)).toBe('UNAUTHORIZED');
		expect(typeof res.body.error.message).toBe('string');
	});

	it('Authentication: invalid key is 401 UNAUTHORIZED', async () => {
		const res = await call(sb(), 'sp_not_a_key', 'GET', '/v2/social-sets');
		expect(res.status).toBe(401);
		expect(errorCode(res)).toBe('UNAUTHORIZED');
		const basic = await call(sb(), null, 'GET', '/v2/me', undefined, {
			Authorization: 'Basic abc',
		});
		expect(basic.status).toBe(401);
	});

	it('Endpoints GET /v2/social-sets: lists only accessible sets in the paged envelope', async () => {
		const admin = await call(sb(), 'admin', 'GET', '/v2/social-sets');
		expect(admin.status).toBe(200);
		expect(admin.body.count).toBe(2);
		expect(admin.body.results.map((s: { id: number }) => s.id)).toEqual([101, 102]);
		expect(admin.body.results[0]).toEqual({
			id: 101,
			name: 'Acme Personal',
			username: 'acme',
			profile_image_url: expect.any(String),
			team: null,
		});
		expect(admin.body.results[1].team).toEqual({ id: 'team_acme', name: 'Acme Inc.' });
		const outsider = await call(sb(), 'outsider', 'GET', '/v2/social-sets');
		expect(outsider.body.results.map((s: { id: number }) => s.id)).toEqual([103]);
		expect(outsider.body.results[0].profile_image_url).toBeNull();
	});

	it('Endpoints GET /v2/social-sets: 401 without a key', async () => {
		const res = await call(sb(), null, 'GET', '/v2/social-sets');
		expect(res.status).toBe(401);
	});

	it('Endpoints GET /v2/social-sets/{id}/: detail with platforms and publishing_quota, trailing slash optional', async () => {
		const withSlash = await call(sb(), 'read', 'GET', '/v2/social-sets/101/');
		const without = await call(sb(), 'read', 'GET', '/v2/social-sets/101');
		expect(withSlash.status).toBe(200);
		expect(without.body).toEqual(withSlash.body);
		const detail = withSlash.body;
		expect(Object.keys(detail.platforms).sort()).toEqual([
			'bluesky',
			'linkedin',
			'mastodon',
			'substack',
			'threads',
			'x',
		]);
		expect(detail.platforms.x).toEqual({
			platform: 'x',
			username: 'acme',
			name: 'Acme Personal',
			profile_image_url: expect.any(String),
			profile_url: 'https://x.com/acme',
		});
		expect(detail.platforms.mastodon).toEqual(
			expect.objectContaining({ followers_count: expect.any(Number), server: 'mastodon.social' }),
		);
		expect(detail.publishing_quota).toEqual({
			used: expect.any(Number),
			remaining: expect.any(Number),
			resets_at: expect.any(String),
		});
		const team = await call(sb(), 'admin', 'GET', '/v2/social-sets/102/');
		expect(team.body.platforms.threads).toBeNull();
		expect(team.body.platforms.linkedin.platform).toBe('linkedin');
	});

	it('Social set detail publishing_quota: remaining is the limit less used, resets_at the next UTC month; optional, left out when the account does not report it', async () => {
		const path = '/v2/social-sets/101/';
		try {
			sb().setAccount(101, { quotaLimit: 10, quotaUsed: 7 });
			const quota = (await call(sb(), 'read', 'GET', path)).body.publishing_quota;
			expect(quota.used).toBe(7);
			expect(quota.remaining).toBe(3);
			const now = sb().clock.now();
			const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
			expect(Date.parse(quota.resets_at)).toBe(nextMonth.getTime());
			const hidden = await fetch(`${sb().baseUrl}/__sandbox/social-sets/101/account`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ quotaReported: false }),
			});
			expect(hidden.status).toBe(200);
			const detail = (await call(sb(), 'read', 'GET', path)).body;
			expect(detail.platforms.x.platform).toBe('x');
			expect('publishing_quota' in detail).toBe(false);
		} finally {
			sb().setAccount(101, { quotaLimit: 100, quotaUsed: 0, quotaReported: true });
		}
	});

	it('Endpoints GET /v2/social-sets/{id}/: 403 FORBIDDEN without access, 404 NOT_FOUND when missing', async () => {
		const forbidden = await call(sb(), 'read', 'GET', '/v2/social-sets/102/');
		expect(forbidden.status).toBe(403);
		expect(errorCode(forbidden)).toBe('FORBIDDEN');
		const missing = await call(sb(), 'read', 'GET', '/v2/social-sets/999/');
		expect(missing.status).toBe(404);
		expect(errorCode(missing)).toBe('NOT_FOUND');
		const notInt = await call(sb(), 'read', 'GET', '/v2/social-sets/abc/');
		expect(notInt.status).toBe(404);
	});

	it('Endpoints GET linkedin/organizations/resolve: company and school URLs resolve deterministically', async () => {
		const path = (u: string) =>
			`/v2/social-sets/101/linkedin/organizations/resolve?organization_url=${encodeURIComponent(u)}`;
		const a = await call(sb(), 'read', 'GET', path('https://www.linkedin.com/company/acme-corp/'));
		const b = await call(sb(), 'read', 'GET', path('https://linkedin.com/company/acme-corp'));
		expect(a.status).toBe(200);
		expect(b.body).toEqual(a.body);
		expect(a.body).toEqual({
			id: expect.stringMatching(/^\d+$/),
			urn: `urn:li:organization:${a.body.id}`,
			mention_text: `@[Acme Corp](urn:li:organization:${a.body.id})`,
			name: 'Acme Corp',
			vanity_name: 'acme-corp',
			description: null,
			website: expect.any(String),
			logo_url: null,
			url: 'https://www.linkedin.com/company/acme-corp/',
		});
		const school = await call(
			sb(),
			'read',
			'GET',
			path('https://www.linkedin.com/school/stanford-university/'),
		);
		expect(school.status).toBe(200);
		expect(school.body.url).toBe('https://www.linkedin.com/school/stanford-university/');
		expect(school.body.id).not.toBe(a.body.id);
	});

	it('Endpoints GET linkedin/organizations/resolve: 400 VALIDATION_ERROR for other URLs or a missing URL', async () => {
		for (const q of [
			'?organization_url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fsomeone%2F',
			'?organization_url=https%3A%2F%2Fexample.com%2Fcompany%2Fx%2F',
			'',
		]) {
			const res = await call(
				sb(),
				'read',
				'GET',
				`/v2/social-sets/101/linkedin/organizations/resolve${q}`,
			);
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
			expect(res.body.error.details[0].field).toBe('organization_url');
		}
	});

	it('Endpoints GET linkedin/organizations/resolve: 503 SERVICE_UNAVAILABLE (vanity sandbox-unavailable or fault)', async () => {
		const res = await call(
			sb(),
			'read',
			'GET',
			'/v2/social-sets/101/linkedin/organizations/resolve?organization_url=https://www.linkedin.com/company/sandbox-unavailable/',
		);
		expect(res.status).toBe(503);
		expect(errorCode(res)).toBe('SERVICE_UNAVAILABLE');
		sb().faults.set({ fail503: 1, paths: '/linkedin/organizations/resolve' });
		const faulted = await call(
			sb(),
			'read',
			'GET',
			'/v2/social-sets/101/linkedin/organizations/resolve?organization_url=https://www.linkedin.com/company/acme/',
		);
		expect(faulted.status).toBe(503);
		const after = await call(
			sb(),
			'read',
			'GET',
			'/v2/social-sets/101/linkedin/organizations/resolve?organization_url=https://www.linkedin.com/company/acme/',
		);
		expect(after.status).toBe(200);
	});

	it('Endpoints GET linkedin/organizations/resolve: 403 and 404 on the social set', async () => {
		const q = '?organization_url=https://www.linkedin.com/company/acme/';
		expect(
			(await call(sb(), 'read', 'GET', `/v2/social-sets/103/linkedin/organizations/resolve${q}`))
				.status,
		).toBe(403);
		expect(
			(await call(sb(), 'read', 'GET', `/v2/social-sets/404/linkedin/organizations/resolve${q}`))
				.status,
		).toBe(404);
	});

	it('Errors: unknown path is 404 NOT_FOUND', async () => {
		const res = await call(sb(), 'read', 'GET', '/v2/nothing-here');
		expect(res.status).toBe(404);
		expect(errorCode(res)).toBe('NOT_FOUND');
	});
});
