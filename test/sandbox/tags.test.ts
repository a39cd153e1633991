import { call, errorCode, useSandbox } from './helpers';

describe('sandbox: tags', () => {
	const sb = useSandbox();
	const path = '/v2/social-sets/101/tags';
	const create = (name: unknown, key: 'write' | 'read' = 'write') =>
		call(sb(), key, 'POST', path, { name });

	it('Endpoints GET tags: paged tags ordered by slug', async () => {
		await create('Zebra');
		await create('Alpha');
		const res = await call(sb(), 'read', 'GET', path);
		expect(res.status).toBe(200);
		const slugs = res.body.results.map((t: { slug: string }) => t.slug);
		expect(slugs).toEqual([...slugs].sort());
		expect(slugs).toEqual(expect.arrayContaining(['launch', 'weekly-tips', 'alpha', 'zebra']));
		expect(res.body.results.find((t: { slug: string }) => t.slug === 'launch')).toEqual({
			slug: 'launch',
			name: 'Launch',
			created_at: expect.stringMatching(/Z$/),
		});
		const paged = await call(sb(), 'read', 'GET', `${path}?limit=1&offset=1`);
		expect(paged.body.results).toEqual([res.body.results[1]]);
		expect(paged.body.count).toBe(res.body.count);
	});

	it('Endpoints GET tags: 403 without access, 404 unknown set', async () => {
		expect(errorCode(await call(sb(), 'read', 'GET', '/v2/social-sets/102/tags'))).toBe(
			'FORBIDDEN',
		);
		expect((await call(sb(), 'read', 'GET', '/v2/social-sets/9999/tags')).status).toBe(404);
	});

	it('Endpoints POST tags: 201 Tag with a generated slug (sandbox slug rule)', async () => {
		const cases: Array<[string, string]> = [
			['Product News', 'product-news'],
			['  Café   Ünïcode!! ', 'cafe-unicode'],
			['2026/Q1 -- Plans', '2026-q1-plans'],
			['🚀🚀', 'tag'],
		];
		for (const [name, slug] of cases) {
			const res = await create(name);
			expect(res.status).toBe(201);
			expect(res.body).toEqual({ slug, name: name.trim(), created_at: expect.any(String) });
		}
		const clash = await create('Product-News!');
		expect(clash.status).toBe(201);
		expect(clash.body.slug).toBe('product-news-2');
	});

	it('Errors 400 VALIDATION_ERROR: duplicate tag name (case-insensitive)', async () => {
		const res = await create('launch');
		expect(res.status).toBe(400);
		expect(errorCode(res)).toBe('VALIDATION_ERROR');
		expect(res.body.error.details[0].field).toBe('name');
	});

	it('Limits tag name: 1 to 32 characters (too short 400, too long 422)', async () => {
		expect((await create('x'.repeat(32))).status).toBe(201);
		expect((await create('y')).status).toBe(201);
		const long = await create('z'.repeat(33));
		expect(long.status).toBe(422);
		expect(long.body.error.details).toEqual([{ field: 'name', message: expect.any(String) }]);
		for (const short of ['', '   ']) {
			const res = await create(short);
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
		}
		expect((await create(12)).status).toBe(422);
		expect((await call(sb(), 'write', 'POST', path, {})).status).toBe(422);
	});

	it('Endpoints POST tags: 403 INSUFFICIENT_ACCESS_LEVEL for READ, FORBIDDEN without access, 404 unknown set', async () => {
		expect(errorCode(await create('readers', 'read'))).toBe('INSUFFICIENT_ACCESS_LEVEL');
		expect(
			errorCode(await call(sb(), 'write', 'POST', '/v2/social-sets/102/tags', { name: 'x' })),
		).toBe('FORBIDDEN');
		expect(
			(await call(sb(), 'write', 'POST', '/v2/social-sets/9999/tags', { name: 'x' })).status,
		).toBe(404);
	});

	it('Errors 403 MONETIZATION_ERROR: tags need the plan feature', async () => {
		sb().setAccount(101, { features: { communities: true, tags: false } });
		try {
			const res = await create('paid feature');
			expect(res.status).toBe(403);
			expect(errorCode(res)).toBe('MONETIZATION_ERROR');
		} finally {
			sb().setAccount(101, { features: { communities: true, tags: true } });
		}
	});
});
