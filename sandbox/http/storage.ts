import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { Reply } from './context';
import type { Runtime } from '../domain/runtime';
import { isUuid } from '../domain/validate';
import { signatureMatches } from './routes/media';

/**
 * The presigned upload host, served by the sandbox itself under /__storage/<media_id>.
 * Accepts a plain PUT of raw bytes; the body is streamed and counted, never kept.
 * Headers beyond what a plain HTTP client sends make the signature fail (403 XML), like object storage.
 */

/** Headers a plain HTTP client sends on its own (Node's fetch adds accept-language and sec-fetch-mode). */
const PLAIN_HEADERS = new Set([
	'host',
	'content-length',
	'connection',
	'accept',
	'accept-encoding',
	'accept-language',
	'user-agent',
	'transfer-encoding',
	'sec-fetch-mode',
	'expect',
	'keep-alive',
]);

function xmlError(
	status: number,
	code: string,
	message: string,
	extra = '',
): Reply & { raw: string } {
	const raw =
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<Error><Code>${code}</Code><Message>${message}</Message>${extra}</Error>`;
	return { status, raw, headers: { 'Content-Type': 'application/xml' } };
}

/** Reads and discards the request body, returning its size in bytes; `digest` also gets its SHA-256 (hex). */
function drain(req: http.IncomingMessage, digest?: { sha256?: string }): Promise<number> {
	return new Promise((resolve, reject) => {
		let size = 0;
		const hash = digest ? createHash('sha256') : undefined;
		req.on('data', (chunk: Buffer) => {
			hash?.update(chunk);
			size += chunk.length;
		});
		req.on('end', () => {
			if (digest && hash) digest.sha256 = hash.digest('hex');
			resolve(size);
		});
		req.on('error', reject);
	});
}

export async function handleStorage(
	rt: Runtime,
	req: http.IncomingMessage,
	url: URL,
): Promise<Reply & { raw?: string }> {
	const mediaId = url.pathname.slice('/__storage/'.length).toLowerCase();
	const expires = Number(url.searchParams.get('X-Expires'));
	const signature = url.searchParams.get('X-Signature') ?? '';
	const extraHeaders = Object.keys(req.headers).filter((h) => !PLAIN_HEADERS.has(h));
	const media = isUuid(mediaId) ? rt.store.media.get(mediaId) : undefined;
	if (req.method !== 'PUT') {
		await drain(req);
		return xmlError(
			405,
			'MethodNotAllowed',
			'The specified method is not allowed against this resource.',
		);
	}
	if (
		!media ||
		!Number.isInteger(expires) ||
		!signatureMatches(rt, mediaId, expires, signature) ||
		extraHeaders.length > 0
	) {
		const size = await drain(req);
		const reply = xmlError(
			403,
			'SignatureDoesNotMatch',
			'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
			extraHeaders.length > 0
				? `<UnexpectedHeaders>${extraHeaders.join(',')}</UnexpectedHeaders>`
				: '',
		);
		return { ...reply, body: { rawLength: size } };
	}
	if (rt.clock.nowMs() > expires * 1000) {
		const size = await drain(req);
		return { ...xmlError(403, 'AccessDenied', 'Request has expired'), body: { rawLength: size } };
	}
	const digest: { sha256?: string } = {};
	const size = await drain(req, digest);
	media.uploaded = true;
	media.sizeBytes = size;
	media.status = 'processing';
	media.errorReason = null;
	if (size === 0) {
		media.status = 'failed';
		media.errorReason = 'The uploaded file is empty';
	} else {
		rt.later(rt.options.mediaProcessingMs, () => {
			if (media.status === 'processing') media.status = 'ready';
		});
	}
	return {
		status: 200,
		headers: { ETag: `"${media.id.replace(/-/g, '')}"` },
		body: { rawLength: size, sha256: digest.sha256 },
	};
}
