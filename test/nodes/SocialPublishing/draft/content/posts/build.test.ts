import type { MediaRef } from '../../../../../../nodes/SocialPublishing/helpers/mediaSlots';
import type { PostPlatform } from '../../../../../../nodes/common/platforms';
import { buildArticlePlatforms } from '../../../../../../nodes/SocialPublishing/actions/draft/content/article';
import type {
	PostsContent,
	PostInput,
} from '../../../../../../nodes/SocialPublishing/actions/draft/content/posts/build';
import { buildPostPlatforms } from '../../../../../../nodes/SocialPublishing/actions/draft/content/posts/build';
import { postsByPlatform } from '../../../../../../nodes/SocialPublishing/actions/draft/content/posts/read';

// The builders of the content rooms (pure): what each content type sends as the platforms object.
describe('buildPostPlatforms (Platform configuration)', () => {
	const common: PostInput[] = [
		{ text: 'one', media: [{ mediaId: 'm1' }, { binaryProperty: 'data' }] },
		{ text: 'two', media: [] },
	];
	const content = (
		overrides: Partial<Record<PostPlatform, string[]>> = { linkedin: ['only one'] },
	): PostsContent => ({
		platforms: ['x', 'linkedin', 'substack'],
		posts: postsByPlatform(['x', 'linkedin', 'substack'], common, overrides),
		labels: {},
		options: {
			xCommunityId: 'c1',
			xSubscribersOnly: false,
			xQuotePostUrl: 'https://x.com/q',
			hideLinkPreview: ['substack', 'linkedin'],
		},
	});
	const resolve = (ref: MediaRef) =>
		'mediaId' in ref
			? ref.mediaId
			: 'binaryProperty' in ref
				? `uploaded-${ref.binaryProperty}`
				: `url-${ref.mediaUrl}`;

	test('each platform gets its posts and only its own fields', () => {
		expect(buildPostPlatforms(content(), resolve)).toEqual({
			x: {
				enabled: true,
				posts: [
					{
						text: 'one',
						media_ids: ['m1', 'uploaded-data'],
						quote_post_url: 'https://x.com/q',
						subscribers_only: false,
					},
					{ text: 'two', subscribers_only: false },
				],
				settings: { community_id: 'c1' },
			},
			linkedin: {
				enabled: true,
				posts: [{ text: 'only one', media_ids: ['m1', 'uploaded-data'], hide_link_preview: true }],
				settings: {},
			},
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
		expect((content({ x: ['a', 'b', 'c'] }).posts.x ?? []).map((p) => p.media.length)).toEqual([
			2, 0, 0,
		]);
	});

	test('X Article: markdown and cover, null without cover, and no enabled field (Platform configuration: x_article object)', () => {
		expect(buildArticlePlatforms({ markdown: '# A' }, resolve)).toEqual({
			x_article: { content_markdown: '# A', cover_media_id: null },
		});
		expect(
			buildArticlePlatforms({ markdown: '# A', cover: { binaryProperty: 'img' } }, resolve),
		).toMatchObject({ x_article: { cover_media_id: 'uploaded-img' } });
	});
});
