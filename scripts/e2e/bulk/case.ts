/**
 * The bulk case of the real-n8n end-to-end test: 200 items through Draft > Create against the sandbox with a
 * latency fault on draft creates, once with the node's default Max Parallel Requests and once with 1, in the
 * same n8n and the same sandbox. Each run must put its items out in input order, paired with their input
 * items, each text stored once; the default run must take well under the time of the one-at-a-time run.
 */
import type { Sandbox } from '../../../sandbox';
import { ensure } from '../../examples/catalog';
import type { N8nInstance } from '../n8n';
import { executeWorkflow, forInstance, parseRunJson } from '../prepare';
import { writeFileSync, mkdirSync } from 'fs';
import { join } from 'path';
import { checkBulkRun, NodeRun } from './checks';
import { BULK_NODE, bulkWorkflow } from './workflow';

export const BULK_ITEMS = 200;
export const BULK_LATENCY_MS = 100;
/** The default run must take less than this share of the one-at-a-time run's time (about 0.15 when idle). */
export const MAX_TIME_RATIO = 0.6;

type Step = (name: string, fn: () => Promise<string[] | void>) => Promise<boolean>;

interface Timed {
	line: string;
	ms: number;
}

const RUNS = [
	{ id: 'BulkE2eDefault01', maxParallelRequests: undefined },
	{ id: 'BulkE2eOneByOne1', maxParallelRequests: 1 },
] as const;

const tagOf = (id: string) => `Bulk e2e ${id}`;

/** Both bulk workflows into n8n with one `n8n import:workflow`. */
async function importBulkWorkflows(n8n: N8nInstance): Promise<void> {
	const dir = join(n8n.userFolder, 'bulk-workflows');
	mkdirSync(dir, { recursive: true });
	for (const { id, maxParallelRequests } of RUNS) {
		const workflow = bulkWorkflow({ id, tag: tagOf(id), count: BULK_ITEMS, maxParallelRequests });
		writeFileSync(join(dir, `${id}.json`), JSON.stringify(forInstance(n8n, workflow), null, 2));
	}
	const res = await n8n.cli(['import:workflow', '--separate', `--input=${dir}`]);
	if (res.code !== 0)
		throw new Error(`Importing the bulk workflows failed:\n${res.output.slice(-2000)}`);
}

/** Executes one bulk workflow with `n8n execute`; checks it; gives the node's own time. */
async function runBulk(n8n: N8nInstance, sandbox: Sandbox, id: string): Promise<Timed> {
	const tag = tagOf(id);
	const run = await executeWorkflow(n8n, id);
	if (run.status !== 'success') throw new Error(`run status "${run.status}": ${run.error ?? ''}`);
	const parsed = parseRunJson(run.raw) as
		| { data?: { resultData?: { runData?: Record<string, NodeRun[]> } } }
		| undefined;
	const nodeRun = parsed?.data?.resultData?.runData?.[BULK_NODE]?.[0];
	const line = checkBulkRun(sandbox, nodeRun, tag, BULK_ITEMS);
	const ms = nodeRun?.executionTime;
	ensure(typeof ms === 'number', `the run data gives no execution time for "${BULK_NODE}"`);
	return { line, ms };
}

export async function checkBulk(opts: { n8n: N8nInstance; sandbox: Sandbox; step: Step }) {
	const { n8n, sandbox, step } = opts;
	const runs: { parallel?: Timed; sequential?: Timed } = {};
	const setUp = () => {
		// Room for both runs in one window: the runs are paced by the latency, not by the limits.
		sandbox.setRateLimits({
			user: { limit: 5000, windowSeconds: 60 },
			socialSet: { limit: 5000, windowSeconds: 60 },
		});
		sandbox.faults.set({ latencyMs: BULK_LATENCY_MS, paths: '/drafts', methods: 'POST' });
	};
	const bulkStep = (name: string, key: 'parallel' | 'sequential', id: string) =>
		step(name, async () => {
			if (key === 'parallel') await importBulkWorkflows(n8n);
			setUp();
			try {
				runs[key] = await runBulk(n8n, sandbox, id);
			} finally {
				sandbox.faults.clear();
			}
			return [runs[key].line, `${BULK_NODE} ran ${(runs[key].ms / 1000).toFixed(1)} s`];
		});
	await bulkStep(
		`bulk: ${BULK_ITEMS} items through Draft > Create at ${BULK_LATENCY_MS} ms latency, default Max Parallel Requests`,
		'parallel',
		RUNS[0].id,
	);
	await bulkStep(
		`bulk: the same ${BULK_ITEMS} items with Max Parallel Requests = 1`,
		'sequential',
		RUNS[1].id,
	);
	await step(
		'bulk: the default run takes well under the time of the one-at-a-time run',
		async () => {
			const { parallel, sequential } = runs;
			ensure(parallel && sequential, 'a bulk run above failed');
			const ratio = parallel.ms / sequential.ms;
			ensure(
				ratio < MAX_TIME_RATIO,
				`the default run took ${parallel.ms} ms, ${ratio.toFixed(2)} of the one-at-a-time run's ${sequential.ms} ms (must be under ${MAX_TIME_RATIO})`,
			);
			return [
				`${(parallel.ms / 1000).toFixed(1)} s against ${(sequential.ms / 1000).toFixed(1)} s: ${ratio.toFixed(2)} of it (must be under ${MAX_TIME_RATIO})`,
			];
		},
	);
}
