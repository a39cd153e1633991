import { pointTag, spanOpenTag, SPAN_CLOSE_TAG } from '../../sandbox/domain/markers';
import { ApiResponse, call, errorCode, useSandbox } from './helpers';

/** Comment threads and comment-thread markers, over HTTP against the sandbox. */

const sandbox = useSandbox({ rateLimits: { user: { limit: 1_000_000, windowSeconds: 60 } } });
const SET = 101;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNKNOWN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TEXT_10001 = 'x'.repeat(10001);
const TEXT_50001 = 'x'.repeat(50001);

type Platforms = Record<string, unknown>;
const posts = (...texts: string[]) => texts.map((text) => ({ text }));
const xOnly = (...texts: string[]): Platforms => ({
	x: { enabled: true, posts: posts(...texts), settings: {} },
});
const linkedinOnly = (text: string): Platforms => ({
	linkedin: { enabled: true, posts: posts(text), settings: {} },
});
const article = (md: string): Platforms => ({
	x_article: { enabled: true, content_markdown: md, cover_media_id: null },
});
const span = (id: string, inner: string): string => `${spanOpenTag(id)}${inner}${SPAN_CLOSE_TAG}`;

const draftPath = (draftId: number) => `/v2/social-sets/${SET}/drafts/${draftId}`;
const threadsPath = (draftId: number) => `${draftPath(draftId)}/comment-threads`;

async function createDraft(platforms: Platforms): Promise<number> {
	const res = await call(sandbox(), 'write', 'POST', `/v2/social-sets/${SET}/drafts`, {
		platforms,
	});
	expect(res.status).toBe(201);
	return res.body.id as number;
}

async function getDraft(draftId: number, exclude = false): Promise<ApiResponse> {
	const res = await call(
		sandbox(),
		'read',
		'GET',
		`${draftPath(draftId)}${exclude ? '?exclude_comment_markers=true' : ''}`,
	);
	expect(res.status).toBe(200);
	return res;
}

async function postText(draftId: number, platform = 'x', index = 0): Promise<string> {
	const { body } = await getDraft(draftId);
	return platform === 'x_article'
		? body.platforms.x_article.content_markdown
		: body.platforms[platform].posts[index].text;
}

async function newThread(
	draftId: number,
	body: Record<string, unknown>,
	key = 'write',
): Promise<ApiResponse> {
	return call(sandbox(), key, 'POST', threadsPath(draftId), {
		text: 'Looks good?',
		post_index: 0,
		...body,
	});
}

async function threadOn(
	draftId: number,
	selected: string,
	extra: Record<string, unknown> = {},
): Promise<string> {
	const res = await newThread(draftId, { selected_text: selected, ...extra });
	expect(res.status).toBe(201);
	return res.body.id as string;
}

const patchDraft = (draftId: number, body: Record<string, unknown>, query = '') =>
	call(sandbox(), 'write', 'PATCH', `${draftPath(draftId)}${query}`, body);

describe('Comment threads: create (POST base)', () => {
	it('POST comment-threads anchors selected_text with a span marker and returns 201 with the thread', async () => {
		const draftId = await createDraft(xOnly('Launch day is here, launch day!'));
		const res = await newThread(draftId, {
			selected_text: 'launch day',
			text: 'Lowercase on purpose?',
		});
		expect(res.status).toBe(201);
		expect(res.body).toEqual({
			id: expect.stringMatching(UUID_RE),
			draft_id: draftId,
			platform: 'x',
			status: 'unresolved',
			selected_text: 'launch day',
			comments: [
				{
					id: expect.stringMatching(UUID_RE),
					text: 'Lowercase on purpose?',
					created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
					user: {
						id: 3,
						name: expect.any(String),
						profile_image_url: res.body.comments[0].user.profile_image_url,
					},
				},
			],
		});
		expect(await postText(draftId)).toBe(`Launch day is here, ${span(res.body.id, 'launch day')}!`);
	});

	it('occurrence picks the zero-based match of selected_text in the visible text', async () => {
		const draftId = await createDraft(xOnly('go go go'));
		const second = await threadOn(draftId, 'go', { occurrence: 1 });
		expect(await postText(draftId)).toBe(`go ${span(second, 'go')} go`);
		const spanning = await threadOn(draftId, 'go go go');
		expect(await postText(draftId)).toBe(span(spanning, `go ${span(second, 'go')} go`));
		const missing = await newThread(draftId, { selected_text: 'go', occurrence: 3 });
		expect(missing.status).toBe(400);
		expect(errorCode(missing)).toBe('VALIDATION_ERROR');
	});

	it('post_index selects the post of a thread; a post that does not exist is 400', async () => {
		const draftId = await createDraft(xOnly('First post', 'Second post'));
		const id = await threadOn(draftId, 'Second', { post_index: 1 });
		expect(await postText(draftId, 'x', 1)).toBe(`${span(id, 'Second')} post`);
		expect(await postText(draftId, 'x', 0)).toBe('First post');
		const beyond = await newThread(draftId, { selected_text: 'post', post_index: 2 });
		expect(beyond.status).toBe(400);
		expect(beyond.body.error.details[0].field).toBe('post_index');
	});

	it('selected_text must be an exact substring of the visible post text, else 400 VALIDATION_ERROR', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const res = await newThread(draftId, { selected_text: 'hello' });
		expect(res.status).toBe(400);
		expect(errorCode(res)).toBe('VALIDATION_ERROR');
		expect(await postText(draftId)).toBe('Hello world');
	});

	it('platform is required when the draft has several commentable platforms', async () => {
		const draftId = await createDraft({ ...xOnly('Same news'), ...linkedinOnly('Same news') });
		const without = await newThread(draftId, { selected_text: 'news' });
		expect(without.status).toBe(422);
		expect(without.body.error.details).toEqual([expect.objectContaining({ field: 'platform' })]);
		const onLinkedIn = await newThread(draftId, { selected_text: 'news', platform: 'linkedin' });
		expect(onLinkedIn.status).toBe(201);
		expect(onLinkedIn.body.platform).toBe('linkedin');
		expect(await postText(draftId, 'x')).toBe('Same news');
		const notOnDraft = await newThread(draftId, { selected_text: 'news', platform: 'threads' });
		expect(notOnDraft.status).toBe(400);
		const bogus = await newThread(draftId, { selected_text: 'news', platform: 'myspace' });
		expect(bogus.status).toBe(422);
	});

	it('a selection starting or ending inside a LinkedIn mention returns 400 VALIDATION_ERROR', async () => {
		const text = 'Thanks @[Acme Corp](urn:li:organization:2414183) for hosting';
		const draftId = await createDraft(linkedinOnly(text));
		for (const selected of ['Acme Corp', 'Thanks @[Acme', '2414183) for']) {
			const res = await newThread(draftId, { selected_text: selected });
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
		}
		const whole = await newThread(draftId, {
			selected_text: '@[Acme Corp](urn:li:organization:2414183)',
		});
		expect(whole.status).toBe(201);
	});

	it('X Article: selected_text matches rendered text, ignoring markdown syntax, media and X-post embed tags', async () => {
		const md =
			'# Big *launch*\n\n<svc:media media_id=0f8fad5b-d9cb-469f-a165-70867728950e/>\nWe **ship** [today](https://example.com).\n<svc:x-post url=https://x.com/a/status/1/>';
		const draftId = await createDraft(article(md));
		const res = await newThread(draftId, { selected_text: 'ship today', post_index: undefined });
		expect(res.status).toBe(201);
		expect(res.body.platform).toBe('x_article');
		expect(await postText(draftId, 'x_article')).toContain(
			`**${spanOpenTag(res.body.id)}ship** [today${SPAN_CLOSE_TAG}](https://example.com)`,
		);
		const heading = await newThread(draftId, { selected_text: 'Big launch', post_index: 0 });
		expect(heading.status).toBe(201);
		const syntax = await newThread(draftId, { selected_text: '**ship**' });
		expect(syntax.status).toBe(400);
		const embed = await newThread(draftId, { selected_text: 'media_id' });
		expect(embed.status).toBe(400);
	});

	it('X Article: a selection overlapping an existing stored anchor returns 400 VALIDATION_ERROR', async () => {
		const draftId = await createDraft(article('Alpha beta gamma delta'));
		await threadOn(draftId, 'beta gamma');
		for (const selected of ['Alpha beta', 'gamma delta', 'eta', 'Alpha beta gamma delta']) {
			const res = await newThread(draftId, { selected_text: selected });
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
		}
		expect((await newThread(draftId, { selected_text: 'delta' })).status).toBe(201);
		const index = await newThread(draftId, { selected_text: 'Alpha', post_index: 1 });
		expect(index.status).toBe(400);
	});

	it('creating a thread needs WRITE: READ gets 403 INSUFFICIENT_ACCESS_LEVEL', async () => {
		const draftId = await createDraft(xOnly('Hello'));
		const res = await newThread(draftId, { selected_text: 'Hello' }, 'read');
		expect(res.status).toBe(403);
		expect(errorCode(res)).toBe('INSUFFICIENT_ACCESS_LEVEL');
	});

	it('unknown drafts, social sets without access and unknown threads are refused', async () => {
		const draftId = await createDraft(xOnly('Hello'));
		expect((await call(sandbox(), 'write', 'GET', threadsPath(999999))).status).toBe(404);
		const outsider = await call(sandbox(), 'outsider', 'GET', threadsPath(draftId));
		expect(outsider.status).toBe(403);
		expect(
			(await call(sandbox(), 'write', 'DELETE', `${threadsPath(draftId)}/${UNKNOWN}`)).status,
		).toBe(404);
		expect(
			(
				await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${UNKNOWN}/comments`, {
					text: 'x',
				})
			).status,
		).toBe(404);
	});

	it.each([
		['missing text', { text: undefined, selected_text: 'Hello' }, 'text'],
		['empty text', { text: '', selected_text: 'Hello' }, 'text'],
		['text over 10000 characters', { text: TEXT_10001, selected_text: 'Hello' }, 'text'],
		['missing selected_text', {}, 'selected_text'],
		['selected_text over 50000 characters', { selected_text: TEXT_50001 }, 'selected_text'],
		['occurrence over 10000', { selected_text: 'Hello', occurrence: 10001 }, 'occurrence'],
		['negative occurrence', { selected_text: 'Hello', occurrence: -1 }, 'occurrence'],
		['negative post_index', { selected_text: 'Hello', post_index: -1 }, 'post_index'],
		[
			'missing post_index on a post platform',
			{ selected_text: 'Hello', post_index: undefined },
			'post_index',
		],
	] as Array<[string, Record<string, unknown>, string]>)(
		'create thread body limits: %s -> 422 naming the field',
		async (_name, body, field) => {
			const draftId = await createDraft(xOnly('Hello'));
			const res = await newThread(draftId, body);
			expect(res.status).toBe(422);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
			expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
		},
	);

	it('create thread limits: text of 10000 characters and occurrence 10000 are accepted', async () => {
		const draftId = await createDraft(xOnly('w '.repeat(10001)));
		const res = await newThread(draftId, {
			selected_text: 'w',
			occurrence: 10000,
			text: 'c'.repeat(10000),
		});
		expect(res.status).toBe(201);
		expect(res.body.comments[0].text).toHaveLength(10000);
	});
});

describe('Comment threads: list (GET base)', () => {
	it('GET comment-threads lists unresolved threads ordered by creation, filtered by platform and status', async () => {
		const draftId = await createDraft({ ...xOnly('one two three'), ...linkedinOnly('four five') });
		const a = await threadOn(draftId, 'one', { platform: 'x' });
		const b = await threadOn(draftId, 'four', { platform: 'linkedin' });
		const c = await threadOn(draftId, 'three', { platform: 'x' });
		await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${a}/resolve`);
		const ids = async (query: string) =>
			(await call(sandbox(), 'read', 'GET', `${threadsPath(draftId)}${query}`)).body.results.map(
				(t: { id: string }) => t.id,
			);
		expect(await ids('')).toEqual([b, c]);
		expect(await ids('?status=resolved')).toEqual([a]);
		expect(await ids('?status=all')).toEqual([a, b, c]);
		expect(await ids('?status=all&platform=x')).toEqual([a, c]);
		expect(await ids('?platform=linkedin')).toEqual([b]);
	});

	it('GET comment-threads pages with limit (default 10) and offset', async () => {
		const words = Array.from({ length: 12 }, (_, i) => `w${i}x`);
		const draftId = await createDraft(xOnly(words.join(' ')));
		for (const w of words) await threadOn(draftId, w);
		const first = await call(sandbox(), 'read', 'GET', threadsPath(draftId));
		expect(first.status).toBe(200);
		expect(first.body).toMatchObject({ count: 12, limit: 10, offset: 0, previous: null });
		expect(first.body.results).toHaveLength(10);
		expect(first.body.next).toContain('offset=10');
		const second = await call(
			sandbox(),
			'read',
			'GET',
			`${threadsPath(draftId)}?limit=5&offset=10`,
		);
		expect(second.body.results.map((t: { selected_text: string }) => t.selected_text)).toEqual([
			'w10x',
			'w11x',
		]);
		expect(second.body.next).toBeNull();
		const fifty = await call(sandbox(), 'read', 'GET', `${threadsPath(draftId)}?limit=50`);
		expect(fifty.body.results).toHaveLength(12);
	});

	it.each(['limit=0', 'limit=51', 'offset=-1', 'status=open', 'platform=myspace'])(
		'GET comment-threads rejects %s with 422 VALIDATION_ERROR',
		async (query) => {
			const draftId = await createDraft(xOnly('Hello'));
			const res = await call(sandbox(), 'read', 'GET', `${threadsPath(draftId)}?${query}`);
			expect(res.status).toBe(422);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
		},
	);
});

describe('Comment threads: comments, resolve, delete', () => {
	it('POST comments adds a comment and returns 201 with the full updated thread', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const id = await threadOn(draftId, 'world');
		const res = await call(sandbox(), 'admin', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
			text: 'Agreed',
		});
		expect(res.status).toBe(201);
		expect(
			res.body.comments.map((c: { text: string; user: { id: number } }) => [c.text, c.user.id]),
		).toEqual([
			['Looks good?', 3],
			['Agreed', 1],
		]);
		const read = await call(sandbox(), 'read', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
			text: 'Me too',
		});
		expect(read.status).toBe(403);
		expect(errorCode(read)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		const empty = await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
			text: '',
		});
		expect(empty.status).toBe(422);
	});

	it('POST resolve returns 200, removes the markers from the text, and is one-way', async () => {
		const draftId = await createDraft(xOnly('Hello big world'));
		const outer = await threadOn(draftId, 'big world');
		const inner = await threadOn(draftId, 'world');
		const res = await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${outer}/resolve`);
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({ id: outer, status: 'resolved' });
		expect(await postText(draftId)).toBe(`Hello big ${span(inner, 'world')}`);
		const again = await call(
			sandbox(),
			'write',
			'POST',
			`${threadsPath(draftId)}/${outer}/resolve`,
		);
		expect(again.status).toBe(200);
		expect(again.body.status).toBe('resolved');
		const reopen = await call(
			sandbox(),
			'write',
			'POST',
			`${threadsPath(draftId)}/${outer}/reopen`,
		);
		expect(reopen.status).toBe(404);
		const read = await call(sandbox(), 'read', 'POST', `${threadsPath(draftId)}/${inner}/resolve`);
		expect(read.status).toBe(403);
	});

	it('adding a comment to a resolved thread returns 409 CONFLICT', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const id = await threadOn(draftId, 'world');
		await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${id}/resolve`);
		const res = await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
			text: 'Late reply',
		});
		expect(res.status).toBe(409);
		expect(errorCode(res)).toBe('CONFLICT');
	});

	it('threads on an auto-synced platform (settings.auto_sync) cannot be created or commented: 409 CONFLICT', async () => {
		const draftId = await createDraft({ ...xOnly('Same news'), ...linkedinOnly('Same news') });
		const id = await threadOn(draftId, 'news', { platform: 'linkedin' });
		const text = await postText(draftId, 'linkedin');
		const sync = await patchDraft(draftId, {
			platforms: { linkedin: { enabled: true, posts: posts(text), settings: { auto_sync: true } } },
		});
		expect(sync.status).toBe(200);
		const comment = await call(
			sandbox(),
			'write',
			'POST',
			`${threadsPath(draftId)}/${id}/comments`,
			{ text: 'More' },
		);
		expect(comment.status).toBe(409);
		expect(errorCode(comment)).toBe('CONFLICT');
		const create = await newThread(draftId, { selected_text: 'Same', platform: 'linkedin' });
		expect(create.status).toBe(409);
		expect(errorCode(create)).toBe('CONFLICT');
		const onlyX = await newThread(draftId, { selected_text: 'Same' });
		expect(onlyX.status).toBe(201);
		expect(onlyX.body.platform).toBe('x');
	});

	it('PATCH comments edits a comment: author only, 200 with the full thread', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const created = await newThread(draftId, { selected_text: 'world' });
		const commentPath = `${threadsPath(draftId)}/${created.body.id}/comments/${created.body.comments[0].id}`;
		const byAdmin = await call(sandbox(), 'admin', 'PATCH', commentPath, { text: 'Hijacked' });
		expect(byAdmin.status).toBe(403);
		expect(errorCode(byAdmin)).toBe('FORBIDDEN');
		const tooLong = await call(sandbox(), 'write', 'PATCH', commentPath, {
			text: 'x'.repeat(10001),
		});
		expect(tooLong.status).toBe(422);
		const res = await call(sandbox(), 'write', 'PATCH', commentPath, { text: 'Edited' });
		expect(res.status).toBe(200);
		expect(res.body.comments[0]).toMatchObject({ id: created.body.comments[0].id, text: 'Edited' });
		const unknown = await call(
			sandbox(),
			'write',
			'PATCH',
			`${threadsPath(draftId)}/${created.body.id}/comments/${UNKNOWN}`,
			{ text: 'x' },
		);
		expect(unknown.status).toBe(404);
	});

	it('DELETE a comment: author or WRITE, 204; deleting the root comment deletes the thread and its markers', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const id = await threadOn(draftId, 'world');
		const reply = await call(sandbox(), 'admin', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
			text: 'Reply',
		});
		const [root, second] = reply.body.comments as Array<{ id: string }>;
		const byRead = await call(
			sandbox(),
			'read',
			'DELETE',
			`${threadsPath(draftId)}/${id}/comments/${second.id}`,
		);
		expect(byRead.status).toBe(403);
		const byWrite = await call(
			sandbox(),
			'write',
			'DELETE',
			`${threadsPath(draftId)}/${id}/comments/${second.id}`,
		);
		expect(byWrite.status).toBe(204);
		const list = await call(sandbox(), 'read', 'GET', threadsPath(draftId));
		expect(list.body.results[0].comments.map((c: { id: string }) => c.id)).toEqual([root.id]);
		const rootDelete = await call(
			sandbox(),
			'write',
			'DELETE',
			`${threadsPath(draftId)}/${id}/comments/${root.id}`,
		);
		expect(rootDelete.status).toBe(204);
		expect(
			(await call(sandbox(), 'read', 'GET', `${threadsPath(draftId)}?status=all`)).body.count,
		).toBe(0);
		expect(await postText(draftId)).toBe('Hello world');
	});

	it('DELETE a thread: author or WRITE, 204; removes thread, comments and markers', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const id = await threadOn(draftId, 'world');
		expect((await call(sandbox(), 'read', 'DELETE', `${threadsPath(draftId)}/${id}`)).status).toBe(
			403,
		);
		const res = await call(sandbox(), 'write', 'DELETE', `${threadsPath(draftId)}/${id}`);
		expect(res.status).toBe(204);
		expect(res.body).toBe('');
		expect(await postText(draftId)).toBe('Hello world');
		expect((await call(sandbox(), 'write', 'DELETE', `${threadsPath(draftId)}/${id}`)).status).toBe(
			404,
		);
	});

	it('comments per thread: 500 are accepted, the 501st is 400 VALIDATION_ERROR', async () => {
		const draftId = await createDraft(xOnly('Hello world'));
		const id = await threadOn(draftId, 'world');
		for (let i = 1; i < 500; i++) {
			const res = await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
				text: `c${i}`,
			});
			expect(res.status).toBe(201);
		}
		const over = await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${id}/comments`, {
			text: 'one too many',
		});
		expect(over.status).toBe(400);
		expect(errorCode(over)).toBe('VALIDATION_ERROR');
	}, 120_000);

	it('threads per draft: 5000 are accepted, the 5001st is 400 VALIDATION_ERROR', async () => {
		const draftId = await createDraft(xOnly(...Array.from({ length: 51 }, () => 'w '.repeat(100))));
		const create = (postIndex: number, occurrence: number) =>
			newThread(draftId, { selected_text: 'w', post_index: postIndex, occurrence, text: 'c' });
		for (let p = 0; p < 50; p++) {
			// every request anchors a different "w", so concurrent creations never touch the same word
			const results = await Promise.all(Array.from({ length: 100 }, (_, k) => create(p, k)));
			expect(results.filter((r) => r.status !== 201)).toEqual([]);
		}
		const over = await create(50, 0);
		expect(over.status).toBe(400);
		expect(errorCode(over)).toBe('VALIDATION_ERROR');
		expect(over.body.error.message).toContain('5000');
		const listed = await call(sandbox(), 'read', 'GET', `${threadsPath(draftId)}?limit=1`);
		expect(listed.body.count).toBe(5000);
	}, 120_000);
});

describe('Draft PATCH: comment-thread markers', () => {
	async function draftWithThread(
		text = 'Ship the release today',
	): Promise<{ draftId: number; id: string; marked: string }> {
		const draftId = await createDraft(xOnly(text));
		const id = await threadOn(draftId, 'release');
		return { draftId, id, marked: await postText(draftId) };
	}

	const xPatch = (...texts: string[]) => ({ platforms: xOnly(...texts) });

	it('PATCH keeping every marker succeeds (recommended flow)', async () => {
		const { draftId, id, marked } = await draftWithThread();
		const res = await patchDraft(draftId, xPatch(marked.replace('today', 'tomorrow')));
		expect(res.status).toBe(200);
		expect(res.body.platforms.x.posts[0].text).toBe(`Ship the ${span(id, 'release')} tomorrow`);
	});

	it('PATCH missing a marker returns 409 COMMENTS_MARKER_MISMATCH listing missing markers per platform', async () => {
		const { draftId, id, marked } = await draftWithThread();
		const res = await patchDraft(draftId, xPatch('Ship the release tomorrow'));
		expect(res.status).toBe(409);
		expect(res.body).toEqual({
			error: {
				code: 'COMMENTS_MARKER_MISMATCH',
				message: expect.any(String),
				details: [{ field: 'platforms.x', message: expect.stringContaining(id) }],
				missing: { x: [id] },
			},
		});
		expect(await postText(draftId)).toBe(marked);
	});

	it('PATCH dropping a post that holds a marker is a mismatch too', async () => {
		const draftId = await createDraft(xOnly('First', 'Second'));
		const id = await threadOn(draftId, 'Second', { post_index: 1 });
		const res = await patchDraft(draftId, xPatch('First'));
		expect(res.status).toBe(409);
		expect(res.body.error.missing).toEqual({ x: [id] });
	});

	it('force_overwrite_comments true resolves the affected threads and removes their anchors', async () => {
		const { draftId, id } = await draftWithThread();
		const keep = await threadOn(draftId, 'Ship');
		const kept = (await postText(draftId)).replace(span(id, 'release'), 'release');
		const res = await patchDraft(draftId, {
			...xPatch(kept.replace('today', 'now')),
			force_overwrite_comments: true,
		});
		expect(res.status).toBe(200);
		expect(res.body.platforms.x.posts[0].text).toBe(`${span(keep, 'Ship')} the release now`);
		const all = await call(sandbox(), 'read', 'GET', `${threadsPath(draftId)}?status=all`);
		const statuses = Object.fromEntries(
			all.body.results.map((t: { id: string; status: string }) => [t.id, t.status]),
		);
		expect(statuses).toEqual({ [id]: 'resolved', [keep]: 'unresolved' });
	});

	it('force_overwrite_comments must be a JSON boolean', async () => {
		const { draftId, marked } = await draftWithThread();
		const res = await patchDraft(draftId, { ...xPatch(marked), force_overwrite_comments: 'yes' });
		expect(res.status).toBe(422);
	});

	it('an unknown marker id returns 400 COMMENTS_MARKER_UNKNOWN_ID, even with force_overwrite_comments', async () => {
		const { draftId, marked } = await draftWithThread();
		const text = `${marked} ${span(UNKNOWN, 'extra')}`;
		for (const force of [false, true]) {
			const res = await patchDraft(draftId, { ...xPatch(text), force_overwrite_comments: force });
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('COMMENTS_MARKER_UNKNOWN_ID');
			expect(res.body.error.details[0]).toMatchObject({
				field: 'platforms.x.posts[0].text',
				id: UNKNOWN,
			});
		}
	});

	it('a marker of a resolved thread, or of another platform, is an unknown id', async () => {
		const draftId = await createDraft({ ...xOnly('Hello world'), ...linkedinOnly('Hello world') });
		const onX = await threadOn(draftId, 'world', { platform: 'x' });
		const xText = await postText(draftId, 'x');
		const wrongPlatform = await patchDraft(draftId, {
			platforms: { linkedin: { enabled: true, posts: posts(xText), settings: {} } },
		});
		expect(wrongPlatform.status).toBe(400);
		expect(errorCode(wrongPlatform)).toBe('COMMENTS_MARKER_UNKNOWN_ID');
		await call(sandbox(), 'write', 'POST', `${threadsPath(draftId)}/${onX}/resolve`);
		const resolved = await patchDraft(draftId, xPatch(xText));
		expect(resolved.status).toBe(400);
		expect(errorCode(resolved)).toBe('COMMENTS_MARKER_UNKNOWN_ID');
	});

	it('a PATCH that sends no text for a platform does not check that platform', async () => {
		const draftId = await createDraft({ ...xOnly('Hello world'), ...linkedinOnly('Hello there') });
		await threadOn(draftId, 'world', { platform: 'x' });
		const res = await patchDraft(draftId, {
			platforms: { linkedin: { enabled: true, posts: posts('Hi there'), settings: {} } },
		});
		expect(res.status).toBe(200);
		const title = await patchDraft(draftId, { draft_title: 'Only a title' });
		expect(title.status).toBe(200);
	});

	const A = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
	it.each<[string, string]>([
		['unbalanced', `${spanOpenTag(A)}Hello`],
		['bad_uuid', `${span(A.toUpperCase(), 'Hello')}`],
		['bad_attr', `<svc:comment-thread id=${A} color=red>Hello${SPAN_CLOSE_TAG}`],
		['bad_position', `Hello ${pointTag(A)}world`],
		['empty_span', `${span(A, '')}Hello`],
		[
			'depth_exceeded',
			Array.from({ length: 17 }, () => spanOpenTag(A)).join('') + 'x' + SPAN_CLOSE_TAG.repeat(17),
		],
		['count_exceeded', Array.from({ length: 1001 }, () => span(A, 'w')).join(' ')],
	])(
		'a malformed marker returns 400 COMMENTS_MARKER_MALFORMED with subcode %s in details',
		async (subcode, text) => {
			const { draftId } = await draftWithThread();
			const res = await patchDraft(draftId, { ...xPatch(text), force_overwrite_comments: true });
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('COMMENTS_MARKER_MALFORMED');
			expect(res.body.error.details).toContainEqual(
				expect.objectContaining({
					field: 'platforms.x.posts[0].text',
					subcode,
					message: expect.any(String),
				}),
			);
		},
	);

	it('a malformed marker returns 400 COMMENTS_MARKER_MALFORMED with subcode mid_mention in details (LinkedIn)', async () => {
		const draftId = await createDraft(linkedinOnly('Thanks @[Acme](urn:li:organization:42) team'));
		const id = await threadOn(draftId, 'team');
		const text = `Thanks @[Ac${spanOpenTag(id)}me](urn:li:organization:42) team${SPAN_CLOSE_TAG}`;
		const res = await patchDraft(draftId, { platforms: linkedinOnly(text) });
		expect(res.status).toBe(400);
		expect(res.body.error.details).toEqual([
			expect.objectContaining({
				field: 'platforms.linkedin.posts[0].text',
				subcode: 'mid_mention',
			}),
		]);
	});

	it('X Article markers are validated in content_markdown', async () => {
		const draftId = await createDraft(article('# Title\n\nBody text'));
		const id = await threadOn(draftId, 'Body');
		const missing = await patchDraft(draftId, { platforms: article('# Title\n\nBody text v2') });
		expect(missing.status).toBe(409);
		expect(missing.body.error.missing).toEqual({ x_article: [id] });
		const malformed = await patchDraft(draftId, {
			platforms: article(`${spanOpenTag(id)}# Title`),
		});
		expect(malformed.status).toBe(400);
		expect(malformed.body.error.details[0]).toMatchObject({
			field: 'platforms.x_article.content_markdown',
			subcode: 'unbalanced',
		});
	});

	it('exclude_comment_markers renders text without markers on GET and PATCH, but PATCH validation still runs', async () => {
		const { draftId, id, marked } = await draftWithThread();
		const plain = await getDraft(draftId, true);
		expect(plain.body.platforms.x.posts[0].text).toBe('Ship the release today');
		const sendBackPlain = await patchDraft(
			draftId,
			xPatch(plain.body.platforms.x.posts[0].text),
			'?exclude_comment_markers=true',
		);
		expect(sendBackPlain.status).toBe(409);
		expect(sendBackPlain.body.error.missing).toEqual({ x: [id] });
		const kept = await patchDraft(
			draftId,
			xPatch(marked.replace('today', 'soon')),
			'?exclude_comment_markers=true',
		);
		expect(kept.status).toBe(200);
		expect(kept.body.platforms.x.posts[0].text).toBe('Ship the release soon');
		expect(await postText(draftId)).toBe(`Ship the ${span(id, 'release')} soon`);
	});

	it('deleting a draft deletes its comment threads', async () => {
		const { draftId } = await draftWithThread();
		expect((await call(sandbox(), 'write', 'DELETE', draftPath(draftId))).status).toBe(204);
		expect((await call(sandbox(), 'read', 'GET', threadsPath(draftId))).status).toBe(404);
	});
});
