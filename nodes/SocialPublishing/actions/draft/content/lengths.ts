import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { PostPlatform } from '../../../../common/platforms';
import { platformName } from '../../../../common/platformLists';
import { splitPostsToLimit } from '../../../helpers/text/autoSplit';
import {
	describeLengthProblem,
	findEveryOverLength,
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

export interface LengthCheck {
	settings: LengthSettings;
	/** The parameter each platform's posts came from, named by every problem. */
	labelOf: (platform: PostPlatform) => string;
	/** The posts came as Platforms JSON: the advice names no Auto-Split. */
	json?: boolean;
	/** What is done with each problem: stop at the first (the default), or note it (Validate Only). */
	report?: Report;
}

/**
 * The length check, before any request: a post over its platform's limit is reported (the default report stops
 * the item at the first) with the parameter, the platform, the post number, the length and the limit.
 */
export function checkLengths(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	check: LengthCheck,
): void {
	const { settings, labelOf, json = false, report = stopAtFirst } = check;
	for (const problem of findEveryOverLength(platforms, settings.limits)) {
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
	checkLengths(context, itemIndex, texts, {
		settings,
		labelOf: (platform) => content.labels[platform] ?? 'Text',
		report,
	});
}
