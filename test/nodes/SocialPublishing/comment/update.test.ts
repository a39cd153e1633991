import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import {
	UNKNOWN_UUID,
	commentedDraft,
	createThread,
	params,
	threadsPath,
} from '../commentThread/fixtures';

const fx = useSandbox();

let draftId: number;

beforeAll(async () => {
	draftId = await commentedDraft(fx);
});

beforeEach(() => fx.sandbox.clearRequests());

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
