import type { IDataObject } from 'n8n-workflow';
import type { MediaRef, MediaResolver, PostPlatform } from '../../../../helpers/content';
import { beforeUpload } from '../../../../helpers/content';
import { optionFields } from './options';

export interface PostInput {
	text: string;
	media: MediaRef[];
}

/** "Social Posts" content as read from the parameters (read.ts), ready to build. */
export interface PostsContent {
	platforms: PostPlatform[];
	posts: PostInput[];
	/** Per-platform texts replacing the common ones (already split into posts); media stay by position. */
	overrides: Partial<Record<PostPlatform, string[]>>;
	/** The Platform Options collection as given (see options.ts for what each becomes). */
	options: IDataObject;
	/** Posts of a platform after Auto-Split, used instead of the above when set. */
	split?: Partial<Record<PostPlatform, PostInput[]>>;
}

/** The posts a platform gets: its own texts when overridden (media by position), else the common posts. */
export function postsFor(platform: PostPlatform, content: PostsContent): PostInput[] {
	const split = content.split?.[platform];
	if (split) return split;
	const texts = content.overrides[platform];
	if (!texts) return content.posts;
	return texts.map((text, index) => ({ text, media: content.posts[index]?.media ?? [] }));
}

/**
 * The `platforms` object of the API specification for post platforms, built once: each chosen platform
 * enabled, with its posts and only the fields that platform has. Media still to upload stand as pending slots.
 */
export function buildPostPlatforms(content: PostsContent, resolve: MediaResolver = beforeUpload): IDataObject {
	const platforms: IDataObject = {};
	for (const platform of content.platforms) {
		const fields = optionFields(content.options, platform);
		const posts = postsFor(platform, content).map((post, index) => {
			const body: IDataObject = { text: post.text };
			if (post.media.length) body.media_ids = post.media.map(resolve) as unknown as string[];
			return { ...body, ...fields.posts, ...(index === 0 ? fields.firstPost : {}) };
		});
		platforms[platform] = { enabled: true, posts, settings: fields.settings };
	}
	return platforms;
}
