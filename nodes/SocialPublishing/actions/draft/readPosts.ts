import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { MediaRef, PlatformOptions, PostInput, PostPlatform, PostsContent } from '../../helpers/content';
import { DEFAULT_SEPARATOR, isPostPlatform, postsFor, splitThread, toList } from '../../helpers/content';
import { checkMediaUrl } from '../../helpers/mediaFiles';
import { paramError, checkMediaIds, checkPlatformsChosen, DRAFT_LIMITS } from '../../helpers/validation';

export function mediaRefs(context: IExecuteFunctions, itemIndex: number, label: string, ids: unknown, binaries: unknown, urls: unknown, urlLabel = label): MediaRef[] {
	const mediaIds = toList(ids);
	const problem = checkMediaIds(mediaIds);
	if (problem) throw paramError(context, itemIndex, label, problem);
	const fromUrls = toList(urls).map((raw) => {
		const checked = checkMediaUrl(raw);
		if ('problem' in checked) throw paramError(context, itemIndex, urlLabel, checked.problem);
		return { mediaUrl: checked.url, label: urlLabel };
	});
	return [...mediaIds.map((mediaId) => ({ mediaId: mediaId.toLowerCase() })), ...toList(binaries).map((binaryProperty) => ({ binaryProperty })), ...fromUrls];
}

export function readPlatforms(context: IExecuteFunctions, itemIndex: number): PostPlatform[] {
	const chosen = toList(context.getNodeParameter('platforms', itemIndex, []));
	const unknown = chosen.filter((platform) => !isPostPlatform(platform));
	if (unknown.length) throw paramError(context, itemIndex, 'Platforms', `has unknown platforms: ${unknown.join(', ')}`);
	const problem = checkPlatformsChosen(chosen);
	if (problem) throw paramError(context, itemIndex, 'Platforms', problem);
	return [...new Set(chosen)] as PostPlatform[];
}

function readPostList(context: IExecuteFunctions, itemIndex: number, separator: string): { posts: PostInput[]; label: string } {
	if (context.getNodeParameter('contentMode', itemIndex, 'text') === 'text') {
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
		if (!texts.length && !media.length) throw paramError(context, itemIndex, 'Text', 'is empty');
		const posts = (texts.length ? texts : ['']).map((text, index) => ({ text, media: index === 0 ? media : [] }));
		return { posts, label: 'Text' };
	}
	const entries = (context.getNodeParameter('posts.post', itemIndex, []) as IDataObject[]) ?? [];
	if (!entries.length) throw paramError(context, itemIndex, 'Posts', 'must hold at least one post');
	const posts = entries.map((entry, index) => {
		const media = mediaRefs(context, itemIndex, `Posts (post ${index + 1})`, entry.mediaIds, entry.binaryProperties, entry.mediaUrls);
		const text = String(entry.text ?? '').trim();
		if (!text && !media.length) throw paramError(context, itemIndex, `Posts (post ${index + 1})`, 'has neither text nor media');
		return { text, media };
	});
	return { posts, label: 'Posts' };
}

export function readOverrides(context: IExecuteFunctions, itemIndex: number, platforms: PostPlatform[], separator: string): PostsContent['overrides'] {
	const overrides: PostsContent['overrides'] = {};
	for (const entry of context.getNodeParameter('platformTexts.platformText', itemIndex, []) as IDataObject[]) {
		const platform = String(entry.platform ?? '');
		if (!isPostPlatform(platform) || !platforms.includes(platform)) {
			throw paramError(context, itemIndex, 'Platform Texts', `sets a text for "${platform}", which is not among the chosen platforms`);
		}
		const texts = splitThread(String(entry.text ?? ''), separator);
		if (!texts.length) throw paramError(context, itemIndex, 'Platform Texts', `has an empty text for ${platform}`);
		overrides[platform] = texts;
	}
	return overrides;
}

function readPlatformOptions(context: IExecuteFunctions, itemIndex: number): PlatformOptions {
	const o = context.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject;
	const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
	const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
	return {
		x: {
			replySettings: o.xRepliesFromFollowing === true ? 'following' : undefined,
			quotePostUrl: text(o.xQuotePostUrl),
			subscribersOnly: flag(o.xSubscribersOnly),
			paidPartnership: flag(o.xPaidPartnership),
			madeWithAi: flag(o.xMadeWithAi),
			replyToUrl: text(o.xReplyToUrl),
			communityId: text(o.xCommunityId),
			shareWithFollowers: flag(o.xShareWithFollowers),
		},
		linkedinReshareUrn: text(o.linkedinReshareUrn),
		hideLinkPreview: toList(o.hideLinkPreview).filter(isPostPlatform),
	};
}

/** Reads the "Social Posts" content of one item and checks the rules that need no request. */
export function readPostsContent(context: IExecuteFunctions, itemIndex: number, separator = DEFAULT_SEPARATOR): PostsContent {
	const platforms = readPlatforms(context, itemIndex);
	const { posts, label } = readPostList(context, itemIndex, separator);
	const content: PostsContent = {
		platforms,
		posts,
		overrides: readOverrides(context, itemIndex, platforms, separator),
		options: readPlatformOptions(context, itemIndex),
	};
	const linkedin = platforms.includes('linkedin') ? postsFor('linkedin', content).length : 0;
	if (linkedin > DRAFT_LIMITS.maxLinkedInPosts) {
		const where = content.overrides.linkedin ? 'Platform Texts' : label;
		throw paramError(context, itemIndex, where, `gives LinkedIn ${linkedin} posts; LinkedIn takes one post only (give LinkedIn a single text under Platform Texts)`);
	}
	return content;
}
