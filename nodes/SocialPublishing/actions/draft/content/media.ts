import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { MediaRef } from '../../../helpers/content';
import { fillPendingMedia, pendingMediaOf, toList } from '../../../helpers/content';
import { checkMediaUrl, validateFileName } from '../../../helpers/mediaFiles';
import { getItemBinary, uploadBinaryProperty } from '../../../helpers/mediaUpload/binary';
import { probeMediaUrls, uploadPreparedUrl } from '../../../helpers/mediaUpload/url';
import { checkMediaIds, paramError } from '../../../helpers/validation';

/** The media of a post, three ways: IDs of uploaded media, binary properties of the item, public URLs. */

export const mediaIdsField: INodeProperties = {
	displayName: 'Media IDs',
	name: 'mediaIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 3f1c2a9e-0b7d-4c1e-9a4f-2d6e8b1c0a57',
	description: 'Comma-separated IDs (UUIDs) of uploaded media to attach',
};

export const binaryPropertiesField: INodeProperties = {
	displayName: 'Binary Media',
	name: 'binaryProperties',
	type: 'string',
	default: '',
	placeholder: 'e.g. data, image2',
	description: 'Comma-separated names of binary properties of the input item: each file is uploaded, waited for and attached',
};

export const mediaUrlsField: INodeProperties = {
	displayName: 'Media URLs',
	name: 'mediaUrls',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/launch.png',
	description:
		'Comma-separated public URLs of files: each is checked (status, type, name) before any upload, streamed into an upload, waited for and attached',
};

/** The media references of one post, each checked without a request (UUIDs, URL syntax). */
export function readMediaRefs(context: IExecuteFunctions, itemIndex: number, label: string, ids: unknown, binaries: unknown, urls: unknown, urlLabel = label): MediaRef[] {
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

/** Every binary property exists and has a file name the service accepts, before any request. */
export function checkBinaries(context: IExecuteFunctions, itemIndex: number, refs: MediaRef[]): void {
	const names = [...new Set(refs.flatMap((ref) => ('binaryProperty' in ref ? [ref.binaryProperty] : [])))];
	for (const name of names) {
		const fileName = getItemBinary(context, itemIndex, name).fileName ?? '';
		const problem = validateFileName(fileName);
		if (problem) throw paramError(context, itemIndex, 'Binary Media', `names "${name}", whose file name ${problem}`);
	}
}

/** How uploads of one item go: alt texts per binary property, and the wait for each file to be processed. */
export interface UploadSettings {
	altTexts: Map<string, string>;
	timeoutMs: number;
}

export function readUploadSettings(options: IDataObject): UploadSettings {
	const entries = ((options.altTexts as IDataObject | undefined)?.altText ?? []) as IDataObject[];
	return {
		altTexts: new Map(entries.map((entry) => [String(entry.binaryProperty ?? '').trim(), String(entry.altText ?? '')])),
		timeoutMs: Math.max(1, Number(options.uploadTimeout ?? 120)) * 1000,
	};
}

/**
 * Uploads the media a built platforms object still waits for and puts their ids in, in place. Every URL is
 * checked before the first upload is created; URL files go first, while the first download is open.
 */
export async function uploadPendingMedia(context: IExecuteFunctions, itemIndex: number, socialSetId: number, platforms: IDataObject, settings: UploadSettings): Promise<void> {
	const pending = pendingMediaOf(platforms);
	if (pending.length === 0) return;
	const urls = pending.flatMap((ref) => ('mediaUrl' in ref ? [{ url: ref.mediaUrl, label: ref.label }] : []));
	const ids = new Map<string, string>();
	for (const prepared of (await probeMediaUrls(context, itemIndex, urls)).values()) {
		ids.set(`url:${prepared.url}`, (await uploadPreparedUrl(context, itemIndex, socialSetId, prepared, { timeoutMs: settings.timeoutMs })).media_id);
	}
	for (const ref of pending) {
		if (!('binaryProperty' in ref)) continue;
		const altText = settings.altTexts.get(ref.binaryProperty) || undefined;
		const media = await uploadBinaryProperty(context, itemIndex, socialSetId, ref.binaryProperty, { altText, timeoutMs: settings.timeoutMs });
		ids.set(`binary:${ref.binaryProperty}`, media.media_id);
	}
	fillPendingMedia(platforms, (ref) => ids.get('binaryProperty' in ref ? `binary:${ref.binaryProperty}` : `url:${ref.mediaUrl}`) ?? '');
}
