import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { PostPlatform } from '../../../helpers/content';
import { isPostPlatform, platformName } from '../../../helpers/content';
import { splitPostsToLimit } from '../../../helpers/autoSplit';
import { paramError } from '../../../helpers/validation';
import type { Limits } from '../../../helpers/textLength';
import { describeLengthProblem, findOverLength, postLength, resolveLimits, SINGLE_POST_PLATFORMS } from '../../../helpers/textLength';
import { POST_PLATFORM_OPTIONS } from '../../descriptions';
import type { PostInput, PostsContent } from './posts/build';
import { postsFor } from './posts/build';

const LIMITS_HELP = 'X 280 (weighted), Bluesky 300, Threads 500, Mastodon 500, LinkedIn 3000, Substack none';

/* Length check and Auto-Split options of the Content Options collection (Social Posts and Platforms JSON). */

export const autoSplitField: INodeProperties = {
	displayName: 'Auto-Split Long Text',
	name: 'autoSplit',
	type: 'boolean',
	default: false,
	description:
		'Whether to split a text too long for a platform into a thread of posts that each fit: at paragraphs, then sentences, then words, never inside a link, mention or comment marker. Each platform gets as many posts as it needs; media stay on the first post. LinkedIn and Substack take one post: a text over their limit is refused instead.',
	displayOptions: { show: { '/contentType': ['posts'], '/contentMode': ['text'] } },
};

export const checkLengthField: INodeProperties = {
	displayName: 'Check Post Length',
	name: 'checkLength',
	type: 'boolean',
	default: true,
	description: `Whether to refuse, before anything is sent, a post longer than its platform allows, counted the way the platform counts (${LIMITS_HELP})`,
	displayOptions: { show: { '/contentType': ['posts', 'json'] } },
};

export const lengthLimitsField: INodeProperties = {
	displayName: 'Length Limits',
	name: 'lengthLimits',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Limit',
	default: {},
	description: 'A different limit for a platform: a long-post X plan, a Mastodon server with another limit. 0 turns the check off for that platform.',
	displayOptions: { show: { '/contentType': ['posts', 'json'] } },
	options: [
		{
			displayName: 'Limit',
			name: 'limit',
			values: [
				{ displayName: 'Platform', name: 'platform', type: 'options', options: POST_PLATFORM_OPTIONS, default: 'x' },
				{ displayName: 'Maximum Length', name: 'maxLength', type: 'number', typeOptions: { minValue: 0 }, default: 280, description: 'Counted the way that platform counts; 0 means no check' },
			],
		},
	],
};

export const numberPostsField: INodeProperties = {
	displayName: 'Number Split Posts',
	name: 'numberPosts',
	type: 'boolean',
	default: false,
	description: 'Whether Auto-Split adds "1/5", "2/5", … to each post of a thread, counted within the limit',
	displayOptions: { show: { '/contentType': ['posts'], '/contentMode': ['text'] } },
};

export interface LengthSettings {
	limits: Limits;
	autoSplit: boolean;
	numbering: boolean;
}

/** Reads the length options of one item; a limit for the same platform given twice is refused. */
export function readLengthSettings(context: IExecuteFunctions, itemIndex: number): LengthSettings {
	const options = context.getNodeParameter('contentOptions', itemIndex, {}) as IDataObject;
	const overrides: Limits = {};
	for (const entry of ((options.lengthLimits as IDataObject | undefined)?.limit ?? []) as IDataObject[]) {
		const platform = String(entry.platform ?? '');
		const limit = Number(entry.maxLength);
		if (!isPostPlatform(platform)) throw paramError(context, itemIndex, 'Length Limits', `names an unknown platform "${platform}"`);
		if (platform in overrides) throw paramError(context, itemIndex, 'Length Limits', `sets the limit of ${platformName(platform)} twice`);
		if (!Number.isInteger(limit) || limit < 0) throw paramError(context, itemIndex, 'Length Limits', `sets ${platformName(platform)} to "${String(entry.maxLength)}"; a limit is a whole number, 0 for no check`);
		overrides[platform] = limit;
	}
	const textMode = context.getNodeParameter('contentMode', itemIndex, 'text') === 'text';
	return {
		limits: resolveLimits(options.checkLength !== false, overrides),
		autoSplit: textMode && options.autoSplit === true,
		numbering: options.numberPosts === true,
	};
}

/** The parameter a platform's posts come from, for errors. */
export function postsLabel(context: IExecuteFunctions, itemIndex: number, content: PostsContent, platform: PostPlatform): string {
	if (content.overrides[platform]) return 'Platform Texts';
	return context.getNodeParameter('contentMode', itemIndex, 'text') === 'text' ? 'Text' : 'Posts';
}

/**
 * Auto-Split: each platform that takes threads gets its posts split to its limit (media stay on the first piece of
 * the post they belong to). Platforms taking one post are left whole, for the length check to refuse.
 */
export function autoSplitContent(context: IExecuteFunctions, itemIndex: number, content: PostsContent, settings: LengthSettings): void {
	if (!settings.autoSplit) return;
	for (const platform of content.platforms) {
		const limit = settings.limits[platform];
		if (limit === undefined || SINGLE_POST_PLATFORMS.includes(platform)) continue;
		const posts = postsFor(platform, content);
		const result = splitPostsToLimit(
			posts.map((post) => post.text),
			{ limit, count: (text) => postLength(platform, text), numbering: settings.numbering },
		);
		if ('problem' in result) {
			const where = postsLabel(context, itemIndex, content, platform);
			throw paramError(context, itemIndex, where, `cannot be split for ${platformName(platform)} (limit ${limit}, post ${result.postIndex + 1}): ${result.problem}`);
		}
		const split: PostInput[] = result.posts.map((post, index) => ({
			text: post.text,
			media: index === 0 || result.posts[index - 1].from !== post.from ? posts[post.from].media : [],
		}));
		content.split = { ...content.split, [platform]: split };
	}
}

function advice(platform: PostPlatform, settings: LengthSettings, json: boolean): string {
	const raise = 'or set its limit under Content Options > Length Limits';
	if (json) return `Shorten it, split it into more posts, ${raise}`;
	const name = platformName(platform);
	if (SINGLE_POST_PLATFORMS.includes(platform)) return `${name} takes one post, so it is never split: shorten it or give ${name} a shorter text of its own under Platform Texts, ${raise}`;
	if (settings.autoSplit) return `Shorten it ${raise}`;
	return `Shorten it, turn on Content Options > Auto-Split Long Text (One Text), ${raise}`;
}

/**
 * The length check, before any request: the first post over its platform's limit stops the item with an error
 * naming the parameter, the platform, the post number, the length and the limit.
 */
export function checkLengths(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	settings: LengthSettings,
	labelOf: (platform: PostPlatform) => string,
	json = false,
): void {
	const problem = findOverLength(platforms, settings.limits);
	if (!problem) return;
	const { platform } = problem;
	throw paramError(context, itemIndex, labelOf(platform), `${describeLengthProblem(problem)}. ${advice(platform, settings, json)}`);
}
