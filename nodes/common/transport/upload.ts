import type { IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { backoffDelay } from './rateLimit';
import { policy } from './index';
import { waitOrCancel } from './wait';

export type UploadBody = Buffer | NodeJS.ReadableStream;

/**
 * Sends the file to the presigned upload URL: a plain PUT of the raw bytes, no Authorization and no
 * Content-Type (the storage host refuses extra headers). A Buffer body is retried after a 5xx or a
 * dropped connection; a stream cannot be replayed, so it is sent once.
 */
export async function putToUploadUrl(
	this: IExecuteFunctions,
	uploadUrl: string,
	body: UploadBody,
	itemIndex: number,
	contentLength?: number,
): Promise<void> {
	const replayable = Buffer.isBuffer(body);
	for (let attempt = 0; ; attempt++) {
		const options: IHttpRequestOptions = {
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
			timeout: 0,
			// With redirects on, the HTTP client keeps every byte written so that it could resend the body
			// after a redirect: a streamed file would end up whole in memory. A presigned URL does not redirect.
			disableFollowRedirect: true,
		};
		let response: IN8nHttpFullResponse | undefined;
		let failure: string | undefined;
		try {
			response = (await this.helpers.httpRequest(options)) as IN8nHttpFullResponse;
		} catch (error) {
			failure = (error as Error).message?.replace(/\?.*$/, '') ?? 'connection failed';
		}
		const status = response?.statusCode;
		if (status !== undefined && status >= 200 && status < 300) return;
		const transient = failure !== undefined || (status !== undefined && status >= 500);
		if (transient && replayable && attempt < policy.maxTransientRetries) {
			await waitOrCancel(
				this,
				backoffDelay(attempt, policy.transientBaseMs, policy.transientCapMs),
				itemIndex,
			);
			continue;
		}
		const bodyText = typeof response?.body === 'string' ? response.body : '';
		const storageCode = /<Code>([^<]+)<\/Code>/.exec(bodyText)?.[1];
		throw new NodeApiError(
			this.getNode(),
			{
				code: storageCode ?? (failure ? 'UPLOAD_FAILED' : `HTTP_${status}`),
				message: failure ?? bodyText.slice(0, 300),
			},
			{
				message: `Uploading the file to the presigned URL failed: ${storageCode ?? failure ?? `HTTP ${status}`}`,
				description:
					storageCode === 'SignatureDoesNotMatch'
						? 'The storage host refused the request signature: the upload must be a plain PUT of the bytes with no extra headers.'
						: undefined,
				httpCode: status !== undefined ? String(status) : undefined,
				itemIndex,
			},
		);
	}
}
