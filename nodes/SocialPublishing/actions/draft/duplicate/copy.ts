import type { IDataObject } from 'n8n-workflow';
import { isPostPlatform } from '../../../../common/platformLists';
import { platformEntry } from '../../../../common/platforms';

/**
 * What Draft > Duplicate copies of a source draft (a Draft detail read without comment markers) into the
 * body of Create draft: only the fields the Create body and the Platform configuration take. Everything
 * the service sets is left out: ids, status, publish state, dates, preview, URLs (share, private,
 * published), and the post's `media` list the detail may add (the copy names the same media by id, and
 * the service copies each medium's alt text again when it attaches it: Rules on platform content 4).
 */

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The media ids of a post as the detail gives them: `media_ids`, else the ids of its `media` objects. */
function mediaIds(post: IDataObject): string[] {
	if (Array.isArray(post.media_ids)) return post.media_ids.map(String);
	if (Array.isArray(post.media))
		return post.media
			.map((medium) => (isObject(medium) ? medium.media_id : undefined))
			.filter((id): id is string => typeof id === 'string');
	return [];
}

/** The fields of `from` named in `fields`, those that are set (null and absent left out). */
function pick(from: IDataObject, fields: readonly string[]): IDataObject {
	const out: IDataObject = {};
	for (const field of fields)
		if (from[field] !== undefined && from[field] !== null) out[field] = from[field];
	return out;
}

function copyPost(post: unknown, postFields: readonly string[]): IDataObject {
	const source = isObject(post) ? post : {};
	const copy = pick(
		source,
		postFields.filter((field) => field !== 'media_ids'),
	);
	copy.text = typeof source.text === 'string' ? source.text : '';
	const media = mediaIds(source);
	if (media.length) copy.media_ids = media;
	return copy;
}

/**
 * The `platforms` of the copy: each post platform the source has, with its `enabled` flag, every post (its
 * text, media ids and the post fields of its platform) and its settings (the settings fields of its
 * platform); an X Article with its markdown and cover.
 */
export function copyPlatforms(platforms: unknown): IDataObject {
	const out: IDataObject = {};
	if (!isObject(platforms)) return out;
	for (const [key, config] of Object.entries(platforms)) {
		if (!isObject(config)) continue;
		if (key === 'x_article') {
			out.x_article = {
				content_markdown:
					typeof config.content_markdown === 'string' ? config.content_markdown : '',
				cover_media_id: typeof config.cover_media_id === 'string' ? config.cover_media_id : null,
			};
			continue;
		}
		if (!isPostPlatform(key)) continue;
		const entry = platformEntry(key);
		const posts = Array.isArray(config.posts) ? config.posts : [];
		out[key] = {
			enabled: config.enabled === true,
			posts: posts.map((post) => copyPost(post, entry.postFields)),
			settings: pick(isObject(config.settings) ? config.settings : {}, entry.settingsFields),
		};
	}
	return out;
}

/** Title, scratchpad and tags of the source, as the Create body takes them (share is not copied). */
export function copyFields(source: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (typeof source.draft_title === 'string' && source.draft_title !== '')
		body.draft_title = source.draft_title;
	if (typeof source.scratchpad_text === 'string' && source.scratchpad_text !== '')
		body.scratchpad_text = source.scratchpad_text;
	body.tags = Array.isArray(source.tags) ? source.tags.map(String) : [];
	return body;
}
