import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import {
	UNKNOWN_UUID,
	UUID,
	autoSyncOverHttp,
	commentedDraft,
	createDraft,
	createThread,
	listAllThreads,
	params,
	resolveOverHttp,
	threadsPath,
} from '../commentThread/fixtures';

const fx = useSandbox();

let draftId: number;

beforeAll(async () => {
	draftId = await commentedDraft(fx);
});

beforeEach(() => fx.sandbox.clearRequests());

describe('Comment > Add (POST .../{comment_thread_id}/comments)', () => {
	test('adds the comment and returns the full updated thread', async () => {
		const thread = await createThread(fx, draftId, 'one');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('comment', 'add', draftId, { threadId: thread.id, text: 'Agreed, keep it' }),
			{ key: 'write' },
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `${threadsPath(draftId)}/${thread.id}/comments`,
				body: { text: 'Agreed, keep it' },
			}),
		]);
		const [item] = result.output(NODE);
		expect(item.json).toMatchObject({
			id: thread.id,
			status: 'unresolved',
			comments: [
				{ text: 'First comment' },
				{ id: expect.stringMatching(UUID), text: 'Agreed, keep it', user: { id: 3 } },
			],
		});
	});

	test("a resolved thread: the service's 409 CONFLICT code and message surface (States and transitions)", async () => {
		const thread = await createThread(fx, draftId, 'two');
		await resolveOverHttp(fx, draftId, thread.id);
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('comment', 'add', draftId, { threadId: thread.id, text: 'Too late?' }),
		);
		expect(result.error?.message).toBe('CONFLICT: The comment thread is resolved');
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(fx.apiRequests()).toHaveLength(1);
	});

	test("a thread on an auto-synced platform: the service's 409 CONFLICT code and message surface (States and transitions, Errors)", async () => {
		const synced = await createDraft(fx, {
			x: ['Same news for all'],
			linkedin: ['Same news for all'],
		});
		const thread = await createThread(fx, synced, 'news', { platform: 'linkedin' });
		await autoSyncOverHttp(fx, synced, 'linkedin');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('comment', 'add', synced, { threadId: thread.id, text: 'One more thought' }),
			{ key: 'write' },
		);
		expect(result.error?.message).toBe(
			'CONFLICT: The thread is on the auto-synced platform linkedin',
		);
		expect(result.error?.httpCode).toBe('409');
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `${threadsPath(synced)}/${thread.id}/comments`,
				body: { text: 'One more thought' },
				status: 409,
			}),
		]);
		expect(
			(await listAllThreads(fx, synced))
				.find((t) => t.id === thread.id)
				?.comments.map((c) => c.text),
		).toEqual(['First comment']);
	});

	test('Continue On Fail: the 409 becomes an error item with code CONFLICT and the message', async () => {
		const thread = await createThread(fx, draftId, 'three');
		await resolveOverHttp(fx, draftId, thread.id);
		const result = await fx.runNode(
			params('comment', 'add', draftId, { threadId: thread.id, text: 'x' }),
			{ settings: { continueOnFail: true } },
		);
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)[0]).toMatchObject({
			json: {
				error: {
					code: 'CONFLICT',
					message: 'CONFLICT: The comment thread is resolved',
					httpCode: '409',
				},
			},
			pairedItem: { item: 0 },
		});
	});

	test.each([
		[
			'Text empty (from an expression)',
			{ text: '={{ "" }}' },
			'Parameter "Text" must be 1 to 10,000 characters, got 0 [item 0]',
		],
		[
			'Text over 10,000 characters',
			{ text: 'c'.repeat(10_001) },
			'Parameter "Text" must be 1 to 10,000 characters, got 10001 [item 0]',
		],
		[
			'Comment Thread ID not a UUID',
			{ threadId: '42', text: 'ok' },
			'Parameter "Comment Thread ID" must be a UUID, got "42" [item 0]',
		],
	])('%s is refused and nothing is sent', async (_case, fields, message) => {
		const result = await fx.runNode(
			params('comment', 'add', draftId, { threadId: UNKNOWN_UUID, ...fields }),
		);
		expect(result.error?.message).toBe(message);
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});
