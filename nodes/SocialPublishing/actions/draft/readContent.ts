import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { MediaRef, MediaResolver } from '../../helpers/content';
import { binaryPropertiesOf, buildArticlePlatforms, buildPostPlatforms, DEFAULT_SEPARATOR } from '../../helpers/content';
import { getItemBinary, uploadBinaryProperty } from '../../helpers/mediaUpload/binary';
import { validateFileName } from '../../helpers/mediaFiles';
import { probeMediaUrls, uploadPreparedUrl } from '../../helpers/mediaUpload/url';
import { paramError, checkMediaIds, checkPlatformsObject, parsePlatformsJson } from '../../helpers/validation';
import { autoSplitContent, checkLengths, postsLabel, readLengthSettings } from './lengths';
import { readPostsContent } from './readPosts';

/** Draft content read and checked; `platforms()` uploads the binary media (if any) and builds the object. */
export interface PreparedContent {
	/** The platforms object as it will be sent, media still to upload shown by a placeholder ID. */
	preview: IDataObject;
	platforms(): Promise<IDataObject>;
}

type Build = (resolve: (ref: MediaRef) => string) => IDataObject;

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

function readArticle(context: IExecuteFunctions, itemIndex: number): { refs: MediaRef[]; build: Build } {
	const markdown = String(context.getNodeParameter('articleMarkdown', itemIndex, ''));
	if (!markdown.trim()) throw paramError(context, itemIndex, 'Article Markdown', 'is empty');
	const options = context.getNodeParameter('articleOptions', itemIndex, {}) as IDataObject;
	const coverId = String(options.coverMediaId ?? '').trim();
	const coverBinary = String(options.coverBinaryProperty ?? '').trim();
	if (coverId && coverBinary) throw paramError(context, itemIndex, 'Article Options', 'sets both a cover media ID and a cover binary property; choose one');
	const idProblem = coverId ? checkMediaIds([coverId]) : undefined;
	if (idProblem) throw paramError(context, itemIndex, 'Cover Media ID', idProblem);
	const cover: MediaRef | undefined = coverId ? { mediaId: coverId.toLowerCase() } : coverBinary ? { binaryProperty: coverBinary } : undefined;
	return { refs: cover ? [cover] : [], build: (resolve) => buildArticlePlatforms({ markdown, cover }, resolve) };
}

/** Every binary property exists and has a file name the service accepts, before any upload starts. */
export function checkBinaries(context: IExecuteFunctions, itemIndex: number, names: string[]): void {
	for (const name of names) {
		const fileName = getItemBinary(context, itemIndex, name).fileName ?? '';
		const problem = validateFileName(fileName);
		if (problem) throw paramError(context, itemIndex, 'Binary Media', `names "${name}", whose file name ${problem}`);
	}
}

export function altTextsOf(options: IDataObject): Map<string, string> {
	const entries = ((options.altTexts as IDataObject | undefined)?.altText ?? []) as IDataObject[];
	return new Map(entries.map((entry) => [String(entry.binaryProperty ?? '').trim(), String(entry.altText ?? '')]));
}

/** What an item uploads before its draft request: media URLs and binary properties, with their options. */
export interface MediaUploads {
	urls: Array<{ url: string; label: string }>;
	binaries: string[];
	altTexts: Map<string, string>;
	timeoutMs: number;
}

/**
 * Uploads an item's media and tells how each media reference resolves to a media id. Every URL is checked
 * before the first upload is created; URL files go first, while the first download is open.
 */
export async function uploadMedia(context: IExecuteFunctions, itemIndex: number, socialSetId: number, uploads: MediaUploads): Promise<MediaResolver> {
	const { urls, binaries, altTexts, timeoutMs } = uploads;
	const fromUrls = new Map<string, string>();
	for (const prepared of (await probeMediaUrls(context, itemIndex, urls)).values()) {
		fromUrls.set(prepared.url, (await uploadPreparedUrl(context, itemIndex, socialSetId, prepared, { timeoutMs })).media_id);
	}
	const uploaded = new Map<string, string>();
	for (const name of binaries) {
		const media = await uploadBinaryProperty(context, itemIndex, socialSetId, name, { altText: altTexts.get(name) || undefined, timeoutMs });
		uploaded.set(name, media.media_id);
	}
	return (ref) => ('mediaId' in ref ? ref.mediaId : 'mediaUrl' in ref ? (fromUrls.get(ref.mediaUrl) ?? '') : (uploaded.get(ref.binaryProperty) ?? ''));
}

/**
 * Reads the content fields of Create or Update for one item and checks every rule that needs no request.
 * Returns undefined when Update keeps the current content.
 */
export function readContent(context: IExecuteFunctions, itemIndex: number, socialSetId: number, forUpdate: boolean): PreparedContent | undefined {
	const contentType = context.getNodeParameter('contentType', itemIndex, forUpdate ? 'keep' : 'posts') as string;
	if (contentType === 'keep') return undefined;
	if (contentType === 'json') {
		const parsed = parsePlatformsJson(context.getNodeParameter('platformsJson', itemIndex, ''));
		if ('problem' in parsed) throw paramError(context, itemIndex, 'Platforms JSON', parsed.problem);
		const problem = checkPlatformsObject(parsed.platforms, !forUpdate);
		if (problem) throw paramError(context, itemIndex, 'Platforms JSON', problem);
		checkLengths(context, itemIndex, parsed.platforms, readLengthSettings(context, itemIndex), () => 'Platforms JSON', true);
		return { preview: parsed.platforms, platforms: async () => parsed.platforms };
	}
	const options = context.getNodeParameter('contentOptions', itemIndex, {}) as IDataObject;
	const separator = typeof options.threadSeparator === 'string' && options.threadSeparator.trim() ? options.threadSeparator : DEFAULT_SEPARATOR;
	let refs: MediaRef[];
	let build: Build;
	let checkLength: ((platforms: IDataObject) => void) | undefined;
	if (contentType === 'xArticle') {
		({ refs, build } = readArticle(context, itemIndex));
	} else {
		const content = readPostsContent(context, itemIndex, separator);
		const lengths = readLengthSettings(context, itemIndex);
		autoSplitContent(context, itemIndex, content, lengths);
		refs = content.posts.flatMap((post) => post.media);
		build = (resolve) => buildPostPlatforms(content, resolve);
		checkLength = (platforms) => checkLengths(context, itemIndex, platforms, lengths, (platform) => postsLabel(context, itemIndex, content, platform));
	}
	const preview = build(() => PLACEHOLDER_ID);
	const backstop = checkPlatformsObject(preview, !forUpdate);
	if (backstop) throw paramError(context, itemIndex, contentType === 'xArticle' ? 'Article Markdown' : 'Platforms', backstop);
	checkLength?.(preview);
	const binaries = binaryPropertiesOf(refs);
	checkBinaries(context, itemIndex, binaries);
	const urls = refs.flatMap((ref) => ('mediaUrl' in ref ? [{ url: ref.mediaUrl, label: ref.label }] : []));
	const altTexts = altTextsOf(options);
	const timeoutMs = Math.max(1, Number(options.uploadTimeout ?? 120)) * 1000;
	return {
		preview,
		async platforms() {
			return build(await uploadMedia(context, itemIndex, socialSetId, { urls, binaries, altTexts, timeoutMs }));
		},
	};
}
