import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { useSandbox } from '../../harness/sandbox';
import { ScriptedServer } from '../../harness/scriptedServer';
import { callTool, toolNodeTypes } from '../../harness/toolNode';
import { NODE } from '../../harness/workflows';
import {
	createDraft,
	createThread,
	listAllThreads,
	params,
	threadsPath,
	addCommentOverHttp,
} from './commentThread/fixtures';
import { api, draftParams, draftWithThread } from './draft/fixtures';
import { PNG_BYTES, storageRequests, uploadParams } from './media/fixtures';
import { queueParams } from './queue/fixtures';

/**
 * Beyond the draft operations (confirm.test.ts), the tool holds back Queue > Update Schedule (it replaces
 * every slot), Comment > Delete, Comment Thread > Resolve and Delete, Draft > Update with Force Overwrite
 * Comments (each can end a draft's review) and Media > Upload from a URL until "Confirm" is true: without it,
 * no write request is sent (and no URL is read) and the answer says what would happen.
 */
const fx = useSandbox();
const nodeTypes = toolNodeTypes();
const files = new ScriptedServer();
beforeAll(async () => await files.start());
afterAll(async () => await files.stop());
beforeEach(() => files.reset());

const FROM_AI_CONFIRM =
	'={{ $fromAI("confirm", "true only once the user has confirmed", "boolean") }}';
const ASK = 'Ask the user to confirm, then call this tool again with "confirm" set to true.';
const run = (parameters: IDataObject, calls: IDataObject[]) =>
	callTool(fx, nodeTypes, parameters, calls);
const writes = (requests: Awaited<ReturnType<typeof run>>['requests']) =>
	requests.filter((r) => r.method !== 'GET');

const schedule = async (socialSet: number) =>
	(await api<{ rules: unknown[] }>(fx, 'GET', `/v2/social-sets/${socialSet}/queue/schedule`)).body
		.rules;

describe('Queue > Update Schedule as an AI agent tool', () => {
	const newRules = (extra: IDataObject = {}) =>
		queueParams('updateSchedule', 101, {
			rulesInput: 'json',
			rulesJson: '[{ "h": 8, "m": 5, "days": ["sat", "sun"] }]',
			confirm: FROM_AI_CONFIRM,
			...extra,
		});

	test('without confirmation: the current schedule is read, nothing replaced, the answer names old and new rules', async () => {
		const before = await schedule(101);
		expect(before).toHaveLength(3);
		const { answers, requests } = await run(newRules(), [{ confirm: false }]);
		expect(answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				resource: 'queue',
				action: 'updateSchedule',
				social_set_id: 101,
				rules: [{ h: 8, m: 5, days: ['sat', 'sun'] }],
				current_rules: before,
				message: `Nothing was done. This would replace the whole queue schedule, now 3 rules (09:30 mon, tue, wed, thu, fri; 14:00 mon, wed, fri; 11:00 sat), with 1 rule (08:05 sat, sun): every slot of the current rules goes in social set 101. ${ASK}`,
			},
		]);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/queue/schedule',
		]);
		expect(await schedule(101)).toEqual(before);
	});

	test('an empty rule list without confirmation says every slot would go', async () => {
		const { answers, requests } = await run(newRules({ rulesJson: '[]' }), [{ confirm: false }]);
		expect(answers[0][0]).toMatchObject({ dry_run: true, rules: [] });
		expect(answers[0][0].message).toContain(
			'This would remove every slot of the queue (the schedule now has 3 rules',
		);
		expect(writes(requests)).toEqual([]);
	});

	test('rules that are not valid fail as they do without the tool, before any request', async () => {
		const { answers, requests } = await run(
			newRules({ rulesJson: '[{ "h": 25, "m": 0, "days": ["mon"] }]' }),
			[{ confirm: false }],
		);
		// The agent gets the error as the tool's answer, as n8n hands a tool's error to the model.
		expect(answers[0]).toEqual([
			{
				error:
					'Parameter "Rules (JSON)" rule 1: the hour (h) must be a whole number from 0 to 23, got 25 [item 0]',
			},
		]);
		expect(requests).toEqual([]);
	});

	test('with confirm true the schedule is replaced', async () => {
		const { answers, requests } = await run(newRules(), [{ confirm: true }]);
		expect(writes(requests)).toEqual([
			expect.objectContaining({
				method: 'PUT',
				path: '/v2/social-sets/101/queue/schedule',
				body: { rules: [{ h: 8, m: 5, days: ['sat', 'sun'] }] },
				status: 200,
			}),
		]);
		expect(answers[0][0]).toMatchObject({ rules: [{ h: 8, m: 5, days: ['sat', 'sun'] }] });
		expect(await schedule(101)).toEqual([{ h: 8, m: 5, days: ['sat', 'sun'] }]);
	});
});

describe('Comment > Delete and Comment Thread > Delete as an AI agent tool', () => {
	const FROM_AI_THREAD = '={{ $fromAI("thread_id", "the comment thread", "string") }}';

	test('Comment > Delete without confirmation sends nothing and keeps the comment; with it, deletes', async () => {
		const draftId = await createDraft(fx, { x: ['Keep the reply'] });
		const thread = await createThread(fx, draftId, 'reply');
		const reply = (await addCommentOverHttp(fx, draftId, thread.id, 'A reply')).comments[1].id;
		const parameters = params('comment', 'delete', draftId, {
			threadId: FROM_AI_THREAD,
			commentId: '={{ $fromAI("comment_id") }}',
			confirm: FROM_AI_CONFIRM,
		}) as IDataObject;

		const dry = await run(parameters, [
			{ thread_id: thread.id, comment_id: reply, confirm: false },
		]);
		expect(dry.answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				resource: 'comment',
				action: 'delete',
				social_set_id: 101,
				draft_id: draftId,
				thread_id: thread.id,
				comment_id: reply,
				message: `Nothing was done. This would delete comment ${reply} of comment thread ${thread.id} on draft ${draftId} (if it is the thread's first comment, the whole thread and its markers go with it) in social set 101. ${ASK}`,
			},
		]);
		expect(dry.requests).toEqual([]);
		const kept = (await listAllThreads(fx, draftId)).find((t) => t.id === thread.id);
		expect(kept?.comments.map((c) => c.text)).toEqual(['First comment', 'A reply']);

		const done = await run(parameters, [
			{ thread_id: thread.id, comment_id: reply, confirm: true },
		]);
		expect(writes(done.requests)).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: `${threadsPath(draftId)}/${thread.id}/comments/${reply}`,
				status: 204,
			}),
		]);
		expect(done.answers[0]).toEqual([{ deleted: true, id: reply }]);
		const after = (await listAllThreads(fx, draftId)).find((t) => t.id === thread.id);
		expect(after?.comments.map((c) => c.text)).toEqual(['First comment']);
	});

	test('Comment > Delete with a Comment ID that is not a UUID fails before any request, confirmed or not', async () => {
		const draftId = await createDraft(fx, { x: ['Bad id'] });
		const thread = await createThread(fx, draftId, 'id');
		const parameters = params('comment', 'delete', draftId, {
			threadId: thread.id,
			commentId: 'nope',
			confirm: FROM_AI_CONFIRM,
		}) as IDataObject;
		for (const confirm of [false, true]) {
			const { answers, requests } = await run(parameters, [{ confirm }]);
			expect(answers[0]).toEqual([
				{ error: 'Parameter "Comment ID" must be a UUID, got "nope" [item 0]' },
			]);
			expect(requests).toEqual([]);
		}
	});

	test('Comment Thread > Delete without confirmation keeps the thread; with it, deletes it', async () => {
		const draftId = await createDraft(fx, { x: ['Keep this thread'] });
		const thread = await createThread(fx, draftId, 'thread');
		const parameters = params('commentThread', 'delete', draftId, {
			threadId: FROM_AI_THREAD,
			confirm: FROM_AI_CONFIRM,
		}) as IDataObject;

		const dry = await run(parameters, [{ thread_id: thread.id, confirm: false }]);
		expect(dry.answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				resource: 'commentThread',
				action: 'delete',
				social_set_id: 101,
				draft_id: draftId,
				thread_id: thread.id,
				message: `Nothing was done. This would delete comment thread ${thread.id} on draft ${draftId} with all its comments in social set 101. ${ASK}`,
			},
		]);
		expect(dry.requests).toEqual([]);
		expect((await listAllThreads(fx, draftId)).map((t) => t.id)).toEqual([thread.id]);

		const done = await run(parameters, [{ thread_id: thread.id, confirm: true }]);
		expect(writes(done.requests)).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: `${threadsPath(draftId)}/${thread.id}`,
				status: 204,
			}),
		]);
		expect(done.answers[0]).toEqual([{ deleted: true, id: thread.id }]);
		expect(await listAllThreads(fx, draftId)).toEqual([]);
	});

	test('as a regular node, Comment Thread > Delete acts without confirmation', async () => {
		const draftId = await createDraft(fx, { x: ['Plain node'] });
		const thread = await createThread(fx, draftId, 'node');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			params('commentThread', 'delete', draftId, { threadId: thread.id, confirm: false }),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)[0].json).toEqual({ deleted: true, id: thread.id });
		expect(writes(fx.apiRequests())).toHaveLength(1);
	});
});

describe('a review ends when people say so: Resolve and Force Overwrite Comments as an AI agent tool', () => {
	const FROM_AI_THREAD = '={{ $fromAI("thread_id", "the comment thread", "string") }}';
	const openThreads = async (draftId: number) =>
		(await listAllThreads(fx, draftId)).filter((t) => t.status === 'unresolved').map((t) => t.id);

	test('Comment Thread > Resolve without confirmation sends nothing and the thread stays open; with it, resolves (spec: Comment threads, POST …/resolve)', async () => {
		const draftId = await createDraft(fx, { x: ['Is this ready'] });
		const thread = await createThread(fx, draftId, 'ready');
		const parameters = params('commentThread', 'resolve', draftId, {
			threadId: FROM_AI_THREAD,
			confirm: FROM_AI_CONFIRM,
		}) as IDataObject;

		const dry = await run(parameters, [{ thread_id: thread.id, confirm: false }]);
		expect(dry.answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				resource: 'commentThread',
				action: 'resolve',
				social_set_id: 101,
				draft_id: draftId,
				thread_id: thread.id,
				message: `Nothing was done. This would resolve comment thread ${thread.id} of draft ${draftId} in social set 101. Resolving is one-way, and a draft whose threads are all resolved may be scheduled: a review ends when people say so. ${ASK}`,
			},
		]);
		expect(dry.requests).toEqual([]);
		expect(await openThreads(draftId)).toEqual([thread.id]);

		const done = await run(parameters, [{ thread_id: thread.id, confirm: true }]);
		expect(writes(done.requests)).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: `${threadsPath(draftId)}/${thread.id}/resolve`,
				status: 200,
			}),
		]);
		expect(done.answers[0]).toEqual([
			expect.objectContaining({ id: thread.id, status: 'resolved' }),
		]);
		expect(await openThreads(draftId)).toEqual([]);
	});

	test('Draft > Update with Force Overwrite Comments of a plain draft without confirmation: no PATCH, the thread stays open, the answer says why; with it, the thread is resolved (spec: Drafts, marker rules on PATCH)', async () => {
		const { draft, threadId } = await draftWithThread(fx);
		const parameters = draftParams('update', {
			draftId: String(draft.id),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Rewritten without markers',
			options: { forceOverwriteComments: true },
			confirm: FROM_AI_CONFIRM,
		}) as IDataObject;

		const dry = await run(parameters, [{ confirm: false }]);
		expect(dry.answers[0]).toEqual([
			expect.objectContaining({ dry_run: true, done: false, action: 'update', draft_id: draft.id }),
		]);
		expect(String(dry.answers[0][0].message)).toContain(
			'With Force Overwrite Comments on, the service resolves the comment threads whose markers the text drops, and a draft whose threads are all resolved may be scheduled: a review ends when people say so.',
		);
		expect(writes(dry.requests)).toEqual([]);
		expect(await openThreads(draft.id)).toEqual([threadId]);

		const done = await run(parameters, [{ confirm: true }]);
		expect(writes(done.requests)).toEqual([
			expect.objectContaining({
				method: 'PATCH',
				body: expect.objectContaining({ force_overwrite_comments: true }),
				status: 200,
			}),
		]);
		expect(await openThreads(draft.id)).toEqual([]);
	});

	test('Draft > Update of a plain draft without Force Overwrite Comments is not held back', async () => {
		const { draft, threadId } = await draftWithThread(fx);
		const parameters = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { draftTitle: 'Renamed' },
			confirm: FROM_AI_CONFIRM,
		}) as IDataObject;
		const { answers, requests } = await run(parameters, [{ confirm: false }]);
		expect(answers[0]).toEqual([expect.objectContaining({ id: draft.id, draft_title: 'Renamed' })]);
		expect(writes(requests)).toEqual([expect.objectContaining({ method: 'PATCH', status: 200 })]);
		expect(await openThreads(draft.id)).toEqual([threadId]);
	});
});

describe('Media > Upload from a URL as an AI agent tool', () => {
	const fromUrl = (extra: IDataObject = {}) =>
		uploadParams(
			{},
			{ inputSource: 'url', mediaUrl: '={{ $fromAI("url") }}', confirm: FROM_AI_CONFIRM, ...extra },
		) as IDataObject;

	test('without confirmation the URL is not read and nothing is uploaded; the answer shows the URL without its query', async () => {
		files.reply({ status: 200, headers: { 'Content-Type': 'image/png' }, body: PNG_BYTES });
		const url = `${files.baseUrl}/images/banner.png`;
		const { answers, requests } = await run(fromUrl(), [
			{ url: `${url}?token=s3cr3t`, confirm: false },
		]);
		expect(answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				resource: 'media',
				action: 'upload',
				social_set_id: 101,
				url,
				message: `Nothing was done. This would download ${url} and upload the file as media in social set 101. ${ASK}`,
			},
		]);
		expect(JSON.stringify(answers)).not.toContain('s3cr3t');
		expect(files.requests).toEqual([]);
		expect(requests).toEqual([]);
	});

	test('with confirm true the file is read from the URL and uploaded', async () => {
		files.reply({ status: 200, headers: { 'Content-Type': 'image/png' }, body: PNG_BYTES });
		fx.sandbox.clearRequests();
		const { answers, requests } = await run(fromUrl(), [
			{ url: `${files.baseUrl}/images/banner.png`, confirm: true },
		]);
		expect(files.requests).toHaveLength(1);
		expect(writes(requests)[0]).toMatchObject({
			method: 'POST',
			path: '/v2/social-sets/101/media/upload',
			body: { file_name: 'banner.png' },
		});
		expect(storageRequests(fx)).toEqual([
			expect.objectContaining({
				method: 'PUT',
				status: 200,
				body: { rawLength: PNG_BYTES.length },
			}),
		]);
		expect(answers[0][0]).toMatchObject({ file_name: 'banner.png', status: 'ready' });
	});

	test('an upload from a binary property is not held back (no URL for the model to choose)', async () => {
		const { answers, requests } = await run(
			uploadParams({}, { inputSource: 'binary', confirm: false }) as IDataObject,
			[{}],
		);
		expect(answers[0]).toHaveLength(1);
		expect(answers[0][0].dry_run).toBeUndefined();
		// It goes ahead to read the file, and the tool call has none.
		expect(answers[0][0].error).toBe('No binary property "data" on the input item [item 0]');
		expect(requests).toEqual([]);
	});

	test('a URL that is not http(s) fails naming the parameter, before anything is read or sent', async () => {
		const { answers, requests } = await run(fromUrl(), [
			{ url: 'file:///etc/passwd', confirm: false },
		]);
		expect(answers[0]).toEqual([
			{
				error:
					'Parameter "Media URL" must be an http or https URL, got "file:" in "file:///etc/passwd" [item 0]',
			},
		]);
		expect(files.requests).toEqual([]);
		expect(requests).toEqual([]);
	});
});

describe('The "Confirm" fields', () => {
	const confirms = new SocialPublishing().description.properties.filter(
		(p: INodeProperties) => p.name === 'confirm',
	);

	test('one per held-back resource, in the order of the resources, each shown only on the tool variant and false by default', () => {
		expect(confirms.map((p) => p.displayOptions?.show)).toEqual([
			{
				'@tool': [true],
				resource: ['draft'],
				operation: [
					'create',
					'delete',
					'duplicate',
					'plan',
					'publishNow',
					'schedule',
					'unschedule',
					'update',
				],
			},
			{ '@tool': [true], resource: ['media'], operation: ['upload'], inputSource: ['url'] },
			{ '@tool': [true], resource: ['queue'], operation: ['updateSchedule'] },
			{ '@tool': [true], resource: ['commentThread'], operation: ['resolve', 'delete'] },
			{ '@tool': [true], resource: ['comment'], operation: ['delete'] },
			{
				'@tool': [true],
				resource: ['analytics'],
				operation: ['getBestTimes'],
				applyToQueue: [true],
			},
		]);
		for (const confirm of confirms) {
			expect(confirm.type).toBe('boolean');
			expect(confirm.default).toBe(false);
		}
	});
});
