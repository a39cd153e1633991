/**
 * One media-from-URL upload in a fresh process, so its peak RSS is the upload's alone. The file is served
 * by the parent process (bench/cases/mediaFromUrl.ts) from a URL; this process either runs the node
 * (Media > Upload, Input Source "URL": n8n's HTTP helper opens the download, the node streams it into the
 * presigned PUT) or a raw node:http GET piped into a node:http PUT. n8n's binary data service runs in
 * filesystem mode (env set by the parent), which the node uses only for a download without Content-Length.
 * argv: JSON of MediaUrlJob. Replies one MediaReport over IPC.
 */
import '../../scripts/lib/tsResolve';
import http from 'http';
import { pipeline } from 'stream/promises';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { MediaReport } from './mediaWorker';
import { byId, runNode } from './nodeRunner';
import { expectStatus, fetchJson } from './raw';
import { rssPeakTracker } from './rss';

export interface MediaUrlJob {
	variant: 'node' | 'raw';
	baseUrl: string;
	apiKey: string;
	socialSetId: number;
	/** The file to upload, and a small one for the warm-up. */
	fileUrl: string;
	warmUpUrl: string;
	/** Max Size (MiB) given to the node; a download past it is expected to stop there. */
	maxSizeMib?: number;
}

async function rawUpload(job: MediaUrlJob, url: string): Promise<string> {
	const base = `${job.baseUrl}/v2/social-sets/${job.socialSetId}/media`;
	const created = await fetchJson({
		method: 'POST',
		url: `${base}/upload`,
		apiKey: job.apiKey,
		body: { file_name: 'benchmark-url.mp4' },
	});
	expectStatus(created, 201, 'raw create upload');
	const { media_id: mediaId, upload_url: uploadUrl } = created.json as {
		media_id: string;
		upload_url: string;
	};
	const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
		http.get(url, resolve).on('error', reject),
	);
	const status = await new Promise<number>((resolve, reject) => {
		const req = http.request(
			uploadUrl,
			{ method: 'PUT', headers: { 'Content-Length': String(download.headers['content-length']) } },
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('error', reject);
		pipeline(download, req).catch(reject);
	});
	if (status !== 200) throw new Error(`raw PUT answered ${status}`);
	for (;;) {
		const media = await fetchJson({ method: 'GET', url: `${base}/${mediaId}`, apiKey: job.apiKey });
		const state = (media.json as { status?: string }).status ?? 'unknown';
		if (state !== 'processing') return state;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

async function nodeUpload(job: MediaUrlJob, url: string): Promise<string> {
	const outcome = await runNode(
		{ baseUrl: job.baseUrl, apiKey: job.apiKey },
		{
			resource: 'media',
			operation: 'upload',
			socialSetId: byId(job.socialSetId),
			inputSource: 'url',
			mediaUrl: url,
			options: job.maxSizeMib ? { maxSizeMib: job.maxSizeMib } : {},
		},
	);
	const json = outcome.items[0]?.json ?? {};
	if (outcome.failed && job.maxSizeMib && /allows \(/.test(JSON.stringify(json.error)))
		return 'stopped at Max Size';
	if (outcome.failed)
		throw new Error(`Media Upload from URL failed: ${JSON.stringify(json.error).slice(0, 300)}`);
	return String(json.status);
}

async function main(): Promise<MediaReport> {
	const job = JSON.parse(process.argv[2]) as MediaUrlJob;
	await Container.get(BinaryDataService).init();
	const upload = job.variant === 'node' ? nodeUpload : rawUpload;
	// Warm-up on a small file: code loaded lazily on first use (HTTP clients, n8n-core helpers) is not the upload's cost.
	await upload(job, job.warmUpUrl);
	(globalThis as { gc?: () => void }).gc?.();
	await new Promise((resolve) => setTimeout(resolve, 200));
	const rssBeforeBytes = process.memoryUsage.rss();
	const stop = rssPeakTracker();
	const started = Date.now();
	const mediaStatus = await upload(job, job.fileUrl);
	const wallMs = Date.now() - started;
	return { rssBeforeBytes, peakRssBytes: stop(), wallMs, mediaStatus };
}

main().then(
	(report) => process.send?.(report, () => process.exit(0)),
	(error: Error) =>
		process.send?.(
			{ rssBeforeBytes: 0, peakRssBytes: 0, wallMs: 0, mediaStatus: 'none', error: error.message },
			() => process.exit(1),
		),
);
