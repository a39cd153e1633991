import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { requireSocialSet } from '../access';
import type { Reply, RouteContext } from '../context';
import type { Runtime } from '../../domain/runtime';
import { FieldIssue, notFound, unprocessable } from '../../domain/errors';
import type { MediaRecord } from '../../domain/store';
import { isObject, isUuid } from '../../domain/validate';

export const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
const FILE_NAME = /^[A-Za-z0-9_.()-]+\.(jpg|jpeg|png|webp|gif|mp4|mov|pdf)$/i;
const MIME: Record<string, string> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
	gif: 'image/gif',
	mp4: 'video/mp4',
	mov: 'video/quicktime',
	pdf: 'application/pdf',
};
const RESIZED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function uploadSignature(rt: Runtime, mediaId: string, expires: number): string {
	return createHmac('sha256', rt.storageSecret).update(`${mediaId}:${expires}`).digest('hex');
}

export function signatureMatches(
	rt: Runtime,
	mediaId: string,
	expires: number,
	given: string,
): boolean {
	const expected = Buffer.from(uploadSignature(rt, mediaId, expires));
	const actual = Buffer.from(given);
	return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function renderMedia(rt: Runtime, media: MediaRecord): Record<string, unknown> {
	const urls: Record<string, string> = {};
	if (media.status === 'ready') {
		const base = `${rt.baseUrl()}/__media/${media.id}`;
		if (media.mime && RESIZED.has(media.mime)) {
			urls.small = `${base}/small`;
			urls.medium = `${base}/medium`;
			urls.large = `${base}/large`;
		}
		urls.original = `${base}/original`;
	}
	const out: Record<string, unknown> = {
		media_id: media.id,
		file_name: media.fileName,
		status: media.status,
		mime: media.mime,
	};
	if (media.altText !== null) out.alt_text = media.altText;
	out.error_reason = media.errorReason;
	out.media_urls = urls;
	return out;
}

function readAltText(
	body: Record<string, unknown>,
	issues: FieldIssue[],
): string | null | undefined {
	const alt = body.alt_text;
	if (alt === undefined || alt === null) return alt;
	if (typeof alt !== 'string') {
		issues.push({ field: 'alt_text', message: 'must be a string or null' });
		return undefined;
	}
	return alt;
}

export function createUpload(ctx: RouteContext, rawSetId: string): Reply {
	const { set } = requireSocialSet(ctx, rawSetId, 'WRITE');
	const body = ctx.body;
	if (!isObject(body)) throw unprocessable([{ field: 'body', message: 'must be a JSON object' }]);
	const issues: FieldIssue[] = [];
	const fileName = body.file_name;
	if (typeof fileName !== 'string') issues.push({ field: 'file_name', message: 'required string' });
	else if (fileName.length > 255)
		issues.push({ field: 'file_name', message: 'at most 255 characters' });
	else if (!FILE_NAME.test(fileName)) {
		issues.push({
			field: 'file_name',
			message:
				'letters, digits, hyphen, underscore, period, parentheses; ending in .jpg .jpeg .png .webp .gif .mp4 .mov or .pdf',
		});
	}
	const altText = readAltText(body, issues);
	if (issues.length > 0) throw unprocessable(issues);
	const name = fileName as string;
	const now = ctx.rt.clock.now();
	const media: MediaRecord = {
		id: randomUUID(),
		socialSetId: set.id,
		fileName: name,
		mime: MIME[name.split('.').pop()!.toLowerCase()] ?? null,
		altText: altText ?? null,
		status: 'processing',
		errorReason: null,
		uploadExpiresAt: new Date(now.getTime() + UPLOAD_URL_LIFETIME_MS),
		uploaded: false,
		sizeBytes: null,
		createdAt: now,
	};
	ctx.rt.store.media.set(media.id, media);
	const expires = Math.floor(media.uploadExpiresAt.getTime() / 1000);
	const signature = uploadSignature(ctx.rt, media.id, expires);
	const uploadUrl = `${ctx.url.origin}/__storage/${media.id}?X-Expires=${expires}&X-Signature=${signature}`;
	return { status: 201, body: { media_id: media.id, upload_url: uploadUrl } };
}

function findMedia(ctx: RouteContext, setId: number, mediaId: string): MediaRecord {
	const media = isUuid(mediaId) ? ctx.rt.store.media.get(mediaId.toLowerCase()) : undefined;
	if (!media || media.socialSetId !== setId) throw notFound('Media');
	return media;
}

export function getMedia(ctx: RouteContext, rawSetId: string, mediaId: string): Reply {
	const { set } = requireSocialSet(ctx, rawSetId, 'READ');
	return { status: 200, body: renderMedia(ctx.rt, findMedia(ctx, set.id, mediaId)) };
}

export function updateMedia(ctx: RouteContext, rawSetId: string, mediaId: string): Reply {
	const { set } = requireSocialSet(ctx, rawSetId, 'WRITE');
	const media = findMedia(ctx, set.id, mediaId);
	const body = ctx.body;
	if (!isObject(body)) throw unprocessable([{ field: 'body', message: 'must be a JSON object' }]);
	const issues: FieldIssue[] = [];
	const altText = readAltText(body, issues);
	if (issues.length > 0) throw unprocessable(issues);
	if (altText !== undefined) media.altText = altText;
	return { status: 200, body: renderMedia(ctx.rt, media) };
}

/** Upload URLs whose hour passed without a file: the media becomes failed. */
export function expireUploads(rt: Runtime): void {
	const now = rt.clock.nowMs();
	for (const media of rt.store.media.values()) {
		if (media.status === 'processing' && !media.uploaded && media.uploadExpiresAt.getTime() < now) {
			media.status = 'failed';
			media.errorReason = 'No file arrived before the upload URL expired (1 hour)';
		}
	}
}
