import { fork } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import type { MediaReport } from '../lib/mediaWorker';
import type { MediaUrlJob } from '../lib/mediaUrlWorker';
import { median, mib, ms } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const SOCIAL_SET = 101;
const TARGET_BYTES = 64 * 1024 * 1024;
const WARM_UP_BYTES = 64 * 1024;
const CHUNK = 1024 * 1024;

/**
 * The public file server, in this (the parent) process so its memory is not the worker's: it writes the
 * file by repeating one 1 MiB block, waiting for the socket to drain, with or without Content-Length.
 */
export async function startFileServer(bytes: number): Promise<{
	url(path: string): string;
	close(): Promise<void>;
	/** Bytes each answer had written when its connection closed, in order. */
	sent: number[];
}> {
	const sentLog: number[] = [];
	const block = Buffer.alloc(CHUNK);
	for (let i = 0; i < CHUNK; i += 4)
		block.writeUInt32LE((Math.imul(i, 2654435761) ^ 0x9e3779b9) >>> 0, i);
	const server = http.createServer((req, res) => {
		const size = req.url?.startsWith('/warm') ? WARM_UP_BYTES : bytes;
		const chunked = req.url?.includes('chunked') ?? false;
		res.writeHead(200, {
			'Content-Type': 'video/mp4',
			...(chunked ? {} : { 'Content-Length': String(size) }),
		});
		let sent = 0;
		res.once('close', () => sentLog.push(sent));
		const pump = (): void => {
			while (sent < size) {
				const piece = Math.min(CHUNK, size - sent);
				sent += piece;
				if (!res.write(piece === CHUNK ? block : block.subarray(0, piece)))
					return void res.once('drain', pump);
			}
			res.end();
		};
		pump();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		sent: sentLog,
		url: (path) => `${base}${path}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/**
 * Runs one upload in a fresh process with n8n's binary data kept on disk in a temporary folder: by default
 * lib/mediaUrlWorker.ts; `worker` names another script of lib/ that takes its job as JSON and replies once.
 */
export async function uploadInWorker<Report = MediaReport>(
	job: MediaUrlJob | object,
	worker = 'mediaUrlWorker.ts',
): Promise<Report> {
	const folder = mkdtempSync(join(tmpdir(), 'sp-bench-url-'));
	try {
		const child = fork(join(__dirname, '..', 'lib', worker), [JSON.stringify(job)], {
			execArgv: ['--expose-gc', '-r', 'ts-node/register/transpile-only'],
			stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
			env: {
				...process.env,
				N8N_USER_FOLDER: folder,
				N8N_ENCRYPTION_KEY: 'benchmark-only-key',
				N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
				N8N_BINARY_DATA_STORAGE_PATH: join(folder, 'binaryData'),
				N8N_BINARY_DATA_SIGNING_SECRET: 'benchmark-only-secret',
			},
		});
		return await new Promise<Report>((resolve, reject) => {
			child.once('message', (report: Report) => resolve(report));
			child.once('exit', (code) =>
				reject(new Error(`The media URL worker exited with code ${code} without a report`)),
			);
		});
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

type Variant = 'node' | 'raw' | 'nodeChunked';

export const mediaFromUrl: BenchCase = {
	id: 'mediaUrl',
	title: 'Media Upload from a URL',
	async run(context) {
		const { sandbox, config } = context;
		const bytes = config.mediaMib * 1024 * 1024;
		const files = await startFileServer(bytes);
		const reports: Record<Variant, MediaReport[]> = { node: [], raw: [], nodeChunked: [] };
		const uploaded: Record<Variant, number[]> = { node: [], raw: [], nodeChunked: [] };
		const maxSizeMib = Math.max(1, Math.round(config.mediaMib / 4));
		let limited: { report: MediaReport; sent: number } | undefined;
		try {
			for (let round = 0; round < config.mediaRuns; round++) {
				const order: Variant[] =
					round % 2 ? ['raw', 'nodeChunked', 'node'] : ['node', 'raw', 'nodeChunked'];
				for (const variant of order) {
					await sandbox.fresh(SOCIAL_SET);
					const chunked = variant === 'nodeChunked';
					const report = await uploadInWorker({
						variant: variant === 'raw' ? 'raw' : 'node',
						baseUrl: sandbox.baseUrl,
						apiKey: sandbox.keys.admin,
						socialSetId: SOCIAL_SET,
						fileUrl: files.url(chunked ? '/files/chunked/clip.mp4' : '/files/clip.mp4'),
						warmUpUrl: files.url(chunked ? '/warm/chunked/clip.mp4' : '/warm/clip.mp4'),
					});
					if (report.error) throw new Error(`${variant} upload: ${report.error}`);
					uploaded[variant].push((await sandbox.summary()).uploadedBytes - WARM_UP_BYTES);
					reports[variant].push(report);
					context.log(
						`media from URL ${variant}: growth ${mib(report.peakRssBytes - report.rssBeforeBytes)}, ${ms(report.wallMs)}, status ${report.mediaStatus}`,
					);
				}
			}
			// once: a download without Content-Length past Max Size, stopped there
			await sandbox.fresh(SOCIAL_SET);
			const report = await uploadInWorker({
				variant: 'node',
				baseUrl: sandbox.baseUrl,
				apiKey: sandbox.keys.admin,
				socialSetId: SOCIAL_SET,
				fileUrl: files.url('/files/chunked/limited.mp4'),
				warmUpUrl: files.url('/warm/chunked/limited.mp4'),
				maxSizeMib,
			});
			if (report.error) throw new Error(`Max Size run: ${report.error}`);
			limited = { report, sent: files.sent[files.sent.length - 1] ?? 0 };
			context.log(
				`media from URL past Max Size: source sent ${mib(limited.sent)}, growth ${mib(report.peakRssBytes - report.rssBeforeBytes)}, ${report.mediaStatus}`,
			);
		} finally {
			await files.close();
		}
		const growth = (list: MediaReport[]) =>
			median(list.map((r) => r.peakRssBytes - r.rssBeforeBytes));
		const wall = (list: MediaReport[]) => median(list.map((r) => r.wallMs));
		const whole = (variant: Variant) =>
			uploaded[variant].every((size) => size === bytes) &&
			reports[variant].every((r) => r.mediaStatus === 'ready');
		const name = `Media Upload of a ${config.mediaMib} MiB file from a URL`;
		const node = growth(reports.node);
		const chunked = growth(reports.nodeChunked);
		const limitBytes = maxSizeMib * 1024 * 1024;
		const limitedGrowth = limited ? limited.report.peakRssBytes - limited.report.rssBeforeBytes : 0;
		const stopped =
			limited?.report.mediaStatus === 'stopped at Max Size' &&
			limited.sent >= limitBytes &&
			limited.sent < limitBytes + 16 * 1024 * 1024;
		return [
			{
				case: name,
				measure: `peak RSS growth of the process, download with Content-Length streamed into the PUT (median of ${reports.node.length}; ${whole('node') ? 'every byte arrived, media ready' : 'bytes missing or media not ready'})`,
				result: `${mib(node)} (raw GET piped into PUT: ${mib(growth(reports.raw))})`,
				target: `< ${mib(TARGET_BYTES)}`,
				met: node < TARGET_BYTES && whole('node'),
			},
			{
				case: name,
				measure: `peak RSS growth, download without Content-Length (stored by n8n's binary data helper on disk first; ${whole('nodeChunked') ? 'every byte arrived, media ready' : 'bytes missing or media not ready'})`,
				result: mib(chunked),
				target: `< ${mib(TARGET_BYTES)}`,
				met: chunked < TARGET_BYTES && whole('nodeChunked'),
			},
			{
				case: name,
				measure: `Max Size ${maxSizeMib} MiB on the same download without Content-Length: bytes the source sent before the node stopped it, and peak RSS growth (${limited?.report.mediaStatus ?? 'not run'})`,
				result: `${mib(limited?.sent ?? 0)} sent, growth ${mib(limitedGrowth)}`,
				target: `stops within 16 MiB past ${mib(limitBytes)}, < ${mib(TARGET_BYTES)}`,
				met: stopped && limitedGrowth < TARGET_BYTES,
			},
			{
				case: name,
				measure:
					'wall time: node streamed, node via disk, raw (create upload, download into PUT, poll until ready)',
				result: `node ${ms(wall(reports.node))}, via disk ${ms(wall(reports.nodeChunked))}, raw ${ms(wall(reports.raw))}`,
				target: 'info',
			},
		] satisfies Row[];
	},
};
