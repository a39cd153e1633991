import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { readyMediaId } from '../media/fixtures';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { api, draftParams, hoursFromNow, seedDraft } from './fixtures';

// Drafts, PATCH body: "Partial update: omitted fields stay unchanged; only the platforms supplied are updated."
// A platform supplied is replaced as sent, so Update reads the draft and sends each touched platform whole.
const fx = useSandbox();

type Post = IDataObject & {
	text: string;
	media_ids?: string[];
	media?: Array<{ media_id: string; alt_text: string | null }>;
};
type Platform = { enabled: boolean; posts: Post[]; settings: IDataObject };
type Draft = IDataObject & { id: number; status: string; platforms: Record<string, Platform> };

let imageA = '';
let imageB = '';

beforeAll(async () => {
	imageA = await readyMediaId(fx, 'chart.png', 'A rising bar chart');
	imageB = await readyMediaId(fx, 'photo.png', 'The team on stage');
});

/** X thread with media, per-post X fields and settings; Bluesky with media and no link preview; LinkedIn turned off. */
function richPlatforms(): IDataObject {
	return {
		x: {
			enabled: true,
			posts: [
				{
					text: 'Launch day',
					media_ids: [imageA],
					quote_post_url: 'https://x.com/acme/status/9',
					made_with_ai: true,
					reply_settings: 'following',
				},
				{ text: 'What we built', made_with_ai: true, reply_settings: 'following' },
			],
			settings: { community_id: '1234', share_with_followers: true },
		},
		bluesky: {
			enabled: true,
			posts: [{ text: 'Launch day on Bluesky', media_ids: [imageB], hide_link_preview: true }],
			settings: {},
		},
		linkedin: { enabled: false, posts: [{ text: 'Launch day on LinkedIn' }], settings: {} },
	};
}

async function seedRich(extra: IDataObject = {}): Promise<Draft> {
	return (await seedDraft(fx, {
		platforms: richPlatforms(),
		draft_title: 'Launch',
		...extra,
	})) as Draft;
}

async function read(id: number): Promise<Draft> {
	return (await api<Draft>(fx, 'GET', `/v2/social-sets/101/drafts/${id}`)).body;
}

const update = (id: number, extra: IDataObject) =>
	draftParams('update', { draftId: String(id), ...extra });
const patchesOf = (requests: Array<{ method: string; body?: unknown }>) =>
	requests.filter((r) => r.method === 'PATCH');

describe('Draft > Update keeps what it is not told to change (PATCH: only the platforms supplied are updated, each as sent)', () => {
	test('a new X text only: media ids with their alt text, per-post X fields, settings, the other platforms and the title are kept', async () => {
		const draft = await seedRich();
		const before = await read(draft.id);
		const { result, requests } = await runFresh(
			fx,
			update(draft.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'Launch day is here\n---\nWhat we built, and why',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(
			Object.keys((patchesOf(requests)[0].body as { platforms: IDataObject }).platforms),
		).toEqual(['x']);
		const after = await read(draft.id);
		expect(after.platforms.x.posts.map((p) => p.text)).toEqual([
			'Launch day is here',
			'What we built, and why',
		]);
		const withoutText = (platform: Platform) => ({
			...platform,
			posts: platform.posts.map(({ text: _text, ...rest }) => rest),
		});
		expect(withoutText(after.platforms.x)).toEqual(withoutText(before.platforms.x));
		expect(after.platforms.x.posts[0].media).toEqual([
			expect.objectContaining({ media_id: imageA, alt_text: 'A rising bar chart' }),
		]);
		expect(after.platforms.bluesky).toEqual(before.platforms.bluesky);
		expect(after.platforms.linkedin).toEqual(before.platforms.linkedin);
		expect(after.draft_title).toBe('Launch');
	});

	test('only the media: the media of the first X post change, the texts and everything else stay', async () => {
		const draft = await seedRich();
		const before = await read(draft.id);
		const { result } = await runFresh(
			fx,
			update(draft.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: '',
				mediaIds: imageB,
			}),
		);
		expect(result.error).toBeUndefined();
		const after = await read(draft.id);
		expect(after.platforms.x.posts.map((p) => [p.text, p.media_ids])).toEqual([
			['Launch day', [imageB]],
			['What we built', undefined],
		]);
		expect(after.platforms.x.posts[0]).toMatchObject({
			quote_post_url: 'https://x.com/acme/status/9',
			made_with_ai: true,
			reply_settings: 'following',
		});
		expect(after.platforms.x.settings).toEqual(before.platforms.x.settings);
	});

	test('only one option: Made With AI turned off on every X post, and a setting removed by adding it empty; nothing else moves', async () => {
		const draft = await seedRich();
		const before = await read(draft.id);
		const params = update(draft.id, {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: '',
			platformOptions: { xMadeWithAi: false, xCommunityId: '' },
		});
		const { result } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		const after = await read(draft.id);
		expect(after.platforms.x.posts.map((p) => p.made_with_ai)).toEqual([false, false]);
		expect(after.platforms.x.settings).toEqual({ share_with_followers: true });
		const withoutAi = (platform: Platform) =>
			platform.posts.map(({ made_with_ai: _ai, ...rest }) => rest);
		expect(withoutAi(after.platforms.x)).toEqual(withoutAi(before.platforms.x));
	});

	test('a List of Posts merges by position: an empty text keeps the current one, and the list gives the thread its length', async () => {
		const draft = await seedRich();
		const params = update(draft.id, {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'posts',
			posts: { post: [{ text: '' }, { text: 'Second, reworded' }, { text: 'A third post' }] },
		});
		const { result } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		const after = await read(draft.id);
		expect(
			after.platforms.x.posts.map((p) => [p.text, p.media_ids ?? null, p.made_with_ai]),
		).toEqual([
			['Launch day', [imageA], true],
			['Second, reworded', null, true],
			['A third post', null, true],
		]);
	});

	test('a text or List of Posts shorter than the thread is refused after the read, before the PATCH: the posts beyond it and their media stay', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [
						{ text: 'One', media_ids: [imageA] },
						{ text: 'Two', media_ids: [imageB] },
						{ text: 'Three' },
					],
					settings: {},
				},
			},
		});
		const before = await read(draft.id as number);
		const oneText = await expectRejectedBeforeSending(
			fx,
			update(draft.id as number, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'One, typo fixed',
			}),
			{
				parameter: 'Text',
				sentBefore: 1,
				problem:
					/for X gives 1 post, and the draft's thread has 3 posts: posts 2 to 3 would be lost/,
			},
		);
		expect(oneText).toContain('Remove Post');
		await expectRejectedBeforeSending(
			fx,
			update(draft.id as number, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'posts',
				posts: { post: [{ text: 'One' }, { text: 'Two' }] },
			}),
			{ parameter: 'Posts', sentBefore: 1, problem: /post 3 would be lost/ },
		);
		expect(await read(draft.id as number)).toEqual(before);
	});

	test('comment markers of the posts not edited are kept: Set Text of X post 1 leaves the thread anchored on post 2 in place', async () => {
		const draft = await seedRich();
		const thread = await api<{ id: string }>(
			fx,
			'POST',
			`/v2/social-sets/101/drafts/${draft.id}/comment-threads`,
			{ post_index: 1, selected_text: 'built', text: 'Say more?', platform: 'x' },
		);
		expect(thread.status).toBeLessThan(300);
		const params = update(draft.id, {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'edit',
			editPosts: { edit: [{ editAction: 'setText', postNumber: 1, text: 'Launch day, finally' }] },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests[0]).toMatchObject({ method: 'GET', query: {} });
		const after = await read(draft.id);
		expect(after.platforms.x.posts[0].text).toBe('Launch day, finally');
		expect(after.platforms.x.posts[1].text).toContain(
			`<svc:comment-thread id=${thread.body.id}>built</svc:comment-thread>`,
		);
		const threads = await api<{ results: Array<{ status: string }> }>(
			fx,
			'GET',
			`/v2/social-sets/101/drafts/${draft.id}/comment-threads`,
		);
		expect(threads.body.results).toEqual([expect.objectContaining({ status: 'unresolved' })]);
	});

	test('X Article: a new markdown keeps the cover, and no enabled field is sent (Platform configuration: x_article object)', async () => {
		const draft = (await seedDraft(fx, {
			platforms: { x_article: { content_markdown: '# Old', cover_media_id: imageA } },
		})) as Draft;
		const { result, requests } = await runFresh(
			fx,
			update(draft.id, { contentType: 'xArticle', articleMarkdown: '# New\n\nBody' }),
		);
		expect(result.error).toBeUndefined();
		expect(patchesOf(requests)[0].body).toEqual({
			platforms: { x_article: { content_markdown: '# New\n\nBody', cover_media_id: imageA } },
		});
		expect((await read(draft.id)).platforms.x_article).toEqual({
			content_markdown: '# New\n\nBody',
			cover_media_id: imageA,
		});
	});
});

describe('Draft > Update: posts added, removed, and platforms turned on or off, without JSON', () => {
	test('Edit Single Posts: insert as post 1, append, and remove by number, in order; the new posts take the thread-wide X fields', async () => {
		const draft = await seedRich();
		const edits = [
			{ editAction: 'insert', postNumber: 1, text: 'Teaser' },
			{ editAction: 'append', text: 'Thanks for reading', mediaIds: imageB },
			{ editAction: 'remove', postNumber: 3 },
		];
		const { result } = await runFresh(
			fx,
			update(draft.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'edit',
				editPosts: { edit: edits },
			}),
		);
		expect(result.error).toBeUndefined();
		const posts = (await read(draft.id)).platforms.x.posts;
		expect(posts.map((p) => p.text)).toEqual(['Teaser', 'Launch day', 'Thanks for reading']);
		expect(posts[0]).toMatchObject({ made_with_ai: true, reply_settings: 'following' });
		expect(posts[0]).not.toHaveProperty('quote_post_url');
		expect(posts[1]).toMatchObject({
			media_ids: [imageA],
			quote_post_url: 'https://x.com/acme/status/9',
		});
		expect(posts[2]).toMatchObject({ media_ids: [imageB], made_with_ai: true });
	});

	test('the same edits apply to every chosen platform; a post number a platform lacks is refused after the read, before the PATCH', async () => {
		const draft = await seedRich();
		const params = update(draft.id, {
			contentType: 'posts',
			platforms: ['x', 'bluesky'],
			contentMode: 'edit',
			editPosts: { edit: [{ editAction: 'setText', postNumber: 2, text: 'Two' }] },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toBe(
			'Parameter "Edit Posts" for Bluesky edit 1 has no post 2 (the thread has 1 post) [item 0]',
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('Disable Platforms and Enable Platforms turn platforms off and on and keep their content', async () => {
		const draft = await seedRich();
		const before = await read(draft.id);
		const { result, requests } = await runFresh(
			fx,
			update(draft.id, {
				updateFields: { disablePlatforms: ['bluesky'], enablePlatforms: ['linkedin'] },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(
			Object.keys((patchesOf(requests)[0].body as { platforms: IDataObject }).platforms).sort(),
		).toEqual(['bluesky', 'linkedin']);
		const after = await read(draft.id);
		expect(after.platforms.bluesky).toEqual({ ...before.platforms.bluesky, enabled: false });
		expect(after.platforms.linkedin).toEqual({ ...before.platforms.linkedin, enabled: true });
		expect(after.platforms.x).toEqual(before.platforms.x);
	});

	test('turning on a platform the draft has no content for, or off every platform, is refused before the PATCH', async () => {
		const draft = await seedRich();
		const none = await runFresh(
			fx,
			update(draft.id, { updateFields: { enablePlatforms: ['mastodon'] } }),
		);
		expect(none.result.error?.message).toBe(
			'Parameter "Enable Platforms" names Mastodon, which this draft has no content for; give its content with Content Type "Social Posts" [item 0]',
		);
		expect(none.requests.map((r) => r.method)).toEqual(['GET']);
		const all = await runFresh(
			fx,
			update(draft.id, { updateFields: { disablePlatforms: ['x', 'bluesky'] } }),
		);
		expect(all.result.error?.message).toBe(
			`Draft ${draft.id} cannot be updated: the update would leave the draft with no platform enabled; at least one must stay on [item 0]`,
		);
		expect(patchesOf(all.requests)).toEqual([]);
		await expectRejectedBeforeSending(
			fx,
			update(draft.id, { updateFields: { enablePlatforms: ['x'], disablePlatforms: ['x'] } }),
			{ parameter: 'Disable Platforms', problem: /both name X/ },
		);
	});

	test('posts for X on an X Article draft are refused before the PATCH: the article stands alone (Platform configuration)', async () => {
		const article = (await seedDraft(fx, {
			platforms: { x_article: { content_markdown: '# Long read', cover_media_id: null } },
		})) as Draft;
		const { result, requests } = await runFresh(
			fx,
			update(article.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'A short post',
			}),
		);
		expect(result.error?.message).toBe(
			`Draft ${article.id} cannot be updated: the update would enable X beside the X Article, which stands alone [item 0]`,
		);
		expect(patchesOf(requests)).toEqual([]);
	});

	test('removing the last post of an enabled platform is refused, pointing to Disable Platforms', async () => {
		const draft = await seedRich();
		const params = update(draft.id, {
			contentType: 'posts',
			platforms: ['bluesky'],
			contentMode: 'edit',
			editPosts: { edit: [{ editAction: 'remove', postNumber: 1 }] },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toContain(
			'would leave no post on an enabled platform; turn the platform off with Disable Platforms instead',
		);
		expect(patchesOf(requests)).toEqual([]);
	});

	test('an Edit Posts entry without a usable number or text is refused before any request', async () => {
		await expectRejectedBeforeSending(
			fx,
			update(1, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'edit',
				editPosts: { edit: [{ editAction: 'setText', postNumber: 0, text: 'a' }] },
			}),
			{
				parameter: 'Edit Posts (edit 1)',
				problem: /Post Number "0"/,
			},
		);
		await expectRejectedBeforeSending(
			fx,
			update(1, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'edit',
				editPosts: { edit: [{ editAction: 'append', text: ' ' }] },
			}),
			{
				parameter: 'Edit Posts (edit 1)',
				problem: /neither text nor media/,
			},
		);
		await expectRejectedBeforeSending(
			fx,
			update(1, { contentType: 'posts', platforms: ['x'], contentMode: 'text', text: '' }),
			{ parameter: 'Text', problem: /nothing to change/ },
		);
	});
});

describe('Draft > Update: the explicit ways to replace a platform whole', () => {
	test('Replace Platform Content sends the chosen platform as Create builds it, without reading the draft: its media and options go', async () => {
		const draft = await seedRich();
		const { result, requests } = await runFresh(
			fx,
			update(draft.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'Fresh start',
				replacePlatformContent: true,
			}),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.method)).toEqual(['PATCH']);
		expect(requests[0].body).toEqual({
			platforms: { x: { enabled: true, posts: [{ text: 'Fresh start' }], settings: {} } },
		});
		const after = await read(draft.id);
		expect(after.platforms.x.posts).toEqual([{ text: 'Fresh start', media: [] }]);
		expect(after.platforms.bluesky.posts[0].media_ids).toEqual([imageB]);
	});

	test('Platforms JSON replaces the named platforms as given, without reading the draft', async () => {
		const draft = await seedRich();
		const json = { bluesky: { enabled: true, posts: [{ text: 'From JSON' }], settings: {} } };
		const { result, requests } = await runFresh(
			fx,
			update(draft.id, { contentType: 'json', platformsJson: JSON.stringify(json) }),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => [r.method, r.body])).toEqual([['PATCH', { platforms: json }]]);
	});
});

describe('Draft > Update: checks on the text about to be sent (Comment-thread markers in text; Errors: COMMENTS_MARKER_MALFORMED subcodes; Limits: marker nesting 16, 1000 per post)', () => {
	test.each([
		['unbalanced', 'Hi <svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e>there'],
		[
			'bad_uuid',
			'Hi <svc:comment-thread id=0F8FAD5B-D9CB-469F-A165-70867728950E>there</svc:comment-thread>',
		],
		[
			'empty_span',
			'Hi <svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e></svc:comment-thread>there',
		],
		['bad_position', 'Hi <svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e/>there'],
		[
			'depth_exceeded',
			`${'<svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e>'.repeat(17)}deep${'</svc:comment-thread>'.repeat(17)}`,
		],
		[
			'count_exceeded',
			Array.from(
				{ length: 1001 },
				() => '<svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e/>line',
			).join('\n'),
		],
	])(
		'a malformed marker (%s) is refused before the PATCH, naming the subcode and the post',
		async (subcode, text) => {
			const draft = await seedRich();
			const params = update(draft.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'edit',
				editPosts: { edit: [{ editAction: 'setText', postNumber: 2, text }] },
			});
			const { result, requests } = await runFresh(fx, params);
			expect(result.error?.message).toMatch(
				new RegExp(
					`^The text of X post 2 has a malformed comment marker: .+ \\(COMMENTS_MARKER_MALFORMED, subcode "${subcode}"\\) \\[item 0\\]$`,
				),
			);
			expect(patchesOf(requests)).toEqual([]);
		},
	);

	test('a span edge inside a LinkedIn mention (mid_mention) is checked on LinkedIn text', async () => {
		const draft = await seedRich();
		const text =
			'Thanks @[Acme <svc:comment-thread id=0f8fad5b-d9cb-469f-a165-70867728950e>Corp](urn:li:organization:1) team</svc:comment-thread>!';
		const { result, requests } = await runFresh(
			fx,
			update(draft.id, {
				contentType: 'posts',
				platforms: ['linkedin'],
				contentMode: 'text',
				text,
			}),
		);
		expect(result.error?.message).toContain(
			'The text of LinkedIn post 1 has a malformed comment marker',
		);
		expect(result.error?.message).toContain('subcode "mid_mention"');
		expect(patchesOf(requests)).toEqual([]);
	});
});

describe('Draft > Update and Rules on platform content 5 (checked on the draft as it will be)', () => {
	test('Publish At "now" on a draft whose X text has a URL is refused after the read, before the PATCH; with a date it is scheduled', async () => {
		const draft = (await seedDraft(fx, {
			platforms: {
				x: { enabled: true, posts: [{ text: 'Read https://example.com/launch' }], settings: {} },
			},
		})) as Draft;
		const now = await runFresh(fx, update(draft.id, { updateFields: { publishAt: 'now' } }));
		expect(now.result.error?.message).toBe(
			`Draft ${draft.id} cannot be published now: X post 1 contains a URL, and the API blocks direct publishing of X drafts with URLs (Rules on platform content 5) [item 0]`,
		);
		expect(now.requests.map((r) => r.method)).toEqual(['GET']);
		const later = await runFresh(
			fx,
			update(draft.id, { updateFields: { publishAt: hoursFromNow(30) } }),
		);
		expect(later.result.error).toBeUndefined();
		expect(later.items[0]).toMatchObject({ status: 'scheduled' });
	});

	test('Publish At "now" with a new X text that adds a URL is refused: the check reads the text about to be sent', async () => {
		const draft = (await seedDraft(fx, {
			platforms: { x: { enabled: true, posts: [{ text: 'No link' }], settings: {} } },
		})) as Draft;
		const params = update(draft.id, {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Now with www.example.org',
			updateFields: { publishAt: 'now' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toContain('cannot be published now: X post 1 contains a URL');
		expect(patchesOf(requests)).toEqual([]);
	});

	test('turning a scheduled draft into a reply is refused (scheduling replies is blocked); removing the reply is allowed', async () => {
		const scheduled = (await seedDraft(fx, { publish_at: hoursFromNow(40) })) as Draft;
		const reply = update(scheduled.id, {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: '',
			platformOptions: { xReplyToUrl: 'https://x.com/a/status/1' },
		});
		const refused = await runFresh(fx, reply, { key: 'publish' });
		expect(refused.result.error?.message).toContain(
			`Draft ${scheduled.id} cannot be scheduled: it is an X reply`,
		);
		expect(patchesOf(refused.requests)).toEqual([]);
		const saved = (await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [{ text: 'Agreed' }],
					settings: { reply_to_url: 'https://x.com/a/status/1' },
				},
			},
		})) as Draft;
		const cleared = await runFresh(
			fx,
			update(saved.id, {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: '',
				platformOptions: { xReplyToUrl: '' },
				updateFields: { publishAt: hoursFromNow(30) },
			}),
		);
		expect(cleared.result.error).toBeUndefined();
		expect(cleared.items[0]).toMatchObject({
			status: 'scheduled',
			platforms: { x: { settings: {} } },
		});
	});

	test('Platforms JSON or Replace Platform Content that make a scheduled draft a reply are refused after a read, before the PATCH', async () => {
		const scheduled = (await seedDraft(fx, { publish_at: hoursFromNow(40) })) as Draft;
		const replyPlatforms = {
			x: {
				enabled: true,
				posts: [{ text: 'Agreed' }],
				settings: { reply_to_url: 'https://x.com/a/status/1' },
			},
		};
		const json = await runFresh(
			fx,
			update(scheduled.id, { contentType: 'json', platformsJson: JSON.stringify(replyPlatforms) }),
			{ key: 'publish' },
		);
		expect(json.result.error?.message).toContain(
			`Draft ${scheduled.id} cannot be scheduled: it is an X reply`,
		);
		expect(json.requests.map((r) => r.method)).toEqual(['GET']);
		const replaced = await runFresh(
			fx,
			update(scheduled.id, {
				contentType: 'posts',
				replacePlatformContent: true,
				platforms: ['x'],
				contentMode: 'text',
				text: 'Agreed',
				platformOptions: { xReplyToUrl: 'https://x.com/a/status/1' },
			}),
			{ key: 'publish' },
		);
		expect(replaced.result.error?.message).toContain('cannot be scheduled: it is an X reply');
		expect(patchesOf(replaced.requests)).toEqual([]);
		// without a reply, Platforms JSON still goes without a read
		const plain = await runFresh(
			fx,
			update(scheduled.id, {
				contentType: 'json',
				platformsJson: JSON.stringify({
					x: { enabled: true, posts: [{ text: 'Plain' }], settings: {} },
				}),
			}),
			{ key: 'publish' },
		);
		expect(plain.result.error).toBeUndefined();
		expect(plain.requests.map((r) => r.method)).toEqual(['PATCH']);
	});

	test('a scheduled draft made a reply and planned in the same update is allowed: a planned reply is neither published nor scheduled', async () => {
		const scheduled = (await seedDraft(fx, { publish_at: hoursFromNow(40) })) as Draft;
		const params = update(scheduled.id, {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: '',
			platformOptions: { xReplyToUrl: 'https://x.com/a/status/1' },
			updateFields: { planAt: hoursFromNow(45) },
		});
		const { result, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({
			status: 'planned',
			platforms: { x: { settings: { reply_to_url: 'https://x.com/a/status/1' } } },
		});
	});

	test('a service refusal still surfaces: scheduling on a WRITE key is 403 INSUFFICIENT_ACCESS_LEVEL', async () => {
		const draft = await seedRich();
		const { result } = await runFresh(
			fx,
			update(draft.id, { updateFields: { publishAt: hoursFromNow(30) } }),
			{ key: 'write' },
		);
		expectServiceError(result, { httpCode: 403, code: 'INSUFFICIENT_ACCESS_LEVEL' });
	});
});
