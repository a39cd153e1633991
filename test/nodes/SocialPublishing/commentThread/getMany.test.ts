import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { createDraft, createThread, params, resolveOverHttp, threadsPath } from './fixtures';

const fx = useSandbox();
const getMany = (draftId: number, fields: INodeParameters = {}) =>
	params('commentThread', 'getMany', draftId, fields);

let draftId: number;
const ids: Record<string, string> = {};

beforeAll(async () => {
	draftId = await createDraft(fx, { x: ['alpha beta gamma'], linkedin: ['alpha beta gamma'] });
	ids.alpha = (await createThread(fx, draftId, 'alpha', { platform: 'x' })).id;
	ids.beta = (await createThread(fx, draftId, 'beta', { platform: 'linkedin' })).id;
	ids.gamma = (await createThread(fx, draftId, 'gamma', { platform: 'x' })).id;
	await resolveOverHttp(fx, draftId, ids.gamma);
});

beforeEach(() => fx.sandbox.clearRequests());

const idsOf = (result: Awaited<ReturnType<typeof fx.runNode>>) =>
	result.output(NODE).map((item) => item.json.id);

describe('Comment Thread > Get Many (GET .../comment-threads)', () => {
	test('without filters the service returns unresolved threads in creation order, one item each', async () => {
		const result = await fx.runNode(getMany(draftId, { returnAll: true }), { key: 'read' });
		expect(result.error).toBeUndefined();
		expect(idsOf(result)).toEqual([ids.alpha, ids.beta]);
		expect(
			result
				.output(NODE)
				.every(
					(item) =>
						item.pairedItem !== undefined && (item.pairedItem as { item: number }).item === 0,
				),
		).toBe(true);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: threadsPath(draftId),
				query: { limit: ['50'], offset: ['0'] },
				status: 200,
			}),
		]);
	});

	test('Status filter "all" and "resolved" are sent as the status query', async () => {
		const all = await fx.runNode(getMany(draftId, { returnAll: true, filters: { status: 'all' } }));
		expect(idsOf(all)).toEqual([ids.alpha, ids.beta, ids.gamma]);
		const resolved = await fx.runNode(
			getMany(draftId, { returnAll: true, filters: { status: 'resolved' } }),
		);
		expect(idsOf(resolved)).toEqual([ids.gamma]);
		expect(resolved.output(NODE)[0].json.status).toBe('resolved');
		expect(fx.apiRequests().map((request) => request.query.status)).toEqual([
			['all'],
			['resolved'],
		]);
	});

	test('Platform filter is sent as the platform query', async () => {
		const result = await fx.runNode(
			getMany(draftId, { returnAll: true, filters: { platform: 'linkedin', status: 'all' } }),
		);
		expect(idsOf(result)).toEqual([ids.beta]);
		expect(fx.apiRequests()[0].query).toMatchObject({ platform: ['linkedin'], status: ['all'] });
	});

	test('Limit asks the service for only that many', async () => {
		const result = await fx.runNode(
			getMany(draftId, { returnAll: false, limit: 1, filters: { status: 'all' } }),
		);
		expect(idsOf(result)).toEqual([ids.alpha]);
		expect(fx.apiRequests()).toHaveLength(1);
		expect(fx.apiRequests()[0].query).toMatchObject({ limit: ['1'], offset: ['0'] });
	});

	test("Draft ID from an expression giving a number (the id of a previous node's draft) works per item", async () => {
		const result = await fx.runNode(
			params('commentThread', 'getMany', '={{ $json.id }}', { returnAll: true }),
			{
				input: [{ json: { id: draftId } }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(idsOf(result)).toEqual([ids.alpha, ids.beta]);
		expect(fx.apiRequests()[0].path).toBe(threadsPath(draftId));
	});

	test('a draft without threads gives no items', async () => {
		const empty = await createDraft(fx, { x: ['quiet'] });
		const result = await fx.runNode(getMany(empty, { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)).toEqual([]);
	});

	test("an unknown draft surfaces the service's 404 NOT_FOUND", async () => {
		const result = await fx.runNode(getMany(99_999_999, { returnAll: true }));
		expect(result.error?.message).toMatch(/^NOT_FOUND: /);
		expect(result.error?.httpCode).toBe('404');
	});

	test('a Draft ID that is not a whole number is refused before sending', async () => {
		const result = await fx.runNode(params('commentThread', 'getMany', '-3', { returnAll: true }));
		expect(result.error?.message).toBe(
			'Parameter "Draft ID" must be a whole number, got "-3" [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});

describe('Comment Thread > Get Many: Return All pages through the service (page size max 50)', () => {
	test('55 threads come back in two pages of at most 50', async () => {
		const words = Array.from({ length: 55 }, (_, i) => `w${i}x`);
		const many = await createDraft(fx, { x: [words.join(' ')] });
		for (const word of words) await createThread(fx, many, word);
		fx.sandbox.clearRequests();
		const result = await fx.runNode(getMany(many, { returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(result.output(NODE).map((item) => item.json.selected_text)).toEqual(words);
		expect(
			fx.apiRequests().map((request) => [request.query.limit[0], request.query.offset[0]]),
		).toEqual([
			['50', '0'],
			['50', '50'],
		]);
	});
});
