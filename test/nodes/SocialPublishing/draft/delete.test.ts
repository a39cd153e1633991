import { useSandbox } from '../../../harness/sandbox';
import { expectServiceError, runFresh } from '../../../harness/nodeRun';
import { api, draftParams, seedDraft } from './fixtures';

const fx = useSandbox();

describe('Draft > Delete (DELETE, 204)', () => {
	test('deletes the draft and returns { deleted: true, id }', async () => {
		const draft = await seedDraft(fx);
		const { result, requests, items } = await runFresh(
			fx,
			draftParams('delete', { draftId: String(draft.id) }),
			{ key: 'write' },
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'DELETE',
				path: `/v2/social-sets/101/drafts/${draft.id}`,
				status: 204,
			}),
		]);
		expect(items).toEqual([{ deleted: true, id: draft.id }]);
		expect((await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).status).toBe(404);
	});

	test('a READ key gets 403 INSUFFICIENT_ACCESS_LEVEL and the draft stays', async () => {
		const draft = await seedDraft(fx);
		const { result } = await runFresh(fx, draftParams('delete', { draftId: String(draft.id) }), {
			key: 'read',
		});
		expectServiceError(result, { httpCode: 403, code: 'INSUFFICIENT_ACCESS_LEVEL' });
		expect((await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).status).toBe(200);
	});
});
