import { call, errorCode, inDays, readyMedia, useSandbox, waitFor, xPost } from './helpers';

describe('sandbox: draft endpoints', () => {
	const sb = useSandbox();
	const base = '/v2/social-sets/101/drafts';
	const create = (body: Record<string, unknown>, key: 'write' | 'publish' | 'admin' = 'write') =>
		call(sb(), key, 'POST', base, body);

	it('Endpoints POST drafts: 201 Draft detail with every documented field', async () => {
		const res = await create({
			platforms: xPost('Hello world'),
			draft_title: 'T',
			scratchpad_text: 'notes',
			tags: ['launch'],
			share: true,
		});
		expect(res.status).toBe(201);
		const d = res.body;
		for (const key of [
			'id',
			'draft_id',
			'social_set_id',
			'status',
			'publish_state',
			'created_at',
			'updated_at',
			'scheduled_date',
			'published_at',
			'draft_title',
			'tags',
			'preview',
			'share_url',
			'private_url',
			'scratchpad_text',
			'platforms',
			'x_published_url',
			'linkedin_published_url',
			'mastodon_published_url',
			'threads_published_url',
			'bluesky_published_url',
			'substack_published_url',
			'x_article_published_url',
			'x_post_published_at',
			'linkedin_post_published_at',
			'mastodon_post_published_at',
			'threads_post_published_at',
			'bluesky_post_published_at',
			'substack_post_published_at',
			'x_article_published_at',
		]) {
			expect(d).toHaveProperty(key);
		}
		expect(d.social_set_id).toBe(101);
		expect(d.draft_title).toBe('T');
		expect(d.scratchpad_text).toBe('notes');
		expect(d.tags).toEqual(['launch']);
		expect(d.preview).toBe('Hello world');
		expect(d.share_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/\S+$/);
		expect(d.private_url).toContain(`/drafts/${d.id}`);
		expect(d.updated_at).toBeNull();
		expect(d.platforms.x).toEqual({
			enabled: true,
			posts: [{ text: 'Hello world', media: [] }],
			settings: {},
		});
	});

	it('Endpoints POST drafts: 403 FORBIDDEN without access, 403 INSUFFICIENT_ACCESS_LEVEL for READ, 404 unknown set', async () => {
		const noAccess = await call(sb(), 'write', 'POST', '/v2/social-sets/102/drafts', {
			platforms: xPost(),
		});
		expect(noAccess.status).toBe(403);
		expect(errorCode(noAccess)).toBe('FORBIDDEN');
		const read = await call(sb(), 'read', 'POST', base, { platforms: xPost() });
		expect(read.status).toBe(403);
		expect(errorCode(read)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		expect(
			(await call(sb(), 'admin', 'POST', '/v2/social-sets/999/drafts', { platforms: xPost() }))
				.status,
		).toBe(404);
	});

	it('Endpoints GET draft: 200 detail; 404 for unknown or other-set ids; 403 without access', async () => {
		const d = (await create({ platforms: xPost() })).body;
		const res = await call(sb(), 'read', 'GET', `${base}/${d.id}`);
		expect(res.status).toBe(200);
		expect(res.body).toEqual(d);
		expect((await call(sb(), 'read', 'GET', `${base}/999999`)).status).toBe(404);
		expect(errorCode(await call(sb(), 'read', 'GET', `${base}/abc`))).toBe('NOT_FOUND');
		expect((await call(sb(), 'admin', 'GET', `/v2/social-sets/102/drafts/${d.id}`)).status).toBe(
			404,
		);
		expect((await call(sb(), 'outsider', 'GET', `${base}/${d.id}`)).status).toBe(403);
	});

	it('Endpoints PATCH draft: partial update keeps omitted fields and unsupplied platforms', async () => {
		const d = (
			await create({
				platforms: {
					x: { enabled: true, posts: [{ text: 'x text' }] },
					mastodon: { enabled: true, posts: [{ text: 'm text' }] },
				},
				draft_title: 'keep me',
				tags: ['launch'],
			})
		).body;
		const res = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			platforms: { x: { posts: [{ text: 'new x' }] } },
			scratchpad_text: 'pad',
		});
		expect(res.status).toBe(200);
		expect(res.body.platforms.x.posts[0].text).toBe('new x');
		expect(res.body.platforms.mastodon.posts[0].text).toBe('m text');
		expect(res.body.draft_title).toBe('keep me');
		expect(res.body.tags).toEqual(['launch']);
		expect(res.body.scratchpad_text).toBe('pad');
		expect(res.body.updated_at).toEqual(expect.any(String));
		const cleared = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			draft_title: null,
			tags: null,
			share: null,
			scratchpad_text: null,
		});
		expect(cleared.body).toEqual(
			expect.objectContaining({
				draft_title: null,
				tags: [],
				share_url: null,
				scratchpad_text: null,
			}),
		);
		const disabled = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			platforms: { mastodon: { enabled: false } },
		});
		expect(disabled.body.platforms.mastodon.enabled).toBe(false);
		expect(disabled.body.platforms.mastodon.posts[0].text).toBe('m text');
	});

	it('Endpoints PATCH draft: 403 for READ, 404 unknown draft, 422 schema failure', async () => {
		const d = (await create({ platforms: xPost() })).body;
		expect(
			errorCode(await call(sb(), 'read', 'PATCH', `${base}/${d.id}`, { draft_title: 'x' })),
		).toBe('INSUFFICIENT_ACCESS_LEVEL');
		expect(
			(await call(sb(), 'write', 'PATCH', `${base}/999999`, { draft_title: 'x' })).status,
		).toBe(404);
		const bad = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			force_overwrite_comments: 'true',
		});
		expect(bad.status).toBe(422);
		expect(bad.body.error.details).toEqual([
			{ field: 'force_overwrite_comments', message: expect.any(String) },
		]);
	});

	it('Endpoints DELETE draft: 204 no body; 404 unknown; 403 READ', async () => {
		const d = (await create({ platforms: xPost() })).body;
		expect((await call(sb(), 'read', 'DELETE', `${base}/${d.id}`)).status).toBe(403);
		const res = await fetch(`${sb().baseUrl}${base}/${d.id}`, {
			method: 'DELETE',
			headers: { Authorization: 'Bearer sp_test_write' },
		});
		expect(res.status).toBe(204);
		expect(await res.text()).toBe('');
		expect((await call(sb(), 'write', 'DELETE', `${base}/${d.id}`)).status).toBe(404);
	});

	describe('list', () => {
		const ids: number[] = [];
		beforeAll(async () => {
			await sb().clock.advance(0);
			const mk = async (body: Record<string, unknown>, key: 'write' | 'publish' = 'write') => {
				const res = await create({ platforms: xPost(), ...body }, key);
				ids.push(res.body.id);
				return res.body;
			};
			await mk({ tags: ['launch'], draft_title: 'list-a' });
			await mk({ tags: ['weekly-tips'], plan_at: inDays(sb(), 5) });
			await mk({ tags: ['launch', 'weekly-tips'], publish_at: inDays(sb(), 3) }, 'publish');
			await new Promise((r) => setTimeout(r, 5));
			await call(sb(), 'write', 'PATCH', `${base}/${ids[0]}`, { scratchpad_text: 'touched' });
		});

		it('Endpoints GET drafts: paged Draft summaries, default order -updated_at', async () => {
			const res = await call(sb(), 'read', 'GET', `${base}?limit=50`);
			expect(res.status).toBe(200);
			expect(res.body.results[0].id).toBe(ids[0]);
			const s = res.body.results[0];
			for (const key of [
				'id',
				'social_set_id',
				'status',
				'preview',
				'scheduled_date',
				'draft_title',
				'share_url',
				'private_url',
				'tags',
				'created_at',
				'updated_at',
				'published_at',
				'x_post_enabled',
				'linkedin_post_enabled',
				'threads_post_enabled',
				'bluesky_post_enabled',
				'substack_post_enabled',
				'mastodon_post_enabled',
				'x_post_published_at',
				'linkedin_post_published_at',
				'threads_post_published_at',
				'bluesky_post_published_at',
				'substack_post_published_at',
				'mastodon_post_published_at',
				'x_published_url',
				'linkedin_published_url',
				'threads_published_url',
				'bluesky_published_url',
				'substack_published_url',
				'mastodon_published_url',
			]) {
				expect(s).toHaveProperty(key);
			}
			expect(s).not.toHaveProperty('platforms');
			expect(s.x_post_enabled).toBe(true);
			expect(s.linkedin_post_enabled).toBe(false);
		});

		it('Endpoints GET drafts: status filter', async () => {
			const planned = await call(sb(), 'read', 'GET', `${base}?status=planned&limit=50`);
			expect(planned.body.results.length).toBeGreaterThan(0);
			expect(planned.body.results.every((d: { status: string }) => d.status === 'planned')).toBe(
				true,
			);
			expect(planned.body.count).toBe(planned.body.results.length);
		});

		it('Endpoints GET drafts: tag filter (repeated tag parameter, any of the tags)', async () => {
			const one = await call(sb(), 'read', 'GET', `${base}?tag=weekly-tips&limit=50`);
			expect(one.body.results.map((d: { id: number }) => d.id).sort()).toEqual(
				[ids[1], ids[2]].sort(),
			);
			const both = await call(sb(), 'read', 'GET', `${base}?tag=weekly-tips&tag=launch&limit=50`);
			expect(both.body.results.map((d: { id: number }) => d.id)).toEqual(
				expect.arrayContaining(ids),
			);
		});

		it('Endpoints GET drafts: order_by scheduled_date ascending and descending, nulls last', async () => {
			const asc = await call(sb(), 'read', 'GET', `${base}?order_by=scheduled_date&limit=50`);
			const dated = asc.body.results.filter(
				(d: { scheduled_date: string | null }) => d.scheduled_date !== null,
			);
			const dates = dated.map((d: { scheduled_date: string }) => Date.parse(d.scheduled_date));
			expect(dates).toEqual([...dates].sort((a, b) => a - b));
			expect(asc.body.results[asc.body.results.length - 1].scheduled_date).toBeNull();
			const desc = await call(sb(), 'read', 'GET', `${base}?order_by=-scheduled_date&limit=50`);
			const descDates = desc.body.results
				.filter((d: { scheduled_date: string | null }) => d.scheduled_date)
				.map((d: { scheduled_date: string }) => Date.parse(d.scheduled_date));
			expect(descDates).toEqual([...descDates].sort((a, b) => b - a));
			const created = await call(sb(), 'read', 'GET', `${base}?order_by=created_at&limit=50`);
			const createdIds = created.body.results.map((d: { id: number }) => d.id);
			expect(createdIds).toEqual([...createdIds].sort((a, b) => a - b));
		});

		it('Endpoints GET drafts: 422 for unknown status or order_by values', async () => {
			const badStatus = await call(sb(), 'read', 'GET', `${base}?status=archived`);
			expect(badStatus.status).toBe(422);
			expect(badStatus.body.error.details[0].field).toBe('status');
			const badOrder = await call(sb(), 'read', 'GET', `${base}?order_by=title`);
			expect(badOrder.status).toBe(422);
			expect(badOrder.body.error.details[0].field).toBe('order_by');
		});

		it('Endpoints GET drafts: 403 without access, 404 unknown set', async () => {
			expect(errorCode(await call(sb(), 'read', 'GET', '/v2/social-sets/102/drafts'))).toBe(
				'FORBIDDEN',
			);
			expect((await call(sb(), 'read', 'GET', '/v2/social-sets/555/drafts')).status).toBe(404);
		});
	});

	describe('schema validation (422 with field paths)', () => {
		const details = async (body: unknown) => {
			const res = await create(body as Record<string, unknown>);
			expect(res.status).toBe(422);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
			return res.body.error.details as Array<{ field: string; message: string }>;
		};

		it('Errors 422 VALIDATION_ERROR: wrong types name the field path', async () => {
			const d = await details({
				platforms: {
					x: { enabled: 'yes', posts: [{ text: 5 }], settings: { share_with_followers: 'no' } },
				},
			});
			expect(d.map((i) => i.field)).toEqual([
				'platforms.x.enabled',
				'platforms.x.posts[0].text',
				'platforms.x.settings.share_with_followers',
			]);
			expect(d.every((i) => typeof i.message === 'string' && i.message.length > 0)).toBe(true);
		});

		it('Errors 422 VALIDATION_ERROR: missing platforms, unknown platform, unknown post field', async () => {
			expect((await details({})).map((i) => i.field)).toEqual(['platforms']);
			expect((await details({ platforms: { myspace: {} } })).map((i) => i.field)).toEqual([
				'platforms.myspace',
			]);
			expect(
				(
					await details({
						platforms: { mastodon: { posts: [{ text: 'a', quote_post_url: 'x' }] } },
					})
				).map((i) => i.field),
			).toEqual(['platforms.mastodon.posts[0].quote_post_url']);
		});

		it('Errors 422 VALIDATION_ERROR: unknown enum values (reply_settings, publish_at)', async () => {
			expect(
				(
					await details({ platforms: { x: { posts: [{ text: 'a', reply_settings: 'nobody' }] } } })
				).map((i) => i.field),
			).toEqual(['platforms.x.posts[0].reply_settings']);
			expect(
				(await details({ platforms: xPost(), publish_at: 'tomorrow' })).map((i) => i.field),
			).toEqual(['publish_at']);
			expect(
				(await details({ platforms: xPost(), publish_at: '2030-01-01T10:00:00' })).map(
					(i) => i.field,
				),
			).toEqual(['publish_at']);
		});

		it('Errors 422 VALIDATION_ERROR: media ids must be UUID strings; body must be a JSON object', async () => {
			expect(
				(await details({ platforms: { x: { posts: [{ text: 'a', media_ids: ['nope'] }] } } })).map(
					(i) => i.field,
				),
			).toEqual(['platforms.x.posts[0].media_ids[0]']);
			expect((await details([1, 2])).map((i) => i.field)).toEqual(['body']);
			const broken = await call(sb(), 'write', 'POST', base, '{"platforms": ');
			expect(broken.status).toBe(422);
		});

		it('Limits draft_title: 512 characters accepted, 513 rejected (422)', async () => {
			expect((await create({ platforms: xPost(), draft_title: 'a'.repeat(512) })).status).toBe(201);
			expect(
				(await details({ platforms: xPost(), draft_title: 'a'.repeat(513) })).map((i) => i.field),
			).toEqual(['draft_title']);
		});

		it('Limits tags on a draft: 10 accepted, 11 rejected (422)', async () => {
			for (let i = 0; i < 10; i++)
				await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', { name: `limit tag ${i}` });
			const ten = Array.from({ length: 10 }, (_, i) => `limit-tag-${i}`);
			expect((await create({ platforms: xPost(), tags: ten })).status).toBe(201);
			expect(
				(await details({ platforms: xPost(), tags: [...ten, 'launch'] })).map((i) => i.field),
			).toEqual(['tags']);
		});
	});

	describe('business rules (400 VALIDATION_ERROR)', () => {
		const rejected = async (body: Record<string, unknown>, key: 'write' | 'publish' = 'write') => {
			const res = await create(body, key);
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
			return res.body.error;
		};

		it('Errors 400 VALIDATION_ERROR: no platform enabled', async () => {
			const err = await rejected({ platforms: { x: { enabled: false, posts: [{ text: 'a' }] } } });
			expect(err.details[0].field).toBe('platforms');
			await rejected({ platforms: {} });
		});

		it('Errors 400 VALIDATION_ERROR: more than one LinkedIn post', async () => {
			const err = await rejected({
				platforms: { linkedin: { enabled: true, posts: [{ text: 'a' }, { text: 'b' }] } },
			});
			expect(err.details[0].field).toBe('platforms.linkedin.posts');
			expect(
				(await create({ platforms: { x: { posts: [{ text: 'a' }, { text: 'b' }] } } })).status,
			).toBe(201);
		});

		it('Errors 400 VALIDATION_ERROR: x_article is standalone', async () => {
			const err = await rejected({
				platforms: {
					x_article: { content_markdown: '# Title\n\nBody' },
					x: { posts: [{ text: 'a' }] },
				},
			});
			expect(err.details[0].field).toBe('platforms.x_article');
			const alone = await create({
				platforms: {
					x_article: { content_markdown: '# Title\n\nBody text', cover_media_id: null },
				},
			});
			expect(alone.status).toBe(201);
			expect(alone.body.platforms.x_article).toEqual({
				content_markdown: '# Title\n\nBody text',
				cover_media_id: null,
			});
		});

		it('Platform configuration: the x_article object comes back as the spec shapes it, content_markdown and cover_media_id only', async () => {
			const media = await readyMedia(sb());
			const made = await create({
				platforms: { x_article: { content_markdown: '# A', cover_media_id: media } },
			});
			expect(made.status).toBe(201);
			expect(made.body.platforms).toEqual({
				x_article: { content_markdown: '# A', cover_media_id: media },
			});
			const patched = await call(sb(), 'write', 'PATCH', `${base}/${made.body.id}`, {
				platforms: { x_article: { content_markdown: '# B' } },
			});
			expect(patched.body.platforms).toEqual({
				x_article: { content_markdown: '# B', cover_media_id: media },
			});
		});

		it('Errors 400 VALIDATION_ERROR: platform not connected to the social set', async () => {
			const res = await call(sb(), 'admin', 'POST', '/v2/social-sets/102/drafts', {
				platforms: { threads: { posts: [{ text: 'a' }] } },
			});
			expect(res.status).toBe(400);
			expect(res.body.error.details[0].field).toBe('platforms.threads');
		});

		it('Errors 400 VALIDATION_ERROR: tags must exist', async () => {
			const err = await rejected({ platforms: xPost(), tags: ['launch', 'no-such-tag'] });
			expect(err.details).toEqual([{ field: 'tags[1]', message: expect.any(String) }]);
		});

		it('Errors 400 VALIDATION_ERROR: media unknown, still processing', async () => {
			const unknown = await rejected({
				platforms: {
					x: { posts: [{ text: 'a', media_ids: ['00000000-0000-4000-8000-000000000000'] }] },
				},
			});
			expect(unknown.details[0].field).toBe('platforms.x.posts[0].media_ids[0]');
			const upload = await call(sb(), 'write', 'POST', '/v2/social-sets/101/media/upload', {
				file_name: 'pending.png',
			});
			const processing = await rejected({
				platforms: { x: { posts: [{ text: 'a', media_ids: [upload.body.media_id] }] } },
			});
			expect(processing.details[0].message).toMatch(/processing/);
		});

		it('Errors 400 VALIDATION_ERROR: draft limit reached', async () => {
			sb().setAccount(101, { draftLimit: 0 });
			try {
				const err = await rejected({ platforms: xPost() });
				expect(err.message).toMatch(/limit/i);
			} finally {
				sb().setAccount(101, { draftLimit: 1000 });
			}
		});

		it('Errors 400 VALIDATION_ERROR: next-free-slot with an empty queue schedule', async () => {
			const put = await call(sb(), 'admin', 'PUT', '/v2/social-sets/102/queue/schedule', {
				rules: [],
			});
			expect(put.status).toBe(200);
			const res = await call(sb(), 'admin', 'POST', '/v2/social-sets/102/drafts', {
				platforms: xPost(),
				publish_at: 'next-free-slot',
			});
			expect(res.status).toBe(400);
			expect(res.body.error.details[0].field).toBe('publish_at');
		});
	});

	describe('policies (403, 402)', () => {
		it('Errors 403 FORBIDDEN: publishing or scheduling replies is blocked; saving them is fine', async () => {
			const reply = {
				x: {
					enabled: true,
					posts: [{ text: 'agreed' }],
					settings: { reply_to_url: 'https://x.com/a/status/1' },
				},
			};
			expect((await create({ platforms: reply })).status).toBe(201);
			for (const publish_at of ['now', inDays(sb(), 1)]) {
				const res = await create({ platforms: reply, publish_at }, 'publish');
				expect(res.status).toBe(403);
				expect(errorCode(res)).toBe('FORBIDDEN');
			}
		});

		it('Errors 403 FORBIDDEN: direct publishing of URL-bearing x drafts is blocked', async () => {
			const withUrl = xPost('read this https://example.com/post');
			expect((await create({ platforms: withUrl })).status).toBe(201);
			expect((await create({ platforms: withUrl, plan_at: inDays(sb(), 1) })).status).toBe(201);
			const res = await create({ platforms: withUrl, publish_at: 'now' }, 'publish');
			expect(res.status).toBe(403);
			expect(errorCode(res)).toBe('FORBIDDEN');
			const linkedin = await create(
				{
					platforms: { linkedin: { posts: [{ text: 'see https://example.com' }] } },
					publish_at: 'now',
				},
				'publish',
			);
			expect(linkedin.status).toBe(201);
		});

		it('Rules on platform content 5: a URL-bearing x draft can be scheduled (POST and PATCH) and publishes when due; only publishing it now is 403 FORBIDDEN', async () => {
			// "Direct publishing of `x` drafts containing URLs is also blocked (403 FORBIDDEN)": direct publishing only.
			const withUrl = xPost('read this https://example.com/post');
			const scheduled = await create(
				{ platforms: withUrl, publish_at: inDays(sb(), 1) },
				'publish',
			);
			expect(scheduled.status).toBe(201);
			expect(scheduled.body.status).toBe('scheduled');
			const saved = (await create({ platforms: withUrl })).body;
			const patched = await call(sb(), 'publish', 'PATCH', `${base}/${saved.id}`, {
				publish_at: 'next-free-slot',
			});
			expect(patched.status).toBe(200);
			expect(patched.body.status).toBe('scheduled');
			const edited = await call(sb(), 'publish', 'PATCH', `${base}/${saved.id}`, {
				platforms: xPost('now see www.example.org too'),
			});
			expect(edited.status).toBe(200);
			expect(edited.body.status).toBe('scheduled');
			const now = await call(sb(), 'publish', 'PATCH', `${base}/${saved.id}`, {
				publish_at: 'now',
			});
			expect(now.status).toBe(403);
			expect(errorCode(now)).toBe('FORBIDDEN');
			expect((await call(sb(), 'read', 'GET', `${base}/${saved.id}`)).body.status).toBe(
				'scheduled',
			);
			await sb().clock.advance(2 * 86_400_000);
			const published = await waitFor(async () => {
				const d = (await call(sb(), 'read', 'GET', `${base}/${scheduled.body.id}`)).body;
				return d.status === 'published' ? d : undefined;
			});
			expect(published.x_published_url).toMatch(/^https:\/\/x\.com\//);
		});

		it('Errors 403 MONETIZATION_ERROR: X communities without the plan feature', async () => {
			const community = { x: { posts: [{ text: 'hi' }], settings: { community_id: '1234' } } };
			expect((await create({ platforms: community })).status).toBe(201);
			sb().setAccount(101, { features: { communities: false, tags: true } });
			try {
				const res = await create({ platforms: community });
				expect(res.status).toBe(403);
				expect(errorCode(res)).toBe('MONETIZATION_ERROR');
			} finally {
				sb().setAccount(101, { features: { communities: true, tags: true } });
			}
		});

		it('Errors 402 MONETIZATION_ERROR: paused account cannot create or edit drafts', async () => {
			const d = (await create({ platforms: xPost() })).body;
			sb().setAccount(101, { paused: true });
			try {
				const created = await create({ platforms: xPost() });
				expect(created.status).toBe(402);
				expect(errorCode(created)).toBe('MONETIZATION_ERROR');
				const edited = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, { draft_title: 'x' });
				expect(edited.status).toBe(402);
			} finally {
				sb().setAccount(101, { paused: false });
			}
		});
	});

	it('Resources rule 4: alt text is copied into the draft at attach time (post media array)', async () => {
		const mediaId = await readyMedia(sb(), 101, 'cat.jpg', 'A cat');
		const d = (
			await create({ platforms: { x: { posts: [{ text: 'cat', media_ids: [mediaId] }] } } })
		).body;
		expect(d.platforms.x.posts[0].media_ids).toEqual([mediaId]);
		expect(d.platforms.x.posts[0].media).toEqual([
			{ media_id: mediaId, alt_text: 'A cat', mime: 'image/jpeg' },
		]);
		await call(sb(), 'write', 'PATCH', `/v2/social-sets/101/media/${mediaId}`, {
			alt_text: 'A black cat',
		});
		const unchanged = await call(sb(), 'read', 'GET', `${base}/${d.id}`);
		expect(unchanged.body.platforms.x.posts[0].media[0].alt_text).toBe('A cat');
		const resent = await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, {
			platforms: { x: { posts: unchanged.body.platforms.x.posts } },
		});
		expect(resent.body.platforms.x.posts[0].media[0].alt_text).toBe('A black cat');
	});

	it('Resources Draft detail: preview is smart-trimmed to at most 100 characters', async () => {
		const long = 'word '.repeat(60).trim();
		const d = (await create({ platforms: xPost(long) })).body;
		expect([...d.preview].length).toBeLessThanOrEqual(100);
		expect(d.preview.endsWith('…')).toBe(true);
		expect(long.startsWith(d.preview.slice(0, -1).trimEnd())).toBe(true);
	});

	it('Endpoints GET draft: preview never shows markers; exclude_comment_markers must be a boolean (422)', async () => {
		const text =
			'Hello <svc:comment-thread id=0b0e2a4c-1111-4222-8333-444455556666>world</svc:comment-thread>';
		const d = (await create({ platforms: xPost(text) })).body;
		const plain = await call(sb(), 'read', 'GET', `${base}/${d.id}`);
		expect(plain.body.platforms.x.posts[0].text).toBe(text);
		expect(plain.body.preview).toBe('Hello world');
		const bad = await call(sb(), 'read', 'GET', `${base}/${d.id}?exclude_comment_markers=maybe`);
		expect(bad.status).toBe(422);
	});

	it('Endpoints PATCH draft: publish_at=now answers publish_state in_progress; poll until finished', async () => {
		const d = (await create({ platforms: xPost() })).body;
		const res = await call(sb(), 'publish', 'PATCH', `${base}/${d.id}`, { publish_at: 'now' });
		expect(res.status).toBe(200);
		expect(res.body.publish_state).toBe('in_progress');
		expect(res.body.status).toBe('draft');
		const done = await waitFor(async () => {
			const g = await call(sb(), 'read', 'GET', `${base}/${d.id}`);
			return g.body.publish_state === 'finished' ? g.body : undefined;
		});
		expect(done.status).toBe('published');
	});
});
