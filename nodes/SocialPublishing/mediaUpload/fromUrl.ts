import type { IExecuteFunctions } from 'n8n-workflow';
import { runOf } from '../../common/run';
import { closeDownload, openDownload, putToUploadUrl } from '../../common/transport';
import type { OpenDownload, UploadBody } from '../../common/transport';
import {
	bareContentType,
	displayUrl,
	mediaFileName,
	servedTypeProblem,
	validateFileName,
} from '../helpers/mediaFiles';
import type { UrlLimits } from './downloadLimits';
import { DEFAULT_URL_LIMITS, formatMib, inMemoryChunked } from './downloadLimits';
import type { UrlDownload } from './fromUrlErrors';
import { cancelledError, deadlineClause, downloadError } from './fromUrlErrors';
import type { MediaStatus, UploadOptions } from './uploadSteps';
import { createMediaUpload, finishMediaUpload } from './uploadSteps';
import { paramError } from '../helpers/validation';

/**
 * Media from a public URL: the download is opened with n8n's HTTP helper and checked (status, type, size,
 * file name) before the upload is created; then its body is streamed into the presigned upload URL.
 * The download is bounded (downloadLimits.ts, downloadGuard.ts): Max Size, an idle timeout, a deadline scaled
 * to Max Size, and n8n's Stop.
 */

/** A media URL to check, the parameter that gave it (for errors), and a name to upload under instead of the one its answer gives. */
export interface MediaUrlSource {
	url: string;
	label: string;
	fileName?: string;
}

/** A URL whose answer was checked: the name to upload under and, while it is open, the download. */
export interface PreparedUrl {
	url: string;
	/** The parameter that gave the URL, for errors ("Media URL", "Posts (post 2)"). */
	label: string;
	fileName: string;
	download?: OpenDownload;
}

export interface UrlUploadOptions extends UploadOptions {
	limits?: UrlLimits;
}

/**
 * Opens the URL and checks what it answers, before any upload exists: a 2xx status, a body that is not
 * empty and not larger than Max Size (by its Content-Length), a supported media type and a file name the
 * service accepts. Errors name the parameter, the URL (without its query string) and the item; the
 * download stays open for the upload.
 */
export async function probeMediaUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	source: MediaUrlSource,
	limits: UrlLimits = DEFAULT_URL_LIMITS,
): Promise<PreparedUrl> {
	const { url, label } = source;
	const shown = displayUrl(url);
	const outcome = await openDownload(context, url, itemIndex, limits);
	if ('cancelled' in outcome) throw cancelledError(context, itemIndex, url);
	if ('status' in outcome)
		throw paramError(
			context,
			itemIndex,
			label,
			`has ${shown}, which answered HTTP ${outcome.status}; nothing was uploaded`,
		);
	if ('deadline' in outcome)
		throw paramError(
			context,
			itemIndex,
			label,
			`has ${shown}, which ${deadlineClause(limits, outcome.deadline)} (no answer came); nothing was uploaded`,
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
		closeDownload(download);
		return paramError(
			context,
			itemIndex,
			label,
			`has ${shown}, which ${problem}; nothing was uploaded`,
		);
	};
	if (download.length === 0) throw fail('answered an empty file');
	if (download.length !== undefined && download.length > limits.maxBytes)
		throw fail(
			`is ${formatMib(download.length)} (Content-Length ${download.length}), larger than "${limits.maxSizeLabel}" allows (${formatMib(limits.maxBytes)})`,
		);
	const override = source.fileName?.trim();
	if (override) {
		const typeProblem = servedTypeProblem(download.contentType);
		if (typeProblem) throw fail(typeProblem);
		const nameProblem = validateFileName(override);
		if (nameProblem) {
			closeDownload(download);
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
	limits: UrlLimits = DEFAULT_URL_LIMITS,
): Promise<Map<string, PreparedUrl>> {
	const prepared = new Map<string, PreparedUrl>();
	let checkedAll = false;
	try {
		for (const { url, label } of urls) {
			if (prepared.has(url)) continue;
			const checked = await probeMediaUrl(context, itemIndex, { url, label }, limits);
			if (prepared.size > 0 && checked.download) {
				closeDownload(checked.download);
				checked.download = undefined;
			}
			prepared.set(url, checked);
		}
		checkedAll = true;
	} finally {
		if (!checkedAll)
			for (const entry of prepared.values()) if (entry.download) closeDownload(entry.download);
	}
	return prepared;
}

/** One checked URL on its way into one upload of one item. */
interface UrlUpload extends UrlDownload {
	socialSetId: number;
	prepared: PreparedUrl;
	options: UrlUploadOptions;
}

/** Streams a download with a Content-Length into a new upload: a plain PUT with that length. */
async function streamIntoUpload(job: UrlUpload): Promise<MediaStatus> {
	const { context, itemIndex, socialSetId, prepared, download, options } = job;
	const created = await createMediaUpload(
		context,
		itemIndex,
		socialSetId,
		prepared.fileName,
		options.altText,
	).then(
		(upload) => ({ upload }),
		(error: unknown) => ({ error }),
	);
	if ('error' in created) {
		const cancelled = download.guard.stopped?.reason === 'cancelled';
		closeDownload(download);
		throw cancelled
			? cancelledError(
					context,
					itemIndex,
					prepared.url,
					undefined,
					'Stop came while the upload was being created; no file was sent to it.',
				)
			: created.error;
	}
	const { upload } = created;
	const mediaId = upload.media_id;
	if (download.guard.stopped) {
		const error = downloadError(job, mediaId)!;
		closeDownload(download);
		throw error;
	}
	download.guard.watchIdle(download.body as never);
	const failed = await putToUploadUrl
		.call(context, upload.upload_url, download.body, itemIndex, {
			contentLength: download.length,
			mediaId,
		})
		.then(
			() => undefined,
			(error: unknown) => error,
		);
	if (failed) {
		// what the download says, before closing it (closing ends its body with an error of its own)
		const error = downloadError(job, mediaId) ?? failed;
		closeDownload(download);
		throw error;
	}
	return await finishMediaUpload(context, itemIndex, socialSetId, mediaId, options);
}

/** Per node run: whether n8n keeps binary data in memory (binaryDataInMemory). */
const inMemoryByRun = new WeakMap<object, Promise<boolean>>();

/**
 * Whether n8n keeps binary data in memory (binary data mode `default`) rather than in a store (filesystem,
 * S3, database). n8n does not tell a node its mode; what tells is the answer of its binary helper: data
 * stored in a store comes back with an id, data kept in memory without. So an empty file is stored once per
 * node run (in filesystem mode an empty file in the execution's folder, removed with the execution).
 */
async function binaryDataInMemory(context: IExecuteFunctions): Promise<boolean> {
	let known = inMemoryByRun.get(runOf(context));
	if (!known) {
		known = context.helpers
			.prepareBinaryData(Buffer.alloc(0), 'mode.bin', 'application/octet-stream')
			.then(
				(probe) => !probe.id,
				() => false,
			);
		inMemoryByRun.set(runOf(context), known);
	}
	return await known;
}

/**
 * A download without Content-Length: stored with n8n's binary data helper first (on disk when n8n keeps
 * binary data in filesystem mode), counted against Max Size on the way, because the storage host needs the
 * length of the PUT; then sent from there. When n8n keeps binary data in memory and Max Size was not set,
 * the download is capped lower (inMemoryChunked, 64 MiB).
 */
async function storeThenUpload(job: UrlUpload): Promise<MediaStatus> {
	const { context, itemIndex, socialSetId, prepared, download, options, limits } = job;
	if (
		!limits.maxSizeGiven &&
		limits.maxBytes > inMemoryChunked.maxBytes &&
		(await binaryDataInMemory(context))
	)
		download.guard.lowerMaxBytes(inMemoryChunked.maxBytes);
	download.guard.watchIdle(download.body as never);
	let stored: Awaited<ReturnType<IExecuteFunctions['helpers']['prepareBinaryData']>>;
	try {
		stored = await context.helpers.prepareBinaryData(
			download.body as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
			prepared.fileName,
			bareContentType(download.contentType),
		);
	} catch (error) {
		const problem = downloadError(job) ?? error;
		closeDownload(download);
		throw problem;
	}
	if (download.guard.stopped) throw downloadError(job)!;
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
	await putToUploadUrl.call(context, upload.upload_url, bytes, itemIndex, {
		contentLength: size,
		mediaId: upload.media_id,
	});
	return await finishMediaUpload(context, itemIndex, socialSetId, upload.media_id, options);
}

/**
 * Creates the upload and sends the download's bytes to the presigned URL, then waits for the media like
 * any upload. A URL whose download was closed after the check is opened (and checked) again.
 */
export async function uploadPreparedUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	prepared: PreparedUrl,
	options: UrlUploadOptions = {},
): Promise<MediaStatus> {
	const limits = options.limits ?? DEFAULT_URL_LIMITS;
	const download =
		prepared.download ??
		(
			await probeMediaUrl(
				context,
				itemIndex,
				{ url: prepared.url, label: prepared.label, fileName: prepared.fileName },
				limits,
			)
		).download!;
	prepared.download = undefined;
	const job = { context, itemIndex, socialSetId, prepared, download, options, limits };
	return download.length !== undefined ? await streamIntoUpload(job) : await storeThenUpload(job);
}

/** Media > Upload from a URL: check, then upload. */
export async function uploadFromUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	source: { url: string; label: string },
	options: UrlUploadOptions = {},
): Promise<MediaStatus> {
	const limits = options.limits ?? DEFAULT_URL_LIMITS;
	const prepared = await probeMediaUrl(
		context,
		itemIndex,
		{ ...source, fileName: options.fileName },
		limits,
	);
	return await uploadPreparedUrl(context, itemIndex, socialSetId, prepared, options);
}
