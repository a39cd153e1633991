/**
 * The post platforms of a draft, one entry each: every platform list of the node (pickers, Length Limits and Media
 * Limits, Platform Options, the toggles of Update, the checks, the poll trigger's Draft summary) is made from this
 * table. Adding a platform is one entry here (and its tests). Data only: no import, nothing computed at load.
 *
 * Entries stand in the order of the Draft summary's per-platform fields (x, linkedin, threads, bluesky, substack,
 * mastodon); lists shown to users are sorted by name, or by limit (see actions/descriptions.ts).
 */

/**
 * How a platform counts the length of post text: the id of a counter in helpers/text/textLength.ts, resolved there, so
 * this table loads none of the counting code.
 */
export type CounterId = 'xWeighted' | 'graphemes' | 'threads' | 'mastodon' | 'utf16';

/** What a media is, as far as the node can tell before uploading it; `unknown`: a media ID (or a URL without extension). */
export type MediaKind = 'image' | 'gif' | 'video' | 'document' | 'unknown';

/** How many media, of which kinds, one post takes (checked by helpers/mediaRules.ts). */
export interface MediaRule {
	/** Most media in one post; undefined: the platform publishes no number, nothing is checked. */
	max: number | undefined;
	/** Kinds that stand alone: a post with one of them takes nothing else. */
	alone: readonly MediaKind[];
	/** Kinds the platform does not take at all. */
	refused: readonly MediaKind[];
	/** What one post takes, in words: "at most <max> <unit>" then `rest` ("at most 4 images, or 1 video or GIF"). */
	takes: { unit: readonly [one: string, many: string]; rest: string };
	/** The rule in a few words, after the name, for the Check Media description ("4 images or 1 video"). */
	help: string;
}

export interface PlatformEntry {
	/** The name users read. */
	name: string;
	/** Post fields of the specification's Platform configuration table, in the order a post sent back carries them. */
	postFields: readonly string[];
	/** Settings fields of the Platform configuration table. */
	settingsFields: readonly string[];
	/** Whether the platform takes a single post: Auto-Split never splits its text, Spread Media never adds a post. */
	singlePost: boolean;
	length: {
		/** Default limit; undefined: no limit is known, nothing is checked unless the user sets one. */
		limit: number | undefined;
		counter: CounterId;
		/** How the platform counts, in words, for error messages. */
		countedAs: string;
		/** A word after the limit in the Check Post Length description ("280 (weighted)"). */
		note?: string;
	};
	media: MediaRule;
}

/**
 * The API specification leaves the length limits unstated ("Character limits of post text per platform: not shown")
 * and says nothing of media per platform; docs/post-length.md lists each length limit with its public source, and each media
 * rule cites its platform's developer documentation.
 */
export const PLATFORMS = {
	x: {
		name: 'X',
		postFields: [
			'text',
			'media_ids',
			'quote_post_url',
			'subscribers_only',
			'paid_partnership',
			'made_with_ai',
			'reply_settings',
		],
		settingsFields: ['reply_to_url', 'community_id', 'share_with_followers'],
		singlePost: false,
		length: {
			limit: 280,
			counter: 'xWeighted',
			countedAs: 'weighted as X counts: every link 23, CJK and emoji 2',
			note: 'weighted',
		},
		// "You may attach up to 4 photos, 1 animated GIF or 1 video in a Post."
		// https://docs.x.com/x-api/media/quickstart/best-practices
		// POST /2/tweets, media.media_ids: 1 to 4 items. https://docs.x.com/x-api/posts/create-post
		// X takes no documents: the media upload accepts images, GIFs and videos only.
		// https://docs.x.com/x-api/media/upload-media
		media: {
			max: 4,
			alone: ['video', 'gif'],
			refused: ['document'],
			takes: { unit: ['image', 'images'], rest: ', or 1 video or GIF' },
			help: '4 images or 1 video or GIF',
		},
	},
	linkedin: {
		name: 'LinkedIn',
		postFields: ['text', 'media_ids', 'linkedin_reshare_urn', 'hide_link_preview'],
		settingsFields: [],
		singlePost: true,
		length: { limit: 3000, counter: 'utf16', countedAs: 'characters' },
		// "A MultiImage post is a post containing multiple images (minimum of 2 images and maximum of 20 images)";
		// a video post holds one video, a document post one document (PDF).
		// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api
		// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api
		// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/documents-api
		media: {
			max: 20,
			alone: ['video', 'document'],
			refused: [],
			takes: { unit: ['image', 'images'], rest: ', or 1 video, or 1 document (PDF)' },
			help: '20 images or 1 video or 1 PDF',
		},
	},
	threads: {
		name: 'Threads',
		postFields: ['text', 'media_ids', 'hide_link_preview'],
		settingsFields: [],
		singlePost: false,
		length: { limit: 500, counter: 'threads', countedAs: 'characters, emoji by their UTF-8 bytes' },
		// Carousel posts: "Carousels can have at least 2 and up to 20 total images or videos or a mix of the two."
		// Media types IMAGE and VIDEO only. https://developers.facebook.com/docs/threads/posts#carousel-posts
		media: {
			max: 20,
			alone: [],
			refused: ['document'],
			takes: { unit: ['image or video', 'images or videos'], rest: ' (a carousel)' },
			help: '20',
		},
	},
	bluesky: {
		name: 'Bluesky',
		postFields: ['text', 'media_ids', 'hide_link_preview'],
		settingsFields: [],
		singlePost: false,
		length: { limit: 300, counter: 'graphemes', countedAs: 'graphemes' },
		// app.bsky.embed.images: "images" maxLength 4, each blob accept "image/*" (a GIF is an image there);
		// app.bsky.embed.video: one video; a post has one embed, so images and a video never mix.
		// https://docs.bsky.app/docs/advanced-guides/posts
		// https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json
		// https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/video.json
		media: {
			max: 4,
			alone: ['video'],
			refused: ['document'],
			takes: { unit: ['image', 'images'], rest: ', or 1 video' },
			help: '4 images or 1 video',
		},
	},
	substack: {
		name: 'Substack',
		postFields: ['text', 'media_ids', 'hide_link_preview'],
		settingsFields: [],
		singlePost: true,
		length: { limit: undefined, counter: 'utf16', countedAs: 'characters' },
		// Substack publishes no developer documentation of what a post (a note) takes: nothing is checked
		// unless a limit is set under Media Limits.
		media: {
			max: undefined,
			alone: [],
			refused: [],
			takes: { unit: ['media', 'media'], rest: ' (the limit set under Media Limits)' },
			help: 'none',
		},
	},
	mastodon: {
		name: 'Mastodon',
		postFields: ['text', 'media_ids'],
		settingsFields: [],
		singlePost: false,
		length: { limit: 500, counter: 'mastodon', countedAs: 'characters, every link 23' },
		// POST /api/v1/statuses, media_ids[]; the server's limit is configuration.statuses.max_media_attachments
		// (4 on a default server; set Media Limits for a server with another). Attachments are images, GIFs (shown
		// as gifv), videos and audio: no documents.
		// https://docs.joinmastodon.org/methods/statuses/#create
		// https://docs.joinmastodon.org/methods/instance/#v2
		// https://docs.joinmastodon.org/methods/media/#v2
		// The API docs do not state that a video stands alone; Mastodon's own server code refuses a video beside other
		// media (PostStatusService, validations "images_and_video"):
		// https://github.com/mastodon/mastodon/blob/main/app/services/post_status_service.rb
		media: {
			max: 4,
			alone: ['video'],
			refused: ['document'],
			takes: { unit: ['image', 'images'], rest: ', or 1 video' },
			help: '4 or 1 video',
		},
	},
} as const satisfies Record<string, PlatformEntry>;

/** A post platform's key in the API's `platforms` object. */
export type PostPlatform = keyof typeof PLATFORMS;

/** The entry of one platform, typed as an entry (not as its literal). */
export function platformEntry(platform: PostPlatform): PlatformEntry {
	return (PLATFORMS as Readonly<Record<PostPlatform, PlatformEntry>>)[platform];
}

/** Every post platform, in the table's order. */
export function postPlatforms(): PostPlatform[] {
	return Object.keys(PLATFORMS) as PostPlatform[];
}

/** The platforms whose entry passes `test`, in the table's order. */
export function platformsWhere(test: (entry: PlatformEntry) => boolean): PostPlatform[] {
	return postPlatforms().filter((platform) => test(platformEntry(platform)));
}

/** The platforms whose posts (or settings) take an API field, in the table's order. */
export function platformsTaking(field: string, on: 'posts' | 'settings' = 'posts'): PostPlatform[] {
	return platformsWhere((entry) =>
		(on === 'posts' ? entry.postFields : entry.settingsFields).includes(field),
	);
}
