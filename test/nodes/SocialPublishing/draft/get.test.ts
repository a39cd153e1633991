import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { draftParams, draftWithThread } from './fixtures';
import type { DraftWithText as Draft } from './fixtures';

const fx = useSandbox();

describe('Draft > Get (GET /v2/social-sets/{id}/drafts/{draft_id})', () => {
	test('returns the draft detail with comment markers in the text by default', async () => {
		const { draft, threadId } = await draftWithThread(fx);
		const { result, requests, items } = await runFresh(
			fx,
			draftParams('get', { draftId: String(draft.id) }),
			{ key: 'read' },
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: `/v2/social-sets/101/drafts/${draft.id}`,
				query: {},
			}),
		]);
		expect((items[0] as Draft).platforms.x.posts[0].text).toContain(
			`<svc:comment-thread id=${threadId}>`,
		);
	});

	test('Exclude Comment Markers sends exclude_comment_markers=true and the text comes back without markers', async () => {
		const { draft } = await draftWithThread(fx);
		const { requests, items } = await runFresh(
			fx,
			draftParams('get', { draftId: String(draft.id), options: { excludeCommentMarkers: true } }),
		);
		expect(requests[0].query).toEqual({ exclude_comment_markers: ['true'] });
		expect((items[0] as Draft).platforms.x.posts[0].text).toBe('Seeded post');
	});

	test('a draft ID that is not a whole number is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, draftParams('get', { draftId: 'abc' }), {
			parameter: 'Draft ID',
		});
	});

	test('an unknown draft surfaces 404 NOT_FOUND', async () => {
		const { result } = await runFresh(fx, draftParams('get', { draftId: '999999' }));
		expectServiceError(result, { httpCode: 404, code: 'NOT_FOUND' });
	});
});
