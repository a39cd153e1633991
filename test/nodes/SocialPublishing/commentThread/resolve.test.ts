import { findMarkerIds } from '../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { createDraft, createThread, params, postText, threadsPath } from './fixtures';

const fx = useSandbox();

beforeEach(() => fx.sandbox.clearRequests());

describe('Comment Thread > Resolve (POST .../{comment_thread_id}/resolve)', () => {
	test('resolves the thread, returns it, and the service removes its markers from the text', async () => {
		const draftId = await createDraft(fx, { x: ['Ship it today'] });
		const thread = await createThread(fx, draftId, 'today');
		expect(findMarkerIds(await postText(fx, draftId))).toEqual([thread.id]);
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('commentThread', 'resolve', draftId, { threadId: thread.id }),
			{ key: 'write' },
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `${threadsPath(draftId)}/${thread.id}/resolve`,
				body: undefined,
				status: 200,
			}),
		]);
		expect(result.output(NODE)[0].json).toMatchObject({
			id: thread.id,
			status: 'resolved',
			selected_text: 'today',
		});
		expect(await postText(fx, draftId)).toBe('Ship it today');
	});

	test('a Comment Thread ID that is not a UUID is refused before sending', async () => {
		const result = await fx.runNode(
			params('commentThread', 'resolve', 5, { threadId: 'thread-1' }),
		);
		expect(result.error?.message).toBe(
			'Parameter "Comment Thread ID" must be a UUID, got "thread-1" [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test("a READ key that did not write the thread gets the service's 403", async () => {
		const draftId = await createDraft(fx, { x: ['Read only'] });
		const thread = await createThread(fx, draftId, 'only');
		const result = await fx.runNode(
			params('commentThread', 'resolve', draftId, { threadId: thread.id }),
			{ key: 'read' },
		);
		expect(result.error?.message).toMatch(/^INSUFFICIENT_ACCESS_LEVEL: /);
		expect(result.error?.httpCode).toBe('403');
	});
});
