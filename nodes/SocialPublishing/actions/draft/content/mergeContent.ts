import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { PostPlatform } from '../../../../common/platforms';
import { beforeUpload } from '../../../helpers/mediaSlots';
import { isPlatformOn, platformName } from '../../../../common/platformLists';
import { toList, checkPlatformsObject, paramError } from '../../../helpers/validation';
import type { ArticlePatch, PlatformPatch } from '../../../helpers/merge';
import { mergeArticle, mergePostPlatform } from '../../../helpers/merge';
import type { ServedCheck } from '../../../mediaUpload/pendingMedia';
import { uploadPendingMedia } from '../../../mediaUpload/pendingMedia';
import { publishPolicyProblem } from '../../../helpers/publishPolicy';
import { POST_PLATFORM_OPTIONS } from '../../descriptions/platformPickers';
import type { PreparedContent } from './index';
import { readContent } from './index';
import { readArticlePatch } from './article';
import { readPlatformsJson } from './json';
import { knownKindsOf, spreadBuiltMedia } from './mediaCheck';
import type { LengthSettings, MediaSettings } from './options';
import { readContentOptions } from './options';
import type { Patches } from './posts/readPostEdits';
import { readPostsPatches } from './posts/readPostEdits';
import type { Report } from './report';
import { stopAtFirst } from './report';
import { tagPatches } from './utmTags';

/**
 * The content part of Draft > Update. By default an update is merged into the draft as read (see helpers/merge.ts):
 * only the platforms touched are sent, each whole, with everything the user did not name kept. "Replace Platform
 * Content" and Platforms JSON replace the named platforms whole instead.
 */
export interface UpdateContent {
	/** Whether the draft must be read first (merging, turning platforms on or off, an article kept in part, a reply). */
	needsDraft: boolean;
	/** The parameter that gave the content, for problems found in the platforms as they will be sent. */
	label: string;
	/** The length check's settings (Content Options), for the platforms as they will be sent. */
	lengths: LengthSettings;
	/** The media check's settings (Content Options), for the platforms as they will be sent. */
	media: MediaSettings;
	/** The platforms object to send, built once from the draft's current platforms (when read); media to upload stand as pending slots. */
	build(
		current: IDataObject | undefined,
	): { platforms: IDataObject } | { label: string; problem: string };
	/** Uploads the media the built object waits for (after every check) and puts their ids in; `checkServed` sees what the Media URLs served first. */
	upload(platforms: IDataObject, checkServed?: ServedCheck): Promise<void>;
}

interface Parsed {
	/** The label of the parameter that gave the posts, for problems of the merge. */
	label: string;
	/** The label per platform, where it differs (a platform's own text comes from Platform Texts). */
	labels?: Partial<Record<PostPlatform, string>>;
	patches: Patches;
	/** Platforms replaced whole as given (Platforms JSON). */
	replace?: IDataObject;
	article?: ArticlePatch;
}

/** Update Fields options that turn platforms of the draft on or off, keeping their content. */
export const platformToggleFields: INodeProperties[] = [
	{
		displayName: 'Disable Platforms',
		name: 'disablePlatforms',
		type: 'multiOptions',
		options: POST_PLATFORM_OPTIONS,
		default: [],
		description:
			'Platforms to turn off on the draft; their content is kept, so they can be turned on again',
	},
	{
		displayName: 'Enable Platforms',
		name: 'enablePlatforms',
		type: 'multiOptions',
		options: POST_PLATFORM_OPTIONS,
		default: [],
		description: 'Platforms of the draft to turn on again, with the content they have',
	},
];

function readToggles(context: IExecuteFunctions, itemIndex: number): Patches {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const enable = toList(fields.enablePlatforms);
	const disable = toList(fields.disablePlatforms);
	const both = enable.filter((platform) => disable.includes(platform));
	if (both.length)
		throw paramError(
			context,
			itemIndex,
			'Disable Platforms',
			`and "Enable Platforms" both name ${both.map(platformName).join(', ')}; choose one`,
		);
	const patches: Patches = {};
	for (const platform of enable) patches[platform as PostPlatform] = { enabled: true };
	for (const platform of disable) patches[platform as PostPlatform] = { enabled: false };
	return patches;
}

function readParsed(
	context: IExecuteFunctions,
	itemIndex: number,
	contentType: string,
	separator: string,
): Parsed | undefined {
	if (contentType === 'keep') return undefined;
	if (contentType === 'xArticle') {
		const article = readArticlePatch(context, itemIndex);
		return { label: 'Article Markdown', patches: {}, article };
	}
	if (contentType === 'json')
		return {
			label: 'Platforms JSON',
			patches: {},
			replace: readPlatformsJson(context, itemIndex, true),
		};
	return readPostsPatches(context, itemIndex, separator);
}

/** What Update's content gives, read before the draft is: merged into the draft's platforms by `buildUpdate`. */
interface UpdateParts {
	/** Replace Platform Content: the platforms built as Create builds them. */
	replaced: PreparedContent | undefined;
	parsed: Parsed | undefined;
	toggles: Patches;
	media: MediaSettings;
}

/**
 * The platforms object to send, built once from the draft's current platforms (when read): the platforms given
 * whole, the article and the posts merged, the toggles applied, Spread Media, then the whole object checked.
 */
function buildUpdate(
	context: IExecuteFunctions,
	itemIndex: number,
	current: IDataObject | undefined,
	parts: UpdateParts,
): { platforms: IDataObject } | { label: string; problem: string } {
	const { replaced, parsed, toggles, media } = parts;
	const out: IDataObject = {};
	if (replaced) Object.assign(out, replaced.platforms);
	if (parsed?.replace) Object.assign(out, parsed.replace);
	if (parsed?.article) {
		const merged = mergeArticle(current?.x_article, parsed.article, beforeUpload);
		if ('problem' in merged) return { label: parsed.label, problem: merged.problem };
		out.x_article = merged.value;
	}
	for (const [platform, patch] of Object.entries(parsed?.patches ?? {}) as Array<
		[PostPlatform, PlatformPatch]
	>) {
		const merged = mergePostPlatform(
			platform,
			current?.[platform],
			{ ...patch, ...(toggles[platform] ?? {}) },
			beforeUpload,
		);
		if ('problem' in merged)
			return {
				label: parsed?.labels?.[platform] ?? parsed!.label,
				problem: `for ${platformName(platform)} ${merged.problem}`,
			};
		out[platform] = merged.value;
	}
	for (const [platform, toggle] of Object.entries(toggles) as Array<
		[PostPlatform, PlatformPatch]
	>) {
		if (parsed?.patches[platform]) continue;
		const base = out[platform] ?? current?.[platform];
		const label = toggle.enabled ? 'Enable Platforms' : 'Disable Platforms';
		if (!base)
			return {
				label,
				problem: `names ${platformName(platform)}, which this draft has no content for${toggle.enabled ? '; give its content with Content Type "Social Posts"' : ''}`,
			};
		const merged = mergePostPlatform(platform, base, toggle, beforeUpload);
		if ('problem' in merged)
			return { label, problem: `for ${platformName(platform)} ${merged.problem}` };
		out[platform] = merged.value;
	}
	// Spread Media on the platforms the update gives posts (the draft's own media known by kind)
	spreadBuiltMedia(context, itemIndex, out, {
		only: Object.keys(parsed?.patches ?? {}),
		settings: media,
		known: knownKindsOf(current),
	});
	const problem = checkPlatformsObject(out, false);
	if (problem) return { label: parsed?.label ?? 'Platforms', problem };
	return { platforms: out };
}

/**
 * Reads and checks the content parameters of Update for one item (no request). Undefined when the content
 * and the platforms' on/off state stay as they are.
 */
export function readUpdateContent(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	report: Report = stopAtFirst,
): UpdateContent | undefined {
	const contentType = context.getNodeParameter('contentType', itemIndex, 'keep') as string;
	const toggles = readToggles(context, itemIndex);
	const replaceWhole =
		contentType === 'posts' &&
		context.getNodeParameter('replacePlatformContent', itemIndex, false) === true;
	const options = readContentOptions(context, itemIndex);
	// Replace Platform Content: built and checked as Create builds it.
	const replaced = replaceWhole
		? readContent(context, itemIndex, socialSetId, true, report)
		: undefined;
	const parsed = replaceWhole
		? undefined
		: readParsed(context, itemIndex, contentType, options.separator);
	// UTM Tags on the texts this update gives, before the merge and the length check of the sent platforms
	if (parsed && contentType === 'posts')
		tagPatches(context, itemIndex, parsed, options.utm, report);
	if (!parsed && !replaced && Object.keys(toggles).length === 0) return undefined;
	// Platforms sent whole without a merge need no read, unless they make the draft an X reply: a scheduled draft
	// must then be refused before sending (Rules on platform content 5), and only the read tells its status.
	const whole = replaced?.platforms ?? parsed?.replace;
	const makesReply = whole !== undefined && publishPolicyProblem(whole, 'schedule') !== undefined;
	const needsDraft =
		makesReply ||
		Object.keys(toggles).length > 0 ||
		!!parsed?.article ||
		Object.keys(parsed?.patches ?? {}).length > 0;

	return {
		needsDraft,
		label: parsed?.label ?? 'Platforms',
		lengths: options.lengths,
		media: options.media,
		build: (current) =>
			buildUpdate(context, itemIndex, current, { replaced, parsed, toggles, media: options.media }),
		upload: async (platforms, checkServed) =>
			await uploadPendingMedia(context, itemIndex, {
				socialSetId,
				platforms,
				settings: options.upload,
				checkServed,
			}),
	};
}

/**
 * Rules on the draft as it will be after the update (current platforms with the sent ones over them):
 * at least one platform enabled, and an X Article never enabled together with a post platform.
 */
export function wholeDraftProblem(
	current: IDataObject | undefined,
	sent: IDataObject,
): string | undefined {
	const after: IDataObject = { ...(current ?? {}), ...sent };
	const on = Object.keys(after).filter((platform) => isPlatformOn(platform, after[platform]));
	if (on.length === 0)
		return 'would leave the draft with no platform enabled; at least one must stay on';
	if (on.includes('x_article') && on.length > 1)
		return `would enable ${on
			.filter((p) => p !== 'x_article')
			.map(platformName)
			.join(', ')} beside the X Article, which stands alone`;
	return undefined;
}
