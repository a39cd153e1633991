import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import {
	UNKNOWN_UUID,
	addCommentOverHttp,
	commentedDraft,
	createThread,
	listAllThreads,
	params,
	threadsPath,
} from '../commentThread/fixtures';

const fx = useSandbox();

let draftId: number;

beforeAll(async () => {
	draftId = await commentedDraft(fx);
});

beforeEach(() => fx.sandbox.clearRequests());

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
