import type { IDataObject } from 'n8n-workflow';

export const POST_PLATFORMS = ['x', 'linkedin', 'mastodon', 'threads', 'bluesky', 'substack'] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];

/** Platforms whose posts carry `hide_link_preview` (Platform configuration table). */
export const LINK_PREVIEW_PLATFORMS: readonly PostPlatform[] = ['linkedin', 'threads', 'bluesky', 'substack'];

export const DEFAULT_SEPARATOR = '---';

export function isPostPlatform(value: unknown): value is PostPlatform {
	return typeof value === 'string' && (POST_PLATFORMS as readonly string[]).includes(value);
}

/**
 * Splits one text into the posts of a thread: a line holding only the separator (surrounding spaces
 * ignored) ends a post. Each post is trimmed; empty posts (two separators in a row, a trailing one) are dropped.
 */
export function splitThread(text: string, separator: string = DEFAULT_SEPARATOR): string[] {
	const mark = separator.trim();
	const posts: string[] = [];
	let current: string[] = [];
	const flush = () => {
		const post = current.join('\n').trim();
		if (post !== '') posts.push(post);
		current = [];
	};
	for (const line of text.split(/\r\n|\r|\n/)) {
		if (mark !== '' && line.trim() === mark) flush();
		else current.push(line);
	}
	flush();
	return posts;
}

/**
 * Media attached to a post: an existing media ID, a binary property of the input item still to upload,
 * or a public URL still to upload (`label`: the parameter that gave it, for errors).
 */
export type MediaRef = { mediaId: string } | { binaryProperty: string } | { mediaUrl: string; label: string };

export interface PostInput {
	text: string;
	media: MediaRef[];
}

/** The post and settings fields of the Platform configuration table, as the node's options give them. */
export interface PlatformOptions {
	x?: {
		replySettings?: string;
		quotePostUrl?: string;
		subscribersOnly?: boolean;
		paidPartnership?: boolean;
		madeWithAi?: boolean;
		replyToUrl?: string;
		communityId?: string;
		shareWithFollowers?: boolean;
	};
	linkedinReshareUrn?: string;
	hideLinkPreview?: PostPlatform[];
}

export interface PostsContent {
	platforms: PostPlatform[];
	posts: PostInput[];
	/** Per-platform texts replacing the common ones (already split into posts); media stay by position. */
	overrides: Partial<Record<PostPlatform, string[]>>;
	options: PlatformOptions;
	/** Posts of a platform after Auto-Split, used instead of the above when set. */
	split?: Partial<Record<PostPlatform, PostInput[]>>;
}

export interface ArticleContent {
	markdown: string;
	cover?: MediaRef;
}

export type MediaResolver = (ref: MediaRef) => string;

function definedOnly(entries: Record<string, unknown>): IDataObject {
	return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value !== '')) as IDataObject;
}

/** Post fields of one platform beyond text and media, for the post at `index`. */
function postExtras(platform: PostPlatform, index: number, options: PlatformOptions): IDataObject {
	const extras: IDataObject = {};
	if (platform === 'x' && options.x) {
		const x = options.x;
		Object.assign(
			extras,
			definedOnly({
				reply_settings: x.replySettings,
				quote_post_url: index === 0 ? x.quotePostUrl : undefined,
				subscribers_only: x.subscribersOnly,
				paid_partnership: x.paidPartnership,
				made_with_ai: x.madeWithAi,
			}),
		);
	}
	if (platform === 'linkedin' && options.linkedinReshareUrn) extras.linkedin_reshare_urn = options.linkedinReshareUrn;
	if (LINK_PREVIEW_PLATFORMS.includes(platform) && options.hideLinkPreview?.includes(platform)) extras.hide_link_preview = true;
	return extras;
}

function settingsOf(platform: PostPlatform, options: PlatformOptions): IDataObject {
	if (platform !== 'x' || !options.x) return {};
	return definedOnly({
		reply_to_url: options.x.replyToUrl,
		community_id: options.x.communityId,
		share_with_followers: options.x.shareWithFollowers,
	});
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
 * The `platforms` object of the API specification for post platforms: each chosen platform enabled,
 * with its posts and only the fields that platform has.
 */
export function buildPostPlatforms(content: PostsContent, resolve: MediaResolver): IDataObject {
	const platforms: IDataObject = {};
	for (const platform of content.platforms) {
		const posts = postsFor(platform, content).map((post, index) => {
			const body: IDataObject = { text: post.text };
			if (post.media.length) body.media_ids = post.media.map(resolve);
			return { ...body, ...postExtras(platform, index, content.options) };
		});
		platforms[platform] = { enabled: true, posts, settings: settingsOf(platform, content.options) };
	}
	return platforms;
}

export function buildArticlePlatforms(content: ArticleContent, resolve: MediaResolver): IDataObject {
	return {
		// Platform configuration: the x_article object has content_markdown and cover_media_id only.
		x_article: {
			content_markdown: content.markdown,
			cover_media_id: content.cover ? resolve(content.cover) : null,
		},
	};
}

/**
 * Whether a platform object of a draft is on: post platforms by `enabled: true`; `x_article` by its presence,
 * since the specification gives its object no `enabled` field (an explicit `enabled: false` still counts as off).
 */
export function isPlatformOn(key: string, config: unknown): boolean {
	if (typeof config !== 'object' || config === null || Array.isArray(config)) return false;
	const enabled = (config as IDataObject).enabled;
	return key === 'x_article' ? enabled !== false : enabled === true;
}

/** Every binary property the content needs uploaded, each once, in order of first use. */
export function binaryPropertiesOf(refs: MediaRef[]): string[] {
	const names: string[] = [];
	for (const ref of refs) {
		if ('binaryProperty' in ref && !names.includes(ref.binaryProperty)) names.push(ref.binaryProperty);
	}
	return names;
}

/** `a, b ,c` or an array from an expression, as a clean list. */
export function toList(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value == null ? [] : [value];
	return entries.map((entry) => String(entry).trim()).filter((entry) => entry !== '');
}
