import { registerMarkerHooks, resetMarkerHooks } from '../../sandbox/domain/markerHooks';
import { call, useSandbox, xPost } from './helpers';

/** The seam between draft PATCH and the comment-thread markers (sandbox/domain/markerHooks.ts). */
describe('sandbox: marker hooks seam', () => {
	const sb = useSandbox();
	const base = '/v2/social-sets/101/drafts';
	const marked =
		'Hi <svc:comment-thread id=0b0e2a4c-1111-4222-8333-444455556666>there</svc:comment-thread>';
	const strip = (t: string) => t.replace(/<\/?svc:comment-thread[^>]*>/g, '');

	afterEach(() => resetMarkerHooks());

	it('Endpoints GET/PATCH exclude_comment_markers=true: the render hook strips markers, storage keeps them', async () => {
		registerMarkerHooks({ stripMarkers: strip });
		const d = (await call(sb(), 'write', 'POST', base, { platforms: xPost(marked) })).body;
		const excluded = await call(
			sb(),
			'read',
			'GET',
			`${base}/${d.id}?exclude_comment_markers=true`,
		);
		expect(excluded.body.platforms.x.posts[0].text).toBe('Hi there');
		const kept = await call(sb(), 'read', 'GET', `${base}/${d.id}?exclude_comment_markers=false`);
		expect(kept.body.platforms.x.posts[0].text).toBe(marked);
		const patched = await call(
			sb(),
			'write',
			'PATCH',
			`${base}/${d.id}?exclude_comment_markers=true`,
			{ draft_title: 't' },
		);
		expect(patched.body.platforms.x.posts[0].text).toBe('Hi there');
		expect(
			(await call(sb(), 'read', 'GET', `${base}/${d.id}`)).body.platforms.x.posts[0].text,
		).toBe(marked);
	});

	it('Endpoints PATCH marker rules: the validation hook runs before platform text changes and can reject', async () => {
		const seen: Array<{ force: boolean; text: string; stored: string }> = [];
		registerMarkerHooks({
			validate: ({ draft, platforms, forceOverwriteComments }) => {
				seen.push({
					force: forceOverwriteComments,
					text: platforms.x!.posts[0].text,
					stored: draft.platforms.x!.posts[0].text,
				});
				return {
					ok: false,
					status: 409,
					body: { error: { code: 'COMMENTS_MARKER_MISMATCH', message: 'missing markers' } },
				};
			},
		});
		const d = (await call(sb(), 'write', 'POST', base, { platforms: xPost(marked) })).body;
		const res = await call(sb(), 'write', 'PATCH', `${base}/${d.id}?exclude_comment_markers=true`, {
			platforms: xPost('no markers'),
		});
		expect(res.status).toBe(409);
		expect(res.body.error.code).toBe('COMMENTS_MARKER_MISMATCH');
		expect(seen).toEqual([{ force: false, text: 'no markers', stored: marked }]);
		expect(
			(await call(sb(), 'read', 'GET', `${base}/${d.id}`)).body.platforms.x.posts[0].text,
		).toBe(marked);
		const titleOnly = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			draft_title: 'no platforms, no hook',
		});
		expect(titleOnly.status).toBe(200);
		expect(seen).toHaveLength(1);
	});

	it('Endpoints PATCH force_overwrite_comments: threads returned by the hook are handed to resolveThreads after the update', async () => {
		const resolved: Array<{ id: number; text: string; threads: string[] }> = [];
		registerMarkerHooks({
			validate: ({ forceOverwriteComments }) => ({
				ok: true,
				resolveThreadIds: forceOverwriteComments ? ['t-1'] : [],
			}),
			resolveThreads: (_store, draft, threadIds) =>
				resolved.push({ id: draft.id, text: draft.platforms.x!.posts[0].text, threads: threadIds }),
		});
		const d = (await call(sb(), 'write', 'POST', base, { platforms: xPost(marked) })).body;
		const res = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			platforms: xPost('replaced'),
			force_overwrite_comments: true,
		});
		expect(res.status).toBe(200);
		expect(resolved).toEqual([{ id: d.id, text: 'replaced', threads: ['t-1'] }]);
	});

	it('Endpoints DELETE draft: the onDraftDeleted hook hears about deletions', async () => {
		const deleted: number[] = [];
		registerMarkerHooks({ onDraftDeleted: (_store, id) => deleted.push(id) });
		const d = (await call(sb(), 'write', 'POST', base, { platforms: xPost() })).body;
		expect((await call(sb(), 'write', 'DELETE', `${base}/${d.id}`)).status).toBe(204);
		expect(deleted).toEqual([d.id]);
	});

	it('Comment threads seam: paths under drafts/{id}/comment-threads reach the comment-thread module after set and draft checks', async () => {
		const d = (await call(sb(), 'write', 'POST', base, { platforms: xPost() })).body;
		expect(
			(await call(sb(), 'read', 'GET', `/v2/social-sets/102/drafts/${d.id}/comment-threads`)).body
				.error.code,
		).toBe('FORBIDDEN');
		expect((await call(sb(), 'read', 'GET', `${base}/999999/comment-threads`)).status).toBe(404);
		expect((await call(sb(), null, 'GET', `${base}/${d.id}/comment-threads`)).status).toBe(401);
	});
});
