/**
 * One media upload in a fresh process, so its peak RSS is the upload's alone. n8n's binary data
 * service runs in filesystem mode (the env is set by the parent before n8n-core loads): the file is
 * written to disk first, then uploaded either by the node (Media > Upload, which streams binaries
 * that have an id) or by a raw node:http PUT piping the same stream.
 * argv: JSON of MediaJob. Replies one MediaReport over IPC.
 */
import '../../scripts/lib/tsResolve';
import http from 'http';
import { closeSync, openSync, rmSync, writeSync } from 'fs';
import { join } from 'path';
import { pipeline } from 'stream/promises';
import type { IBinaryData } from 'n8n-workflow';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import { byId, runNode } from './nodeRunner';
import { expectStatus, fetchJson } from './raw';
import { rssPeakTracker } from './rss';

export interface MediaJob {
	variant: 'node' | 'raw';
	baseUrl: string;
	apiKey: string;
	bytes: number;
	socialSetId: number;
	/** Scratch folder for the source file (the binary data service keeps its own copy). */
	folder: string;
}

export interface MediaReport {
	rssBeforeBytes: number;
	peakRssBytes: number;
	wallMs: number;
	mediaStatus: string;
	error?: string;
}

const CHUNK = 1024 * 1024;

/**
 * Writes `bytes` bytes to a file by rewriting one 1 MiB block, then hands the file to the binary data
 * service (a file copy): neither step grows the heap, so memory freed later cannot hide a buffered upload.
 */
async function storeOnDisk(bytes: number, folder: string): Promise<IBinaryData> {
	const block = Buffer.alloc(CHUNK);
	for (let i = 0; i < CHUNK; i += 4)
		block.writeUInt32LE((Math.imul(i, 2654435761) ^ 0x5bd1e995) >>> 0, i);
	const path = join(folder, `source-${bytes}.mp4`);
	const fd = openSync(path, 'w');
	try {
		for (let written = 0; written < bytes; written += CHUNK)
			writeSync(fd, block, 0, Math.min(CHUNK, bytes - written));
	} finally {
		closeSync(fd);
	}
	const binary = {
		data: '',
		mimeType: 'video/mp4',
		fileName: 'benchmark-upload.mp4',
	} as IBinaryData;
	const stored = await Container.get(BinaryDataService).copyBinaryFile(
		{ type: 'execution', workflowId: 'bench', executionId: 'media' },
		binary,
		path,
	);
	rmSync(path);
	return stored;
}

async function rawUpload(job: MediaJob, binary: IBinaryData): Promise<string> {
	const base = `${job.baseUrl}/v2/social-sets/${job.socialSetId}/media`;
	const created = await fetchJson({
		method: 'POST',
		url: `${base}/upload`,
		apiKey: job.apiKey,
		body: { file_name: binary.fileName },
	});
	expectStatus(created, 201, 'raw create upload');
	const { media_id: mediaId, upload_url: uploadUrl } = created.json as {
		media_id: string;
		upload_url: string;
	};
	const stream = await Container.get(BinaryDataService).getAsStream(binary.id!);
	const status = await new Promise<number>((resolve, reject) => {
		const req = http.request(
			uploadUrl,
			{ method: 'PUT', headers: { 'Content-Length': String(binary.bytes) } },
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('error', reject);
		pipeline(stream, req).catch(reject);
	});
	if (status !== 200) throw new Error(`raw PUT answered ${status}`);
	for (;;) {
		const media = await fetchJson({ method: 'GET', url: `${base}/${mediaId}`, apiKey: job.apiKey });
		const state = (media.json as { status?: string }).status ?? 'unknown';
		if (state !== 'processing') return state;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

async function nodeUpload(job: MediaJob, binary: IBinaryData): Promise<string> {
	const outcome = await runNode(
		{ baseUrl: job.baseUrl, apiKey: job.apiKey },
		{
			resource: 'media',
			operation: 'upload',
			socialSetId: byId(job.socialSetId),
			binaryPropertyName: 'data',
		},
		[{ json: {}, binary: { data: binary } }],
	);
	const json = outcome.items[0]?.json ?? {};
	if (outcome.failed)
		throw new Error(`Media Upload failed: ${JSON.stringify(json.error).slice(0, 300)}`);
	return String(json.status);
}

async function main(): Promise<MediaReport> {
	const job = JSON.parse(process.argv[2]) as MediaJob;
	await Container.get(BinaryDataService).init();
	const upload = job.variant === 'node' ? nodeUpload : rawUpload;
	// Warm-up on a small file: code loaded lazily on first use (HTTP clients, n8n-core helpers) is not the upload's cost.
	await upload(job, await storeOnDisk(64 * 1024, job.folder));
	const binary = await storeOnDisk(job.bytes, job.folder);
	if (!binary.id)
		throw new Error('The binary data service kept the file in memory: filesystem mode is not on');
	(globalThis as { gc?: () => void }).gc?.();
	await new Promise((resolve) => setTimeout(resolve, 200));
	const rssBeforeBytes = process.memoryUsage.rss();
	const stop = rssPeakTracker();
	const started = Date.now();
	const mediaStatus = await upload(job, binary);
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
