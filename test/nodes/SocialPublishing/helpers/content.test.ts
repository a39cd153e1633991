import fc from 'fast-check';
import { binaryPropertiesOf, buildArticlePlatforms, buildPostPlatforms, postsFor, splitThread, toList } from '../../../../nodes/SocialPublishing/helpers/content';
import type { MediaRef, PostsContent } from '../../../../nodes/SocialPublishing/helpers/content';

describe('splitThread', () => {
	test('a line holding only the separator ends a post; posts are trimmed', () => {
		expect(splitThread('  One\n---\nTwo\nstill two\n   ---   \n\nThree  ')).toEqual(['One', 'Two\nstill two', 'Three']);
	});

	test('separators inside a line do not split, nor do longer dash runs', () => {
		expect(splitThread('a --- b\n----\nc')).toEqual(['a --- b\n----\nc']);
	});

	test('Windows and old Mac line endings split alike', () => {
		expect(splitThread('a\r\n---\r\nb\r---\rc')).toEqual(['a', 'b', 'c']);
	});

	test('empty posts (leading, doubled or trailing separators) are dropped; empty text gives no posts', () => {
		expect(splitThread('---\na\n---\n---\nb\n---')).toEqual(['a', 'b']);
		expect(splitThread('')).toEqual([]);
		expect(splitThread('  \n---\n ')).toEqual([]);
	});

	test('a custom separator', () => {
		expect(splitThread('a\n***\nb\n---\nc', '***')).toEqual(['a', 'b\n---\nc']);
	});

	test('property: posts joined with separator lines split back into the same posts', () => {
		const line = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/[\r\n]/.test(s) && s.trim() !== '---');
		const post = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n').trim()).filter((p) => p !== '');
		fc.assert(
			fc.property(fc.array(post, { minLength: 1, maxLength: 6 }), (posts) => {
				expect(splitThread(posts.join('\n---\n'))).toEqual(posts);
			}),
		);
	});
});

describe('buildPostPlatforms (Platform configuration)', () => {
	const content = (over: Partial<PostsContent> = {}): PostsContent => ({
		platforms: ['x', 'linkedin', 'substack'],
		posts: [
			{ text: 'one', media: [{ mediaId: 'm1' }, { binaryProperty: 'data' }] },
			{ text: 'two', media: [] },
		],
		overrides: { linkedin: ['only one'] },
		options: { x: { communityId: 'c1', subscribersOnly: false, quotePostUrl: 'https://x.com/q' }, hideLinkPreview: ['substack', 'linkedin'] },
		...over,
	});
	const resolve = (ref: MediaRef) => ('mediaId' in ref ? ref.mediaId : 'binaryProperty' in ref ? `uploaded-${ref.binaryProperty}` : `url-${ref.mediaUrl}`);

	test('each platform gets its posts and only its own fields', () => {
		expect(buildPostPlatforms(content(), resolve)).toEqual({
			x: {
				enabled: true,
				posts: [
					{ text: 'one', media_ids: ['m1', 'uploaded-data'], quote_post_url: 'https://x.com/q', subscribers_only: false },
					{ text: 'two', subscribers_only: false },
				],
				settings: { community_id: 'c1' },
			},
			linkedin: { enabled: true, posts: [{ text: 'only one', media_ids: ['m1', 'uploaded-data'], hide_link_preview: true }], settings: {} },
			substack: {
				enabled: true,
				posts: [
					{ text: 'one', media_ids: ['m1', 'uploaded-data'], hide_link_preview: true },
					{ text: 'two', hide_link_preview: true },
				],
				settings: {},
			},
		});
	});

	test('an override longer than the common posts keeps media by position only', () => {
		expect(postsFor('x', content({ overrides: { x: ['a', 'b', 'c'] } })).map((p) => p.media.length)).toEqual([2, 0, 0]);
	});

	test('X Article: markdown and cover, null without cover, and no enabled field (Platform configuration: x_article object)', () => {
		expect(buildArticlePlatforms({ markdown: '# A' }, resolve)).toEqual({ x_article: { content_markdown: '# A', cover_media_id: null } });
		expect(buildArticlePlatforms({ markdown: '# A', cover: { binaryProperty: 'img' } }, resolve)).toMatchObject({ x_article: { cover_media_id: 'uploaded-img' } });
	});

	test('binary properties are uploaded once each, in order of first use', () => {
		expect(binaryPropertiesOf([{ binaryProperty: 'b' }, { mediaId: 'x' }, { binaryProperty: 'a' }, { binaryProperty: 'b' }])).toEqual(['b', 'a']);
	});

	test('toList reads comma-separated strings and arrays from expressions', () => {
		expect(toList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
		expect(toList(['x', ' y '])).toEqual(['x', 'y']);
		expect(toList(undefined)).toEqual([]);
	});
});
