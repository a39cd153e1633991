import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { MediaRef } from '../../../helpers/mediaSlots';
import { toList, checkMediaIds, paramError } from '../../../helpers/validation';
import { checkMediaUrl, validateFileName } from '../../../helpers/mediaFiles';
import { getItemBinary } from '../../../mediaUpload/fromBinary';

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
	description:
		'Comma-separated names of binary properties of the input item: each file is uploaded, waited for and attached',
};

export const mediaUrlsField: INodeProperties = {
	displayName: 'Media URLs',
	name: 'mediaUrls',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/launch.png',
	description:
		'Comma-separated public URLs of files (at most 100 per item): each is checked (status, type, name) before any upload, streamed into an upload, waited for and attached',
};

/**
 * Media URLs one item may give, in all its posts together: each is opened before any upload and then streamed
 * into an upload, one after another, so their number bounds the downloads of an item (and the work of the
 * media check and Spread Media on them).
 */
export const MAX_MEDIA_URLS = 100;

/** The count of Media URLs an item gives, checked against the cap before any URL is read. */
export function checkMediaUrlCount(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	count: number,
	where = '',
): void {
	if (count > MAX_MEDIA_URLS)
		throw paramError(
			context,
			itemIndex,
			label,
			`gives ${count} Media URLs${where}; an item takes at most ${MAX_MEDIA_URLS} (each is downloaded before any upload). Upload the files with Media > Upload and give their Media IDs, or spread the posts over more items`,
		);
}

/** The media fields of one post, as given, and the parameters their problems name. */
export interface MediaFields {
	/** The parameter named by a problem of the media IDs (and of the URLs, unless `urlLabel` is given). */
	label: string;
	ids: unknown;
	binaries: unknown;
	urls?: unknown;
	urlLabel?: string;
}

/** The media references of one post, each checked without a request (UUIDs, the item's files and their names, URL syntax). */
export function readMediaRefs(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: MediaFields,
): MediaRef[] {
	const { label, urlLabel = label } = fields;
	const mediaIds = toList(fields.ids);
	const files = toList(fields.binaries);
	const urlList = toList(fields.urls);
	// found with the lists, reported after the files' problems as before
	const idProblem = checkMediaIds(mediaIds);
	// each binary property exists and has a file name the service accepts
	for (const name of files) {
		const problem = validateFileName(getItemBinary(context, itemIndex, name).fileName ?? '');
		if (problem)
			throw paramError(
				context,
				itemIndex,
				'Binary Media',
				`names "${name}", whose file name ${problem}`,
			);
	}
	if (idProblem) throw paramError(context, itemIndex, label, idProblem);
	checkMediaUrlCount(context, itemIndex, urlLabel, urlList.length);
	const fromUrls = urlList.map((raw) => {
		const checked = checkMediaUrl(raw);
		if ('problem' in checked) throw paramError(context, itemIndex, urlLabel, checked.problem);
		return { mediaUrl: checked.url, label: urlLabel };
	});
	return [
		...mediaIds.map((mediaId) => ({ mediaId: mediaId.toLowerCase() })),
		...files.map((binaryProperty) => ({ binaryProperty })),
		...fromUrls,
	];
}
