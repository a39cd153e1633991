import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { PostPlatform } from '../../../../../common/platforms';
import { isPostPlatform } from '../../../../../common/platformLists';
import { splitThread } from '../../../../helpers/text/threadSplit';
import { toList, checkPlatformsChosen, paramError } from '../../../../helpers/validation';
import { checkMediaUrlCount, readMediaRefs } from '../media';
import type { PostInput, PostsContent } from './build';
import { DRAFT_LIMITS } from '../../../../../common/limits';

/** The chosen platforms, checked to be known and at least one. */
export function readPlatforms(context: IExecuteFunctions, itemIndex: number): PostPlatform[] {
	const chosen = toList(context.getNodeParameter('platforms', itemIndex, []));
	const problem = checkPlatformsChosen(chosen);
	if (problem) throw paramError(context, itemIndex, 'Platforms', problem);
	return [...new Set(chosen)] as PostPlatform[];
}

/** The media fields of One Text: they go to the first post. */
export function readTextMedia(context: IExecuteFunctions, itemIndex: number) {
	return readMediaRefs(context, itemIndex, {
		label: 'Media IDs',
		ids: context.getNodeParameter('mediaIds', itemIndex, ''),
		binaries: context.getNodeParameter('binaryProperties', itemIndex, ''),
		urls: context.getNodeParameter('mediaUrls', itemIndex, ''),
		urlLabel: 'Media URLs',
	});
}

/** The entries of List of Posts, each with its trimmed text and its media; at least one. */
export function readPostEntries(context: IExecuteFunctions, itemIndex: number): PostInput[] {
	const entries = (context.getNodeParameter('posts.post', itemIndex, []) as IDataObject[]) ?? [];
	if (!entries.length) throw paramError(context, itemIndex, 'Posts', 'must hold at least one post');
	const urls = entries.reduce((count, entry) => count + toList(entry.mediaUrls).length, 0);
	checkMediaUrlCount(context, itemIndex, 'Posts', urls, ` in all its ${entries.length} posts`);
	return entries.map((entry, index) => ({
		text: String(entry.text ?? '').trim(),
		media: readMediaRefs(context, itemIndex, {
			label: `Posts (post ${index + 1})`,
			ids: entry.mediaIds,
			binaries: entry.binaryProperties,
			urls: entry.mediaUrls,
		}),
	}));
}

/**
 * The Media URLs the Social Posts parameters give (One Text or List of Posts; Edit Single Posts takes none),
 * each once in the order given: the files Create and Update may download. Read and checked as the content
 * is, so a bad entry fails the same way.
 */
export function readGivenMediaUrls(
	context: IExecuteFunctions,
	itemIndex: number,
	contentType: string,
): string[] {
	if (contentType !== 'posts') return [];
	const mode = context.getNodeParameter('contentMode', itemIndex, 'text') as string;
	const refs =
		mode === 'text'
			? readTextMedia(context, itemIndex)
			: mode === 'posts'
				? readPostEntries(context, itemIndex).flatMap((post) => post.media)
				: [];
	return [...new Set(refs.flatMap((ref) => ('mediaUrl' in ref ? [ref.mediaUrl] : [])))];
}

function readPostList(
	context: IExecuteFunctions,
	itemIndex: number,
	separator: string,
	textMode: boolean,
): { posts: PostInput[]; label: string } {
	if (textMode) {
		const texts = splitThread(String(context.getNodeParameter('text', itemIndex, '')), separator);
		const media = readTextMedia(context, itemIndex);
		if (!texts.length && !media.length) throw paramError(context, itemIndex, 'Text', 'is empty');
		const posts = (texts.length ? texts : ['']).map((text, index) => ({
			text,
			media: index === 0 ? media : [],
		}));
		return { posts, label: 'Text' };
	}
	const posts = readPostEntries(context, itemIndex);
	posts.forEach(({ text, media }, index) => {
		if (!text && !media.length)
			throw paramError(
				context,
				itemIndex,
				`Posts (post ${index + 1})`,
				'has neither text nor media',
			);
	});
	return { posts, label: 'Posts' };
}

/** Platform Texts: a text of its own for a chosen platform, split into posts like the common text. */
export function readOverrides(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: PostPlatform[],
	separator: string,
): Partial<Record<PostPlatform, string[]>> {
	const overrides: Partial<Record<PostPlatform, string[]>> = {};
	for (const entry of context.getNodeParameter(
		'platformTexts.platformText',
		itemIndex,
		[],
	) as IDataObject[]) {
		const platform = String(entry.platform ?? '');
		if (!isPostPlatform(platform) || !platforms.includes(platform)) {
			throw paramError(
				context,
				itemIndex,
				'Platform Texts',
				`sets a text for "${platform}", which is not among the chosen platforms`,
			);
		}
		const texts = splitThread(String(entry.text ?? ''), separator);
		if (!texts.length)
			throw paramError(context, itemIndex, 'Platform Texts', `has an empty text for ${platform}`);
		overrides[platform] = texts;
	}
	return overrides;
}

/** LinkedIn takes one post (Rules on platform content 1). */
export function checkLinkedInPosts(
	context: IExecuteFunctions,
	itemIndex: number,
	posts: number,
	where: string,
): void {
	if (posts > DRAFT_LIMITS.maxLinkedInPosts) {
		throw paramError(
			context,
			itemIndex,
			where,
			`gives LinkedIn ${posts} posts; LinkedIn takes one post only (give LinkedIn a single text under Platform Texts)`,
		);
	}
}

/**
 * The posts each platform gets: its own texts when Platform Texts give it some (the media stay with the post at
 * the same position), else the common posts.
 */
export function postsByPlatform(
	platforms: PostPlatform[],
	posts: PostInput[],
	overrides: Partial<Record<PostPlatform, string[]>>,
): PostsContent['posts'] {
	const byPlatform: PostsContent['posts'] = {};
	for (const platform of platforms) {
		const texts = overrides[platform];
		byPlatform[platform] = texts
			? texts.map((text, index) => ({ text, media: posts[index]?.media ?? [] }))
			: posts;
	}
	return byPlatform;
}

/**
 * Reads the "Social Posts" content of one item for Create and checks the rules that need no request.
 * `textMode`: Content Mode is "Text" (read with the content options).
 */
export function readPostsContent(
	context: IExecuteFunctions,
	itemIndex: number,
	separator: string,
	textMode: boolean,
): PostsContent {
	const platforms = readPlatforms(context, itemIndex);
	const { posts, label } = readPostList(context, itemIndex, separator, textMode);
	const overrides = readOverrides(context, itemIndex, platforms, separator);
	const labels: PostsContent['labels'] = {};
	for (const platform of platforms)
		labels[platform] = overrides[platform] ? 'Platform Texts' : label;
	const content: PostsContent = {
		platforms,
		posts: postsByPlatform(platforms, posts, overrides),
		labels,
		options: context.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject,
	};
	if (platforms.includes('linkedin'))
		checkLinkedInPosts(
			context,
			itemIndex,
			content.posts.linkedin?.length ?? 0,
			labels.linkedin ?? label,
		);
	return content;
}
