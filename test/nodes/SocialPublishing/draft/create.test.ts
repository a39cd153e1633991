import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { createText, draftParams, hoursFromNow } from './fixtures';

const fx = useSandbox();

describe('Draft > Create (Drafts: POST /v2/social-sets/{id}/drafts)', () => {
	test('one text split at separator lines becomes a thread on each chosen platform (Platform configuration)', async () => {
		const text = 'First post\n---\nSecond post\n  ---  \nThird post';
		const { result, requests, items } = await runFresh(fx, createText(text, ['x', 'mastodon']), {
			key: 'write',
		});
		expect(result.error).toBeUndefined();
		const posts = [{ text: 'First post' }, { text: 'Second post' }, { text: 'Third post' }];
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/v2/social-sets/101/drafts',
				status: 201,
				body: {
					platforms: {
						x: { enabled: true, posts, settings: {} },
						mastodon: { enabled: true, posts, settings: {} },
					},
				},
			}),
		]);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			status: 'draft',
			social_set_id: 101,
			platforms: { x: { enabled: true }, mastodon: { enabled: true } },
		});
		expect(items[0].id).toEqual(expect.any(Number));
	});

	test('a custom thread separator splits instead of ---', async () => {
		const params = createText('One\n***\nTwo\n---\nstill two', ['bluesky'], {
			contentOptions: { threadSeparator: '***' },
		});
		const { requests } = await runFresh(fx, params);
		expect(
			(requests[0].body as { platforms: { bluesky: { posts: unknown } } }).platforms.bluesky.posts,
		).toEqual([{ text: 'One' }, { text: 'Two\n---\nstill two' }]);
	});

	test('a list of posts, a LinkedIn text override and platform options sends only the fields each platform has', async () => {
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['x', 'linkedin', 'threads', 'mastodon'],
			contentMode: 'posts',
			posts: { post: [{ text: 'Opening' }, { text: 'Follow-up' }] },
			platformTexts: { platformText: [{ platform: 'linkedin', text: 'LinkedIn gets one post' }] },
			platformOptions: {
				xRepliesFromFollowing: true,
				xQuotePostUrl: 'https://x.com/acme/status/1',
				xMadeWithAi: true,
				xReplyToUrl: 'https://x.com/acme/status/2',
				xShareWithFollowers: true,
				linkedinReshareUrn: 'urn:li:share:7000',
				hideLinkPreview: ['linkedin', 'threads'],
			},
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		const platforms = (requests[0].body as { platforms: Record<string, unknown> }).platforms;
		expect(platforms.x).toEqual({
			enabled: true,
			posts: [
				{
					text: 'Opening',
					reply_settings: 'following',
					quote_post_url: 'https://x.com/acme/status/1',
					made_with_ai: true,
				},
				{ text: 'Follow-up', reply_settings: 'following', made_with_ai: true },
			],
			settings: { reply_to_url: 'https://x.com/acme/status/2', share_with_followers: true },
		});
		expect(platforms.linkedin).toEqual({
			enabled: true,
			posts: [
				{
					text: 'LinkedIn gets one post',
					linkedin_reshare_urn: 'urn:li:share:7000',
					hide_link_preview: true,
				},
			],
			settings: {},
		});
		expect(platforms.threads).toEqual({
			enabled: true,
			posts: [
				{ text: 'Opening', hide_link_preview: true },
				{ text: 'Follow-up', hide_link_preview: true },
			],
			settings: {},
		});
		expect(platforms.mastodon).toEqual({
			enabled: true,
			posts: [{ text: 'Opening' }, { text: 'Follow-up' }],
			settings: {},
		});
	});

	test('title, scratchpad, tags and share are sent as additional fields', async () => {
		const params = createText('Tagged', ['x'], {
			additionalFields: {
				draftTitle: 'Launch week',
				scratchpadText: 'notes',
				tags: ['launch', 'weekly-tips'],
				share: true,
			},
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		// the slugs are checked against the social set's tags first (one read), then the draft is sent
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/tags',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(requests[1].body).toMatchObject({
			draft_title: 'Launch week',
			scratchpad_text: 'notes',
			tags: ['launch', 'weekly-tips'],
			share: true,
		});
		expect(items[0]).toMatchObject({
			draft_title: 'Launch week',
			tags: ['launch', 'weekly-tips'],
			share_url: expect.any(String),
		});
	});

	test('tags from an expression as a comma-separated string are sent as a list', async () => {
		const params = createText('Tagged', ['x'], {
			additionalFields: { tags: '={{ "launch, weekly-tips" }}' },
		});
		const { requests } = await runFresh(fx, params);
		expect(requests[1].body).toMatchObject({ tags: ['launch', 'weekly-tips'] });
	});

	test('an X Article is sent alone as x_article with its markdown and no enabled field (Platform configuration: x_article object: content_markdown, cover_media_id)', async () => {
		const params = draftParams('create', {
			contentType: 'xArticle',
			articleMarkdown: '# Title\n\nBody text',
		});
		const { result, requests, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({
			platforms: { x_article: { content_markdown: '# Title\n\nBody text', cover_media_id: null } },
		});
		expect(items[0]).toMatchObject({
			platforms: { x_article: { content_markdown: '# Title\n\nBody text' } },
		});
	});

	test('raw platforms JSON is sent as given', async () => {
		const platforms = {
			bluesky: {
				enabled: true,
				posts: [{ text: 'From JSON', hide_link_preview: true }],
				settings: {},
			},
		};
		const { result, requests } = await runFresh(
			fx,
			draftParams('create', { contentType: 'json', platformsJson: JSON.stringify(platforms) }),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ platforms });
	});

	test('Publish At with an offset is sent in UTC and the draft is scheduled (States and transitions: POST with publish_at)', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			createText('Later', ['x'], { additionalFields: { publishAt: '2031-03-01T10:00:00+01:00' } }),
		);
		expect(result.error).toBeUndefined();
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toMatchObject({ publish_at: '2031-03-01T09:00:00Z' });
		expect(items[0]).toMatchObject({
			status: 'scheduled',
			scheduled_date: expect.stringMatching(/^2031-03-01T09:00:00/),
		});
	});

	test('Plan At without offset is read in the social set time zone, fetched from the queue schedule (Europe/Berlin)', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			createText('Planned', ['x'], { additionalFields: { planAt: '2031-07-01T10:00:00' } }),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/queue/schedule',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(requests[1].body).toMatchObject({ plan_at: '2031-07-01T08:00:00Z' });
		expect(items[0]).toMatchObject({ status: 'planned' });
	});

	test('a read-only key gets 403 INSUFFICIENT_ACCESS_LEVEL from the service', async () => {
		const { result } = await runFresh(fx, createText('No access'), { key: 'read' });
		expectServiceError(result, { httpCode: 403, code: 'INSUFFICIENT_ACCESS_LEVEL' });
	});
});

describe('Draft > Create: rules checked before sending (Limits, Platform configuration, Drafts)', () => {
	test('at least one platform', async () => {
		await expectRejectedBeforeSending(fx, createText('Hi', '={{ [] }}' as unknown as string[]), {
			parameter: 'Platforms',
			problem: /at least one platform/,
		});
	});

	test('one LinkedIn post only', async () => {
		await expectRejectedBeforeSending(fx, createText('One\n---\nTwo', ['x', 'linkedin']), {
			parameter: 'Text',
			problem: /LinkedIn 2 posts; LinkedIn takes one post only/,
		});
	});

	test('X Article alone: raw JSON combining x_article with a post platform', async () => {
		const json = {
			x_article: { enabled: true, content_markdown: 'A', cover_media_id: null },
			x: { enabled: true, posts: [{ text: 'B' }], settings: {} },
		};
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', { contentType: 'json', platformsJson: JSON.stringify(json) }),
			{ parameter: 'Platforms JSON', problem: /stands alone/ },
		);
	});

	test('at most 10 tags', async () => {
		const tags = Array.from({ length: 11 }, (_, n) => `t${n}`);
		await expectRejectedBeforeSending(fx, createText('Hi', ['x'], { additionalFields: { tags } }), {
			parameter: 'Tag Names or IDs',
			problem: /11 tags; a draft takes at most 10/,
		});
	});

	test('title at most 512 characters', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Hi', ['x'], { additionalFields: { draftTitle: 'x'.repeat(513) } }),
			{ parameter: 'Draft Title', problem: /513 characters/ },
		);
	});

	test('plan and publish never together', async () => {
		const fields = { planAt: hoursFromNow(24), publishAt: hoursFromNow(48) };
		await expectRejectedBeforeSending(fx, createText('Hi', ['x'], { additionalFields: fields }), {
			parameter: 'Plan At',
			problem: /never both/,
		});
	});

	test('now is not accepted for planning', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Hi', ['x'], { additionalFields: { planAt: 'now' } }),
			{ parameter: 'Plan At', problem: /"now"/ },
		);
	});

	test('dates in the future: a past date with offset', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Hi', ['x'], { additionalFields: { publishAt: '2020-01-01T10:00:00+01:00' } }),
			{ parameter: 'Publish At', problem: /in the past/ },
		);
	});

	test('dates in the future: a past date without offset is refused without looking up the time zone', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Hi', ['x'], { additionalFields: { planAt: '2020-01-01 10:00' } }),
			{ parameter: 'Plan At', problem: /in the past/ },
		);
	});

	test('media IDs must be UUIDs', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Hi', ['x'], { mediaIds: 'abc, 3f1c2a9e-0b7d-4c1e-9a4f-2d6e8b1c0a57' }),
			{ parameter: 'Media IDs', problem: /"abc"/ },
		);
	});

	test('raw platforms JSON must parse to an object', async () => {
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', { contentType: 'json', platformsJson: '[1, 2]' }),
			{ parameter: 'Platforms JSON', problem: /JSON object/ },
		);
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', { contentType: 'json', platformsJson: '{"x": ' }),
			{ parameter: 'Platforms JSON', problem: /not valid JSON/ },
		);
	});
});

describe('Draft > Create and Rules on platform content 5 (replies: no publishing or scheduling; URL-bearing X drafts: no direct publishing)', () => {
	test('Publish At "now" with a URL in the X text is refused before sending, saying to schedule instead', async () => {
		const params = createText(
			'Launch day\n---\nDetails at https://example.com/launch',
			['x', 'mastodon'],
			{ additionalFields: { publishAt: 'now' } },
		);
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toBe(
			'The draft cannot be published now: X post 2 contains a URL, and the API blocks direct publishing of X drafts with URLs (Rules on platform content 5) [item 0]',
		);
		expect(result.error?.description).toContain('Schedule it instead');
		expect(requests).toEqual([]);
	});

	test('a URL-bearing X post can be created scheduled, and published now when only other platforms carry the URL', async () => {
		const scheduled = await runFresh(
			fx,
			createText('Read https://example.com', ['x'], {
				additionalFields: { publishAt: hoursFromNow(30) },
			}),
		);
		expect(scheduled.result.error).toBeUndefined();
		expect(scheduled.items[0]).toMatchObject({ status: 'scheduled' });
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['x', 'mastodon'],
			contentMode: 'text',
			text: 'No link here',
			platformTexts: {
				platformText: [{ platform: 'mastodon', text: 'Link: https://example.com' }],
			},
			additionalFields: { publishAt: 'now' },
		});
		const now = await runFresh(fx, params);
		expect(now.result.error).toBeUndefined();
		expect(now.items[0]).toMatchObject({ publish_state: 'in_progress' });
	});

	test('an X reply with Publish At (now, a date or next-free-slot) is refused before sending; saved or planned it is created', async () => {
		for (const publishAt of ['now', hoursFromNow(30), 'next-free-slot']) {
			const params = createText('Agreed', ['x'], {
				platformOptions: { xReplyToUrl: 'https://x.com/a/status/1' },
				additionalFields: { publishAt },
			});
			const { result, requests } = await runFresh(fx, params);
			expect(result.error?.message).toMatch(
				/^The draft cannot be (published now|scheduled): it is an X reply \(reply to https:\/\/x\.com\/a\/status\/1\), and the API blocks publishing or scheduling replies \(Rules on platform content 5\) \[item 0\]$/,
			);
			expect(requests).toEqual([]);
		}
		const planned = await runFresh(
			fx,
			createText('Agreed', ['x'], {
				platformOptions: { xReplyToUrl: 'https://x.com/a/status/1' },
				additionalFields: { planAt: hoursFromNow(30) },
			}),
		);
		expect(planned.result.error).toBeUndefined();
		expect(planned.items[0]).toMatchObject({ status: 'planned' });
	});

	test('raw platforms JSON is checked too', async () => {
		const platforms = { x: { enabled: true, posts: [{ text: 'www.example.org' }], settings: {} } };
		const { result, requests } = await runFresh(
			fx,
			draftParams('create', {
				contentType: 'json',
				platformsJson: JSON.stringify(platforms),
				additionalFields: { publishAt: 'now' },
			}),
		);
		expect(result.error?.message).toContain('cannot be published now: X post 1 contains a URL');
		expect(requests).toEqual([]);
	});
});
