import type { IExecuteFunctions } from 'n8n-workflow';
import type { OpenDownload } from '../../../common/transport/download';
import { discard, openDownload } from '../../../common/transport/download';
import type { UploadBody } from '../../../common/transport/upload';
import { putToUploadUrl } from '../../../common/transport/upload';
import {
	bareContentType,
	displayUrl,
	mediaFileName,
	servedTypeProblem,
	validateFileName,
} from '../mediaFiles';
import type { MediaStatus, UploadOptions } from './upload';
import { createMediaUpload, finishMediaUpload } from './upload';
import { paramError } from '../validation';

/**
 * Media from a public URL: the download is opened with n8n's HTTP helper and checked (status, type, file
 * name) before the upload is created; then its body is streamed into the presigned upload URL.
 */

/** A URL whose answer was checked: the name to upload under and, while it is open, the download. */
export interface PreparedUrl {
	url: string;
	/** The parameter that gave the URL, for errors ("Media URL", "Posts (post 2)"). */
	label: string;
	fileName: string;
	download?: OpenDownload;
}

/**
 * Opens the URL and checks what it answers, before any upload exists: a 2xx status, a body that is not
 * empty, a supported media type and a file name the service accepts. Errors name the parameter, the URL
 * (without its query string) and the item; the download stays open for the upload.
 */
export async function probeMediaUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	url: string,
	label: string,
	fileNameOverride?: string,
): Promise<PreparedUrl> {
	const shown = displayUrl(url);
	const outcome = await openDownload(context, url, itemIndex);
	if ('status' in outcome)
		throw paramError(
			context,
			itemIndex,
			label,
			`has ${shown}, which answered HTTP ${outcome.status}; nothing was uploaded`,
		);
	if ('failure' in outcome)
		throw paramError(
			context,
			itemIndex,
			label,
			`has ${shown}, which could not be read (${outcome.failure}); nothing was uploaded`,
		);
	const { download } = outcome;
	const fail = (problem: string) => {
		discard(download.body);
		return paramError(
			context,
			itemIndex,
			label,
			`has ${shown}, which ${problem}; nothing was uploaded`,
		);
	};
	if (download.length === 0) throw fail('answered an empty file');
	const override = fileNameOverride?.trim();
	if (override) {
		const typeProblem = servedTypeProblem(download.contentType);
		if (typeProblem) throw fail(typeProblem);
		const nameProblem = validateFileName(override);
		if (nameProblem) {
			discard(download.body);
			throw paramError(context, itemIndex, 'File Name', nameProblem);
		}
		return { url, label, fileName: override, download };
	}
	const named = mediaFileName({
		url: download.url,
		contentType: download.contentType,
		contentDisposition: download.contentDisposition,
	});
	if ('problem' in named) throw fail(named.problem);
	return { url, label, fileName: named.fileName, download };
}

/**
 * Checks every URL before any upload is created. Only the first download stays open (it is uploaded
 * next); the others are closed and opened again when their turn comes, so no server waits on an
 * unread connection while earlier files upload.
 */
export async function probeMediaUrls(
	context: IExecuteFunctions,
	itemIndex: number,
	urls: Array<{ url: string; label: string }>,
): Promise<Map<string, PreparedUrl>> {
	const prepared = new Map<string, PreparedUrl>();
	let checkedAll = false;
	try {
		for (const { url, label } of urls) {
			if (prepared.has(url)) continue;
			const checked = await probeMediaUrl(context, itemIndex, url, label);
			if (prepared.size > 0 && checked.download) {
				discard(checked.download.body);
				checked.download = undefined;
			}
			prepared.set(url, checked);
		}
		checkedAll = true;
	} finally {
		if (!checkedAll)
			for (const entry of prepared.values()) if (entry.download) discard(entry.download.body);
	}
	return prepared;
}

/**
 * Creates the upload and streams the download into the presigned URL (a plain PUT with the download's
 * Content-Length and no other headers), then waits for the media like any upload.
 * A download without Content-Length is first stored with n8n's binary data helper (on disk when n8n keeps
 * binary data in filesystem mode), because the storage host needs the length of the PUT.
 */
export async function uploadPreparedUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	prepared: PreparedUrl,
	options: UploadOptions = {},
): Promise<MediaStatus> {
	const download =
		prepared.download ??
		(await probeMediaUrl(context, itemIndex, prepared.url, prepared.label, prepared.fileName))
			.download!;
	prepared.download = undefined;
	if (download.length !== undefined) {
		let upload: { media_id: string; upload_url: string } | undefined;
		try {
			upload = await createMediaUpload(
				context,
				itemIndex,
				socialSetId,
				prepared.fileName,
				options.altText,
			);
		} finally {
			if (!upload) discard(download.body);
		}
		let broken: Error | undefined;
		download.body.on('error', (error: Error) => (broken = error));
		const failed = await putToUploadUrl
			.call(context, upload.upload_url, download.body, itemIndex, download.length)
			.then(
				() => undefined,
				(error: unknown) => error,
			);
		if (failed && broken) {
			throw paramError(
				context,
				itemIndex,
				prepared.label,
				`has ${displayUrl(prepared.url)}, whose download broke off (${broken.message}); the upload did not complete`,
			);
		}
		if (failed) throw failed;
		return await finishMediaUpload(context, itemIndex, socialSetId, upload.media_id, options);
	}
	const stored = await context.helpers.prepareBinaryData(
		download.body as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
		prepared.fileName,
		bareContentType(download.contentType),
	);
	// in n8n's binary store: on disk (filesystem mode, streamed from there) or in memory
	const id = stored.id;
	const size = id
		? (await context.helpers.getBinaryMetadata(id)).fileSize
		: Buffer.byteLength(stored.data, 'base64');
	if (!size) {
		throw paramError(
			context,
			itemIndex,
			prepared.label,
			`has ${displayUrl(prepared.url)}, which answered an empty file; nothing was uploaded`,
		);
	}
	const upload = await createMediaUpload(
		context,
		itemIndex,
		socialSetId,
		prepared.fileName,
		options.altText,
	);
	const bytes: UploadBody = id
		? await context.helpers.getBinaryStream(id)
		: Buffer.from(stored.data, 'base64');
	await putToUploadUrl.call(context, upload.upload_url, bytes, itemIndex, size);
	return await finishMediaUpload(context, itemIndex, socialSetId, upload.media_id, options);
}

/** Media > Upload from a URL: check, then upload. */
export async function uploadFromUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	url: string,
	label: string,
	options: UploadOptions = {},
): Promise<MediaStatus> {
	const prepared = await probeMediaUrl(context, itemIndex, url, label, options.fileName);
	return await uploadPreparedUrl(context, itemIndex, socialSetId, prepared, options);
}
