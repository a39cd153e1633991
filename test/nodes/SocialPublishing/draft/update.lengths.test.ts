import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { draftParams, seedDraft } from './fixtures';

const fx = useSandbox({ mediaProcessingMs: 10 });

describe('Post length is checked before any request (Limits: not shown; docs/post-length.md)', () => {
	test('Update checks the new content before sending anything', async () => {
		const draft = await seedDraft(fx);
		fx.sandbox.clearRequests();
		const params = draftParams('update', {
			draftId: draft.id,
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'u'.repeat(300),
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toMatch(
			/^Parameter "Text" gives X post 1 a length of 300 .* \[item 0\]$/,
		);
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
	});
});
