import { searchSocialSets } from '../../../nodes/common/socialSets';
import type { KeyName } from '../../harness/sandbox';
import { useSandbox } from '../../harness/sandbox';
import { useScriptedServer } from '../../harness/useScriptedServer';
import {
	loadOptionsContext,
	sandboxContextFor,
} from '../SocialPublishing/methods/loadOptionsContext';

const fx = useSandbox();

beforeEach(() => fx.sandbox.clearRequests());

const contextFor = sandboxContextFor(fx);

const searchContext = (key: KeyName = 'admin') =>
	contextFor({ resource: 'socialSet', operation: 'get' }, key);

describe('listSearch searchSocialSets (Users and social sets: GET /v2/social-sets)', () => {
	test('without a filter: every visible set, named with username and team, one page of 50', async () => {
		const result = await searchSocialSets.call(searchContext());
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets',
				query: { limit: ['50'], offset: ['0'] },
			}),
		]);
		expect(result).toEqual({
			results: [
				{ name: 'Acme Personal (@acme)', value: '101' },
				{ name: 'Acme Team (@acmeteam, Acme Inc.)', value: '102' },
			],
			paginationToken: undefined,
		});
	});

	test.each([
		['part of the name, any case', 'TEAM', ['102']],
		['the username', 'acme', ['101', '102']],
		['the ID', '101', ['101']],
		['something no set has', 'zebra', []],
	])('the filter matches %s', async (_label, filter, values) => {
		const result = await searchSocialSets.call(searchContext(), filter);
		expect(result.results.map((entry) => entry.value)).toEqual(values);
	});

	test('the pagination token is the offset of the next request', async () => {
		const result = await searchSocialSets.call(searchContext(), undefined, '1');
		expect(fx.apiRequests()[0].query).toEqual({ limit: ['50'], offset: ['1'] });
		expect(result).toEqual({
			results: [{ name: 'Acme Team (@acmeteam, Acme Inc.)', value: '102' }],
			paginationToken: undefined,
		});
	});

	test('a key sees only its own sets', async () => {
		const result = await searchSocialSets.call(searchContext('outsider'));
		expect(result.results).toEqual([{ name: 'Outsider Corner (@outsider)', value: '103' }]);
	});

	test('a bad key fails with the service message and no key in it', async () => {
		const context = loadOptionsContext(
			{ resource: 'socialSet', operation: 'get' },
			{ apiKey: 'sp_not_a_key_31337', baseUrl: fx.sandbox.baseUrl },
		);
		const failure = await searchSocialSets.call(context).then(
			() => undefined,
			(error: Error) => error,
		);
		expect(failure?.message).toBe('UNAUTHORIZED: Invalid API key');
		expect(JSON.stringify(failure)).not.toContain('sp_not_a_key_31337');
	});

	describe('when the service has a next page (more than 50 sets; the sandbox seeds three, so a scripted server answers)', () => {
		const server = useScriptedServer();
		/** A social set as the list answers it. */
		const set = (id: number) => ({
			id,
			name: `Set ${id}`,
			username: `set${id}`,
			profile_image_url: null,
			team: null,
		});

		test('a filter that matches nothing on the first page reads the next one in the same call', async () => {
			server.reply(
				{
					body: {
						results: Array.from({ length: 50 }, (_, i) => set(i + 1)),
						count: 51,
						limit: 50,
						offset: 0,
						next: 'more',
						previous: null,
					},
				},
				{
					body: {
						results: [{ ...set(51), name: 'Zebra Crossing' }],
						count: 51,
						limit: 50,
						offset: 50,
						next: null,
						previous: 'back',
					},
				},
			);
			const context = contextFor(
				{ resource: 'socialSet', operation: 'get' },
				'admin',
				server.baseUrl,
			);
			const result = await searchSocialSets.call(context, 'zebra');
			expect(result).toEqual({
				results: [{ name: 'Zebra Crossing (@set51)', value: '51' }],
				paginationToken: undefined,
			});
			expect(server.requests.map((r) => r.query.get('offset'))).toEqual(['0', '50']);
		});

		test('the token for the next call is offset + 50, and that call sends it as offset', async () => {
			server.reply(
				{
					body: {
						results: Array.from({ length: 50 }, (_, i) => set(i + 1)),
						count: 51,
						limit: 50,
						offset: 0,
						next: `${server.baseUrl}/v2/social-sets?limit=50&offset=50`,
						previous: null,
					},
				},
				{
					body: {
						results: [set(51)],
						count: 51,
						limit: 50,
						offset: 50,
						next: null,
						previous: `${server.baseUrl}/v2/social-sets?limit=50&offset=0`,
					},
				},
			);
			const context = contextFor(
				{ resource: 'socialSet', operation: 'get' },
				'admin',
				server.baseUrl,
			);
			const first = await searchSocialSets.call(context);
			expect(first.results).toHaveLength(50);
			expect(first.paginationToken).toBe('50');
			const second = await searchSocialSets.call(
				context,
				undefined,
				first.paginationToken as string,
			);
			expect(second).toEqual({
				results: [{ name: 'Set 51 (@set51)', value: '51' }],
				paginationToken: undefined,
			});
			expect(server.requests.map((request) => request.query.get('offset'))).toEqual(['0', '50']);
		});
	});
});
