import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../helpers/nodeRun';
import { createText } from './fixtures';

const fx = useSandbox();

const input = [
	{ json: { text: 'Item zero', title: 'ok' } },
	{ json: { text: 'Item one', title: 'x'.repeat(600) } },
	{ json: { text: 'Item two', title: 'fine' } },
];
const params = createText('={{ $json.text }}', ['x'], {
	additionalFields: { draftTitle: '={{ $json.title }}' },
});

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
