import { useSandbox } from '../../harness/sandbox';
import { withLimit } from './fixtures';
import { byId } from '../../harness/workflows';
import { draftParams, seedDraft } from './draft/fixtures';
import { expectRejectedBeforeSending, runFresh } from '../../harness/nodeRun';
import type { INodeParameters } from 'n8n-workflow';

const fx = useSandbox();

/** 2^53 + 1: Number() would read it as 2^53, another draft. */
const BEYOND = '9007199254740993';

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

describe('IDs are exact: one beyond 2^53 - 1 is refused before any request, never rounded', () => {
	test('Draft > Delete with Draft ID 2^53 + 1', async () => {
		const message = await expectRejectedBeforeSending(
			fx,
			draftParams('delete', { draftId: BEYOND }),
			{
				parameter: 'Draft ID',
			},
		);
		expect(message).toBe(
			`Parameter "Draft ID" is larger than 9007199254740991, the largest ID the node carries exactly, got "${BEYOND}" [item 0]`,
		);
	});

	test('a Draft ID from an expression that JavaScript already rounded is refused too', async () => {
		await expectRejectedBeforeSending(fx, draftParams('delete', { draftId: `={{ ${BEYOND} }}` }), {
			parameter: 'Draft ID',
			problem: /is larger than 9007199254740991/,
		});
	});

	test('Social Set 2^53 + 1 on the second item: the first item is sent, the second refused naming item 1', async () => {
		const draft = await seedDraft(fx, {
			platforms: { mastodon: { enabled: true, posts: [{ text: 'Hi' }], settings: {} } },
		});
		await expectRejectedBeforeSending(
			fx,
			draftParams('get', { draftId: '={{ $json.draft }}', socialSetId: byId('={{ $json.set }}') }),
			{
				parameter: 'Social Set',
				itemIndex: 1,
				problem: /is larger than 9007199254740991/,
				sentBefore: 1,
			},
			{
				input: [
					{ json: { set: '101', draft: String(draft.id) } },
					{ json: { set: BEYOND, draft: String(draft.id) } },
				],
			},
		);
	});

	test.each([['-3'], ['1.5'], ['1e3'], ['0x10']])(
		'Draft ID %s is refused as not a whole number',
		async (id) => {
			await expectRejectedBeforeSending(fx, draftParams('delete', { draftId: id }), {
				parameter: 'Draft ID',
				problem: `must be a whole number, got "${id}"`,
			});
		},
	);

	test('the largest exact ID, 2^53 - 1, is sent as it is', async () => {
		const { result, requests } = await runFresh(
			fx,
			draftParams('get', { draftId: String(Number.MAX_SAFE_INTEGER) }),
		);
		expect(requests.map((r) => r.path)).toEqual([
			`/v2/social-sets/101/drafts/${Number.MAX_SAFE_INTEGER}`,
		]);
		expect(String(result.error?.httpCode)).toBe('404');
	});

	test('a 1 MB Draft ID is echoed cut, on one line', async () => {
		const message = await expectRejectedBeforeSending(
			fx,
			draftParams('delete', { draftId: `x\n${'9'.repeat(1_000_000)}` }),
			{ parameter: 'Draft ID' },
		);
		expect(message.length).toBeLessThan(300);
		expect(message).not.toContain('\n');
		expect(message).toContain('characters in all)" [item 0]');
	});
});

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
