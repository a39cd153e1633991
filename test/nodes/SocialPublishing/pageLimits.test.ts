import type { INodeParameters } from 'n8n-workflow';
import { getTags } from '../../../nodes/SocialPublishing/methods/loadOptions';
import { rateLimitMemory } from '../../../nodes/common/transport';
import { runWorkflow } from '../../harness/runWorkflow';
import { useSandbox } from '../../harness/sandbox';
import { ScriptedServer } from '../../harness/scriptedServer';
import { byId, singleNodeWorkflow } from '../../harness/workflows';
import { createText } from './draft/fixtures';
import { loadOptionsContext } from './methods/loadOptionsContext';
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

describe('the tag reader stops when the service answers the same page again (Paged envelope: next)', () => {
	const server = new ScriptedServer();
	const tags = Array.from({ length: 50 }, (_, i) => ({ name: `Tag ${i}`, slug: `tag-${i}` }));

	beforeAll(async () => {
		await server.start();
	});
	afterAll(async () => {
		await server.stop();
	});
	beforeEach(() => {
		server.reset();
		rateLimitMemory.clear();
		// Every offset gets the first page again, with a next link and no count.
		server.otherwise((request) => ({
			body: {
				results: request.path.endsWith('/tags') ? tags : [],
				next: `${server.baseUrl}${request.path}?limit=50&offset=50`,
			},
		}));
	});

	test('Draft > Create with Tag Names: an error naming the repeat, and no draft is sent', async () => {
		const result = await runWorkflow(
			singleNodeWorkflow(
				createText('Hello', ['mastodon'], { additionalFields: { tagNames: 'Missing Tag' } }),
			),
			{ credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } } },
		);
		expect(result.error?.message).toBe(
			'Stopped reading /v2/social-sets/101/tags: the service answered offset 50 with the page before again',
		);
		expect(server.requests.map((r) => `${r.method} ${r.path} ${r.query.get('offset')}`)).toEqual([
			'GET /v2/social-sets/101/tags 0',
			'GET /v2/social-sets/101/tags 50',
		]);
	});

	test('the tag list of the editor (load options) fails the same way instead of loading forever', async () => {
		const context = loadOptionsContext(
			{ resource: 'draft', operation: 'create', socialSetId: byId(101) } as never,
			{ apiKey: 'sp_scripted', baseUrl: server.baseUrl },
			'parameters.additionalFields.tags',
		);
		await expect(getTags.call(context)).rejects.toThrow(
			'Stopped reading /v2/social-sets/101/tags: the service answered offset 50 with the page before again',
		);
		expect(server.requests).toHaveLength(2);
	});
});
