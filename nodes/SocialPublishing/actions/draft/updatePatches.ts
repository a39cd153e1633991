import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { MediaRef, PostPlatform } from '../../helpers/content';
import { LINK_PREVIEW_PLATFORMS, splitThread, toList } from '../../helpers/content';
import type { PlatformPatch, PostEdit, PostPatch } from '../../helpers/merge';
import { paramError } from '../../helpers/validation';
import { mediaRefs } from './readPosts';

/** Reading the Social Posts parameters of Draft > Update into changes for helpers/merge.ts. */

export type Patches = Partial<Record<PostPlatform, PlatformPatch>>;

export interface ThreadPatch {
	thread?: PostPatch[];
	edits?: PostEdit[];
	refs: MediaRef[];
	/** The parameter that gave the posts, for the problems found when merging. */
	label: string;
}

export const nothing = (value: string) => value.trim() === '';

/** Edit Single Posts: each entry checked before any request; Post Number 1 is the first post. */
function readEdits(context: IExecuteFunctions, itemIndex: number): ThreadPatch {
	const entries = (context.getNodeParameter('editPosts.edit', itemIndex, []) as IDataObject[]) ?? [];
	if (!entries.length) throw paramError(context, itemIndex, 'Edit Posts', 'holds no edit; add one (or choose another Content As)');
	const refs: MediaRef[] = [];
	const edits = entries.map((entry, index) => readEdit(context, itemIndex, entry, index, refs));
	return { edits, refs, label: 'Edit Posts' };
}

function readEdit(context: IExecuteFunctions, itemIndex: number, entry: IDataObject, index: number, refs: MediaRef[]): PostEdit {
	const where = `Edit Posts (edit ${index + 1})`;
	const action = String(entry.editAction ?? 'setText');
	const number = Number(entry.postNumber ?? 1);
	if (action !== 'append' && (!Number.isInteger(number) || number < 1)) {
		throw paramError(context, itemIndex, where, `has Post Number "${String(entry.postNumber)}"; give a whole number from 1`);
	}
	const text = String(entry.text ?? '');
	const media = ['append', 'insert', 'setMedia'].includes(action) ? mediaRefs(context, itemIndex, where, entry.mediaIds, entry.binaryProperties, undefined) : [];
	refs.push(...media);
	if ((action === 'setText' || action === 'append' || action === 'insert') && nothing(text) && !media.length) {
		throw paramError(context, itemIndex, where, action === 'setText' ? 'sets an empty text; to delete the post use Remove Post' : 'adds a post with neither text nor media');
	}
	const post = number - 1;
	switch (action) {
		case 'setText':
			return { action, post, text: text.trim() };
		case 'setMedia':
			return { action, post, media };
		case 'remove':
			return { action, post };
		case 'insert':
			return { action, post, text: text.trim(), media };
		case 'append':
			return { action, text: text.trim(), media };
		default:
			throw paramError(context, itemIndex, where, `has an unknown action "${action}"`);
	}
}

/** The posts given for every chosen platform: One Text, a List of Posts, or Edit Single Posts. */
export function readThreadPatch(context: IExecuteFunctions, itemIndex: number, separator: string): ThreadPatch {
	const mode = context.getNodeParameter('contentMode', itemIndex, 'text') as string;
	if (mode === 'edit') return readEdits(context, itemIndex);
	if (mode === 'posts') {
		const entries = (context.getNodeParameter('posts.post', itemIndex, []) as IDataObject[]) ?? [];
		if (!entries.length) throw paramError(context, itemIndex, 'Posts', 'must hold at least one post');
		const refs: MediaRef[] = [];
		const thread = entries.map((entry, index): PostPatch => {
			const media = mediaRefs(context, itemIndex, `Posts (post ${index + 1})`, entry.mediaIds, entry.binaryProperties, entry.mediaUrls);
			refs.push(...media);
			const text = String(entry.text ?? '').trim();
			return { ...(text ? { text } : {}), ...(media.length ? { media } : {}) };
		});
		return { thread, refs, label: 'Posts' };
	}
	const texts = splitThread(String(context.getNodeParameter('text', itemIndex, '')), separator);
	const media = mediaRefs(
		context,
		itemIndex,
		'Media IDs',
		context.getNodeParameter('mediaIds', itemIndex, ''),
		context.getNodeParameter('binaryProperties', itemIndex, ''),
		context.getNodeParameter('mediaUrls', itemIndex, ''),
		'Media URLs',
	);
	if (texts.length) return { thread: texts.map((text, index) => ({ text, ...(index === 0 && media.length ? { media } : {}) })), refs: media, label: 'Text' };
	if (media.length) return { edits: [{ action: 'setMedia', post: 0, media }], refs: media, label: 'Media IDs' };
	return { refs: [], label: 'Text' };
}

/** Platform Options as an update names them: an option added and left empty (or off) removes the field. */
export function readOptionPatches(context: IExecuteFunctions, itemIndex: number, platforms: PostPlatform[]): Patches {
	const o = context.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject;
	const has = (key: string) => o[key] !== undefined;
	const text = (key: string) => (typeof o[key] === 'string' && !nothing(o[key] as string) ? (o[key] as string).trim() : null);
	const patches: Patches = {};
	if (platforms.includes('x')) {
		const postFields: IDataObject = {};
		const settings: IDataObject = {};
		if (has('xRepliesFromFollowing')) postFields.reply_settings = o.xRepliesFromFollowing === true ? 'following' : null;
		if (has('xSubscribersOnly')) postFields.subscribers_only = o.xSubscribersOnly === true;
		if (has('xPaidPartnership')) postFields.paid_partnership = o.xPaidPartnership === true;
		if (has('xMadeWithAi')) postFields.made_with_ai = o.xMadeWithAi === true;
		if (has('xReplyToUrl')) settings.reply_to_url = text('xReplyToUrl');
		if (has('xCommunityId')) settings.community_id = text('xCommunityId');
		if (has('xShareWithFollowers')) settings.share_with_followers = o.xShareWithFollowers === true;
		patches.x = {
			...(Object.keys(postFields).length ? { postFields } : {}),
			...(has('xQuotePostUrl') ? { firstPostFields: { quote_post_url: text('xQuotePostUrl') } } : {}),
			...(Object.keys(settings).length ? { settings } : {}),
		};
	}
	if (platforms.includes('linkedin') && has('linkedinReshareUrn')) patches.linkedin = { postFields: { linkedin_reshare_urn: text('linkedinReshareUrn') } };
	if (has('hideLinkPreview')) {
		const hidden = toList(o.hideLinkPreview);
		for (const platform of platforms.filter((p) => LINK_PREVIEW_PLATFORMS.includes(p))) {
			const patch = (patches[platform] ??= {});
			patch.postFields = { ...patch.postFields, hide_link_preview: hidden.includes(platform) ? true : null };
		}
	}
	return patches;
}
