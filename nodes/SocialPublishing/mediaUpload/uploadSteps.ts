import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { apiRequest, mediaUploadShape, readAnswer, waitOrCancel } from '../../common/transport';
import { endpoints } from '../../common/transport/endpoints';
import { echo } from '../../common/text/echo';

/**
 * Media upload, outside helpers/ because it does I/O: create the upload (Media: POST …/media/upload), send the file
 * to the presigned URL (fromBinary.ts from an item's binary property, fromUrl.ts from a public URL), then wait until
 * the media is ready (Media status).
 */

/** The service's Media status object. */
export interface MediaStatus extends IDataObject {
	media_id: string;
	file_name: string;
	status: 'processing' | 'ready' | 'failed';
	mime: string | null;
	alt_text?: string | null;
	error_reason: string | null;
	media_urls: IDataObject;
}

export interface UploadOptions {
	/** Alt text sent with the upload; empty or undefined sends none. */
	altText?: string;
	/** Overrides the binary's own file name. */
	fileName?: string;
	/** Longest wait for the media to become `ready` (default 120 s). */
	timeoutMs?: number;
	/** Set false to return right after the file is sent (status still `processing`). Default true. */
	waitUntilReady?: boolean;
}

export const DEFAULT_READY_TIMEOUT_MS = 120_000;
const POLL_FIRST_MS = 200;
const POLL_MAX_MS = 2_000;

/** A `failed` media as an error carrying the service's error_reason. */
export function mediaFailedError(
	context: IExecuteFunctions,
	media: MediaStatus,
	itemIndex: number,
): NodeApiError {
	// the service's texts are echoed like every service error's: on one line and cut (message 300, others 120)
	const reason = echo(media.error_reason ?? 'no reason given', 300);
	const mediaId = echo(media.media_id, 120);
	const service: IDataObject = {
		code: 'MEDIA_FAILED',
		message: reason,
		details: [{ field: 'error_reason', message: reason }],
		media_id: mediaId,
	};
	const error = new NodeApiError(context.getNode(), service as JsonObject, {
		message: `Media processing failed: ${reason}`,
		description: `Media ${mediaId} (${echo(media.file_name, 120)}) has status "failed". Upload the file again.`,
		itemIndex,
	});
	error.context.service = service;
	return error;
}

function seconds(ms: number): string {
	const value = Math.round(ms / 100) / 10;
	return `${value} second${value === 1 ? '' : 's'}`;
}

/** Reads the media until it leaves `processing`; a `failed` media or the timeout ends in an error. */
export async function waitForMediaReady(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	mediaId: string,
	timeoutMs = DEFAULT_READY_TIMEOUT_MS,
): Promise<MediaStatus> {
	const deadline = Date.now() + timeoutMs;
	for (let attempt = 0; ; attempt++) {
		const read = await apiRequest<MediaStatus>(context, {
			method: 'GET',
			path: endpoints.media(socialSetId, mediaId),
			itemIndex,
		}).then(
			(media) => ({ media }),
			(error: unknown) => ({ error }),
		);
		if ('error' in read) {
			// Stop during a read of the status ends the wait like Stop during a pause
			await waitOrCancel(context, 0, itemIndex);
			throw read.error;
		}
		const { media } = read;
		if (media.status === 'ready') return media;
		if (media.status === 'failed') throw mediaFailedError(context, media, itemIndex);
		const left = deadline - Date.now();
		if (left <= 0) {
			throw new NodeOperationError(
				context.getNode(),
				`Media ${mediaId} is still processing after ${seconds(timeoutMs)} [item ${itemIndex}]`,
				{
					itemIndex,
					description:
						'Raise "Timeout (Seconds)", or read it later with Media > Get using this media ID.',
				},
			);
		}
		await waitOrCancel(
			context,
			Math.min(left, POLL_FIRST_MS * 1.5 ** attempt, POLL_MAX_MS),
			itemIndex,
		);
	}
}

/** Creates the upload (Media: POST …/media/upload) with the file name and, when given, the alt text. */
export async function createMediaUpload(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	fileName: string,
	altText?: string,
): Promise<{ media_id: string; upload_url: string }> {
	const body: IDataObject = { file_name: fileName };
	if (altText) body.alt_text = altText;
	// the file goes to the answer's URL and its media id into every later request and error: read in its shape
	return await readAnswer<{ media_id: string; upload_url: string }>(
		context,
		{ method: 'POST', path: endpoints.mediaUpload(socialSetId), body, itemIndex },
		mediaUploadShape,
	);
}

/** After the file is sent: the media as it is now, or (by default) once it is `ready`. */
export async function finishMediaUpload(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	mediaId: string,
	options: UploadOptions,
): Promise<MediaStatus> {
	if (options.waitUntilReady === false) {
		return await apiRequest<MediaStatus>(context, {
			method: 'GET',
			path: endpoints.media(socialSetId, mediaId),
			itemIndex,
		});
	}
	return await waitForMediaReady(context, itemIndex, socialSetId, mediaId, options.timeoutMs);
}
