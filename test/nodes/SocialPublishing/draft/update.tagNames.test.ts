import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { api, draftParams, seedDraft, seedTags, writeOf } from './fixtures';

/**
 * "Tag Names" on Draft Create and Update. Social set 101 is seeded with the tags Launch (launch) and
 * Weekly Tips (weekly-tips); 102 starts without tags. Drafts take tag slugs (Drafts: create body, tags).
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

describe('Draft > Update with Tag Names (PATCH replaces the tags list it is sent; the node adds to it)', () => {
	test("names are added to the draft's current tags; nothing else is sent", async () => {
		const draft = await seedDraft(fx, { tags: ['launch'], draft_title: 'Keep me' });
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { tagNames: 'Weekly Tips' },
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(writeOf(requests, 'PATCH')?.body).toEqual({ tags: ['launch', 'weekly-tips'] });
		expect(items[0]).toMatchObject({ tags: ['launch', 'weekly-tips'], draft_title: 'Keep me' });
	});

	test('a name the draft already has changes nothing in its tags', async () => {
		const draft = await seedDraft(fx, { tags: ['launch', 'weekly-tips'] });
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { tagNames: 'LAUNCH' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(writeOf(requests, 'PATCH')?.body).toEqual({ tags: ['launch', 'weekly-tips'] });
	});

	test('with picked tags the names are added to those (the picker sets the list, as before)', async () => {
		const draft = await seedDraft(fx, { tags: ['launch'] });
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { tags: ['weekly-tips'], tagNames: 'Roadmap', createMissingTags: true },
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(
			requests.filter((r) => r.method === 'GET' && /\/drafts\/\d+$/.test(r.path)),
		).toHaveLength(0);
		expect(writeOf(requests, 'PATCH')?.body).toEqual({ tags: ['weekly-tips', 'roadmap'] });
		expect(items[0].tags).toEqual(['weekly-tips', 'roadmap']);
	});

	test('"Clear Fields" → Tags with names gives the draft exactly those names', async () => {
		const draft = await seedDraft(fx, { tags: ['launch'] });
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { clearFields: ['tags'], tagNames: 'weekly tips' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(writeOf(requests, 'PATCH')?.body).toEqual({ tags: ['weekly-tips'] });
	});

	test("over 10 with the draft's current tags fails before the PATCH", async () => {
		await seedTags(fx, 101, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9']);
		const draft = await seedDraft(fx, {
			tags: ['launch', 'weekly-tips', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'],
		});
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { tagNames: 'A8, A9' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toBe(
			'Parameter "Tag Names" gives the draft 11 tags together with the draft\'s 9 current tags; a draft takes at most 10 [item 0]',
		);
		expect(requests.every((r) => r.method === 'GET')).toBe(true);
	});

	test('a missing name fails before the PATCH when "Create Missing Tags" is off', async () => {
		const draft = await seedDraft(fx, { tags: ['launch'] });
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { tagNames: 'Nope' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toContain(
			'Parameter "Tag Names" names a tag that social set 101 does not have: "Nope"',
		);
		expect(requests.every((r) => r.method === 'GET')).toBe(true);
		const { body } = await api<IDataObject>(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`);
		expect(body.tags).toEqual(['launch']);
	});
});
