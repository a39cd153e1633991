import { useSandbox } from '../../harness/sandbox';
import { withLimit } from './fixtures';
import { HUGE, runFresh } from '../../harness/nodeRun';
import { createText, draftParams } from './draft/fixtures';
import type { INodeParameters } from 'n8n-workflow';
import { runWorkflow } from '../../harness/runWorkflow';
import { useScriptedServer } from '../../harness/useScriptedServer';
import { byId, singleNodeWorkflow } from '../../harness/workflows';
import { inspect } from 'node:util';
import type { RunResult } from '../../harness/runWorkflow';
import {
	clearFaultsAndRequests,
	createFromItems,
	draftsTitled,
	runWithRetry,
	sent,
	titledItems,
	UNKNOWN_MEDIA,
} from './retryOnFail/fixtures';

/**
 * The router (nodes/SocialPublishing/actions/router.ts): the loop over the input items, one output item per
 * result paired to its input, Continue On Fail (error items with the service's code and details), errors that
 * stop the run naming their item, what leaves the node (no key, bounded texts), and the count of error items
 * handed to the retry memory of the try.
 */
// Publishing takes 0.3 s, so a publish is still in progress when the next try reads the draft.
const fx = useSandbox({ publishDelayMs: 300 });

afterEach(() => clearFaultsAndRequests(fx));

const input = [
	{ json: { text: 'Item zero', title: 'ok' } },
	{ json: { text: 'Item one', title: 'x'.repeat(600) } },
	{ json: { text: 'Item two', title: 'fine' } },
];

const params = createText('={{ $json.text }}', ['x'], {
	additionalFields: { draftTitle: '={{ $json.title }}' },
});

/** Everything a run leaves behind: the whole run data as JSON, and the error with its hidden fields (cause, stack, context). */
function everything(result: RunResult): string {
	return [
		JSON.stringify(result.run),
		inspect(result.error, {
			depth: 12,
			showHidden: true,
			maxArrayLength: null,
			maxStringLength: null,
		}),
	].join('\n');
}

const socialSetGet = {
	resource: 'socialSet',
	operation: 'get',
	socialSetId: byId('={{ $json.set }}'),
} as INodeParameters;

describe('Draft > Create over several items (router: pairing, Continue On Fail)', () => {
	test('with Continue On Fail a bad item becomes an error item paired to its input and the others go on', async () => {
		const { result, requests, items } = await runFresh(fx, params, {
			input,
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		const output = result.output('Social Publishing');
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0]).toMatchObject({ draft_title: 'ok', preview: 'Item zero' });
		expect(items[1]).toEqual({
			error: expect.objectContaining({
				message: expect.stringContaining('Parameter "Draft Title" is 600 characters long'),
			}),
		});
		expect((items[1].error as { message: string }).message).toContain('[item 1]');
		expect(items[2]).toMatchObject({ draft_title: 'fine', preview: 'Item two' });
		expect(requests.map((r) => (r.body as { draft_title: string }).draft_title)).toEqual([
			'ok',
			'fine',
		]);
	});

	test('with Continue On Fail a service error keeps its code and details in the error item', async () => {
		// an unknown media id is only found by the service (a tag slug is checked by the node before sending)
		const tagged = createText('={{ $json.text }}', ['x'], {
			mediaIds: '={{ $json.media }}',
			additionalFields: { tags: '={{ $json.tags }}' },
		});
		const rows = [
			{ json: { text: 'known tag', tags: ['launch'], media: '' } },
			{
				json: {
					text: 'unknown media',
					tags: ['launch'],
					media: '00000000-0000-4000-8000-000000000000',
				},
			},
			{ json: { text: 'after the failure', tags: ['weekly-tips'], media: '' } },
		];
		const { result, items, requests } = await runFresh(fx, tagged, {
			input: rows,
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		// the tag list is read once for the run, then one POST per item
		expect(requests.map((r) => r.status)).toEqual([200, 201, 400, 201]);
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(items[0]).toMatchObject({ tags: ['launch'] });
		expect(items[1].error).toMatchObject({
			code: 'VALIDATION_ERROR',
			httpCode: '400',
			message: expect.stringMatching(/^VALIDATION_ERROR: /),
			details: [
				expect.objectContaining({ field: expect.any(String), message: expect.any(String) }),
			],
		});
		expect(items[2]).toMatchObject({ tags: ['weekly-tips'], preview: 'after the failure' });
	});

	test('without Continue On Fail the run stops at the bad item and names it', async () => {
		const { result, requests } = await runFresh(fx, params, { input });
		expect(result.error?.message).toContain('[item 1]');
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(requests).toHaveLength(1);
	});

	test('every output item is paired to the input item it came from', async () => {
		const many = Array.from({ length: 4 }, (_, n) => ({
			json: { text: `Post ${n}`, title: `t${n}` },
		}));
		const { result, items } = await runFresh(fx, params, { input: many });
		expect(result.error).toBeUndefined();
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual(
			many.map((_, n) => ({ item: n })),
		);
		expect(items.map((item) => item.draft_title)).toEqual(['t0', 't1', 't2', 't3']);
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

describe('The API key never appears in any output or error (project rule; Authentication 1)', () => {
	test('Continue On Fail: a succeeding item, a service error (403) and a refused item; the key is in no part of the run', async () => {
		const input = [
			{ json: { set: 101 } },
			{ json: { set: 103 } },
			{ json: { set: 'not-a-number' } },
		];
		const { result, requests, items } = await runFresh(fx, socialSetGet, {
			key: 'admin',
			input,
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => [r.path, r.status, r.headers.authorization])).toEqual([
			['/v2/social-sets/101/', 200, `Bearer ${fx.sandbox.keys.admin}`],
			['/v2/social-sets/103/', 403, `Bearer ${fx.sandbox.keys.admin}`],
		]);
		expect(items[0]).toMatchObject({ id: 101 });
		expect(items[1]).toMatchObject({ error: { code: 'FORBIDDEN', httpCode: '403' } });
		expect(items[2]).toMatchObject({
			error: { message: expect.stringContaining('Parameter "Social Set"') },
		});
		expect(everything(result)).not.toContain(fx.sandbox.keys.admin);
	});

	test('a run that stops at a service error after a succeeding item: neither run data nor error holds the key', async () => {
		const input = [{ json: { set: 101 } }, { json: { set: 103 } }];
		const { result, requests } = await runFresh(fx, socialSetGet, { key: 'publish', input });
		expect(requests.map((r) => r.status)).toEqual([200, 403]);
		expect(result.error?.message).toMatch(/^FORBIDDEN: /);
		expect(result.run.data.resultData.runData['Social Publishing']).toHaveLength(1);
		expect(everything(result)).not.toContain(fx.sandbox.keys.publish);
	});

	test('a failing write (403 INSUFFICIENT_ACCESS_LEVEL on Draft > Create) does not echo the key either', async () => {
		const create = {
			resource: 'draft',
			operation: 'create',
			socialSetId: byId(101),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Hi',
		} as INodeParameters;
		const { result, requests } = await runFresh(fx, create, { key: 'read' });
		expect(requests).toHaveLength(1);
		expect(result.error?.message).toMatch(/^INSUFFICIENT_ACCESS_LEVEL: /);
		expect(everything(result)).not.toContain(fx.sandbox.keys.read);
	});
});

describe('texts of the service', () => {
	const server = useScriptedServer();

	test('a 1 MB service error reaches a Continue On Fail item cut, with bounded details', async () => {
		server.reply({
			status: 400,
			body: {
				error: {
					code: 'VALIDATION_ERROR',
					message: HUGE,
					details: [
						{ field: 'f', message: HUGE },
						...Array.from({ length: 10_000 }, (_, i) => ({ field: `f${i}`, message: 'bad' })),
					],
				},
			},
		});
		const result = await runWorkflow(
			singleNodeWorkflow(draftParams('get', { draftId: '5' }), { continueOnFail: true }),
			{ credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } } },
		);
		expect(result.error).toBeUndefined();
		const item = result.output('Social Publishing')[0].json as { error: Record<string, unknown> };
		expect(String(item.error.message)).toMatch(
			/^VALIDATION_ERROR: x Ignore previous instructions A+…/,
		);
		expect(item.error.details).toHaveLength(100);
		expect(JSON.stringify(item).length).toBeLessThan(20_000);
	});
});

describe('A result larger than a call can take as arguments (router)', () => {
	const server = useScriptedServer();

	// Return All reads up to 10,000 pages of 50: the router once spread a result into one push call,
	// which throws RangeError (call stack) somewhere past 120,000 entries on Node 20.
	test('Draft > Get Many with Return All over 160,000 drafts gives 160,000 items, each paired to its input', async () => {
		const total = 160_000;
		server.otherwise((request) => {
			const offset = Number(request.query.get('offset'));
			const limit = Number(request.query.get('limit'));
			const count = Math.max(0, Math.min(limit, total - offset));
			const results = Array.from({ length: count }, (_, i) => ({ id: offset + i + 1 }));
			const next =
				offset + count < total ? `${server.baseUrl}/v2/x?offset=${offset + count}` : null;
			return { status: 200, body: { count: total, next, previous: null, results } };
		});
		const result = await runWorkflow(
			singleNodeWorkflow(draftParams('getMany', { returnAll: true })),
			{ credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } } },
		);
		expect(result.error).toBeUndefined();
		const output = result.output('Social Publishing');
		expect(output).toHaveLength(total);
		expect(output[0].json.id).toBe(1);
		expect(output[total - 1].json.id).toBe(total);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(server.requests).toHaveLength(total / 50);
	}, 120_000);
});

describe('Retry On Fail with Continue On Fail', () => {
	test('n8n tries again while the first output item is an error: the other items are still written once', async () => {
		const input = [
			{ text: 'both first', title: 'both settings', tags: 'launch', media: UNKNOWN_MEDIA },
			{ text: 'both second', title: 'both settings', tags: 'launch', media: '' },
			{ text: 'both third', title: 'both settings', tags: 'launch', media: '' },
		];
		const { result, items: out } = await runWithRetry(fx, createFromItems(), input, {
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(out[0].error).toMatchObject({ code: 'VALIDATION_ERROR', httpCode: '400' });
		expect(out.slice(1).map((d) => d.preview)).toEqual(['both second', 'both third']);
		expect(await draftsTitled(fx, 'both settings')).toHaveLength(2);
		// three tries of the refused first item, one write of each other item
		const posts = sent(fx, 'POST', '/v2/social-sets/101/drafts');
		expect(posts.map((r) => r.status)).toEqual([400, 201, 201, 400, 400]);
	});

	test('an error item that is not the first: n8n does not try again', async () => {
		const { items: out } = await runWithRetry(
			fx,
			createFromItems(),
			titledItems('later error', true),
			{
				continueOnFail: true,
			},
		);
		expect(out.map((d) => (d.error ? 'error' : d.preview))).toEqual([
			'later error one',
			'later error two',
			'error',
		]);
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts')).toHaveLength(3);
	});
});

describe('An operation the node does not have (a workflow saved by another version, or edited by hand)', () => {
	// The operation field takes no expression (noDataExpression), so such a value comes only from saved JSON.
	const unknown: INodeParameters = {
		resource: 'tag',
		operation: 'explode',
		socialSetId: byId(101),
	};

	test('stops the run at the first item, naming the operation and the resource; nothing is sent', async () => {
		const { result, requests } = await runFresh(fx, unknown, {
			input: [{ json: { n: 1 } }, { json: { n: 2 } }],
		});
		expect(result.error?.message).toBe(
			'The operation "explode" of resource "tag" is not supported',
		);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(requests).toEqual([]);
	});

	test('with Continue On Fail: one error item per input item, each paired with it', async () => {
		const { result, items, requests } = await runFresh(fx, unknown, {
			input: [{ json: { n: 1 } }, { json: { n: 2 } }],
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		const error = { message: 'The operation "explode" of resource "tag" is not supported' };
		expect(items).toEqual([
			{ error: expect.objectContaining(error) },
			{ error: expect.objectContaining(error) },
		]);
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
		]);
		expect(requests).toEqual([]);
	});
});

describe('A resource or operation named like a property every object has', () => {
	// The lookup reads own properties only: "constructor" is no operation of Tag. (An unknown resource
	// n8n refuses itself: it finds no Operation field shown for it.)
	test.each([
		['tag', 'constructor'],
		['tag', 'toString'],
		['tag', '__proto__'],
		['draft', 'hasOwnProperty'],
	])(
		'resource "%s", operation "%s": not supported, nothing is sent',
		async (resource, operation) => {
			const { result, requests } = await runFresh(fx, {
				resource,
				operation,
				socialSetId: byId(101),
			});
			expect(result.error?.message).toBe(
				`The operation "${operation}" of resource "${resource}" is not supported`,
			);
			expect(result.error?.context?.itemIndex).toBe(0);
			expect(requests).toEqual([]);
		},
	);
});
