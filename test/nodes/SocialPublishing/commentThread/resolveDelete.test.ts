import { findMarkerIds } from '../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import {
	UNKNOWN_UUID,
	createDraft,
	createThread,
	listAllThreads,
	params,
	postText,
	threadsPath,
} from './fixtures';

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

describe('Comment Thread > Delete (DELETE .../{comment_thread_id})', () => {
	test('deletes the thread and returns { deleted: true, id }; thread and markers are gone', async () => {
		const draftId = await createDraft(fx, { x: ['Remove this thread'] });
		const thread = await createThread(fx, draftId, 'this');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('commentThread', 'delete', draftId, { threadId: thread.id }),
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: `${threadsPath(draftId)}/${thread.id}`,
				status: 204,
			}),
		]);
		expect(result.output(NODE)).toEqual([
			{ json: { deleted: true, id: thread.id }, pairedItem: { item: 0 } },
		]);
		expect(await listAllThreads(fx, draftId)).toEqual([]);
		expect(await postText(fx, draftId)).toBe('Remove this thread');
	});

	test("an unknown thread surfaces the service's 404 NOT_FOUND with its message", async () => {
		const draftId = await createDraft(fx, { x: ['Nothing here'] });
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('commentThread', 'delete', draftId, { threadId: UNKNOWN_UUID }),
		);
		expect(result.error?.message).toMatch(/^NOT_FOUND: Comment thread/);
		expect(result.error?.httpCode).toBe('404');
		expect(fx.apiRequests()).toHaveLength(1);
	});

	test('Continue On Fail: a failed delete becomes an error item with the service code; the next item is deleted', async () => {
		const draftId = await createDraft(fx, { x: ['Two items here'] });
		const thread = await createThread(fx, draftId, 'items');
		const result = await fx.runNode(
			params('commentThread', 'delete', draftId, { threadId: '={{ $json.thread }}' }),
			{
				input: [{ json: { thread: UNKNOWN_UUID } }, { json: { thread: thread.id } }],
				settings: { continueOnFail: true },
			},
		);
		expect(result.error).toBeUndefined();
		const [failed, deleted] = result.output(NODE);
		expect(failed.json.error).toMatchObject({ code: 'NOT_FOUND', httpCode: '404' });
		expect(failed.pairedItem).toEqual({ item: 0 });
		expect(deleted).toEqual({ json: { deleted: true, id: thread.id }, pairedItem: { item: 1 } });
	});
});
