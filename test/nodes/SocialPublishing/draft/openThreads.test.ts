import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { callTool, toolNodeTypes } from '../../../harness/toolNode';
import { NODE } from '../../../harness/workflows';
import {
	addCommentOverHttp,
	createDraft,
	createThread,
	resolveOverHttp,
	threadsPath,
} from '../commentThread/fixtures';
import { runFresh } from '../../../harness/nodeRun';
import { api, at, draftParams, hoursFromNow, writes } from './fixtures';

/**
 * Require Resolved Comments on Schedule, Publish Now, Update with Publish At and Duplicate into a slot or at a
 * date (the source's threads): the draft's unresolved
 * comment threads (spec: Comment threads, GET status `unresolved`) are read once before any write, and an
 * open one refuses the item, naming each thread; nothing is sent.
 */
const fx = useSandbox({ publishDelayMs: 50 });
const nodeTypes = toolNodeTypes();

const REQUIRE = { options: { requireResolvedComments: true } };
const DRAFT_TEXT = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu';

/** A draft with one open thread on "gamma", a reply added: the error names the reply, the last comment. */
async function reviewedDraft(): Promise<{ draftId: number; threadId: string }> {
	const draftId = await createDraft(fx, { x: [DRAFT_TEXT] });
	const thread = await createThread(fx, draftId, 'gamma');
	await addCommentOverHttp(fx, draftId, thread.id, 'Still too long, cut it');
	return { draftId, threadId: thread.id };
}

const scheduleAt = (draftId: number, extra: IDataObject = REQUIRE) =>
	at('schedule', draftId, { when: 'date', date: hoursFromNow(48), ...extra });

const statusOf = async (draftId: number) =>
	(await api<IDataObject>(fx, 'GET', `/v2/social-sets/101/drafts/${draftId}`)).body.status;

const threadReads = (requests: ReturnType<typeof fx.apiRequests>) =>
	requests.filter((r) => r.path.endsWith('/comment-threads'));

describe('Draft > Schedule with Require Resolved Comments', () => {
	test('an open thread refuses the item, naming platform, anchored text and last comment; no PATCH is sent', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests } = await runFresh(fx, scheduleAt(draftId));
		expect(result.error?.message).toBe(
			`Parameter "Require Resolved Comments" is on and draft ${draftId} has 1 unresolved comment thread: x on "gamma", last comment by Wes Writer: "Still too long, cut it" [item 0]`,
		);
		expect(result.error?.description).toMatch(/^Nothing was sent\./);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v2/social-sets/101/drafts/${draftId}`,
			`GET ${threadsPath(draftId)}`,
		]);
		expect(threadReads(requests)[0].query).toMatchObject({
			status: ['unresolved'],
			limit: ['5'],
			offset: ['0'],
		});
		expect(await statusOf(draftId)).toBe('draft');
	});

	test('accepted once the thread is resolved: the threads are read, then the PATCH', async () => {
		const { draftId, threadId } = await reviewedDraft();
		await resolveOverHttp(fx, draftId, threadId);
		const { result, requests, items } = await runFresh(fx, scheduleAt(draftId));
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.method)).toEqual(['GET', 'GET', 'PATCH']);
		expect(items[0]).toMatchObject({ id: draftId, status: 'scheduled' });
	});

	test('option off: today behaviour, the threads are not read and the draft is scheduled', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests } = await runFresh(fx, scheduleAt(draftId, {}));
		expect(result.error).toBeUndefined();
		expect(threadReads(requests)).toEqual([]);
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(await statusOf(draftId)).toBe('scheduled');
	});

	test('many threads: one page is read, five are named and the rest counted', async () => {
		const draftId = await createDraft(fx, { x: [DRAFT_TEXT] });
		const words = DRAFT_TEXT.split(' ').slice(0, 12);
		for (const word of words) await createThread(fx, draftId, word);
		const { result, requests } = await runFresh(fx, scheduleAt(draftId));
		const message = result.error?.message ?? '';
		expect(message).toContain(`draft ${draftId} has 12 unresolved comment threads: x on "alpha"`);
		expect(message).toContain(
			'x on "epsilon", last comment by Wes Writer: "First comment"; and 7 more [item 0]',
		);
		expect(message).not.toContain('"zeta"');
		expect(threadReads(requests)).toHaveLength(1);
		expect(writes(requests)).toEqual([]);
	});

	test('Continue On Fail: the refused item becomes an error paired to its input, the next is scheduled', async () => {
		const open = await reviewedDraft();
		const clean = await createDraft(fx, { x: ['nothing to discuss'] });
		const { result, items, requests } = await runFresh(
			fx,
			draftParams('schedule', {
				draftId: '={{ $json.id }}',
				when: 'date',
				date: hoursFromNow(30),
				...REQUIRE,
			}),
			{
				input: [{ json: { id: open.draftId } }, { json: { id: clean } }],
				settings: { continueOnFail: true },
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.output(NODE).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0]).toEqual({
			error: expect.objectContaining({
				message: expect.stringContaining('Parameter "Require Resolved Comments" is on'),
			}),
		});
		expect(items[1]).toMatchObject({ id: clean, status: 'scheduled' });
		expect(writes(requests).map((r) => r.path)).toEqual([`/v2/social-sets/101/drafts/${clean}`]);
	});
});

describe("Draft > Duplicate with Require Resolved Comments: a scheduled copy waits for the source's review", () => {
	const duplicate = (draftId: number, extra: IDataObject) =>
		at('duplicate', draftId, { ...REQUIRE, ...extra });
	const drafts = async () =>
		(await api<{ count: number }>(fx, 'GET', '/v2/social-sets/101/drafts?limit=1')).body.count;

	test.each([
		['At a Date', { copyWhen: 'date', copyDate: hoursFromNow(48) }],
		['Next Free Slot', { copyWhen: 'nextFreeSlot' }],
	])(
		'%s: an open thread on the source refuses the item, naming it; no copy is created',
		async (_when, when) => {
			const { draftId } = await reviewedDraft();
			const before = await drafts();
			const { result, requests } = await runFresh(fx, duplicate(draftId, when));
			expect(result.error?.message).toBe(
				`Parameter "Require Resolved Comments" is on and draft ${draftId} has 1 unresolved comment thread: x on "gamma", last comment by Wes Writer: "Still too long, cut it" [item 0]`,
			);
			expect(result.error?.description).toMatch(/^Nothing was sent\./);
			expect(threadReads(requests)).toHaveLength(1);
			expect(threadReads(requests)[0].query).toMatchObject({ status: ['unresolved'] });
			expect(writes(requests)).toEqual([]);
			expect(await drafts()).toBe(before);
		},
	);

	test('accepted once the thread is resolved: the copy is scheduled', async () => {
		const { draftId, threadId } = await reviewedDraft();
		await resolveOverHttp(fx, draftId, threadId);
		const { result, requests, items } = await runFresh(
			fx,
			duplicate(draftId, { copyWhen: 'date', copyDate: hoursFromNow(48) }),
		);
		expect(result.error).toBeUndefined();
		expect(threadReads(requests)).toHaveLength(1);
		expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/drafts',
		]);
		expect(items[0]).toMatchObject({ status: 'scheduled' });
		expect(items[0].id).not.toBe(draftId);
	});

	test('an unscheduled copy is not held: the threads are not read, the copy is a plain draft', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests, items } = await runFresh(
			fx,
			duplicate(draftId, { copyWhen: 'draft' }),
		);
		expect(result.error).toBeUndefined();
		expect(threadReads(requests)).toEqual([]);
		expect(items[0]).toMatchObject({ status: 'draft' });
	});

	test('option off: the copy is scheduled while the source is under review, as before', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests, items } = await runFresh(
			fx,
			at('duplicate', draftId, { copyWhen: 'nextFreeSlot' }),
		);
		expect(result.error).toBeUndefined();
		expect(threadReads(requests)).toEqual([]);
		expect(items[0]).toMatchObject({ status: 'scheduled' });
	});
});

describe('Draft > Publish Now with Require Resolved Comments', () => {
	test('an open thread refuses it before the publish; resolved, it publishes', async () => {
		const { draftId, threadId } = await reviewedDraft();
		const params = at('publishNow', draftId, { waitForCompletion: false, ...REQUIRE });
		const refused = await runFresh(fx, params);
		expect(refused.result.error?.message).toContain(
			`draft ${draftId} has 1 unresolved comment thread: x on "gamma"`,
		);
		expect(writes(refused.requests)).toEqual([]);
		await resolveOverHttp(fx, draftId, threadId);
		const accepted = await runFresh(fx, params);
		expect(accepted.result.error).toBeUndefined();
		expect(writes(accepted.requests)).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { publish_at: 'now' } }),
		]);
	});
});

describe('Draft > Update with Require Resolved Comments', () => {
	const updateAt = (draftId: number, updateFields: IDataObject, options: IDataObject = {}) =>
		at('update', draftId, {
			contentType: 'keep',
			updateFields,
			options: { requireResolvedComments: true, ...options },
		});

	test('with Publish At an open thread refuses the update; no PATCH', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests } = await runFresh(
			fx,
			updateAt(draftId, { publishAt: hoursFromNow(40) }),
		);
		expect(result.error?.message).toContain(
			`Parameter "Require Resolved Comments" is on and draft ${draftId} has 1 unresolved comment thread`,
		);
		expect(threadReads(requests)).toHaveLength(1);
		expect(writes(requests)).toEqual([]);
		expect(await statusOf(draftId)).toBe('draft');
	});

	test('without Publish At the option does not apply: no thread read, the title is written', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests } = await runFresh(fx, updateAt(draftId, { draftTitle: 'Renamed' }));
		expect(result.error).toBeUndefined();
		expect(threadReads(requests)).toEqual([]);
		expect(writes(requests)).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { draft_title: 'Renamed' } }),
		]);
	});

	test('Validate Only lists the open thread among the problems and writes nothing', async () => {
		const { draftId } = await reviewedDraft();
		const { result, requests, items } = await runFresh(
			fx,
			updateAt(draftId, { publishAt: hoursFromNow(40) }, { validateOnly: true }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ validate_only: true, valid: false });
		expect(items[0].problems).toEqual([
			expect.stringContaining(`draft ${draftId} has 1 unresolved comment thread: x on "gamma"`),
		]);
		expect(writes(requests)).toEqual([]);
	});
});

describe('Require Resolved Comments in the AI tool dry run', () => {
	const FROM_AI_DRAFT = '={{ $fromAI("draft_id", "the draft", "number") }}';
	const tool = (operation: string, extra: IDataObject) =>
		draftParams(operation, { draftId: FROM_AI_DRAFT, confirm: false, ...REQUIRE, ...extra });

	test('Update with Publish At: the validation names the open thread; nothing is written', async () => {
		const { draftId } = await reviewedDraft();
		const { answers, requests } = await callTool(
			fx,
			nodeTypes,
			tool('update', { contentType: 'keep', updateFields: { publishAt: hoursFromNow(40) } }),
			[{ draft_id: draftId }],
		);
		expect(answers[0][0]).toMatchObject({ dry_run: true, validation: { valid: false } });
		expect((answers[0][0].validation as IDataObject).problems).toEqual([
			expect.stringContaining('unresolved comment thread: x on "gamma"'),
		]);
		expect(answers[0][0].message).toContain('It has 1 problem(s) to fix first');
		expect(writes(requests)).toEqual([]);
	});

	test('Schedule and Publish Now: the dry run shows the refusal; resolved, it is valid', async () => {
		const { draftId, threadId } = await reviewedDraft();
		for (const params of [
			tool('schedule', { when: 'nextFreeSlot' }),
			tool('publishNow', { waitForCompletion: false }),
		]) {
			const { answers, requests } = await callTool(fx, nodeTypes, params, [{ draft_id: draftId }]);
			expect(answers[0][0]).toMatchObject({ dry_run: true, validation: { valid: false } });
			expect(answers[0][0].message).toContain('It has 1 problem(s) to fix first');
			expect(writes(requests)).toEqual([]);
		}
		await resolveOverHttp(fx, draftId, threadId);
		const { answers } = await callTool(fx, nodeTypes, tool('schedule', { when: 'nextFreeSlot' }), [
			{ draft_id: draftId },
		]);
		expect(answers[0][0]).toMatchObject({ validation: { valid: true, problems: [] } });
	});
});
