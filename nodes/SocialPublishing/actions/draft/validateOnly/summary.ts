import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { PostPlatform } from '../../../../common/platforms';
import { isPostPlatform } from '../../../../common/platformLists';
import { PendingMedia } from '../../../helpers/mediaSlots';
import { displayUrl } from '../../../helpers/mediaFiles';
import type { MediaKind } from '../../../helpers/mediaRules';
import { postLength } from '../../../helpers/text/textLength';
import { slotKind } from '../content/mediaCheck';
import type { LengthSettings, MediaSettings } from '../content/options';

/** What Validate Only shows of a body: media still to upload as placeholders, and each platform's posts. */

function placeholder(value: PendingMedia): string {
	const { ref } = value;
	return 'binaryProperty' in ref
		? `<upload: binary property ${ref.binaryProperty}>`
		: `<upload: ${displayUrl(ref.mediaUrl)}>`;
}

/** A copy of the body as JSON, each media still to upload shown as `<upload: …>`. */
export function displayBody(value: unknown): unknown {
	if (value instanceof PendingMedia) return placeholder(value);
	if (Array.isArray(value)) return value.map(displayBody);
	if (typeof value === 'object' && value !== null) {
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(value)) out[key] = displayBody(entry) as IDataObject;
		return out;
	}
	return value;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Per post platform: the post count, and for each post its length as the platform counts it (with the limit in
 * force) and its media (what each is, as far as known before any upload).
 */
export function platformSummary(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	settings: {
		/** The limits in force, when Content Options could be read. */
		lengths?: LengthSettings;
		media?: MediaSettings;
		/** Kinds of the draft's own media (Update). */
		known?: Map<string, MediaKind>;
	},
): IDataObject {
	const { lengths, media, known } = settings;
	const kindOf = slotKind(context, itemIndex, platforms, { known });
	const summary: IDataObject = {};
	for (const [key, config] of Object.entries(platforms)) {
		if (!isObject(config)) continue;
		if (!isPostPlatform(key)) {
			summary[key] = { enabled: config.enabled !== false };
			continue;
		}
		const platform: PostPlatform = key;
		const posts = (Array.isArray(config.posts) ? config.posts : []).filter(isObject);
		summary[platform] = {
			enabled: config.enabled === true,
			post_count: posts.length,
			length_limit: lengths?.limits[platform] ?? null,
			media_limit: media?.limits[platform] ?? null,
			posts: posts.map((post) => ({
				length: typeof post.text === 'string' ? postLength(platform, post.text) : 0,
				media: (Array.isArray(post.media_ids) ? (post.media_ids as unknown[]) : []).map(
					(value) => ({
						media: (value instanceof PendingMedia ? placeholder(value) : String(value)) as string,
						kind: kindOf(value),
					}),
				),
			})),
		};
	}
	return summary;
}
