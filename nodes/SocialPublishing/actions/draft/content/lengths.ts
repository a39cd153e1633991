import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { PostPlatform } from '../../../../common/platforms';
import { platformName } from '../../../../common/platformLists';
import { splitPostsToLimit } from '../../../helpers/text/autoSplit';
import {
	describeLengthProblem,
	findOverLength,
	postLength,
	SINGLE_POST_PLATFORMS,
} from '../../../helpers/text/textLength';
import { paramError, paramProblem } from '../../../helpers/validation';
import type { LengthSettings } from './options';
import type { PostInput, PostsContent } from './posts/build';
import type { Report } from './report';
import { stopAtFirst } from './report';

/* The length check and Auto-Split, before any request (their options: options.ts). */

/**
 * Auto-Split: each platform that takes threads gets its posts split to its limit (media stay on the first piece of
 * the post they belong to). Platforms taking one post are left whole, for the length check to refuse.
 */
function autoSplitContent(
	context: IExecuteFunctions,
	itemIndex: number,
	content: PostsContent,
	settings: LengthSettings,
): void {
	if (!settings.autoSplit) return;
	for (const platform of content.platforms) {
		const limit = settings.limits[platform];
		if (limit === undefined || SINGLE_POST_PLATFORMS.includes(platform)) continue;
		const posts = content.posts[platform] ?? [];
		const result = splitPostsToLimit(
			posts.map((post) => post.text),
			{ limit, count: (text) => postLength(platform, text), numbering: settings.numbering },
		);
		if ('problem' in result) {
			const where = content.labels[platform] ?? 'Text';
			throw paramError(
				context,
				itemIndex,
				where,
				`cannot be split for ${platformName(platform)} (limit ${limit}, post ${result.postIndex + 1}): ${result.problem}`,
			);
		}
		const split: PostInput[] = result.posts.map((post, index) => ({
			text: post.text,
			media:
				index === 0 || result.posts[index - 1].from !== post.from ? posts[post.from].media : [],
		}));
		content.posts[platform] = split;
	}
}

function advice(platform: PostPlatform, settings: LengthSettings, json: boolean): string {
	const raise = 'or set its limit under Content Options > Length Limits';
	if (json) return `Shorten it, split it into more posts, ${raise}`;
	const name = platformName(platform);
	if (SINGLE_POST_PLATFORMS.includes(platform))
		return `${name} takes one post, so it is never split: shorten it or give ${name} a shorter text of its own under Platform Texts, ${raise}`;
	if (settings.autoSplit) return `Shorten it ${raise}`;
	return `Shorten it, turn on Content Options > Auto-Split Long Text (One Text), ${raise}`;
}

/** Every post over its platform's limit, in order (each post looked at once). */
function everyOverLength(platforms: IDataObject, limits: LengthSettings['limits']) {
	const problems: Array<NonNullable<ReturnType<typeof findOverLength>>> = [];
	for (const [platform, config] of Object.entries(platforms)) {
		const posts = (config as IDataObject | null)?.posts;
		if (!Array.isArray(posts)) continue;
		posts.forEach((post, postIndex) => {
			const problem = findOverLength({ [platform]: { posts: [post] } }, limits);
			if (problem) problems.push({ ...problem, postIndex });
		});
	}
	return problems;
}

/**
 * The length check, before any request: a post over its platform's limit is reported (the default report stops
 * the item at the first) with the parameter, the platform, the post number, the length and the limit.
 */
export function checkLengths(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	settings: LengthSettings,
	labelOf: (platform: PostPlatform) => string,
	json = false,
	report: Report = stopAtFirst,
): void {
	for (const problem of everyOverLength(platforms, settings.limits)) {
		const { platform } = problem;
		report(
			paramProblem(
				context,
				itemIndex,
				labelOf(platform),
				`${describeLengthProblem(problem)}. ${advice(platform, settings, json)}`,
			),
		);
	}
}

/**
 * Social Posts: Auto-Split (when on), then the length check on the posts each platform will get, before the
 * platforms object is built; an error names the parameter the posts came from.
 */
export function fitPostLengths(
	context: IExecuteFunctions,
	itemIndex: number,
	content: PostsContent,
	settings: LengthSettings,
	report: Report = stopAtFirst,
): void {
	autoSplitContent(context, itemIndex, content, settings);
	const texts: IDataObject = {};
	for (const platform of content.platforms)
		texts[platform] = {
			posts: (content.posts[platform] ?? []).map((post) => ({ text: post.text })),
		};
	checkLengths(
		context,
		itemIndex,
		texts,
		settings,
		(platform) => content.labels[platform] ?? 'Text',
		false,
		report,
	);
}
