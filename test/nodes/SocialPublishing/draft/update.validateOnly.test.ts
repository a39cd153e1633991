import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { api, draftParams, LONG_FOR_BLUESKY, seedDraft, writes } from './fixtures';

/**
 * Validate Only on Draft Create and Update: every check and every read the operation needs, no write, no upload;
 * one item per input item with the body that would be sent, each platform's posts and every problem found.
 */
const fx = useSandbox({ mediaProcessingMs: 30 });

beforeEach(async () => await fx.sandbox.reset());

describe('Draft > Update with Validate Only', () => {
	test('the draft is read and merged, every problem is listed, and no PATCH is sent', async () => {
		const draft = await seedDraft(fx);
		const { result, requests, items } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['bluesky'],
				contentMode: 'text',
				text: LONG_FOR_BLUESKY,
				updateFields: { tagNames: 'Nope' },
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({
			validate_only: true,
			valid: false,
			operation: 'update',
			draft_id: draft.id,
			draft_status: 'draft',
			platforms: { bluesky: { post_count: 1, posts: [{ length: 325 }] } },
		});
		const problems = items[0].problems as string[];
		expect(problems).toHaveLength(2);
		expect(problems[0]).toContain('gives Bluesky post 1 a length of 325');
		expect(problems[1]).toContain(
			'Parameter "Tag Names" names a tag that social set 101 does not have: "Nope"',
		);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v2/social-sets/101/drafts/${draft.id}`,
			'GET /v2/social-sets/101/tags',
		]);
	});

	test('a published draft is reported: the service refuses to edit it; nothing is sent', async () => {
		const draft = await seedDraft(fx, { publish_at: 'now' });
		let status = '';
		for (const deadline = Date.now() + 20_000; status !== 'published' && Date.now() < deadline; ) {
			await new Promise((resolve) => setTimeout(resolve, 20));
			status = String((await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).body.status);
		}
		expect(status).toBe('published');
		const { result, requests, items } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				updateFields: { draftTitle: 'Renamed' },
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ valid: false, draft_status: 'published' });
		expect(items[0].problems).toEqual([
			`Draft ${draft.id} is published; the service refuses to edit a published draft [item 0]`,
		]);
		expect(writes(requests)).toEqual([]);
	});
});
