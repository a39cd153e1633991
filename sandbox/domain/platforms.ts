/** The platforms a draft can carry: six post platforms and the standalone X Article. */
export const POST_PLATFORMS = [
	'x',
	'linkedin',
	'mastodon',
	'threads',
	'bluesky',
	'substack',
] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];
export const ALL_PLATFORMS = [...POST_PLATFORMS, 'x_article'] as const;
export type AnyPlatform = PostPlatform | 'x_article';
