import type {
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { networkCode, policy, transientBackoff } from './retryPolicy';
import { cancelSignalOf, secretsOf } from './caller';
import { echo } from '../text/echo';
import { waitOrCancel } from './wait';

export type UploadBody = Buffer | NodeJS.ReadableStream;

/**
 * The deadline of one PUT to the presigned URL: a base for connecting and the storage host's answer, plus
 * the time the file takes at the slowest throughput still accepted. 60 s + 1 s per 256 KiB (2 Mbit/s):
 * 1 MiB gets 64 s, 100 MiB about 7 min, 512 MiB about 35 min.
 */
export const uploadDeadline = {
	baseMs: 60_000,
	minBytesPerSecond: 256 * 1024,
};

export function uploadDeadlineMs(size: number | undefined): number {
	return uploadDeadline.baseMs + Math.ceil(((size ?? 0) / uploadDeadline.minBytesPerSecond) * 1000);
}

export interface PutOptions {
	/** The file's size, sent as Content-Length (the storage host needs it) and used for the deadline. */
	contentLength?: number;
	/** The media the upload URL belongs to, named in errors: it was created and is not complete. */
	mediaId?: string;
}

function duration(ms: number): string {
	if (ms < 10_000) return `${Math.round(ms / 100) / 10} s`;
	const seconds = Math.round(ms / 1000);
	return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function size(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
	return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

function leftBehind(mediaId: string | undefined): string {
	return mediaId
		? ` Media ${mediaId} was created and did not receive its file; it cannot be attached (the service has no call to delete it, and its upload URL expires after an hour).`
		: '';
}

/** What the errors of one upload say: the item, its media and the file's size and deadline. */
interface Upload {
	itemIndex: number;
	mediaId?: string;
	contentLength?: number;
	deadlineMs: number;
}

function putOptions(
	uploadUrl: string,
	body: UploadBody,
	upload: Upload,
	cancelSignal: AbortSignal | undefined,
): IHttpRequestOptions {
	const { contentLength } = upload;
	return {
		method: 'PUT',
		url: uploadUrl,
		body: body as Buffer,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		json: false,
		encoding: 'text',
		// The HTTP client adds `Content-Type: application/x-www-form-urlencoded` to every PUT unless the
		// header is set to false, and the storage host refuses any Content-Type (SignatureDoesNotMatch).
		headers: {
			'Content-Type': false,
			...(contentLength !== undefined ? { 'Content-Length': String(contentLength) } : {}),
		},
		timeout: upload.deadlineMs,
		...(cancelSignal ? { abortSignal: cancelSignal } : {}),
		// With redirects on, the HTTP client keeps every byte written so that it could resend the body
		// after a redirect: a streamed file would end up whole in memory. A presigned URL does not redirect.
		disableFollowRedirect: true,
	};
}

function uploadCancelled(node: INode, upload: Upload): NodeOperationError {
	return new NodeOperationError(
		node,
		`The execution was cancelled during the upload of the file to the presigned URL [item ${upload.itemIndex}]`,
		{ itemIndex: upload.itemIndex, description: leftBehind(upload.mediaId).trim() || undefined },
	);
}

function uploadTimedOut(node: INode, upload: Upload): NodeOperationError {
	const { contentLength } = upload;
	return new NodeOperationError(
		node,
		`Uploading the file to the presigned URL did not finish within ${duration(upload.deadlineMs)} [item ${upload.itemIndex}]`,
		{
			itemIndex: upload.itemIndex,
			description:
				`The upload of ${contentLength !== undefined ? size(contentLength) : 'the file'} may take ${duration(uploadDeadline.baseMs)} plus 1 s per ${uploadDeadline.minBytesPerSecond / 1024} KiB; the storage host did not answer in that time.` +
				leftBehind(upload.mediaId),
		},
	);
}

/** Characters of the storage host's answer read for its `<Code>` and `<Message>`, which open its XML error. */
export const STORAGE_ANSWER_READ = 64 * 1024;

/** The text of the first `<tag>` of `head` (to its end when unterminated), found with `indexOf`. */
function xmlText(head: string, tag: string): string | undefined {
	const start = head.indexOf(`<${tag}>`);
	if (start === -1) return undefined;
	const from = start + tag.length + 2;
	const end = head.indexOf(`</${tag}>`, from);
	return head.slice(from, end === -1 ? undefined : end);
}

/**
 * The storage host's `<Code>` and `<Message>` (or the start of a body that has none), each bounded with `echo`
 * (60 and 300 characters, one line, the credential's secrets and credential-like pairs removed). Only the first
 * 64 KiB are read, each with `indexOf`: linear, whatever the body's size.
 */
export function storageAnswer(
	body: unknown,
	secrets?: readonly string[],
): { code?: string; message?: string } {
	const head = typeof body === 'string' ? body.slice(0, STORAGE_ANSWER_READ) : '';
	const code = xmlText(head, 'Code');
	const message = xmlText(head, 'Message') ?? (code === undefined ? head : undefined);
	return {
		code: code === undefined ? undefined : echo(code, 60, secrets) || undefined,
		message: message === undefined ? undefined : echo(message, 300, secrets) || undefined,
	};
}

function uploadFailed(
	node: INode,
	response: IN8nHttpFullResponse | undefined,
	failure: string | undefined,
	upload: Upload,
	secrets: readonly string[],
): NodeApiError {
	const status = response?.statusCode;
	const answer = storageAnswer(response?.body, secrets);
	const storageCode = answer.code;
	const signature =
		storageCode === 'SignatureDoesNotMatch'
			? 'The storage host refused the request signature: the upload must be a plain PUT of the bytes with no extra headers.'
			: '';
	return new NodeApiError(
		node,
		{
			code: storageCode ?? (failure ? 'UPLOAD_FAILED' : `HTTP_${status}`),
			message: failure ?? answer.message ?? '',
		},
		{
			message: `Uploading the file to the presigned URL failed: ${storageCode ?? failure ?? `HTTP ${status}`}`,
			description: `${signature}${leftBehind(upload.mediaId)}`.trim() || undefined,
			httpCode: status !== undefined ? String(status) : undefined,
			itemIndex: upload.itemIndex,
		},
	);
}

/**
 * Sends the file to the presigned upload URL: a plain PUT of the raw bytes, no Authorization and no
 * Content-Type (the storage host refuses extra headers). A Buffer body is retried after a 5xx or a
 * dropped connection (any other thrown error, such as a refusal of n8n's address check, is final); a stream
 * cannot be replayed, so it is sent once.
 * The PUT has a deadline scaled to its size (`uploadDeadlineMs`, the HTTP client's request timeout, which
 * runs until the storage host answers) and ends at once when the execution is cancelled (Stop).
 */
export async function putToUploadUrl(
	this: IExecuteFunctions,
	uploadUrl: string,
	body: UploadBody,
	itemIndex: number,
	put: PutOptions = {},
): Promise<void> {
	const { contentLength, mediaId } = put;
	const replayable = Buffer.isBuffer(body);
	const deadlineMs = uploadDeadlineMs(contentLength ?? (replayable ? body.length : undefined));
	const upload: Upload = { itemIndex, mediaId, contentLength, deadlineMs };
	const cancelSignal = cancelSignalOf(this);
	for (let attempt = 0; ; attempt++) {
		if (cancelSignal?.aborted) throw uploadCancelled(this.getNode(), upload);
		let response: IN8nHttpFullResponse | undefined;
		let failure: string | undefined;
		let transient = false;
		try {
			const options = putOptions(uploadUrl, body, upload, cancelSignal);
			response = (await this.helpers.httpRequest(options)) as IN8nHttpFullResponse;
		} catch (error) {
			const message = (error as Error).message?.replace(/\?.*$/, '') ?? 'connection failed';
			failure = echo(message, 200, await secretsOf(this));
			transient = networkCode(error) !== undefined;
		}
		if (cancelSignal?.aborted) throw uploadCancelled(this.getNode(), upload);
		const status = response?.statusCode;
		if (status !== undefined && status >= 200 && status < 300) return;
		if (failure !== undefined && /timeout of \d+ms exceeded|ETIMEDOUT/i.test(failure))
			throw uploadTimedOut(this.getNode(), upload);
		if (status !== undefined && status >= 500) transient = true;
		if (transient && replayable && attempt < policy.maxTransientRetries) {
			await waitOrCancel(this, transientBackoff(attempt), itemIndex);
			continue;
		}
		throw uploadFailed(this.getNode(), response, failure, upload, await secretsOf(this));
	}
}
