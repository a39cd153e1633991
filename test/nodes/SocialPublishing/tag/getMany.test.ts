import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import { create } from './fixtures';
import { expectServiceError, runFresh } from '../../../harness/nodeRun';

const fx = useSandbox();

const getMany = (id: number, extra: Record<string, unknown>) => ({
	resource: 'tag',
	operation: 'getMany',
	socialSetId: byId(id),
	...extra,
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
