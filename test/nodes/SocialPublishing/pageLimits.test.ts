import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../../harness/sandbox';
import { byId } from '../../harness/workflows';
import { expectRejectedBeforeSending, runFresh } from './helpers/nodeRun';

const fx = useSandbox();

/** Parameters of a Get Many style operation on social set 101 with Return All off and this Limit. */
function withLimit(
	resource: string,
	operation: string,
	limit: unknown,
	extra: Record<string, unknown> = {},
): INodeParameters {
	return {
		resource,
		operation,
		socialSetId: byId(101),
		returnAll: false,
		limit,
		...extra,
	} as INodeParameters;
}

const LIMITED: Array<[string, (limit: unknown) => INodeParameters]> = [
	['Social Set > Get Many', (limit) => withLimit('socialSet', 'getMany', limit)],
	['Draft > Get Many', (limit) => withLimit('draft', 'getMany', limit)],
	['Tag > Get Many', (limit) => withLimit('tag', 'getMany', limit)],
	[
		'Comment Thread > Get Many',
		(limit) => withLimit('commentThread', 'getMany', limit, { draftId: '1' }),
	],
	[
		'Analytics > Get Posts',
		(limit) =>
			withLimit('analytics', 'getPosts', limit, {
				platform: 'x',
				startDate: '2026-01-01',
				endDate: '2026-01-31',
			}),
	],
	[
		'Queue > Get Next Free Slots',
		(limit) => withLimit('queue', 'getNextFreeSlots', limit, { days: 14 }),
	],
];

describe('Limit below 1 is refused before sending, for every operation with a Limit (Limits: page size min 1)', () => {
	test.each(
		LIMITED.flatMap(([name, build]) => [0, -3, 2.5].map((limit) => [name, limit, build] as const)),
	)('%s with Limit %s', async (_name, limit, build) => {
		await expectRejectedBeforeSending(fx, build(limit), {
			parameter: 'Limit',
			problem: /must be a whole number of at least 1/,
		});
	});
});

describe('One output item per result, each paired to its input item (router)', () => {
	test('Tag > Get Many over two input items: the results of each input are paired to it', async () => {
		const { result, requests, items } = await runFresh(fx, withLimit('tag', 'getMany', 2), {
			input: [{ json: { n: 0 } }, { json: { n: 1 } }],
		});
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v2/social-sets/101/tags', { limit: ['2'], offset: ['0'] }],
			['GET', '/v2/social-sets/101/tags', { limit: ['2'], offset: ['0'] }],
		]);
		expect(items.map((tag) => tag.slug)).toEqual([
			'launch',
			'weekly-tips',
			'launch',
			'weekly-tips',
		]);
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	test('a result with no entries gives no item for that input, and the next input keeps its own pairing', async () => {
		const input = [{ json: { set: 102 } }, { json: { set: 101 } }];
		const parameters = {
			...withLimit('tag', 'getMany', 5),
			socialSetId: byId('={{ $json.set }}'),
		} as INodeParameters;
		const { result, items } = await runFresh(fx, parameters, { input });
		expect(result.error).toBeUndefined();
		expect(items.map((tag) => tag.slug)).toEqual(['launch', 'weekly-tips']);
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual([
			{ item: 1 },
			{ item: 1 },
		]);
	});
});
