import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { MediaRef, MediaResolver, PostPlatform } from '../../helpers/content';
import { binaryPropertiesOf, DEFAULT_SEPARATOR, isPlatformOn, toList } from '../../helpers/content';
import type { ArticlePatch, PlatformPatch } from '../../helpers/merge';
import { mergeArticle, mergePostPlatform, platformName } from '../../helpers/merge';
import { paramError, checkMediaIds, checkPlatformsObject, DRAFT_LIMITS, parsePlatformsJson } from '../../helpers/validation';
import { publishPolicyProblem } from '../../helpers/publishPolicy';
import { altTextsOf, checkBinaries, readContent, uploadMedia } from './readContent';
import { readOverrides, readPlatforms } from './readPosts';
import type { Patches } from './updatePatches';
import { nothing, readOptionPatches, readThreadPatch } from './updatePatches';

/**
 * The content part of Draft > Update. By default an update is merged into the draft as read (see helpers/merge.ts):
 * only the platforms touched are sent, each whole, with everything the user did not name kept. "Replace Platform
 * Content" and Platforms JSON replace the named platforms whole instead.
 */
export interface UpdateContent {
	/** Whether the draft must be read first (merging, turning platforms on or off, an article kept in part). */
	needsDraft: boolean;
	/** The parameter that gave the content, for problems found in the platforms as they will be sent. */
	label: string;
	/** The platforms object to send, given the draft's current platforms (when read) and how media resolve. */
	build(current: IDataObject | undefined, resolve: MediaResolver): { platforms: IDataObject } | { label: string; problem: string };
	/** Uploads the binary media (after every check) and tells how media references resolve. */
	upload(): Promise<MediaResolver>;
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
	refs: MediaRef[];
}

function isEmptyPatch(patch: PlatformPatch | undefined): boolean {
	return !patch || Object.values(patch).every((value) => value === undefined);
}

/** Social Posts merged into the draft: per chosen platform, the thread (or edits), its own text, and the options set. */
function readPostsMerge(context: IExecuteFunctions, itemIndex: number, separator: string): Parsed {
	const platforms = readPlatforms(context, itemIndex);
	const { thread, edits, refs, label } = readThreadPatch(context, itemIndex, separator);
	const mode = context.getNodeParameter('contentMode', itemIndex, 'text') as string;
	const overrides = mode === 'edit' ? {} : readOverrides(context, itemIndex, platforms, separator);
	const options = readOptionPatches(context, itemIndex, platforms);
	const patches: Patches = {};
	const labels: Partial<Record<PostPlatform, string>> = {};
	for (const platform of platforms) {
		const own = overrides[platform];
		const firstMedia = thread?.[0]?.media;
		const platformThread = own ? own.map((text, index) => ({ text, ...(index === 0 && firstMedia ? { media: firstMedia } : {}) })) : thread;
		const patch: PlatformPatch = { ...options[platform], ...(platformThread ? { thread: platformThread } : {}), ...(edits ? { edits } : {}) };
		// a chosen platform with nothing to change is not sent at all
		if (isEmptyPatch(patch)) continue;
		patches[platform] = patch;
		labels[platform] = own ? 'Platform Texts' : label;
	}
	const linkedin = patches.linkedin?.thread?.length ?? 0;
	if (linkedin > DRAFT_LIMITS.maxLinkedInPosts) {
		const where = overrides.linkedin ? 'Platform Texts' : label;
		throw paramError(context, itemIndex, where, `gives LinkedIn ${linkedin} posts; LinkedIn takes one post only (give LinkedIn a single text under Platform Texts)`);
	}
	if (Object.keys(patches).length === 0) {
		throw paramError(context, itemIndex, label, 'is empty and no media, platform text or option is set: there is nothing to change on the chosen platforms (choose Keep Current Content to change only other fields)');
	}
	return { label, labels, patches, refs };
}

function readArticlePatch(context: IExecuteFunctions, itemIndex: number): Parsed {
	const markdown = String(context.getNodeParameter('articleMarkdown', itemIndex, ''));
	const options = context.getNodeParameter('articleOptions', itemIndex, {}) as IDataObject;
	const coverId = String(options.coverMediaId ?? '').trim();
	const coverBinary = String(options.coverBinaryProperty ?? '').trim();
	if (coverId && coverBinary) throw paramError(context, itemIndex, 'Article Options', 'sets both a cover media ID and a cover binary property; choose one');
	const idProblem = coverId ? checkMediaIds([coverId]) : undefined;
	if (idProblem) throw paramError(context, itemIndex, 'Cover Media ID', idProblem);
	const cover: MediaRef | undefined = coverId ? { mediaId: coverId.toLowerCase() } : coverBinary ? { binaryProperty: coverBinary } : undefined;
	if (nothing(markdown) && !cover) throw paramError(context, itemIndex, 'Article Markdown', 'is empty and no cover is set: there is nothing to change on the X Article');
	return { label: 'Article Markdown', patches: {}, article: { ...(nothing(markdown) ? {} : { markdown }), ...(cover ? { cover } : {}) }, refs: cover ? [cover] : [] };
}

function readToggles(context: IExecuteFunctions, itemIndex: number): Patches {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const enable = toList(fields.enablePlatforms);
	const disable = toList(fields.disablePlatforms);
	const both = enable.filter((platform) => disable.includes(platform));
	if (both.length) throw paramError(context, itemIndex, 'Disable Platforms', `and "Enable Platforms" both name ${both.map(platformName).join(', ')}; choose one`);
	const patches: Patches = {};
	for (const platform of enable) patches[platform as PostPlatform] = { enabled: true };
	for (const platform of disable) patches[platform as PostPlatform] = { enabled: false };
	return patches;
}

function readParsed(context: IExecuteFunctions, itemIndex: number, contentType: string): Parsed | undefined {
	if (contentType === 'keep') return undefined;
	if (contentType === 'xArticle') return readArticlePatch(context, itemIndex);
	if (contentType === 'json') {
		const parsed = parsePlatformsJson(context.getNodeParameter('platformsJson', itemIndex, ''));
		if ('problem' in parsed) throw paramError(context, itemIndex, 'Platforms JSON', parsed.problem);
		const problem = checkPlatformsObject(parsed.platforms, false);
		if (problem) throw paramError(context, itemIndex, 'Platforms JSON', problem);
		return { label: 'Platforms JSON', patches: {}, replace: parsed.platforms, refs: [] };
	}
	const options = context.getNodeParameter('contentOptions', itemIndex, {}) as IDataObject;
	const separator = typeof options.threadSeparator === 'string' && options.threadSeparator.trim() ? options.threadSeparator : DEFAULT_SEPARATOR;
	return readPostsMerge(context, itemIndex, separator);
}

/**
 * Reads and checks the content parameters of Update for one item (no request). Undefined when the content
 * and the platforms' on/off state stay as they are.
 */
export function readUpdateContent(context: IExecuteFunctions, itemIndex: number, socialSetId: number): UpdateContent | undefined {
	const contentType = context.getNodeParameter('contentType', itemIndex, 'keep') as string;
	const toggles = readToggles(context, itemIndex);
	const replaceWhole = contentType === 'posts' && context.getNodeParameter('replacePlatformContent', itemIndex, false) === true;
	// Replace Platform Content: built and checked as Create builds it, with its own uploads.
	const replaced = replaceWhole ? readContent(context, itemIndex, socialSetId, true) : undefined;
	const parsed = replaceWhole ? undefined : readParsed(context, itemIndex, contentType);
	if (!parsed && !replaced && Object.keys(toggles).length === 0) return undefined;
	const refs = parsed?.refs ?? [];
	const binaries = binaryPropertiesOf(refs);
	checkBinaries(context, itemIndex, binaries);
	const urls = refs.flatMap((ref) => ('mediaUrl' in ref ? [{ url: ref.mediaUrl, label: ref.label }] : []));
	const contentOptions = context.getNodeParameter('contentOptions', itemIndex, {}) as IDataObject;
	const altTexts = altTextsOf(contentOptions);
	const timeoutMs = Math.max(1, Number(contentOptions.uploadTimeout ?? 120)) * 1000;
	let replacedPlatforms: IDataObject | undefined;
	// Platforms sent whole without a merge need no read, unless they make the draft an X reply: a scheduled draft
	// must then be refused before sending (Rules on platform content 5), and only the read tells its status.
	const whole = replaced?.preview ?? parsed?.replace;
	const makesReply = whole !== undefined && publishPolicyProblem(whole, 'schedule') !== undefined;
	const needsDraft = makesReply || Object.keys(toggles).length > 0 || !!parsed?.article || Object.keys(parsed?.patches ?? {}).length > 0;

	return {
		needsDraft,
		label: parsed?.label ?? 'Platforms',
		build(current, resolve) {
			const out: IDataObject = {};
			if (replaced) Object.assign(out, replacedPlatforms ?? replaced.preview);
			if (parsed?.replace) Object.assign(out, parsed.replace);
			if (parsed?.article) {
				const merged = mergeArticle(current?.x_article, parsed.article, resolve);
				if ('problem' in merged) return { label: parsed.label, problem: merged.problem };
				out.x_article = merged.value;
			}
			for (const [platform, patch] of Object.entries(parsed?.patches ?? {}) as Array<[PostPlatform, PlatformPatch]>) {
				const merged = mergePostPlatform(platform, current?.[platform], { ...patch, ...(toggles[platform] ?? {}) }, resolve);
				if ('problem' in merged) return { label: parsed?.labels?.[platform] ?? parsed!.label, problem: `for ${platformName(platform)} ${merged.problem}` };
				out[platform] = merged.value;
			}
			for (const [platform, toggle] of Object.entries(toggles) as Array<[PostPlatform, PlatformPatch]>) {
				if (parsed?.patches[platform]) continue;
				const base = out[platform] ?? current?.[platform];
				const label = toggle.enabled ? 'Enable Platforms' : 'Disable Platforms';
				if (!base) return { label, problem: `names ${platformName(platform)}, which this draft has no content for${toggle.enabled ? '; give its content with Content Type "Social Posts"' : ''}` };
				const merged = mergePostPlatform(platform, base, toggle, resolve);
				if ('problem' in merged) return { label, problem: `for ${platformName(platform)} ${merged.problem}` };
				out[platform] = merged.value;
			}
			const problem = checkPlatformsObject(out, false);
			if (problem) return { label: parsed?.label ?? 'Platforms', problem };
			return { platforms: out };
		},
		async upload() {
			if (replaced) replacedPlatforms = await replaced.platforms();
			return await uploadMedia(context, itemIndex, socialSetId, { urls, binaries, altTexts, timeoutMs });
		},
	};
}

/**
 * Rules on the draft as it will be after the update (current platforms with the sent ones over them):
 * at least one platform enabled, and an X Article never enabled together with a post platform.
 */
export function wholeDraftProblem(current: IDataObject | undefined, sent: IDataObject): string | undefined {
	const after: IDataObject = { ...(current ?? {}), ...sent };
	const on = Object.keys(after).filter((platform) => isPlatformOn(platform, after[platform]));
	if (on.length === 0) return 'would leave the draft with no platform enabled; at least one must stay on';
	if (on.includes('x_article') && on.length > 1) return `would enable ${on.filter((p) => p !== 'x_article').map(platformName).join(', ')} beside the X Article, which stands alone`;
	return undefined;
}
