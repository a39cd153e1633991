/**
 * Create Draft with Media URLs on many items in one node run, in a fresh process so its peak RSS is the run's
 * alone (bench/cases/parallelMedia.ts). The files are served by the parent process; each item names one URL,
 * which the node opens, streams into a presigned upload, waits for and attaches. `mediaUrl` empty: the same
 * items without media (the control). argv: JSON of ParallelMediaJob. Replies one ParallelMediaReport over IPC.
 */
import '../../scripts/lib/tsResolve';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';
import { emptyItems, runNode } from './nodeRunner';
import { rssPeakTracker } from './rss';
import { CREATE_PARAMETERS } from '../cases/createDraft';

export interface ParallelMediaJob {
	baseUrl: string;
	apiKey: string;
	items: number;
	/** The file each item attaches ('' for none), and a small one for the warm-up items. */
	mediaUrl: string;
	warmUpUrl: string;
	warmUpItems: number;
}

export interface ParallelMediaReport {
	rssBeforeBytes: number;
	peakRssBytes: number;
	wallMs: number;
	failed: number;
	error?: string;
}

/** Create Draft at the default Max Parallel Requests, with one Media URL per item when given. */
function parameters(mediaUrl: string): INodeParameters {
	return {
		...CREATE_PARAMETERS,
		requestOptions: {},
		...(mediaUrl ? { mediaUrls: mediaUrl } : {}),
	};
}

async function main(): Promise<ParallelMediaReport> {
	const job = JSON.parse(process.argv[2]) as ParallelMediaJob;
	await Container.get(BinaryDataService).init();
	const target = { baseUrl: job.baseUrl, apiKey: job.apiKey };
	// Warm-up: code loaded lazily on first use (HTTP clients, n8n-core helpers) is not the run's cost.
	const warm = await runNode(
		target,
		parameters(job.mediaUrl ? job.warmUpUrl : ''),
		emptyItems(job.warmUpItems),
	);
	if (warm.failed)
		throw new Error(`warm-up: ${JSON.stringify(warm.items[0].json.error).slice(0, 300)}`);
	(globalThis as { gc?: () => void }).gc?.();
	await new Promise((resolve) => setTimeout(resolve, 200));
	const rssBeforeBytes = process.memoryUsage.rss();
	const stop = rssPeakTracker();
	const started = Date.now();
	const outcome = await runNode(target, parameters(job.mediaUrl), emptyItems(job.items));
	const wallMs = Date.now() - started;
	const peakRssBytes = stop();
	const failedItem = outcome.items.find((item) => item.json.error !== undefined);
	return {
		rssBeforeBytes,
		peakRssBytes,
		wallMs,
		failed: outcome.failed,
		error: failedItem ? JSON.stringify(failedItem.json.error).slice(0, 300) : undefined,
	};
}

main().then(
	(report) => process.send?.(report, () => process.exit(0)),
	(error: Error) =>
		process.send?.(
			{ rssBeforeBytes: 0, peakRssBytes: 0, wallMs: 0, failed: -1, error: error.message },
			() => process.exit(1),
		),
);
