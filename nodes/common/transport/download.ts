import type { IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import type { DownloadLimits } from './downloadGuard';
import { DownloadDeadline, DownloadGuard, downloadDeadlineMs } from './downloadGuard';
import { networkCode, policy, transientBackoff } from './retryPolicy';
import { cancelSignalOf, secretsOf } from './caller';
import { echo } from '../text/echo';
import { waitOrCancel } from './wait';

/** A download whose answer has arrived and whose body is still to be read, as a stream. */
export interface OpenDownload {
	body: NodeJS.ReadableStream & { destroy?: (error?: Error) => void };
	/** Content-Length of the answer; undefined when the server did not send one (or sent a compressed body). */
	length?: number;
	contentType?: string;
	contentDisposition?: string;
	/** Where the body came from, after redirects. */
	url: string;
	/** Counts the body against Max Size and its Content-Length, ends it when silent too long, past its deadline or on Stop. */
	guard: DownloadGuard;
}

export type DownloadOutcome =
	| { download: OpenDownload }
	| { status: number }
	| { failure: string }
	/** No answer before the download's deadline (milliseconds): it was stopped. */
	| { deadline: number }
	| { cancelled: true };

const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function header(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** Drops a body that will not be read, so its connection is released. */
export function discard(body: unknown): void {
	const stream = body as { destroy?: () => void; resume?: () => void } | undefined;
	if (typeof stream?.destroy === 'function') stream.destroy();
	else if (typeof stream?.resume === 'function') stream.resume();
}

/** Closes a download that will not be read (or no longer): its connection and its guard. */
export function closeDownload(download: OpenDownload): void {
	download.guard.close();
	discard(download.body);
}

/**
 * Opens a public URL with n8n's HTTP helper: a GET with no credentials (no Authorization header, no
 * cookies), asking for the plain bytes (`Accept-Encoding: identity`, so Content-Length is the file's size).
 * Redirects (up to 10) are followed here, one request each, so the final URL is known for the file name.
 * Only the answer's status and headers are read; the body stays a stream.
 * A 5xx or a dropped connection is tried again (a GET is safe to repeat); any other thrown error is final, and
 * so is every refusal: n8n's address check (SSRF protection, which marks its errors as not to be tried again),
 * a redirect's scheme, and the checks of the answer (size, type) made after this returns.
 * Every request carries the abort signal of a DownloadGuard (see downloadGuard.ts) that bounds the body:
 * Max Size, its Content-Length, the idle timeout, and n8n's Stop, which also ends the wait for headers.
 * One deadline scaled to Max Size (`downloadDeadlineMs`) covers all the requests and the body.
 */
export async function openDownload(
	context: IExecuteFunctions,
	url: string,
	itemIndex: number,
	limits: DownloadLimits,
): Promise<DownloadOutcome> {
	let current = url;
	const deadline = new DownloadDeadline(downloadDeadlineMs(limits.maxBytes));
	for (let redirects = 0; ; redirects++) {
		const outcome = await openOnce({ context, itemIndex, limits, deadline }, current);
		if (!('redirect' in outcome)) return outcome;
		if (redirects >= MAX_REDIRECTS) return { failure: `more than ${MAX_REDIRECTS} redirects` };
		let next: URL;
		try {
			next = new URL(outcome.redirect, current);
		} catch {
			return { failure: 'a redirect to an invalid address' };
		}
		if (next.protocol !== 'http:' && next.protocol !== 'https:')
			return { failure: `a redirect to a ${next.protocol} address` };
		current = next.toString();
	}
}

/** What every request of one download shares. */
interface Opening {
	context: IExecuteFunctions;
	itemIndex: number;
	limits: DownloadLimits;
	deadline: DownloadDeadline;
}

/** A 2xx answer: its body handed to the guard, with the length it announced when that is the file's size. */
function opened(response: IN8nHttpFullResponse, url: string, guard: DownloadGuard): OpenDownload {
	const headers = (response.headers ?? {}) as Record<string, unknown>;
	const length = Number(header(headers, 'content-length'));
	const encoding = header(headers, 'content-encoding')?.toLowerCase();
	const known =
		Number.isInteger(length) && length >= 0 && (!encoding || encoding === 'identity')
			? length
			: undefined;
	const body = response.body as OpenDownload['body'];
	guard.attach(body as unknown as Parameters<DownloadGuard['attach']>[0], known);
	return {
		body,
		length: known,
		contentType: header(headers, 'content-type'),
		contentDisposition: header(headers, 'content-disposition'),
		url,
		guard,
	};
}

/** An answer that will not be read: its request is ended too, so a long body does not keep a connection. */
function drop(response: IN8nHttpFullResponse | undefined, guard: DownloadGuard): void {
	if (response) {
		guard.attach(response.body as Parameters<DownloadGuard['attach']>[0]);
		guard.close();
		discard(response.body);
	} else guard.release();
}

async function openOnce(
	opening: Opening,
	url: string,
): Promise<DownloadOutcome | { redirect: string }> {
	const { context, limits, deadline } = opening;
	const cancelSignal = cancelSignalOf(context);
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		json: false,
		timeout: policy.requestTimeoutMs,
		headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
	};
	for (let attempt = 0; ; attempt++) {
		const guard = new DownloadGuard(limits, cancelSignal, deadline);
		options.abortSignal = guard.signal;
		let response: IN8nHttpFullResponse | undefined;
		let failure: string | undefined;
		let transient = false;
		try {
			if (!guard.stopped)
				response = (await context.helpers.httpRequest(options)) as IN8nHttpFullResponse;
		} catch (error) {
			const message = ((error as Error).message ?? 'connection failed').replace(/\?\S*/g, '');
			failure = echo(message, 200, await secretsOf(context));
			// only a dropped connection or a timeout is tried again: a refusal (n8n's address check) is final
			transient = networkCode(error) !== undefined;
		}
		if (guard.stopped?.reason === 'cancelled') {
			if (response) discard(response.body);
			guard.release();
			return { cancelled: true };
		}
		if (guard.stopped?.reason === 'deadline') {
			if (response) discard(response.body);
			return { deadline: guard.stopped.deadlineMs };
		}
		const status = response?.statusCode;
		if (response && status !== undefined && status >= 200 && status < 300)
			return { download: opened(response, url, guard) };
		drop(response, guard);
		const location = response
			? header((response.headers ?? {}) as Record<string, unknown>, 'location')
			: undefined;
		if (status !== undefined && REDIRECTS.has(status) && location) return { redirect: location };
		if (status !== undefined && status >= 500) transient = true;
		if (transient && attempt < policy.maxTransientRetries) {
			await waitOrCancel(context, transientBackoff(attempt), opening.itemIndex);
			continue;
		}
		return failure !== undefined ? { failure } : { status: status ?? 0 };
	}
}
