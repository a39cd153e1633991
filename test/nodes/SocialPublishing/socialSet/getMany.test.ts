import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';

const fx = useSandbox();

const getMany = (extra: Record<string, unknown>) => ({
	resource: 'socialSet',
	operation: 'getMany',
	...extra,
});

describe('Social Set > Get Many (Users and social sets: GET /v2/social-sets; page size max 50)', () => {
	test('Return All asks for pages of 50 and returns every visible set', async () => {
		const { result, requests, items } = await runFresh(fx, getMany({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets',
				query: { limit: ['50'], offset: ['0'] },
			}),
		]);
		expect(items.map((set) => set.id)).toEqual([101, 102]);
		expect(items[0]).toEqual({
			id: 101,
			name: 'Acme Personal',
			username: 'acme',
			profile_image_url: expect.any(String),
			team: null,
		});
	});

	test('Limit 7 sends one request with limit=7', async () => {
		const { requests, items } = await runFresh(fx, getMany({ returnAll: false, limit: 7 }));
		expect(requests).toEqual([expect.objectContaining({ query: { limit: ['7'], offset: ['0'] } })]);
		expect(items).toHaveLength(2);
	});

	test('Limit 1 returns one set', async () => {
		const { requests, items } = await runFresh(fx, getMany({ returnAll: false, limit: 1 }));
		expect(requests).toHaveLength(1);
		expect(requests[0].query.limit).toEqual(['1']);
		expect(items.map((set) => set.id)).toEqual([101]);
	});

	test('the outsider sees only its own set', async () => {
		const { items } = await runFresh(fx, getMany({ returnAll: true }), { key: 'outsider' });
		expect(items.map((set) => set.id)).toEqual([103]);
	});

	test('a Limit of 0 is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, getMany({ returnAll: false, limit: 0 }), {
			parameter: 'Limit',
		});
	});
});
