import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import {
	UNKNOWN_UUID,
	createDraft,
	createThread,
	listAllThreads,
	params,
	threadsPath,
} from '../commentThread/fixtures';
import { api } from '../draft/fixtures';
import { PNG_BYTES, readyMediaId, uploadParams } from '../media/fixtures';
import { queueParams } from '../queue/fixtures';
import { byId, NODE } from '../../../harness/workflows';
import { clearFaultsAndRequests, retryWorkflow, runWithRetry, sent } from './fixtures';

const fx = useSandbox();

afterEach(() => clearFaultsAndRequests(fx));

const tagNames = async () =>
	(
		await api<{ results: IDataObject[] }>(fx, 'GET', '/v2/social-sets/101/tags?limit=50')
	).body.results.map((tag) => tag.name);

describe('Retry On Fail: Tag > Create', () => {
	test('a dropped connection after the second tag was stored: each tag made once, the stored one adopted', async () => {
		fx.sandbox.faults.set({ dropAfterStore: 1, skip: 1, paths: '/tags', methods: 'POST' });
		const { result, items } = await runWithRetry(
			fx,
			{ resource: 'tag', operation: 'create', socialSetId: byId(101), name: '={{ $json.name }}' },
			[{ name: 'Retry One' }, { name: 'Retry Two' }, { name: 'Retry Three' }],
		);
		expect(result.error).toBeUndefined();
		expect(items.map((tag) => tag.name)).toEqual(['Retry One', 'Retry Two', 'Retry Three']);
		const posts = sent(fx, 'POST', '/v2/social-sets/101/tags');
		expect(posts.map((r) => (r.body as IDataObject).name)).toEqual([
			'Retry One',
			'Retry Two',
			'Retry Three',
		]);
		expect((await tagNames()).filter((name) => String(name).startsWith('Retry '))).toHaveLength(3);
	});
});

describe('Retry On Fail: Media', () => {
	test('Upload: three items, the third without a file every time: files 1 and 2 uploaded once each', async () => {
		const file = (name: string) => ({
			json: {},
			binary: {
				data: { data: PNG_BYTES.toString('base64'), mimeType: 'image/png', fileName: name },
			},
		});
		const result = await fx.run(retryWorkflow(uploadParams({ waitForReady: false })), {
			input: [file('one.png'), file('two.png'), { json: {} }],
		});
		expect(result.error?.context?.itemIndex).toBe(2);
		const uploads = sent(fx, 'POST', '/v2/social-sets/101/media/upload');
		expect(uploads.map((r) => (r.body as IDataObject).file_name)).toEqual(['one.png', 'two.png']);
	});

	test('Upload: a 503 after the service stored the upload is not reconcilable: a second upload is made', async () => {
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: '/media/upload', methods: 'POST' });
		const result = await fx.run(retryWorkflow(uploadParams({ waitForReady: false })), {
			input: [
				{
					json: {},
					binary: {
						data: { data: PNG_BYTES.toString('base64'), mimeType: 'image/png', fileName: 'x.png' },
					},
				},
			],
		});
		expect(result.error).toBeUndefined();
		expect(sent(fx, 'POST', '/v2/social-sets/101/media/upload').map((r) => r.status)).toEqual([
			503, 201,
		]);
		expect(result.output(NODE)).toHaveLength(1);
	});

	test('Update Alt Text: the first item is sent once while the second (unknown media) fails each try', async () => {
		const mediaId = await readyMediaId(fx, 'alt.png');
		fx.sandbox.clearRequests();
		const { result } = await runWithRetry(
			fx,
			{
				resource: 'media',
				operation: 'updateAltText',
				socialSetId: byId(101),
				mediaId: '={{ $json.id }}',
				altText: 'Described',
			},
			[{ id: mediaId }, { id: UNKNOWN_UUID }],
		);
		expect(result.error?.httpCode).toBe('404');
		expect(sent(fx, 'PATCH', `/v2/social-sets/101/media/${mediaId}`)).toHaveLength(1);
		expect(sent(fx, 'PATCH', `/v2/social-sets/101/media/${UNKNOWN_UUID}`)).toHaveLength(3);
	});
});

describe('Retry On Fail: Comment Thread and Comment', () => {
	test('Thread Create, 503 after the store: one thread, adopted', async () => {
		const draftId = await createDraft(fx, { x: ['Our launch is here'] });
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: '/comment-threads', methods: 'POST' });
		const { result, items } = await runWithRetry(
			fx,
			params('commentThread', 'create', draftId, {
				postIndex: 0,
				selectedText: 'launch',
				text: 'Capitalise?',
			}),
			[{}],
		);
		expect(result.error).toBeUndefined();
		const threads = await listAllThreads(fx, draftId);
		expect(threads).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: threads[0].id, selected_text: 'launch' });
		expect(sent(fx, 'POST', threadsPath(draftId))).toHaveLength(1);
	});

	test('Comment Add, dropped connection after the store: the comment is added once', async () => {
		const draftId = await createDraft(fx, { x: ['Add a comment here'] });
		const thread = await createThread(fx, draftId, 'comment');
		fx.sandbox.faults.set({ dropAfterStore: 1, paths: '/comments', methods: 'POST' });
		const { result, items } = await runWithRetry(
			fx,
			params('comment', 'add', draftId, { threadId: thread.id, text: 'Only once' }),
			[{}],
		);
		expect(result.error).toBeUndefined();
		const [stored] = await listAllThreads(fx, draftId);
		expect(stored.comments.map((c) => c.text)).toEqual(['First comment', 'Only once']);
		expect(items[0]).toMatchObject({ id: thread.id });
		expect(sent(fx, 'POST', `${threadsPath(draftId)}/${thread.id}/comments`)).toHaveLength(1);
	});

	test('Thread Resolve, 503 after the store: the resolved thread is taken as done', async () => {
		const draftId = await createDraft(fx, { x: ['Resolve this one'] });
		const thread = await createThread(fx, draftId, 'Resolve');
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: '/resolve', methods: 'POST' });
		const { result, items } = await runWithRetry(
			fx,
			params('commentThread', 'resolve', draftId, { threadId: thread.id }),
			[{}],
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ id: thread.id, status: 'resolved' });
		expect(sent(fx, 'POST', `${threadsPath(draftId)}/${thread.id}/resolve`)).toHaveLength(1);
	});

	test('Thread Delete and Comment Delete, 503 after the store: 404 afterwards is done', async () => {
		const draftId = await createDraft(fx, { x: ['Delete both of these'] });
		const gone = await createThread(fx, draftId, 'Delete');
		const kept = await createThread(fx, draftId, 'these');
		const withReply = (
			await api<IDataObject>(
				fx,
				'POST',
				`${threadsPath(draftId)}/${kept.id}/comments`,
				{ text: 'a reply' },
				'write',
			)
		).body as unknown as { comments: Array<{ id: string }> };
		const reply = withReply.comments[1].id;
		fx.sandbox.faults.set({ fail503AfterStore: 1, methods: 'DELETE' });
		const thread = await runWithRetry(
			fx,
			params('commentThread', 'delete', draftId, { threadId: gone.id }),
			[{}],
		);
		expect(thread.result.error).toBeUndefined();
		expect(thread.items).toEqual([{ deleted: true, id: gone.id }]);
		fx.sandbox.faults.set({ fail503AfterStore: 1, methods: 'DELETE' });
		const comment = await runWithRetry(
			fx,
			params('comment', 'delete', draftId, { threadId: kept.id, commentId: reply }),
			[{}],
		);
		expect(comment.result.error).toBeUndefined();
		expect(comment.items).toEqual([{ deleted: true, id: reply }]);
		const threads = await listAllThreads(fx, draftId);
		expect(threads.map((t) => [t.id, t.comments.length])).toEqual([[kept.id, 1]]);
	});

	test('Comment Update: the first item is sent once while the second (unknown comment) fails each try', async () => {
		const draftId = await createDraft(fx, { x: ['Edit my comment'] });
		const thread = await createThread(fx, draftId, 'Edit');
		const commentId = thread.comments[0].id;
		const { result } = await runWithRetry(
			fx,
			params('comment', 'update', draftId, {
				threadId: thread.id,
				commentId: '={{ $json.commentId }}',
				text: 'Edited',
			}),
			[{ commentId }, { commentId: UNKNOWN_UUID }],
			{},
			'write',
		);
		expect(result.error?.httpCode).toBe('404');
		expect(
			sent(fx, 'PATCH', `${threadsPath(draftId)}/${thread.id}/comments/${commentId}`),
		).toHaveLength(1);
		expect(
			sent(fx, 'PATCH', `${threadsPath(draftId)}/${thread.id}/comments/${UNKNOWN_UUID}`),
		).toHaveLength(3);
	});
});

describe('Retry On Fail: Queue > Update Schedule', () => {
	test('the first social set is written once while the second (no access) fails each try', async () => {
		const rules = { rulesInput: 'json', rulesJson: '[{"h": 10, "m": 30, "days": ["mon"]}]' };
		const { result } = await runWithRetry(
			fx,
			queueParams('updateSchedule', 0, {
				socialSetId: byId('={{ $json.set }}' as never),
				...rules,
			}),
			[{ set: 101 }, { set: 103 }],
		);
		expect(result.error?.httpCode).toBe('403');
		expect(sent(fx, 'PUT', '/v2/social-sets/101/queue/schedule')).toHaveLength(1);
		expect(sent(fx, 'PUT', '/v2/social-sets/103/queue/schedule')).toHaveLength(3);
	});
});
