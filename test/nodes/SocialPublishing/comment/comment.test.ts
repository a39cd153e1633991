import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import {
	UNKNOWN_UUID,
	UUID,
	addCommentOverHttp,
	autoSyncOverHttp,
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
	draftId = await createDraft(fx, { x: ['one two three four five six seven eight'] });
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

describe('Comment > Update (PATCH .../comments/{comment_id})', () => {
	test('the author changes the text; the full thread comes back', async () => {
		const thread = await createThread(fx, draftId, 'four');
		const commentId = thread.comments[0].id;
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('comment', 'update', draftId, { threadId: thread.id, commentId, text: 'Edited text' }),
			{ key: 'write' },
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'PATCH',
				path: `${threadsPath(draftId)}/${thread.id}/comments/${commentId}`,
				body: { text: 'Edited text' },
				status: 200,
			}),
		]);
		expect(result.output(NODE)[0].json).toMatchObject({
			id: thread.id,
			comments: [{ id: commentId, text: 'Edited text' }],
		});
	});

	test("someone other than the author gets the service's 403 (comment author only)", async () => {
		const thread = await createThread(fx, draftId, 'five');
		const result = await fx.runNode(
			params('comment', 'update', draftId, {
				threadId: thread.id,
				commentId: thread.comments[0].id,
				text: 'Not mine',
			}),
			{ key: 'admin' },
		);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/^FORBIDDEN: Only the author/);
	});

	test.each([
		[
			'Comment ID not a UUID',
			{ commentId: 'c-1', text: 'ok' },
			'Parameter "Comment ID" must be a UUID, got "c-1" [item 0]',
		],
		[
			'Text over 10,000 characters',
			{ commentId: UNKNOWN_UUID, text: 'd'.repeat(10_001) },
			'Parameter "Text" must be 1 to 10,000 characters, got 10001 [item 0]',
		],
	])('%s is refused and nothing is sent', async (_case, fields, message) => {
		const result = await fx.runNode(
			params('comment', 'update', draftId, { threadId: UNKNOWN_UUID, ...fields }),
		);
		expect(result.error?.message).toBe(message);
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});

describe('Comment > Delete (DELETE .../comments/{comment_id})', () => {
	test('deletes a reply and returns { deleted: true, id }; the thread keeps its root comment', async () => {
		const thread = await createThread(fx, draftId, 'six');
		const updated = await addCommentOverHttp(fx, draftId, thread.id, 'A reply');
		const replyId = updated.comments[1].id;
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('comment', 'delete', draftId, { threadId: thread.id, commentId: replyId }),
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: `${threadsPath(draftId)}/${thread.id}/comments/${replyId}`,
				status: 204,
			}),
		]);
		expect(result.output(NODE)).toEqual([
			{ json: { deleted: true, id: replyId }, pairedItem: { item: 0 } },
		]);
		const after = (await listAllThreads(fx, draftId)).find((t) => t.id === thread.id);
		expect(after?.comments.map((c) => c.text)).toEqual(['First comment']);
	});

	test('deleting the root comment deletes the whole thread', async () => {
		const thread = await createThread(fx, draftId, 'seven');
		const result = await fx.runNode(
			params('comment', 'delete', draftId, {
				threadId: thread.id,
				commentId: thread.comments[0].id,
			}),
		);
		expect(result.output(NODE)[0].json).toEqual({ deleted: true, id: thread.comments[0].id });
		expect((await listAllThreads(fx, draftId)).map((t) => t.id)).not.toContain(thread.id);
	});

	test("an unknown comment surfaces the service's 404 NOT_FOUND", async () => {
		const thread = await createThread(fx, draftId, 'eight');
		const result = await fx.runNode(
			params('comment', 'delete', draftId, { threadId: thread.id, commentId: UNKNOWN_UUID }),
		);
		expect(result.error?.message).toMatch(/^NOT_FOUND: Comment/);
		expect(result.error?.httpCode).toBe('404');
	});

	test('a Comment ID that is not a UUID is refused before sending', async () => {
		const result = await fx.runNode(
			params('comment', 'delete', draftId, { threadId: UNKNOWN_UUID, commentId: 'nope' }),
		);
		expect(result.error?.message).toBe(
			'Parameter "Comment ID" must be a UUID, got "nope" [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});
