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
