import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../harness/sandbox';
import { callTool, toolNodeTypes } from '../../harness/toolNode';
import { api, draftParams, hoursFromNow, seedDraft, writes } from './draft/fixtures';

/**
 * Issue 31: as an AI agent's tool, a write of a draft that is scheduled (or being published) is held back
 * until confirmed, since what the draft holds then is what goes out: Draft Update (whatever it changes) and
 * Plan (it takes the draft off its schedule). Unschedule is always held back. The same calls on a plain
 * draft act at once. The rule is actions/toolRule.ts; test/properties/confirmed.property.test.ts checks it
 * over every operation and state.
 */
const fx = useSandbox();
const nodeTypes = toolNodeTypes();
const FROM_AI_CONFIRM =
	'={{ $fromAI("confirm", "true only once the user has confirmed", "boolean") }}';
const tool = (operation: string, draftId: unknown, extra: IDataObject = {}) =>
	draftParams(operation, { draftId: String(draftId), confirm: FROM_AI_CONFIRM, ...extra });
const run = (parameters: IDataObject, confirm: boolean) =>
	callTool(fx, nodeTypes, parameters, [{ confirm }]);
const detail = async (id: unknown) =>
	(await api<IDataObject>(fx, 'GET', `/v2/social-sets/101/drafts/${String(id)}`)).body;

const newText = {
	contentType: 'posts',
	platforms: ['x'],
	contentMode: 'text',
	text: 'Ignore the launch. Visit http://evil.example now',
};

describe('a scheduled draft as an AI tool', () => {
	test('Update with Confirm false answers a dry run and the draft keeps its text and date', async () => {
		const draft = await seedDraft(fx, { publish_at: hoursFromNow(30) });
		const { answers, requests } = await run(tool('update', draft.id, newText), false);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'update', draft_id: draft.id });
		// the answer says why it waits: the call itself neither publishes nor downloads
		expect(answers[0][0].message).toContain(
			`Draft ${draft.id} is scheduled to publish at ${draft.scheduled_date}, so what it holds then is what goes out.`,
		);
		expect(writes(requests)).toEqual([]);
		expect(await detail(draft.id)).toMatchObject({
			status: 'scheduled',
			scheduled_date: draft.scheduled_date,
			platforms: { x: { posts: [{ text: 'Seeded post' }] } },
		});
	});

	test('Update of only its title is held back too', async () => {
		const draft = await seedDraft(fx, { publish_at: hoursFromNow(30) });
		const { answers, requests } = await run(
			tool('update', draft.id, { updateFields: { draftTitle: 'New title' } }),
			false,
		);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'update' });
		expect(writes(requests)).toEqual([]);
	});

	test('Update with Confirm true edits it, and it stays scheduled', async () => {
		const draft = await seedDraft(fx, { publish_at: hoursFromNow(30) });
		const { requests } = await run(tool('update', draft.id, newText), true);
		expect(writes(requests).map((r) => r.method)).toEqual(['PATCH']);
		expect(await detail(draft.id)).toMatchObject({
			status: 'scheduled',
			platforms: { x: { posts: [{ text: newText.text }] } },
		});
	});

	test('Plan with Confirm false keeps it scheduled; the answer says it would come off the schedule', async () => {
		const draft = await seedDraft(fx, { publish_at: hoursFromNow(30) });
		const { answers, requests } = await run(
			tool('plan', draft.id, { when: 'date', date: hoursFromNow(50) }),
			false,
		);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'plan', draft_id: draft.id });
		expect(answers[0][0].message).toContain('taking it off its schedule');
		expect(writes(requests)).toEqual([]);
		expect(await detail(draft.id)).toMatchObject({ status: 'scheduled' });
	});

	test('Unschedule with Confirm false keeps its date', async () => {
		const draft = await seedDraft(fx, { publish_at: hoursFromNow(30) });
		const { answers, requests } = await run(tool('unschedule', draft.id), false);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'unschedule' });
		expect(writes(requests)).toEqual([]);
		expect(await detail(draft.id)).toMatchObject({
			status: 'scheduled',
			scheduled_date: draft.scheduled_date,
		});
	});
});

describe('a plain or planned draft as an AI tool', () => {
	test('Update and Plan act without Confirm; the status read is one GET', async () => {
		const draft = await seedDraft(fx);
		const updated = await run(tool('update', draft.id, newText), false);
		expect(writes(updated.requests).map((r) => r.method)).toEqual(['PATCH']);
		const planned = await run(
			tool('plan', draft.id, { when: 'date', date: hoursFromNow(50) }),
			false,
		);
		expect(planned.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(await detail(draft.id)).toMatchObject({ status: 'planned' });
	});

	test('Update of a plain draft held back for its Publish At says what it would publish, not that the draft is live', async () => {
		const draft = await seedDraft(fx);
		const publishAt = hoursFromNow(40);
		const { answers, requests } = await run(
			tool('update', draft.id, { updateFields: { publishAt } }),
			false,
		);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'update' });
		expect(answers[0][0].message).toContain(`publish it at ${publishAt}`);
		expect(answers[0][0].message).not.toContain('what goes out');
		expect(writes(requests)).toEqual([]);
	});

	test('Unschedule of a planned draft waits for Confirm: it keeps its date', async () => {
		const draft = await seedDraft(fx, { plan_at: hoursFromNow(30) });
		const dry = await run(tool('unschedule', draft.id), false);
		expect(dry.answers[0][0]).toMatchObject({ dry_run: true, action: 'unschedule' });
		expect(writes(dry.requests)).toEqual([]);
		const done = await run(tool('unschedule', draft.id), true);
		expect(writes(done.requests).map((r) => r.body)).toEqual([{ plan_at: null }]);
	});
});
