import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { PostPlatform } from '../../../../common/platforms';
import { isPostPlatform, platformName } from '../../../../common/platformLists';
import type { UtmParameters } from '../../../helpers/text/utm';
import { tagLinks, UTM_MAX_VALUE_LENGTH } from '../../../helpers/text/utm';
import type { PlatformPatch, PostEdit } from '../../../helpers/merge';
import { paramError, paramProblem } from '../../../helpers/validation';
import {
	describeLengthProblem,
	findEveryOverLength,
	resolveLimits,
} from '../../../helpers/text/textLength';
import { POST_PLATFORM_OPTIONS } from '../../descriptions/platformPickers';
import type { PostsContent } from './posts/build';
import type { Report } from './report';
import { stopAtFirst } from './report';

/**
 * UTM Tags (Content Options of Create and Update, Options of Duplicate): campaign parameters added to every link of
 * the posts the operation writes (helpers/text/utm.ts), before the length check, so the check and Auto-Split count
 * the tagged links. `utm_source` is each platform's id by default (common/platforms.ts), so a new platform gets its
 * own; `utm_medium` and `utm_campaign` are given. Create tags every post; Update only the posts its parameters give
 * (the text it sends is the text the user named; posts it keeps from the draft are not touched); Duplicate the copy's
 * posts.
 */

export const UTM_LABEL = 'UTM Tags';
const DEFAULT_MEDIUM = 'social';
const DEFAULT_SOURCE_PLATFORM = 'x';

export const utmTagsField: INodeProperties = {
	displayName: UTM_LABEL,
	name: 'utmTags',
	type: 'fixedCollection',
	placeholder: 'Add UTM Tags',
	default: {},
	description:
		'Campaign parameters added to every link (with http:// or https://) of the posts: utm_source is the platform (x, linkedin, mastodon, threads, bluesky, substack), utm_medium and utm_campaign as given. A link that already has one of these parameters keeps its value. Links in comment markers and mentions, bare domains and media URLs stay as they are. Update tags only the posts it is given, not those it keeps from the draft.',
	options: [
		{
			displayName: 'Tags',
			name: 'tags',
			values: [
				{
					displayName: 'Campaign',
					name: 'campaign',
					type: 'string',
					default: '',
					required: true,
					placeholder: 'e.g. spring-launch',
					description: `The utm_campaign value, at most ${UTM_MAX_VALUE_LENGTH} characters`,
				},
				{
					displayName: 'Medium',
					name: 'medium',
					type: 'string',
					default: DEFAULT_MEDIUM,
					description: `The utm_medium value, at most ${UTM_MAX_VALUE_LENGTH} characters; empty adds no utm_medium`,
				},
				{
					displayName: 'Source Per Platform',
					name: 'sources',
					type: 'fixedCollection',
					typeOptions: { multipleValues: true },
					placeholder: 'Add Source',
					default: {},
					description:
						"A utm_source of your own for a platform; the others keep the platform's own name in lower case (x, linkedin, …)",
					options: [
						{
							displayName: 'Source',
							name: 'source',
							values: [
								{
									displayName: 'Platform',
									name: 'platform',
									type: 'options',
									options: POST_PLATFORM_OPTIONS,
									default: DEFAULT_SOURCE_PLATFORM,
								},
								{
									displayName: 'Source',
									name: 'source',
									type: 'string',
									default: '',
									placeholder: 'e.g. twitter',
									description: `The utm_source value for this platform, at most ${UTM_MAX_VALUE_LENGTH} characters`,
								},
							],
						},
					],
				},
			],
		},
	],
};

/** The parameters each platform's links get, once UTM Tags are read. */
export interface UtmTags {
	parametersFor(platform: PostPlatform): UtmParameters;
}

function checkedValue(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
): string {
	const text = typeof value === 'string' ? value.trim() : String(value ?? '').trim();
	if (text.length > UTM_MAX_VALUE_LENGTH)
		throw paramError(
			context,
			itemIndex,
			label,
			`is ${text.length} characters long; give at most ${UTM_MAX_VALUE_LENGTH}`,
		);
	return text;
}

function readSources(
	context: IExecuteFunctions,
	itemIndex: number,
	tags: IDataObject,
): Partial<Record<PostPlatform, string>> {
	const label = `${UTM_LABEL} > Source Per Platform`;
	const entries = ((tags.sources as IDataObject | undefined)?.source ?? []) as IDataObject[];
	const sources: Partial<Record<PostPlatform, string>> = {};
	for (const entry of Array.isArray(entries) ? entries : []) {
		const platform = String(entry.platform ?? '');
		if (!isPostPlatform(platform))
			throw paramError(context, itemIndex, label, `names an unknown platform "${platform}"`);
		if (platform in sources)
			throw paramError(
				context,
				itemIndex,
				label,
				`sets the source of ${platformName(platform)} twice`,
			);
		const source = checkedValue(context, itemIndex, label, entry.source);
		if (source === '')
			throw paramError(
				context,
				itemIndex,
				label,
				`gives ${platformName(platform)} an empty source; remove the entry to keep "${platform}"`,
			);
		sources[platform] = source;
	}
	return sources;
}

/** UTM Tags of one item from its options collection, checked before any request; undefined when not set. */
export function readUtmTags(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): UtmTags | undefined {
	const tags = (options.utmTags as IDataObject | undefined)?.tags as IDataObject | undefined;
	if (!tags || typeof tags !== 'object') return undefined;
	const campaign = checkedValue(context, itemIndex, `${UTM_LABEL} > Campaign`, tags.campaign);
	if (campaign === '')
		throw paramError(
			context,
			itemIndex,
			`${UTM_LABEL} > Campaign`,
			'is empty; give the campaign, or remove UTM Tags',
		);
	const medium = checkedValue(
		context,
		itemIndex,
		`${UTM_LABEL} > Medium`,
		tags.medium ?? DEFAULT_MEDIUM,
	);
	const sources = readSources(context, itemIndex, tags);
	return {
		parametersFor: (platform) => [
			['utm_source', sources[platform] ?? platform],
			...(medium ? [['utm_medium', medium] as const] : []),
			['utm_campaign', campaign],
		],
	};
}

/** Where a text stands, for a problem: the parameter, the post and the platform. */
interface Place {
	label: string;
	platform: PostPlatform;
	/** 0-based; -1: a post Edit Single Posts appends. */
	post: number;
}

/** One text tagged; a problem is reported (naming the parameter, post and platform) and the text kept as written. */
function tagText(
	context: IExecuteFunctions,
	itemIndex: number,
	text: string,
	tagging: { utm: UtmTags; place: Place; report: Report },
): string {
	const { utm, place, report } = tagging;
	const result = tagLinks(text, utm.parametersFor(place.platform));
	if ('text' in result) return result.text;
	report(
		paramProblem(
			context,
			itemIndex,
			place.label,
			`(${place.post < 0 ? 'the appended post' : `post ${place.post + 1}`} for ${platformName(place.platform)}) ${result.problem}`,
		),
	);
	return text;
}

/** Create (and Replace Platform Content): every post of every chosen platform tagged in place, before Auto-Split and the length check. */
export function tagPostsContent(
	context: IExecuteFunctions,
	itemIndex: number,
	content: PostsContent,
	utm: UtmTags | undefined,
	report: Report = stopAtFirst,
): void {
	if (!utm) return;
	for (const platform of content.platforms) {
		const label = content.labels[platform] ?? 'Text';
		content.posts[platform] = (content.posts[platform] ?? []).map((post, index) => ({
			...post,
			text: tagText(context, itemIndex, post.text, {
				utm,
				place: { label, platform, post: index },
				report,
			}),
		}));
	}
}

function tagEdit(
	context: IExecuteFunctions,
	itemIndex: number,
	edit: PostEdit,
	tagging: { utm: UtmTags; place: Place; report: Report },
): PostEdit {
	if (!('text' in edit)) return edit;
	const post = 'post' in edit ? edit.post : -1;
	return {
		...edit,
		text: tagText(context, itemIndex, edit.text, { ...tagging, place: { ...tagging.place, post } }),
	};
}

/**
 * Update: the texts the update gives (its thread, a platform's own text, the texts of Edit Single Posts) tagged per
 * platform; the posts it keeps from the draft are not read here and stay as they are.
 */
export function tagPatches(
	context: IExecuteFunctions,
	itemIndex: number,
	parsed: { label: string; labels?: Partial<Record<PostPlatform, string>>; patches: IDataObject },
	utm: UtmTags | undefined,
	report: Report = stopAtFirst,
): void {
	if (!utm) return;
	const patches = parsed.patches as Partial<Record<PostPlatform, PlatformPatch>>;
	for (const [platform, patch] of Object.entries(patches) as Array<[PostPlatform, PlatformPatch]>) {
		const label = parsed.labels?.[platform] ?? parsed.label;
		const tagging = { utm, report, place: { label, platform, post: 0 } };
		const tagged: PlatformPatch = { ...patch };
		if (patch.thread)
			tagged.thread = patch.thread.map((post, index) =>
				post.text === undefined
					? post
					: {
							...post,
							text: tagText(context, itemIndex, post.text, {
								...tagging,
								place: { ...tagging.place, post: index },
							}),
						},
			);
		if (patch.edits)
			tagged.edits = patch.edits.map((edit) => tagEdit(context, itemIndex, edit, tagging));
		patches[platform] = tagged;
	}
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tagged post of the copy over its platform's default limit, described; undefined when it fits. */
function overDefaultLimit(platform: PostPlatform, post: number, text: string): string | undefined {
	const problem = findEveryOverLength(
		{ [platform]: { posts: [{ text }] } },
		resolveLimits(true, {}),
	)[0];
	return problem ? describeLengthProblem({ ...problem, postIndex: post }) : undefined;
}

/**
 * Duplicate: every post of every post platform of the copy tagged (the copy is a new draft; its text is all the
 * user's). A post the tags make longer than its platform's default limit is refused: the copy has no Length
 * Limits, and X and Mastodon count every link as 23 whatever its tags.
 */
export function tagPlatforms(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	utm: UtmTags | undefined,
): void {
	if (!utm) return;
	for (const [key, config] of Object.entries(platforms)) {
		if (!isPostPlatform(key) || !isObject(config) || !Array.isArray(config.posts)) continue;
		config.posts = config.posts.map((post, index) => {
			if (!isObject(post) || typeof post.text !== 'string') return post;
			const text = tagText(context, itemIndex, post.text, {
				utm,
				place: { label: UTM_LABEL, platform: key, post: index },
				report: stopAtFirst,
			});
			const over = text === post.text ? undefined : overDefaultLimit(key, index, text);
			if (over)
				throw paramError(
					context,
					itemIndex,
					UTM_LABEL,
					`${over} once its links are tagged; shorten the source draft's post or leave out UTM Tags`,
				);
			return { ...post, text };
		}) as IDataObject[];
	}
}
