import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { api, draftParams, hoursFromNow, seedDraft } from '../draft/fixtures';
import { clearFaultsAndRequests, runWithRetry, sent } from './fixtures';

// Publishing takes 0.3 s, so a publish is still in progress when the next try reads the draft.
const fx = useSandbox({ publishDelayMs: 300 });

afterEach(() => clearFaultsAndRequests(fx));

const path = (id: unknown) => `/v2/social-sets/101/drafts/${String(id)}`;
const onDraft = (operation: string, extra: IDataObject = {}) =>
	draftParams(operation, { draftId: '={{ $json.id }}', ...extra });
const seedMany = async (n: number, extra: IDataObject = {}) => {
	const drafts: IDataObject[] = [];
	for (let i = 0; i < n; i++) drafts.push(await seedDraft(fx, extra));
	return drafts;
};
const patchesOf = (id: unknown) => sent(fx, 'PATCH', path(id));

describe('Retry On Fail: Draft > Publish Now', () => {
	test('three drafts, a 503 after the service started publishing the second: each draft is published once', async () => {
		const drafts = await seedMany(3);
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: path(drafts[1].id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('publishNow', { options: { pollInterval: 0.1, timeout: 20 } }),
			drafts.map((d) => ({ id: d.id })),
		);
		expect(result.error).toBeUndefined();
		for (const draft of drafts) {
			const patches = patchesOf(draft.id);
			expect(patches).toHaveLength(1);
			expect(patches[0].body).toEqual({ publish_at: 'now' });
		}
		expect(patchesOf(drafts[1].id)[0].status).toBe(503);
		expect(items.map((d) => [d.id, d.status, d.publish_state])).toEqual(
			drafts.map((d) => [d.id, 'published', 'finished']),
		);
	});

	test('a dropped connection on the publish, without waiting: the draft publishing is the output, not sent again', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ dropAfterStore: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('publishNow', { waitForCompletion: false }),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id)).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: draft.id });
		expect(['in_progress', 'finished']).toContain(items[0].publish_state);
	});
});

describe('Retry On Fail: Draft > Schedule, Plan, Unschedule, Update, Delete', () => {
	test('Schedule for the next free slot, 503 after the store: the draft is scheduled once, not moved again', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('schedule', { when: 'nextFreeSlot' }),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id)).toHaveLength(1);
		const stored = (await api(fx, 'GET', path(draft.id))).body;
		expect(items[0]).toMatchObject({ id: draft.id, status: 'scheduled' });
		expect(items[0].scheduled_date).toBe(stored.scheduled_date);
	});

	test('Plan, 503 after the store: planned once', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('plan', { when: 'date', date: hoursFromNow(30) }),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id)).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: draft.id, status: 'planned' });
	});

	test('Plan, 503 before the store: nothing found, sent again, planned on the next try', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ fail503: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result } = await runWithRetry(
			fx,
			onDraft('plan', { when: 'date', date: hoursFromNow(30) }),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id).map((r) => r.status)).toEqual([503, 200]);
	});

	test('Unschedule, 503 after the store: the draft already back to "draft" is taken as done (not refused)', async () => {
		const draft = await seedDraft(fx, { publish_at: hoursFromNow(48) });
		expect(draft.status).toBe('scheduled');
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(fx, onDraft('unschedule'), [{ id: draft.id }]);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id)).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: draft.id, status: 'draft', scheduled_date: null });
	});

	test('Update with Publish At "now", connection dropped after the store: published once', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ dropAfterStore: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('update', {
				updateFields: { publishAt: 'now' },
				options: { waitForCompletion: true, pollInterval: 0.1, timeout: 20 },
			}),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id)).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: draft.id,
			status: 'published',
			publish_state: 'finished',
		});
	});

	test('Update of a field, 503 after the store: the draft already holds the planned PATCH, adopted as the output', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('update', { updateFields: { draftTitle: 'retitled' } }),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id).map((r) => r.body)).toEqual([{ draft_title: 'retitled' }]);
		expect(items[0]).toMatchObject({ id: draft.id, draft_title: 'retitled' });
	});

	test('Update of a field, 503 before the store: the next try sends the PATCH it planned', async () => {
		const [draft] = await seedMany(1);
		fx.sandbox.faults.set({ fail503: 1, paths: path(draft.id), methods: 'PATCH' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('update', { updateFields: { draftTitle: 'retitled' } }),
			[{ id: draft.id }],
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(draft.id).map((r) => [r.status, r.body])).toEqual([
			[503, { draft_title: 'retitled' }],
			[200, { draft_title: 'retitled' }],
		]);
		expect(items[0]).toMatchObject({ id: draft.id, draft_title: 'retitled' });
	});

	test('Delete, 503 after the store: the transport retry and the next try get 404, taken as done', async () => {
		const drafts = await seedMany(2);
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: path(drafts[0].id), methods: 'DELETE' });
		const { result, items } = await runWithRetry(
			fx,
			onDraft('delete'),
			drafts.map((d) => ({ id: d.id })),
		);
		expect(result.error).toBeUndefined();
		expect(items).toEqual(drafts.map((d) => ({ deleted: true, id: d.id })));
		expect(sent(fx, 'DELETE', path(drafts[0].id)).map((r) => r.status)).toEqual([503, 404, 404]);
		// the second draft was deleted once, in the second try (the first try stopped at the first draft)
		expect(sent(fx, 'DELETE', path(drafts[1].id)).map((r) => r.status)).toEqual([204]);
	});

	test('Delete of a draft that never existed still fails with 404 (no unknown outcome before it)', async () => {
		const { result } = await runWithRetry(fx, onDraft('delete'), [{ id: 999999 }]);
		expect(result.error?.httpCode).toBe('404');
		expect(sent(fx, 'DELETE', path(999999))).toHaveLength(3);
	});
});
