/**
 * The bulk workflow in queue mode, as a manual execution offloaded to a worker (the main process runs with
 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true, as n8n 3.0 always will): started through n8n's REST API as the
 * editor's Execute Workflow does, 200 items through Draft > Create with the node's default Max Parallel Requests,
 * against the sandbox with a latency fault and a drafts.create limit of 50 per 10 s, so that the run must wait
 * for a window at least three times. Each draft must be stored once, the items come out in order and paired,
 * none failed, and the sandbox answers at most one 429 per window.
 */
import { DEFAULT_RATE_LIMITS } from '../../../sandbox/domain/rateLimit';
import { ensure } from '../../examples/catalog';
import { waitFor } from '../../lib/processes';
import { checkBulkRun, NodeRun } from '../bulk/checks';
import { perWindow, watchRequests } from '../bulk/stamps';
import { BULK_NODE, BULK_TRIGGER, bulkWorkflow } from '../bulk/workflow';
import { forInstance } from '../prepare';
import { getExecution, listExecutions, ownerSession, Session } from '../rest';
import { executionsInLog } from './executions';
import type { QueueCluster } from './setup';
import { step } from './steps';
import { importWorkflow } from './workflows';

const ITEMS = 200;
const LATENCY_MS = 100;
const LIMIT = { limit: 50, windowSeconds: 10 };
const WORKFLOW_ID = 'QueueBulkWorker1';
const TAG = `Bulk e2e ${WORKFLOW_ID}`;
const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

/** Starts the workflow as a manual execution (POST /rest/workflows/:id/run from its trigger); its execution id. */
async function runManually(session: Session): Promise<string> {
	const res = await session.request<{ data?: { executionId?: string } }>(
		'POST',
		`/rest/workflows/${WORKFLOW_ID}/run`,
		{ triggerToStartFrom: { name: BULK_TRIGGER } },
	);
	const id = res.body?.data?.executionId;
	ensure(
		res.status === 200 && id,
		`POST /rest/workflows/${WORKFLOW_ID}/run answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
	);
	return String(id);
}

/** The workers whose log says they started the execution. */
function workersThatRan(cluster: QueueCluster, executionId: string): string[] {
	return cluster.processes
		.filter((p) => p.role === 'worker' && executionsInLog(p.logFile).started.has(executionId))
		.map((p) => p.name);
}

/** Runs the bulk workflow on a worker and checks it; the lines describing it. */
async function bulkOnWorker(cluster: QueueCluster): Promise<string[]> {
	const { n8n, sandbox, install } = cluster;
	await importWorkflow(
		n8n,
		forInstance(n8n, bulkWorkflow({ id: WORKFLOW_ID, tag: TAG, count: ITEMS })),
	);
	const session = await ownerSession(n8n.baseUrl);
	sandbox.setRateLimits({ user: { limit: 100_000, windowSeconds: 60 }, socialSet: LIMIT });
	sandbox.faults.set({ latencyMs: LATENCY_MS, paths: '/drafts', methods: 'POST' });
	const watch = watchRequests(sandbox);
	const started = Date.now();
	let executionId = '';
	try {
		executionId = await runManually(session);
		const done = await waitFor(
			`execution ${executionId} to finish`,
			async () => {
				const detail = await getExecution(session, install, executionId);
				return FINISHED.has(detail.status) ? detail : undefined;
			},
			150_000,
		);
		ensure(
			done.status === 'success',
			`execution ${executionId} ended "${done.status}": ${done.resultData.error?.message ?? ''}`,
		);
		const nodeRun = done.resultData.runData[BULK_NODE]?.[0] as NodeRun | undefined;
		const lines = [checkBulkRun(sandbox, nodeRun, TAG, ITEMS)];
		const mode = (await listExecutions(session, WORKFLOW_ID)).find(
			(e) => String(e.id) === executionId,
		)?.mode;
		ensure(mode === 'manual', `execution ${executionId} ran in mode "${mode}", not manual`);
		const workers = workersThatRan(cluster, executionId);
		ensure(
			workers.length === 1,
			`execution ${executionId} should be started by one worker, the workers' logs name ${workers.length}`,
		);
		lines.push(
			`manual execution ${executionId} ran on ${workers[0]} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
		lines.push(...checkWindows(watch.stop()));
		return lines;
	} finally {
		watch.stop();
		sandbox.faults.clear();
		sandbox.setRateLimits(DEFAULT_RATE_LIMITS);
	}
}

/** Draft creates per window: at most one 429 in any, and the creates spread over the windows the limit needs. */
function checkWindows(requests: ReturnType<ReturnType<typeof watchRequests>['stop']>): string[] {
	const windows = perWindow(requests, LIMIT.windowSeconds);
	const text = windows.map((w) => `${w.created} created, ${w.limited} 429`).join('; ');
	const created = windows.reduce((n, w) => n + w.created, 0);
	ensure(
		created === ITEMS,
		`the sandbox answered ${created} draft creates with 201, expected ${ITEMS} (${text})`,
	);
	const over = windows.filter((w) => w.limited > 1);
	ensure(over.length === 0, `more than one 429 in a window of ${LIMIT.windowSeconds} s: ${text}`);
	const needed = Math.ceil(ITEMS / LIMIT.limit);
	const used = windows.filter((w) => w.created > 0).length;
	ensure(
		used >= needed,
		`the creates fell into ${used} windows, the limit needs at least ${needed} (${text})`,
	);
	return [`drafts.create at ${LIMIT.limit} per ${LIMIT.windowSeconds} s, by window: ${text}`];
}

export async function checkBulkOnWorker(cluster: QueueCluster): Promise<void> {
	await step(
		`bulk on a worker: a manual execution offloaded to a worker (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true), ${ITEMS} items through Draft > Create at ${LATENCY_MS} ms latency and ${LIMIT.limit} creates per ${LIMIT.windowSeconds} s`,
		async () => ({ value: undefined, lines: await bulkOnWorker(cluster) }),
	);
}
