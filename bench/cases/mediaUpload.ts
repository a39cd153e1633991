import { fork } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { MediaJob, MediaReport } from '../lib/mediaWorker';
import { median, mib, ms } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const SOCIAL_SET = 101;
const TARGET_BYTES = 64 * 1024 * 1024;
/** Each worker first uploads a 64 KiB file (see mediaWorker.ts). */
const WARM_UP_BYTES = 64 * 1024;

/** Runs one upload in a fresh process with n8n's binary data kept on disk in a temporary folder. */
async function uploadInWorker(job: Omit<MediaJob, 'folder'>): Promise<MediaReport> {
	const folder = mkdtempSync(join(tmpdir(), 'sp-bench-binary-'));
	try {
		const child = fork(
			join(__dirname, '..', 'lib', 'mediaWorker.ts'),
			[JSON.stringify({ ...job, folder })],
			{
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
			},
		);
		return await new Promise<MediaReport>((resolve, reject) => {
			child.once('message', (report: MediaReport) => resolve(report));
			child.once('exit', (code) =>
				reject(new Error(`The media worker exited with code ${code} without a report`)),
			);
		});
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

export const mediaUpload: BenchCase = {
	id: 'media',
	title: 'Media Upload from disk',
	async run(context) {
		const { sandbox, config } = context;
		const bytes = config.mediaMib * 1024 * 1024;
		const reports: Record<'node' | 'raw', MediaReport[]> = { node: [], raw: [] };
		let uploaded = 0;
		for (let round = 0; round < config.mediaRuns; round++) {
			for (const variant of round % 2 ? (['raw', 'node'] as const) : (['node', 'raw'] as const)) {
				await sandbox.fresh(SOCIAL_SET);
				const report = await uploadInWorker({
					variant,
					baseUrl: sandbox.baseUrl,
					apiKey: sandbox.keys.admin,
					bytes,
					socialSetId: SOCIAL_SET,
				});
				if (report.error) throw new Error(`${variant} upload: ${report.error}`);
				if (variant === 'node') uploaded = (await sandbox.summary()).uploadedBytes - WARM_UP_BYTES;
				reports[variant].push(report);
				context.log(
					`media ${variant}: growth ${mib(report.peakRssBytes - report.rssBeforeBytes)}, ${ms(report.wallMs)}, status ${report.mediaStatus}`,
				);
			}
		}
		const growth = (list: MediaReport[]) =>
			median(list.map((r) => r.peakRssBytes - r.rssBeforeBytes));
		const wall = (list: MediaReport[]) => median(list.map((r) => r.wallMs));
		const nodeGrowth = growth(reports.node);
		const name = `Media Upload of a ${config.mediaMib} MiB file, binary data on disk`;
		const ready = reports.node.every((r) => r.mediaStatus === 'ready');
		return [
			{
				case: name,
				measure: `peak RSS growth of the process (median of ${reports.node.length}; sandbox got ${mib(uploaded)}, media ${ready ? 'ready' : 'not ready'})`,
				result: `${mib(nodeGrowth)} (raw streaming PUT: ${mib(growth(reports.raw))})`,
				target: `< ${mib(TARGET_BYTES)}`,
				met: nodeGrowth < TARGET_BYTES && uploaded === bytes && ready,
			},
			{
				case: name,
				measure: 'wall time, node vs raw (create upload, streaming PUT, poll until ready)',
				result: `node ${ms(wall(reports.node))}, raw ${ms(wall(reports.raw))}`,
				target: 'info',
			},
		] satisfies Row[];
	},
};
