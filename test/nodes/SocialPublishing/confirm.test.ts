import type { IDataObject } from 'n8n-workflow';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { buildNodeTypes, sourceNodeTypes } from '../../harness/nodeTypes';
import { useSandbox } from '../../harness/sandbox';
import { AGENT, AgentStandIn, agentWithToolWorkflow, toolVariant } from '../../harness/toolNode';
import { api, createText, draftParams, hoursFromNow, seedDraft, writes } from './draft/fixtures';
import { runFresh } from '../../harness/nodeRun';

/**
 * The node as an AI agent's tool: the tool variant n8n makes of it (type `…socialPublishingTool`) is called
 * by a stand-in agent through n8n's engine, with the arguments a model would give through $fromAI.
 * Publish Now, Schedule, Delete and Create / Update with Publish At act only with "Confirm" true.
 * (The API has its own `confirm_publish` for its assistant-tool channel, Errors: VALIDATION_ERROR;
 * the REST API the node calls has no such field, so the node holds the write back itself.)
 */
const fx = useSandbox({ publishDelayMs: 50 });
const nodeTypes = buildNodeTypes(
	{ 'test.agentStandIn': new AgentStandIn() },
	{ ...sourceNodeTypes(), socialPublishingTool: toolVariant(new SocialPublishing()) },
);

const FROM_AI_CONFIRM =
	'={{ $fromAI("confirm", "true only once the user has confirmed", "boolean") }}';
const FROM_AI_DRAFT = '={{ $fromAI("draft_id", "the draft", "number") }}';

/** Runs the agent with one tool call per entry of `calls` (the model's arguments); returns each call's answer. */
async function callTool(parameters: IDataObject, calls: IDataObject[]) {
	fx.sandbox.clearRequests();
	const result = await fx.run(agentWithToolWorkflow(parameters), {
		nodeTypes,
		input: calls.map((toolArgs) => ({ json: { toolArgs } })),
	});
	expect(result.error).toBeUndefined();
	const answers = result.output(AGENT).map((item) => item.json.answer as IDataObject[]);
	return { answers, requests: fx.apiRequests() };
}

const draftTool = (operation: string, extra: IDataObject = {}) =>
	draftParams(operation, { draftId: FROM_AI_DRAFT, confirm: FROM_AI_CONFIRM, ...extra });

describe('Draft > Publish Now as an AI agent tool', () => {
	test('without confirmation the tool answers what it would do and sends no write request', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: { enabled: true, posts: [{ text: 'Hi' }], settings: {} },
				linkedin: { enabled: true, posts: [{ text: 'Hi' }], settings: {} },
			},
		});
		const { answers, requests } = await callTool(draftTool('publishNow'), [
			{ draft_id: draft.id, confirm: false },
		]);
		expect(answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				action: 'publishNow',
				draft_id: draft.id,
				social_set_id: 101,
				platforms: ['x', 'linkedin'],
				message: `Nothing was done. This would publish draft ${draft.id} immediately on x, linkedin in social set 101. Ask the user to confirm, then call this tool again with "confirm" set to true.`,
			},
		]);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v2/social-sets/101/drafts/${draft.id}`,
		]);
		const after = await api<IDataObject>(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`);
		expect(after.body).toMatchObject({ status: 'draft', publish_state: null });
	});

	test('with confirm true it publishes', async () => {
		const draft = await seedDraft(fx);
		const { answers, requests } = await callTool(
			draftTool('publishNow', { waitForCompletion: false }),
			[{ draft_id: draft.id, confirm: true }],
		);
		expect(writes(requests)).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { publish_at: 'now' }, status: 200 }),
		]);
		expect(answers[0][0]).toMatchObject({ id: draft.id, publish_state: 'in_progress' });
	});

	test('"Confirm" left at its default (not given to the model) is false: the tool never publishes', async () => {
		const draft = await seedDraft(fx);
		const { answers, requests } = await callTool(
			draftParams('publishNow', { draftId: FROM_AI_DRAFT }),
			[{ draft_id: draft.id }],
		);
		expect(answers[0][0]).toMatchObject({
			dry_run: true,
			action: 'publishNow',
			draft_id: draft.id,
		});
		expect(writes(requests)).toEqual([]);
	});

	test('two calls in one agent run: only the confirmed one acts', async () => {
		const first = await seedDraft(fx);
		const second = await seedDraft(fx);
		const { answers, requests } = await callTool(
			draftTool('publishNow', { waitForCompletion: false }),
			[
				{ draft_id: first.id, confirm: false },
				{ draft_id: second.id, confirm: true },
			],
		);
		expect(answers[0][0]).toMatchObject({ dry_run: true, draft_id: first.id });
		expect(answers[1][0]).toMatchObject({ id: second.id, publish_state: 'in_progress' });
		expect(writes(requests).map((r) => r.path)).toEqual([
			`/v2/social-sets/101/drafts/${second.id}`,
		]);
	});
});

describe('Draft > Schedule and Delete as an AI agent tool', () => {
	test('Schedule without confirmation: nothing is written and the answer names the date', async () => {
		const draft = await seedDraft(fx);
		const date = hoursFromNow(30);
		const { answers, requests } = await callTool(draftTool('schedule', { when: 'date', date }), [
			{ draft_id: draft.id, confirm: false },
		]);
		expect(answers[0][0]).toMatchObject({
			dry_run: true,
			action: 'schedule',
			draft_id: draft.id,
			platforms: ['x'],
		});
		expect(answers[0][0].message).toContain(
			`This would schedule draft ${draft.id} to publish at ${date} on x in social set 101`,
		);
		expect(writes(requests)).toEqual([]);
	});

	test('Schedule in the next free slot with confirm true sends publish_at', async () => {
		const draft = await seedDraft(fx);
		const { answers, requests } = await callTool(draftTool('schedule', { when: 'nextFreeSlot' }), [
			{ draft_id: draft.id, confirm: true },
		]);
		expect(writes(requests)).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { publish_at: 'next-free-slot' } }),
		]);
		expect(answers[0][0]).toMatchObject({ id: draft.id, status: 'scheduled' });
	});

	test('Delete without confirmation keeps the draft; with confirmation deletes it', async () => {
		const draft = await seedDraft(fx);
		const dry = await callTool(draftTool('delete'), [{ draft_id: draft.id, confirm: false }]);
		expect(dry.answers[0][0]).toMatchObject({
			dry_run: true,
			action: 'delete',
			draft_id: draft.id,
		});
		expect(dry.answers[0][0].message).toContain(
			`This would delete draft ${draft.id} permanently (its platforms: x) in social set 101`,
		);
		expect(writes(dry.requests)).toEqual([]);
		expect((await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).status).toBe(200);

		const done = await callTool(draftTool('delete'), [{ draft_id: draft.id, confirm: true }]);
		expect(writes(done.requests)).toEqual([
			expect.objectContaining({ method: 'DELETE', status: 204 }),
		]);
		expect(done.answers[0]).toEqual([{ deleted: true, id: draft.id }]);
		expect((await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).status).toBe(404);
	});
});

describe('Draft > Create and Update with Publish At as an AI agent tool', () => {
	test('Create with Publish At "now" and no confirmation sends no request at all', async () => {
		const params = {
			...createText('={{ $fromAI("text") }}', ['x', 'linkedin'], {
				additionalFields: { publishAt: 'now' },
			}),
			confirm: FROM_AI_CONFIRM,
		};
		const { answers, requests } = await callTool(params, [{ text: 'Big news', confirm: false }]);
		expect(answers[0][0]).toMatchObject({
			dry_run: true,
			action: 'create',
			draft_id: null,
			social_set_id: 101,
			platforms: ['x', 'linkedin'],
			publish_at: 'now',
		});
		expect(answers[0][0].message).toContain(
			'This would create a draft and publish it immediately on x, linkedin in social set 101',
		);
		expect(requests).toEqual([]);
	});

	test('a Publish At of 1 MB from the model is quoted bounded: one line, at most 300 characters of it', async () => {
		const huge = `2030-01-01\n${'9'.repeat(1024 * 1024)}`;
		const params = {
			...createText('Big news', ['x'], {
				additionalFields: { publishAt: '={{ $fromAI("publish_at") }}' },
			}),
			confirm: FROM_AI_CONFIRM,
		};
		const { answers, requests } = await callTool(params, [{ publish_at: huge, confirm: false }]);
		const answer = answers[0][0];
		expect(answer).toMatchObject({ dry_run: true, done: false, action: 'create' });
		expect(String(answer.publish_at)).toMatch(
			/^2030-01-01 9{280,}… \(cut, 1048587 characters in all\)$/,
		);
		expect(String(answer.publish_at).length).toBeLessThan(340);
		const message = String(answer.message);
		expect(message).toContain('This would create a draft and publish it at 2030-01-01 999');
		expect(message).not.toContain('\n');
		expect(message.length).toBeLessThan(2000);
		expect(JSON.stringify(answer).length).toBeLessThan(20_000);
		expect(writes(requests)).toEqual([]);
	});

	test('Create with Publish At and confirm true creates the scheduled draft', async () => {
		const publishAt = hoursFromNow(48);
		const params = {
			...createText('Later', ['x'], { additionalFields: { publishAt } }),
			confirm: FROM_AI_CONFIRM,
		};
		const { answers, requests } = await callTool(params, [{ confirm: true }]);
		expect(writes(requests)).toEqual([
			expect.objectContaining({ method: 'POST', path: '/v2/social-sets/101/drafts', status: 201 }),
		]);
		expect(answers[0][0]).toMatchObject({ status: 'scheduled' });
	});

	test('Create without Publish At needs no confirmation: a plain draft publishes nothing', async () => {
		const { answers, requests } = await callTool(createText('Just a draft'), [{}]);
		expect(writes(requests)).toHaveLength(1);
		expect(answers[0][0]).toMatchObject({ status: 'draft' });
	});

	test('Update with Publish At and no confirmation reads the draft and changes nothing', async () => {
		const draft = await seedDraft(fx, { draft_title: 'Untouched' });
		const params = draftTool('update', {
			updateFields: { draftTitle: 'Changed', publishAt: 'next-free-slot' },
		});
		const { answers, requests } = await callTool(params, [{ draft_id: draft.id, confirm: false }]);
		expect(answers[0][0]).toMatchObject({
			dry_run: true,
			action: 'update',
			draft_id: draft.id,
			platforms: ['x'],
			publish_at: 'next-free-slot',
		});
		expect(writes(requests)).toEqual([]);
		expect(
			(await api<IDataObject>(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).body,
		).toMatchObject({ draft_title: 'Untouched', status: 'draft' });
	});

	test('Update without Publish At is not held back', async () => {
		const draft = await seedDraft(fx);
		const params = draftTool('update', { updateFields: { draftTitle: 'Renamed by the agent' } });
		const { answers, requests } = await callTool(params, [{ draft_id: draft.id, confirm: false }]);
		expect(writes(requests)).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { draft_title: 'Renamed by the agent' } }),
		]);
		expect(answers[0][0]).toMatchObject({ draft_title: 'Renamed by the agent' });
	});
});

describe('The regular node (not a tool) is unchanged', () => {
	test('Publish Now acts without any confirmation, even with "confirm" false among its parameters', async () => {
		const draft = await seedDraft(fx);
		const { result, requests } = await runFresh(
			fx,
			draftParams('publishNow', {
				draftId: String(draft.id),
				waitForCompletion: false,
				confirm: false,
			}),
		);
		expect(result.error).toBeUndefined();
		// Publish Now reads the draft first (rule 5 of "Rules on platform content"); the one write is the PATCH.
		expect(requests.filter((request) => request.method !== 'GET')).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { publish_at: 'now' } }),
		]);
	});

	test('Delete acts without confirmation', async () => {
		const draft = await seedDraft(fx);
		const { result, requests } = await runFresh(
			fx,
			draftParams('delete', { draftId: String(draft.id) }),
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([expect.objectContaining({ method: 'DELETE', status: 204 })]);
	});

	test('the "Confirm" field is shown only on the tool variant (display option @tool)', () => {
		const confirm = new SocialPublishing().description.properties.find((p) => p.name === 'confirm');
		expect(confirm?.displayOptions?.show?.['@tool']).toEqual([true]);
		expect(confirm?.default).toBe(false);
	});
});
