import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { api, draftParams, draftWithThread, seedDraft } from './fixtures';
import type { DraftWithText as Draft } from './fixtures';

const fx = useSandbox();

describe('Draft > Update (PATCH, partial update)', () => {
	test('only what is set is sent: a new title and tags leave the content alone', async () => {
		const draft = await seedDraft(fx);
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { draftTitle: 'Renamed', tags: ['weekly-tips'] },
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({ method: 'GET', path: '/v2/social-sets/101/tags' }),
			expect.objectContaining({
				method: 'PATCH',
				path: `/v2/social-sets/101/drafts/${draft.id}`,
				body: { draft_title: 'Renamed', tags: ['weekly-tips'] },
			}),
		]);
		expect(items[0]).toMatchObject({
			draft_title: 'Renamed',
			tags: ['weekly-tips'],
			platforms: { x: { posts: [{ text: 'Seeded post' }] } },
		});
	});

	test('only the platforms supplied are updated: new LinkedIn content keeps the X posts', async () => {
		const draft = await seedDraft(fx);
		const params = draftParams('update', {
			draftId: String(draft.id),
			contentType: 'posts',
			platforms: ['linkedin'],
			contentMode: 'text',
			text: 'LinkedIn now too',
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(requests[1].body).toEqual({
			platforms: {
				linkedin: { enabled: true, posts: [{ text: 'LinkedIn now too' }], settings: {} },
			},
		});
		expect(items[0]).toMatchObject({
			platforms: {
				x: { posts: [{ text: 'Seeded post' }] },
				linkedin: { posts: [{ text: 'LinkedIn now too' }] },
			},
		});
	});

	test('Clear Fields sends null for title, scratchpad, tags and share, and the draft loses them', async () => {
		const draft = await seedDraft(fx, {
			draft_title: 'T',
			scratchpad_text: 'S',
			tags: ['launch'],
			share: true,
		});
		const params = draftParams('update', {
			draftId: String(draft.id),
			updateFields: { clearFields: ['draft_title', 'scratchpad_text', 'tags', 'share'] },
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({
			draft_title: null,
			scratchpad_text: null,
			tags: null,
			share: null,
		});
		expect(items[0]).toMatchObject({
			draft_title: null,
			scratchpad_text: null,
			tags: [],
			share_url: null,
		});
	});

	test.each([
		['the posts', ['draft_title', 'platforms']],
		['the schedule', 'publish_at'],
		['a field the description never offered, as text', 'draft_title, scheduled_date'],
	])(
		'Clear Fields naming %s (from an expression) is refused before sending, the draft left whole',
		async (_what, clearFields) => {
			const draft = await seedDraft(fx, { draft_title: 'Kept' });
			await expectRejectedBeforeSending(
				fx,
				draftParams('update', { draftId: String(draft.id), updateFields: { clearFields } }),
				{ parameter: 'Clear Fields', problem: /is not a field it clears; it clears Draft Title/ },
			);
			const after = (await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).body;
			expect(after).toMatchObject({
				draft_title: 'Kept',
				platforms: { x: { posts: [{ text: 'Seeded post' }] } },
			});
		},
	);

	test('an update with nothing to change is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, draftParams('update', { draftId: '1' }), {
			parameter: 'Update Fields',
			problem: /nothing to update/,
		});
	});

	test('rules before sending apply to Update too: one LinkedIn post only', async () => {
		const params = draftParams('update', {
			draftId: '1',
			contentType: 'posts',
			platforms: ['linkedin'],
			contentMode: 'text',
			text: 'a\n---\nb',
		});
		await expectRejectedBeforeSending(fx, params, {
			parameter: 'Text',
			problem: /LinkedIn takes one post only/,
		});
	});

	test('409 COMMENTS_MARKER_MISMATCH lists the missing thread per platform and says how to keep or drop them (Marker rules on PATCH)', async () => {
		const { draft, threadId } = await draftWithThread(fx);
		const params = draftParams('update', {
			draftId: String(draft.id),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Rewritten without markers',
		});
		const { result, items } = await runFresh(fx, params);
		expectServiceError(result, { httpCode: 409, code: 'COMMENTS_MARKER_MISMATCH' });
		expect(result.error?.description).toContain(`Missing comment markers on x: ${threadId}`);
		expect(result.error?.description).toMatch(
			/To keep these comment threads.*To drop them, turn on "Force Overwrite Comments"/s,
		);
		expect(items).toEqual([]);
		const after = await api<Draft>(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`);
		expect(after.body.platforms.x.posts[0].text).toContain(threadId);
	});

	test('Force Overwrite Comments sends force_overwrite_comments=true and the update goes through, resolving the thread', async () => {
		const { draft, threadId } = await draftWithThread(fx);
		const params = draftParams('update', {
			draftId: String(draft.id),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Rewritten without markers',
			options: { forceOverwriteComments: true, excludeCommentMarkers: true },
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests[0]).toMatchObject({ method: 'GET', query: {} });
		expect(requests[1].body).toMatchObject({ force_overwrite_comments: true });
		expect(requests[1].query).toEqual({ exclude_comment_markers: ['true'] });
		expect(items[0]).toMatchObject({
			platforms: { x: { posts: [{ text: 'Rewritten without markers' }] } },
		});
		const thread = await api<{ status: string }>(
			fx,
			'GET',
			`/v2/social-sets/101/drafts/${draft.id}/comment-threads?status=all`,
		);
		expect(JSON.stringify(thread.body)).toContain(threadId);
		expect(JSON.stringify(thread.body)).toContain('"resolved"');
	});

	test('editing a published draft surfaces 400 VALIDATION_ERROR from the service', async () => {
		const draft = await seedDraft(fx, {
			platforms: { mastodon: { enabled: true, posts: [{ text: 'Going out' }], settings: {} } },
			publish_at: 'now',
		});
		for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
			const read = await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`);
			if (read.body.publish_state === 'finished') break;
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const { result } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				updateFields: { draftTitle: 'Too late' },
			}),
		);
		expectServiceError(result, { httpCode: 400, code: 'VALIDATION_ERROR', message: /published/ });
	});
});
