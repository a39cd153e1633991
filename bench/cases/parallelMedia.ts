import type { ParallelMediaJob, ParallelMediaReport } from '../lib/parallelMediaWorker';
import { count, mib, ms } from '../lib/stats';
import type { BenchCase, CaseContext, Row } from '../lib/types';
import { startFileServer, uploadInWorker } from './mediaFromUrl';
import { DEFAULT_PARALLEL } from './parallelItems';

const SOCIAL_SET = 101;
const KIB = 1024;
const MIB = 1024 * 1024;
/** The file server answers /warm/… with this many bytes (mediaFromUrl.ts). */
const WARM_UP_BYTES = 64 * KIB;
const WARM_UP_ITEMS = 20;

/**
 * What one upload in flight may hold in memory, from the code: the node streams the download's body
 * (download.ts: n8n's HTTP helper with `encoding: 'stream'`; downloadGuard.ts only counts the bytes) into the
 * presigned PUT (upload.ts: the stream as the body of n8n's HTTP helper, redirects off so nothing is kept for
 * a replay, no progress option so axios adds no transform stream). Two Node streams hold bytes: the download's
 * body buffers up to its high-water mark (16 KiB on Node 20) plus the socket read that crossed it (up to
 * 64 KiB), and the PUT's request buffers up to its high-water mark plus the chunk being written (16 + 64 KiB):
 * 160 KiB, taken as 256 KiB.
 */
export const PER_UPLOAD_BYTES = 256 * KIB;
/**
 * The part that does not depend on the places in flight: n8n's engine and the node on the run's items (their
 * input and output items, the heap that grows between collections). The control row (the same items without
 * media) shows it.
 */
export const FIXED_MARGIN_BYTES = 64 * MIB;
const BOUND = DEFAULT_PARALLEL * PER_UPLOAD_BYTES + FIXED_MARGIN_BYTES;

interface MediaRun {
	report: ParallelMediaReport;
	/** Bytes the sandbox's upload host accepted, less the warm-up's. */
	uploaded: number;
}

async function runItems(
	context: CaseContext,
	items: number,
	mediaUrl: string,
	warmUpUrl: string,
): Promise<MediaRun> {
	const { sandbox, config } = context;
	await sandbox.fresh(SOCIAL_SET);
	await sandbox.setFaults({ latencyMs: config.latencyMs });
	const job: ParallelMediaJob = {
		baseUrl: sandbox.baseUrl,
		apiKey: sandbox.keys.admin,
		items,
		mediaUrl,
		warmUpUrl,
		warmUpItems: WARM_UP_ITEMS,
	};
	const report = await uploadInWorker<ParallelMediaReport>(job, 'parallelMediaWorker.ts');
	if (report.failed < 0) throw new Error(`parallel media worker: ${report.error}`);
	const summary = await sandbox.summary();
	await sandbox.fresh(SOCIAL_SET);
	const uploaded = summary.uploadedBytes - (mediaUrl ? WARM_UP_ITEMS * WARM_UP_BYTES : 0);
	context.log(
		`parallelMedia ${count(items)} items ${mediaUrl || '(no media)'}: growth ${mib(report.peakRssBytes - report.rssBeforeBytes)}, ${ms(report.wallMs)}, ${report.failed} failed${report.error ? ` (${report.error})` : ''}, uploaded ${mib(uploaded)}`,
	);
	return { report, uploaded };
}

async function withFiles<T>(bytes: number, fn: (url: (path: string) => string) => Promise<T>) {
	const files = await startFileServer(bytes);
	try {
		return await fn(files.url);
	} finally {
		await files.close();
	}
}

function growth(run: MediaRun): number {
	return run.report.peakRssBytes - run.report.rssBeforeBytes;
}

function boundRow(name: string, run: MediaRun, items: number, bytes: number): Row {
	const whole = run.uploaded === items * bytes && run.report.failed === 0;
	const g = growth(run);
	return {
		case: name,
		measure: `peak RSS growth of the process vs ${DEFAULT_PARALLEL} places in flight × ${PER_UPLOAD_BYTES / KIB} KiB per upload + ${mib(FIXED_MARGIN_BYTES)} (${whole ? 'every byte arrived, 0 failed' : `${run.report.failed} failed, ${mib(run.uploaded)} of ${mib(items * bytes)} arrived${run.report.error ? `: ${run.report.error}` : ''}`})`,
		result: `${mib(g)} (${ms(run.report.wallMs)}; all files together: ${mib(items * bytes)})`,
		target: `< ${mib(BOUND)}`,
		met: g < BOUND && whole,
	};
}

/** Create Draft with Media URLs, items in flight together: memory bounded by the places in flight, not the items. */
export const parallelMedia: BenchCase = {
	id: 'parallelMedia',
	title: 'Create Draft with Media URLs, items in flight together',
	async run(context) {
		const { config } = context;
		const items = config.parallelMediaItems;
		const small = config.parallelMediaKib * KIB;
		const large = config.parallelLargeMib * MIB;
		const many = await withFiles(small, (url) =>
			runItems(context, items, url('/files/clip.mp4'), url('/warm/clip.mp4')),
		);
		const control = await runItems(context, items, '', '');
		const few = await withFiles(large, (url) =>
			runItems(context, config.parallelLargeFiles, url('/files/clip.mp4'), url('/warm/clip.mp4')),
		);
		const at = `at ${config.latencyMs} ms sandbox latency, Max Parallel Requests ${DEFAULT_PARALLEL}`;
		return [
			boundRow(
				`${count(items)} Create Draft items with one Media URL each (${config.parallelMediaKib} KiB), ${at}`,
				many,
				items,
				small,
			),
			boundRow(
				`${count(config.parallelLargeFiles)} Create Draft items with one Media URL each (${config.parallelLargeMib} MiB), ${at}`,
				few,
				config.parallelLargeFiles,
				large,
			),
			{
				case: `${count(items)} Create Draft items without media, ${at}`,
				measure: 'peak RSS growth of the same run without media (the fixed part: engine and items)',
				result: `${mib(growth(control))} (${ms(control.report.wallMs)}${control.report.failed ? `; ${control.report.failed} failed` : ''})`,
				target: 'info',
			},
		] satisfies Row[];
	},
};
