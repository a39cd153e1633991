import { useSandbox } from '../../../harness/sandbox';
import { PNG_BYTES, fileItem } from '../media/fixtures';
import { draftParams, runWith, seedDraft } from './fixtures';
import type { PostsBody as Body } from './fixtures';

const fx = useSandbox({ mediaProcessingMs: 30 });

describe('Draft > Create with media (Media upload flow, Rules on platform content 3 and 4)', () => {
	test('Update: the draft is read, a binary property is uploaded, then one PATCH carries its media ID', async () => {
		const draft = await seedDraft(fx);
		const params = draftParams('update', {
			draftId: String(draft.id),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Now with a picture',
			binaryProperties: 'data',
		});
		const { result, requests, items } = await runWith(fx, params, [
			fileItem(PNG_BYTES, 'update.png'),
		]);
		expect(result.error).toBeUndefined();
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: `/v2/social-sets/101/drafts/${draft.id}`,
		});
		expect(requests[1]).toMatchObject({ method: 'POST', path: '/v2/social-sets/101/media/upload' });
		const patches = requests.filter((r) => r.method === 'PATCH');
		expect(patches).toHaveLength(1);
		expect(requests[requests.length - 1]).toBe(patches[0]);
		const mediaIds = (patches[0].body as Body).platforms.x.posts[0].media_ids as string[];
		expect(items[0]).toMatchObject({
			platforms: { x: { posts: [{ text: 'Now with a picture', media_ids: mediaIds }] } },
		});
	});
});
