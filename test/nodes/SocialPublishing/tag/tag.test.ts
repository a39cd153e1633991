import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import { expectRejectedBeforeSending, expectServiceError, runFresh } from '../helpers/nodeRun';

const fx = useSandbox();
const create = (name: string, id = 101) => ({
	resource: 'tag',
	operation: 'create',
	socialSetId: byId(id),
	name,
});
const getMany = (id: number, extra: Record<string, unknown>) => ({
	resource: 'tag',
	operation: 'getMany',
	socialSetId: byId(id),
	...extra,
});

describe('Tag > Create (Tags: POST /v2/social-sets/{id}/tags)', () => {
	test('creates the tag with a WRITE key and returns slug, name and created_at', async () => {
		const { result, requests, items } = await runFresh(fx, create('  Product News '), {
			key: 'write',
		});
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/v2/social-sets/101/tags',
				query: {},
				body: { name: 'Product News' },
				status: 201,
			}),
		]);
		expect(items).toEqual([
			{
				slug: 'product-news',
				name: 'Product News',
				created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			},
		]);
	});

	test('32 characters is the most (Limits: Tag name 1 to 32), counted as characters, not UTF-16 units', async () => {
		const { result, requests } = await runFresh(fx, create('🎉'.repeat(32)));
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ name: '🎉'.repeat(32) });
	});

	test('33 characters are refused before sending', async () => {
		await expectRejectedBeforeSending(fx, create('x'.repeat(33)), {
			parameter: 'Name',
			problem: /1 to 32 characters long, got 33/,
		});
	});

	test('a blank name is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, create('={{ "   " }}'), {
			parameter: 'Name',
			problem: /got 0/,
		});
	});

	test('the refused item is named: the third of three', async () => {
		await expectRejectedBeforeSending(
			fx,
			create('={{ $json.name }}'),
			{ parameter: 'Name', itemIndex: 2, sentBefore: 2 },
			{
				input: [
					{ json: { name: 'Item Zero' } },
					{ json: { name: 'Item One' } },
					{ json: { name: 'y'.repeat(40) } },
				],
			},
		);
	});

	test('a duplicate name surfaces 400 VALIDATION_ERROR with its detail (Errors)', async () => {
		const { result } = await runFresh(fx, create('Launch'));
		expectServiceError(result, {
			httpCode: 400,
			code: 'VALIDATION_ERROR',
			message: /already exists/,
		});
		expect(result.error?.description).toContain('name: duplicate tag name');
	});

	test('a READ key gets 403 INSUFFICIENT_ACCESS_LEVEL', async () => {
		const { result } = await runFresh(fx, create('Read Only'), { key: 'read' });
		expectServiceError(result, {
			httpCode: 403,
			code: 'INSUFFICIENT_ACCESS_LEVEL',
			message: /WRITE/,
		});
	});
});

describe('Tag > Get Many (Tags: GET /v2/social-sets/{id}/tags, ordered by slug, page size max 50)', () => {
	const BULK = 55;

	beforeAll(async () => {
		const input = Array.from({ length: BULK }, (_, n) => ({
			json: { n: String(n).padStart(2, '0') },
		}));
		const { result, items } = await runFresh(fx, create('={{ "Bulk " + $json.n }}', 102), {
			input,
		});
		expect(result.error).toBeUndefined();
		expect(items).toHaveLength(BULK);
	});

	test('Return All reads every page of 50 and returns all tags in slug order', async () => {
		const { result, requests, items } = await runFresh(fx, getMany(102, { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/v2/social-sets/102/tags', { limit: ['50'], offset: ['0'] }],
			['GET', '/v2/social-sets/102/tags', { limit: ['50'], offset: ['50'] }],
		]);
		expect(items).toHaveLength(BULK);
		expect(items.map((tag) => tag.slug)).toEqual(
			Array.from({ length: BULK }, (_, n) => `bulk-${String(n).padStart(2, '0')}`),
		);
		expect(items[0]).toEqual({ slug: 'bulk-00', name: 'Bulk 00', created_at: expect.any(String) });
	});

	test('Limit 7 sends one request with limit=7 and returns 7 tags', async () => {
		const { requests, items } = await runFresh(fx, getMany(102, { returnAll: false, limit: 7 }));
		expect(requests).toEqual([
			expect.objectContaining({
				path: '/v2/social-sets/102/tags',
				query: { limit: ['7'], offset: ['0'] },
			}),
		]);
		expect(items.map((tag) => tag.slug)).toEqual([
			'bulk-00',
			'bulk-01',
			'bulk-02',
			'bulk-03',
			'bulk-04',
			'bulk-05',
			'bulk-06',
		]);
	});

	test('the seeded tags of 101 with a READ key', async () => {
		const { items } = await runFresh(fx, getMany(101, { returnAll: true }), { key: 'read' });
		expect(items.map((tag) => tag.slug)).toEqual(expect.arrayContaining(['launch', 'weekly-tips']));
	});

	test('403 FORBIDDEN on the invisible social set', async () => {
		const { result } = await runFresh(fx, getMany(103, { returnAll: true }));
		expectServiceError(result, { httpCode: 403, code: 'FORBIDDEN' });
	});

	test('404 NOT_FOUND on an unknown social set', async () => {
		const { result } = await runFresh(fx, getMany(999, { returnAll: true }));
		expectServiceError(result, { httpCode: 404, code: 'NOT_FOUND' });
	});
});
