import type { IDataObject } from 'n8n-workflow';
import type { MediaRef } from '../../../../nodes/SocialPublishing/helpers/mediaSlots';
import type { Merged, PlatformPatch } from '../../../../nodes/SocialPublishing/helpers/merge';
import {
	mergeArticle,
	mergePostPlatform,
	textsOf,
	threadWideFields,
} from '../../../../nodes/SocialPublishing/helpers/merge';

// Drafts, PATCH body: "only the platforms supplied are updated" — a platform object is sent whole, so an edit
// is merged into the object read from the draft and everything the edit does not name is kept.
const M1 = '11111111-1111-4111-8111-111111111111';
const M2 = '22222222-2222-4222-8222-222222222222';
const resolve = (ref: MediaRef) =>
	'mediaId' in ref
		? ref.mediaId
		: 'binaryProperty' in ref
			? `uploaded-${ref.binaryProperty}`
			: `uploaded-${ref.mediaUrl}`;
const id = (mediaId: string): MediaRef => ({ mediaId });

const xThread = (): IDataObject => ({
	enabled: true,
	posts: [
		{
			text: 'One',
			media_ids: [M1],
			quote_post_url: 'https://x.com/a/status/9',
			made_with_ai: true,
			reply_settings: 'following',
			media: [{ media_id: M1, alt_text: 'Alt' }],
		},
		{ text: 'Two', made_with_ai: true, reply_settings: 'following' },
		{ text: 'Three', media_ids: [M2], made_with_ai: true, reply_settings: 'following' },
	],
	settings: { reply_to_url: 'https://x.com/b/status/1', community_id: '77' },
});

function value(merged: Merged): IDataObject {
	if ('problem' in merged) throw new Error(`unexpected problem: ${merged.problem}`);
	return merged.value;
}
const posts = (merged: Merged) => value(merged).posts as IDataObject[];
const merge = (patch: PlatformPatch, current: unknown = xThread()) =>
	mergePostPlatform('x', current, patch, resolve);

describe('mergePostPlatform: what is not named is kept', () => {
	test('a new text for the whole thread keeps media, per-post X fields and settings at each position', () => {
		const merged = value(merge({ thread: [{ text: 'Uno' }, { text: 'Dos' }, { text: 'Tres' }] }));
		expect(merged).toEqual({
			enabled: true,
			posts: [
				{
					text: 'Uno',
					media_ids: [M1],
					quote_post_url: 'https://x.com/a/status/9',
					made_with_ai: true,
					reply_settings: 'following',
				},
				{ text: 'Dos', made_with_ai: true, reply_settings: 'following' },
				{ text: 'Tres', media_ids: [M2], made_with_ai: true, reply_settings: 'following' },
			],
			settings: { reply_to_url: 'https://x.com/b/status/1', community_id: '77' },
		});
	});

	test("the output-only media list (alt text copies) is not sent back; the table's post fields are", () => {
		expect(posts(merge({}))[0]).not.toHaveProperty('media');
		expect(posts(merge({}))[0]).toHaveProperty('media_ids', [M1]);
		expect(
			posts(
				mergePostPlatform(
					'mastodon',
					{ enabled: true, posts: [{ text: 'a', made_with_ai: true }], settings: {} },
					{},
					resolve,
				),
			)[0],
		).toEqual({ text: 'a' });
	});

	test('a shorter thread is refused (posts 2 and 3, one with media, would be lost); a longer one adds posts that take the thread-wide fields', () => {
		expect(merge({ thread: [{ text: 'Only' }] })).toEqual({
			problem:
				'gives 1 post, and the draft\'s thread has 3 posts: posts 2 to 3 would be lost. Give the whole thread (Draft > Get shows it), or remove posts on purpose with Content As "Edit Single Posts" > Remove Post',
		});
		expect(merge({ thread: [{ text: 'One' }, { text: 'Two' }] })).toEqual({
			problem: expect.stringContaining('post 3 would be lost'),
		});
		// removing on purpose still works
		expect(
			posts(
				merge({
					edits: [
						{ action: 'remove', post: 2 },
						{ action: 'remove', post: 1 },
					],
				}),
			).map((p) => p.text),
		).toEqual(['One']);
		const longer = posts(merge({ thread: [{}, {}, {}, { text: 'Four' }] }));
		expect(longer.map((p) => p.text)).toEqual(['One', 'Two', 'Three', 'Four']);
		expect(longer[3]).toEqual({ text: 'Four', made_with_ai: true, reply_settings: 'following' });
	});

	test('a new post with neither text nor media is a problem', () => {
		expect(merge({ thread: [{}, {}, {}, {}] })).toEqual({
			problem: 'gives post 4, which is new, neither text nor media',
		});
	});

	test('only media: the media of one post change, texts stay; an empty list removes them', () => {
		const changed = posts(merge({ thread: [{ media: [id(M2)] }, {}, { media: [] }] }));
		expect(changed.map((p) => [p.text, p.media_ids])).toEqual([
			['One', [M2]],
			['Two', undefined],
			['Three', undefined],
		]);
		expect(changed[2]).not.toHaveProperty('media_ids');
		expect(
			posts(merge({ thread: [{ media: [{ binaryProperty: 'data' }] }, {}, {}] }))[0].media_ids,
		).toEqual(['uploaded-data']);
	});

	test('one option: set on every post, or removed with null; the quote on the first post only; settings merged', () => {
		const merged = value(
			merge({
				postFields: { made_with_ai: null, paid_partnership: true },
				firstPostFields: { quote_post_url: null },
				settings: { reply_to_url: null, share_with_followers: true },
			}),
		);
		expect(
			(merged.posts as IDataObject[]).map((p) => [
				p.made_with_ai,
				p.paid_partnership,
				p.reply_settings,
			]),
		).toEqual([
			[undefined, true, 'following'],
			[undefined, true, 'following'],
			[undefined, true, 'following'],
		]);
		expect((merged.posts as IDataObject[])[0]).not.toHaveProperty('quote_post_url');
		expect(merged.settings).toEqual({ community_id: '77', share_with_followers: true });
	});

	test('enabled is kept unless named', () => {
		expect(value(merge({}, { ...xThread(), enabled: false })).enabled).toBe(false);
		expect(value(merge({ enabled: false })).enabled).toBe(false);
		expect(value(merge({ enabled: true }, { ...xThread(), enabled: false })).enabled).toBe(true);
	});

	test('a platform new to the draft starts enabled with empty settings and the posts given', () => {
		expect(
			mergePostPlatform(
				'bluesky',
				undefined,
				{ thread: [{ text: 'Hi', media: [id(M1)] }], postFields: { hide_link_preview: true } },
				resolve,
			),
		).toEqual({
			value: {
				enabled: true,
				posts: [{ text: 'Hi', media_ids: [M1], hide_link_preview: true }],
				settings: {},
			},
		});
		expect(mergePostPlatform('bluesky', undefined, { enabled: true }, resolve)).toEqual({
			problem: 'has no posts to start the platform with',
		});
	});
});

describe('mergePostPlatform: edits of single posts (1-based in messages, in order)', () => {
	test('set text of post 2 only; the other posts stay whole', () => {
		const after = posts(merge({ edits: [{ action: 'setText', post: 1, text: 'Deux' }] }));
		expect(after.map((p) => p.text)).toEqual(['One', 'Deux', 'Three']);
		expect(after[2]).toEqual({
			text: 'Three',
			media_ids: [M2],
			made_with_ai: true,
			reply_settings: 'following',
		});
	});

	test('insert at a position and append: the new posts take the thread-wide fields', () => {
		const after = posts(
			merge({
				edits: [
					{ action: 'insert', post: 0, text: 'Zero', media: [] },
					{ action: 'append', text: 'Last', media: [id(M1)] },
				],
			}),
		);
		expect(after.map((p) => p.text)).toEqual(['Zero', 'One', 'Two', 'Three', 'Last']);
		expect(after[0]).toEqual({ text: 'Zero', made_with_ai: true, reply_settings: 'following' });
		expect(after[4]).toEqual({
			text: 'Last',
			media_ids: [M1],
			made_with_ai: true,
			reply_settings: 'following',
		});
		expect(
			posts(merge({ edits: [{ action: 'insert', post: 3, text: 'End', media: [] }] })).map(
				(p) => p.text,
			),
		).toEqual(['One', 'Two', 'Three', 'End']);
	});

	test('remove a post; numbers count the thread as earlier edits left it', () => {
		const after = posts(
			merge({
				edits: [
					{ action: 'remove', post: 0 },
					{ action: 'setText', post: 0, text: 'Now first' },
				],
			}),
		);
		expect(after.map((p) => p.text)).toEqual(['Now first', 'Three']);
		expect(after[0].media_ids).toBeUndefined();
	});

	test('numbers outside the thread are problems naming the edit and the post', () => {
		expect(merge({ edits: [{ action: 'setText', post: 3, text: 'x' }] })).toEqual({
			problem: 'edit 1 has no post 4 (the thread has 3 posts)',
		});
		expect(
			merge({
				edits: [
					{ action: 'remove', post: 0 },
					{ action: 'remove', post: 1 },
					{ action: 'remove', post: 1 },
				],
			}),
		).toEqual({
			problem: 'edit 3 has no post 2 (the thread has 1 post)',
		});
		expect(merge({ edits: [{ action: 'insert', post: 5, text: 'x', media: [] }] })).toEqual({
			problem:
				'edit 1 cannot insert at post 6: the thread has 3 posts, so a new post can go at 1 to 4',
		});
	});

	test('removing every post of an enabled platform is a problem; of a disabled one it is not', () => {
		const all = { edits: [0, 0, 0].map((post) => ({ action: 'remove' as const, post })) };
		expect(merge(all)).toEqual({
			problem:
				'would leave no post on an enabled platform; turn the platform off with Disable Platforms instead',
		});
		expect(value(merge({ ...all, enabled: false })).posts).toEqual([]);
	});
});

describe('threadWideFields', () => {
	test('fields every post shares with the same value, beyond text, media and quote', () => {
		expect(
			threadWideFields([
				{ text: 'a', made_with_ai: true, paid_partnership: true },
				{ text: 'b', made_with_ai: true, paid_partnership: false },
			]),
		).toEqual({ made_with_ai: true });
		expect(threadWideFields([])).toEqual({});
	});
});

describe('mergeArticle (x_article: content_markdown, cover_media_id)', () => {
	const article = { content_markdown: '# Old', cover_media_id: M1 };
	test('new markdown keeps the cover; a new cover keeps the markdown; null removes the cover; never an enabled field', () => {
		expect(mergeArticle(article, { markdown: '# New' }, resolve)).toEqual({
			value: { content_markdown: '# New', cover_media_id: M1 },
		});
		expect(mergeArticle(article, { cover: id(M2) }, resolve)).toEqual({
			value: { content_markdown: '# Old', cover_media_id: M2 },
		});
		expect(mergeArticle(article, { cover: null }, resolve)).toEqual({
			value: { content_markdown: '# Old', cover_media_id: null },
		});
	});

	test('no markdown and no article to keep is a problem', () => {
		expect(mergeArticle(undefined, { cover: id(M2) }, resolve)).toEqual({
			problem: 'is empty and the draft has no X Article to keep the text of',
		});
	});
});

describe('textsOf', () => {
	test('names each text by platform and post number', () => {
		expect(
			textsOf({
				x: { posts: [{ text: 'a' }, { text: 'b' }] },
				linkedin: { posts: [{ text: 'c' }] },
			}).map((t) => t.where),
		).toEqual(['X post 1', 'X post 2', 'LinkedIn post 1']);
		expect(textsOf({ x_article: { content_markdown: '# A' } })).toEqual([
			{ platform: 'x_article', where: 'the X Article markdown', text: '# A' },
		]);
	});
});
