import type { IBinaryData, IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { apiRequest } from '../../shared/transport';
import { putToUploadUrl } from '../../shared/transport/upload';
import { waitOrCancel } from '../../shared/transport/wait';
import { paramError } from './params';

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

export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'mp4', 'mov', 'pdf'] as const;
export const MAX_FILE_NAME_LENGTH = 255;
export const DEFAULT_READY_TIMEOUT_MS = 120_000;
const FILE_NAME = new RegExp(`^[A-Za-z0-9_.()-]+\\.(${MEDIA_EXTENSIONS.join('|')})$`, 'i');
const POLL_FIRST_MS = 200;
const POLL_MAX_MS = 2_000;

/**
 * Checks a media file name against the API specification: at most 255 characters; letters, digits,
 * hyphen, underscore, period and parentheses; ending in a supported extension (any case).
 * Returns what is wrong, or undefined when the name is accepted.
 */
export function validateFileName(fileName: string): string | undefined {
	if (fileName === '') return 'must not be empty';
	if (fileName.length > MAX_FILE_NAME_LENGTH) return `must be at most ${MAX_FILE_NAME_LENGTH} characters (got ${fileName.length})`;
	const extension = /\.([^.]*)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
	if (!(MEDIA_EXTENSIONS as readonly string[]).includes(extension)) {
		return `must end in one of .${MEDIA_EXTENSIONS.join(' .')} (got "${fileName}")`;
	}
	if (!FILE_NAME.test(fileName)) {
		return `may contain only letters, digits, hyphen, underscore, period and parentheses (got "${fileName}")`;
	}
	return undefined;
}

/** The binary property of the item, or an error naming the property and the item. */
export function getItemBinary(context: IExecuteFunctions, itemIndex: number, binaryPropertyName: string): IBinaryData {
	const binary = context.getInputData()[itemIndex]?.binary?.[binaryPropertyName];
	if (!binary) {
		const present = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
		throw new NodeOperationError(
			context.getNode(),
			`No binary property "${binaryPropertyName}" on the input item [item ${itemIndex}]`,
			{
				itemIndex,
				description: present.length
					? `Binary properties on this item: ${present.join(', ')}. Name one of them as the binary property.`
					: 'This item carries no binary data. Read the file first (for example with a Read/Write Files or HTTP Request node).',
			},
		);
	}
	return binary;
}

function resolveFileName(context: IExecuteFunctions, itemIndex: number, binaryPropertyName: string, binary: IBinaryData, override?: string): string {
	const given = override?.trim();
	if (given) {
		const problem = validateFileName(given);
		if (problem) throw paramError(context, itemIndex, 'File Name', problem);
		return given;
	}
	const own = binary.fileName?.trim() ?? '';
	if (!own) {
		throw new NodeOperationError(
			context.getNode(),
			`Binary property "${binaryPropertyName}" has no file name; set "File Name" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	const problem = validateFileName(own);
	if (problem) {
		throw new NodeOperationError(
			context.getNode(),
			`The file name of binary property "${binaryPropertyName}" ${problem}; set "File Name" to a name the service accepts [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return own;
}

/** Sends the bytes: streamed from n8n's binary store when it keeps the file outside memory, else from the buffer. */
async function sendBytes(context: IExecuteFunctions, itemIndex: number, uploadUrl: string, binaryPropertyName: string, binary: IBinaryData): Promise<void> {
	if (binary.id) {
		const { fileSize } = await context.helpers.getBinaryMetadata(binary.id);
		const stream = await context.helpers.getBinaryStream(binary.id);
		await putToUploadUrl.call(context, uploadUrl, stream, itemIndex, fileSize);
		return;
	}
	const buffer = await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	await putToUploadUrl.call(context, uploadUrl, buffer, itemIndex, buffer.length);
}

/** A `failed` media as an error carrying the service's error_reason. */
export function mediaFailedError(context: IExecuteFunctions, media: MediaStatus, itemIndex: number): NodeApiError {
	const reason = media.error_reason ?? 'no reason given';
	const service: IDataObject = {
		code: 'MEDIA_FAILED',
		message: reason,
		details: [{ field: 'error_reason', message: reason }],
		media_id: media.media_id,
	};
	const error = new NodeApiError(context.getNode(), service as JsonObject, {
		message: `Media processing failed: ${reason}`,
		description: `Media ${media.media_id} (${media.file_name}) has status "failed". Upload the file again.`,
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
		const media = await apiRequest<MediaStatus>(context, {
			method: 'GET',
			path: `/v2/social-sets/${socialSetId}/media/${mediaId}`,
			itemIndex,
		});
		if (media.status === 'ready') return media;
		if (media.status === 'failed') throw mediaFailedError(context, media, itemIndex);
		const left = deadline - Date.now();
		if (left <= 0) {
			throw new NodeOperationError(
				context.getNode(),
				`Media ${mediaId} is still processing after ${seconds(timeoutMs)} [item ${itemIndex}]`,
				{
					itemIndex,
					description: 'Raise "Timeout (Seconds)", or read it later with Media > Get using this media ID.',
				},
			);
		}
		await waitOrCancel(context, Math.min(left, POLL_FIRST_MS * 1.5 ** attempt, POLL_MAX_MS), itemIndex);
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
	return await apiRequest<{ media_id: string; upload_url: string }>(context, {
		method: 'POST',
		path: `/v2/social-sets/${socialSetId}/media/upload`,
		body,
		itemIndex,
	});
}

/** After the file is sent: the media as it is now, or (by default) once it is `ready`. */
export async function finishMediaUpload(context: IExecuteFunctions, itemIndex: number, socialSetId: number, mediaId: string, options: UploadOptions): Promise<MediaStatus> {
	if (options.waitUntilReady === false) {
		return await apiRequest<MediaStatus>(context, {
			method: 'GET',
			path: `/v2/social-sets/${socialSetId}/media/${mediaId}`,
			itemIndex,
		});
	}
	return await waitForMediaReady(context, itemIndex, socialSetId, mediaId, options.timeoutMs);
}

/**
 * Uploads the file in a binary property of one item as media of a social set and returns its Media status.
 * Checks the file name (the parameter, else the binary's own) before any request; then creates the upload
 * (with alt text), sends a plain PUT of the bytes to the presigned URL and polls until the media is `ready`.
 * Files n8n keeps outside memory (binary `id`) are streamed, not loaded whole.
 */
export async function uploadBinaryProperty(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	binaryPropertyName: string,
	options: UploadOptions = {},
): Promise<MediaStatus> {
	const binary = getItemBinary(context, itemIndex, binaryPropertyName);
	const fileName = resolveFileName(context, itemIndex, binaryPropertyName, binary, options.fileName);
	const upload = await createMediaUpload(context, itemIndex, socialSetId, fileName, options.altText);
	await sendBytes(context, itemIndex, upload.upload_url, binaryPropertyName, binary);
	return await finishMediaUpload(context, itemIndex, socialSetId, upload.media_id, options);
}
