import { ALL_PLATFORMS, PostPlatform } from './platforms';
import { PostRecord } from './store';
import { Issues, isObject, isUuid } from './validate';
import { unprocessable } from './errors';

/**
 * Schema checks of the draft create/PATCH body (422 VALIDATION_ERROR with field paths).
 * Business rules (400) live in draftRules.ts.
 */

export const TITLE_MAX = 512;
export const TAGS_MAX = 10;
/** reply_settings values; the spec names only `following`, the others are the sandbox's choice */
export const REPLY_SETTINGS = [
	'everyone',
	'following',
	'mentioned_users',
	'subscribers',
	'verified',
] as const;

export interface PostPlatformInput {
	enabled?: boolean;
	posts?: PostRecord[];
	settings?: Record<string, unknown>;
}

export interface XArticleInput {
	enabled?: boolean;
	content_markdown?: string;
	cover_media_id?: string | null;
}

export type PlatformsInput = Partial<Record<PostPlatform, PostPlatformInput>> & {
	x_article?: XArticleInput;
};

export interface DraftInput {
	platforms?: PlatformsInput;
	draft_title?: string | null;
	scratchpad_text?: string | null;
	tags?: string[] | null;
	share?: boolean | null;
	publish_at?: string | null;
	plan_at?: string | null;
	force_overwrite_comments?: boolean;
}

type FieldType = 'string' | 'boolean';
const COMMON_POST: Record<string, FieldType | 'media_ids'> = {
	text: 'string',
	media_ids: 'media_ids',
};
const POST_FIELDS: Record<PostPlatform, Record<string, FieldType | 'media_ids'>> = {
	x: {
		...COMMON_POST,
		quote_post_url: 'string',
		subscribers_only: 'boolean',
		paid_partnership: 'boolean',
		made_with_ai: 'boolean',
		reply_settings: 'string',
	},
	linkedin: { ...COMMON_POST, linkedin_reshare_urn: 'string', hide_link_preview: 'boolean' },
	mastodon: { ...COMMON_POST },
	threads: { ...COMMON_POST, hide_link_preview: 'boolean' },
	bluesky: { ...COMMON_POST, hide_link_preview: 'boolean' },
	substack: { ...COMMON_POST, hide_link_preview: 'boolean' },
};
/** sandbox-only setting: marks the platform auto-synced for comment threads (see sandbox/COMMENTS.md) */
const SANDBOX_SETTINGS: Record<string, FieldType> = { auto_sync: 'boolean' };
const SETTINGS_FIELDS: Record<PostPlatform, Record<string, FieldType>> = {
	x: {
		reply_to_url: 'string',
		community_id: 'string',
		share_with_followers: 'boolean',
		...SANDBOX_SETTINGS,
	},
	linkedin: { ...SANDBOX_SETTINGS },
	mastodon: { ...SANDBOX_SETTINGS },
	threads: { ...SANDBOX_SETTINGS },
	bluesky: { ...SANDBOX_SETTINGS },
	substack: { ...SANDBOX_SETTINGS },
};
/** output-only post field the sandbox adds (alt text copy); accepted and ignored on input */
const OUTPUT_ONLY_POST_FIELDS = new Set(['media']);

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function isDateTimeWithZone(value: string): boolean {
	return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

function readPost(
	platform: PostPlatform,
	raw: unknown,
	path: string,
	issues: Issues,
): PostRecord | null {
	if (!isObject(raw)) {
		issues.add(path, 'must be an object');
		return null;
	}
	const allowed = POST_FIELDS[platform];
	const post: PostRecord = { text: '' };
	if (typeof raw.text !== 'string') issues.add(`${path}.text`, 'required string');
	else post.text = raw.text;
	for (const [key, value] of Object.entries(raw)) {
		if (OUTPUT_ONLY_POST_FIELDS.has(key) || key === 'text') continue;
		const type = allowed[key];
		const at = `${path}.${key}`;
		if (!type) {
			issues.add(at, `unknown field for ${platform} posts`);
			continue;
		}
		if (type === 'media_ids') {
			if (!Array.isArray(value)) issues.add(at, 'must be an array of media UUID strings');
			else
				value.forEach((id, i) => {
					if (typeof id !== 'string' || !isUuid(id))
						issues.add(`${at}[${i}]`, 'must be a media UUID string');
				});
		} else if (typeof value !== type) issues.add(at, `must be a ${type}`);
		else if (
			key === 'reply_settings' &&
			!(REPLY_SETTINGS as readonly string[]).includes(value as string)
		) {
			issues.add(at, `one of ${REPLY_SETTINGS.join(', ')}`);
		}
		post[key] = Array.isArray(value)
			? value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v))
			: value;
	}
	return post;
}

function readPostPlatform(platform: PostPlatform, raw: unknown, issues: Issues): PostPlatformInput {
	const path = `platforms.${platform}`;
	const out: PostPlatformInput = {};
	if (!isObject(raw)) {
		issues.add(path, 'must be an object');
		return out;
	}
	for (const key of Object.keys(raw))
		if (!['enabled', 'posts', 'settings'].includes(key))
			issues.add(`${path}.${key}`, 'unknown field');
	issues.optional(raw, 'enabled', `${path}.enabled`, 'boolean');
	if (typeof raw.enabled === 'boolean') out.enabled = raw.enabled;
	if (raw.posts !== undefined) {
		if (!Array.isArray(raw.posts)) issues.add(`${path}.posts`, 'must be an array of post objects');
		else
			out.posts = raw.posts
				.map((p, i) => readPost(platform, p, `${path}.posts[${i}]`, issues))
				.filter((p): p is PostRecord => p !== null);
	}
	if (raw.settings !== undefined) {
		if (!isObject(raw.settings)) issues.add(`${path}.settings`, 'must be an object');
		else {
			const allowed = SETTINGS_FIELDS[platform];
			for (const [key, value] of Object.entries(raw.settings)) {
				const type = allowed[key];
				if (!type) issues.add(`${path}.settings.${key}`, `unknown setting for ${platform}`);
				else if (typeof value !== type) issues.add(`${path}.settings.${key}`, `must be a ${type}`);
			}
			out.settings = { ...raw.settings };
		}
	}
	return out;
}

function readArticle(raw: unknown, issues: Issues): XArticleInput {
	const path = 'platforms.x_article';
	if (!isObject(raw)) {
		issues.add(path, 'must be an object');
		return {};
	}
	for (const key of Object.keys(raw)) {
		if (!['enabled', 'content_markdown', 'cover_media_id'].includes(key))
			issues.add(`${path}.${key}`, 'unknown field');
	}
	issues.optional(raw, 'enabled', `${path}.enabled`, 'boolean');
	issues.optional(raw, 'content_markdown', `${path}.content_markdown`, 'string');
	const cover = raw.cover_media_id;
	if (cover !== undefined && cover !== null && (typeof cover !== 'string' || !isUuid(cover))) {
		issues.add(`${path}.cover_media_id`, 'must be a media UUID string or null');
	}
	return {
		enabled: typeof raw.enabled === 'boolean' ? raw.enabled : undefined,
		content_markdown: typeof raw.content_markdown === 'string' ? raw.content_markdown : undefined,
		cover_media_id: typeof cover === 'string' ? cover.toLowerCase() : (cover as null | undefined),
	};
}

function readPlatforms(raw: unknown, issues: Issues): PlatformsInput {
	const out: PlatformsInput = {};
	if (!isObject(raw)) {
		issues.add('platforms', 'must be an object');
		return out;
	}
	for (const [key, value] of Object.entries(raw)) {
		if (!(ALL_PLATFORMS as readonly string[]).includes(key))
			issues.add(`platforms.${key}`, `unknown platform; one of ${ALL_PLATFORMS.join(', ')}`);
		else if (key === 'x_article') out.x_article = readArticle(value, issues);
		else out[key as PostPlatform] = readPostPlatform(key as PostPlatform, value, issues);
	}
	return out;
}

function readWhen(
	body: Record<string, unknown>,
	key: 'publish_at' | 'plan_at',
	issues: Issues,
): string | null | undefined {
	const value = body[key];
	if (value === undefined || value === null) return value;
	if (typeof value !== 'string') {
		issues.add(key, 'must be a string or null');
		return undefined;
	}
	if (value === 'now' && key === 'plan_at') issues.add(key, '`now` is not accepted for plan_at');
	else if (value !== 'now' && value !== 'next-free-slot' && !isDateTimeWithZone(value)) {
		issues.add(
			key,
			`${key === 'publish_at' ? '`now`, ' : ''}\`next-free-slot\` or a date-time with timezone`,
		);
	}
	return value;
}

/** Parses a create (`mode` = create) or PATCH body; throws 422 with every field issue found. */
export function readDraftInput(body: unknown, mode: 'create' | 'update'): DraftInput {
	if (!isObject(body)) throw unprocessable([{ field: 'body', message: 'must be a JSON object' }]);
	const issues = new Issues();
	const input: DraftInput = {};
	const create = mode === 'create';
	if (body.platforms === undefined) {
		if (create) issues.add('platforms', 'required');
	} else input.platforms = readPlatforms(body.platforms, issues);
	issues.optional(body, 'draft_title', 'draft_title', 'string', true);
	if (typeof body.draft_title === 'string' && [...body.draft_title].length > TITLE_MAX)
		issues.add('draft_title', `at most ${TITLE_MAX} characters`);
	issues.optional(body, 'scratchpad_text', 'scratchpad_text', 'string', true);
	issues.optional(body, 'share', 'share', 'boolean', !create);
	if (body.tags !== undefined && !(body.tags === null && !create)) {
		if (!Array.isArray(body.tags))
			issues.add(
				'tags',
				create ? 'must be an array of tag slugs' : 'must be an array of tag slugs or null',
			);
		else {
			body.tags.forEach(
				(t, i) => typeof t !== 'string' && issues.add(`tags[${i}]`, 'must be a string'),
			);
			if (body.tags.length > TAGS_MAX) issues.add('tags', `at most ${TAGS_MAX} tags`);
		}
	}
	input.publish_at = readWhen(body, 'publish_at', issues);
	input.plan_at = readWhen(body, 'plan_at', issues);
	if (
		body.publish_at !== undefined &&
		body.plan_at !== undefined &&
		(body.publish_at !== null || body.plan_at !== null)
	) {
		issues.add('plan_at', 'plan_at and publish_at are mutually exclusive');
	}
	if (!create && body.force_overwrite_comments !== undefined) {
		if (typeof body.force_overwrite_comments !== 'boolean')
			issues.add('force_overwrite_comments', 'must be true or false');
		else input.force_overwrite_comments = body.force_overwrite_comments;
	}
	if (issues.any) throw unprocessable(issues.list);
	if (body.draft_title !== undefined) input.draft_title = body.draft_title as string | null;
	if (body.scratchpad_text !== undefined)
		input.scratchpad_text = body.scratchpad_text as string | null;
	if (body.share !== undefined) input.share = body.share as boolean | null;
	if (body.tags !== undefined) input.tags = body.tags as string[] | null;
	return input;
}
