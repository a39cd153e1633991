/**
 * The measured part of a burst: the deliveries sent across both webhook processes, the executions
 * drained and read into the burst's figures, and the control burst to n8n's own Webhook node.
 */
import { readFileSync } from 'fs';
import { loadavg } from 'os';
import { ensure } from '../../examples/catalog';
import type { CapturedDelivery, Send } from './burst';
import { percentile, planBurst, sendBurst } from './burst';
import {
	executionsInLog,
	latestExecutionId,
	readExecutions,
	waitForExecutionsToSettle,
} from './executions';
import type { BurstFigures } from './figures';
import { figuresOf, is2xx } from './figures';
import { controlLines, figureLines, ms } from './report';
import type { Phase } from './settings';
import { CONCURRENCY, DUPLICATES, END_NODE, SAME_PROCESS } from './settings';
import type { QueueCluster } from './setup';
import { CONTROL_PATH, CONTROL_WORKFLOW_ID } from './workflows';
import { step } from './steps';

/** A burst sent, with what was measured just before it. */
export interface SentBurst {
	workflowId: string;
	/** The latest execution of the workflow before the burst. */
	afterId: number;
	loadBefore: string;
	cpuBefore: Record<string, number>;
	started: number;
	sends: Send[];
	sendWallMs: number;
}

export async function sendPhaseBurst(
	cluster: QueueCluster,
	current: Phase,
	captured: CapturedDelivery[],
	label: string,
): Promise<SentBurst> {
	const workflowId = cluster.workflowIdOf(current.recipe);
	const urls = cluster.webhooks.map((hook) => `${hook.baseUrl}${cluster.pathOf(current.recipe)}`);
	const afterId = await latestExecutionId(cluster.pg, workflowId);
	const loadBefore = loadavg()
		.map((v) => v.toFixed(2))
		.join(' / ');
	const cpuBefore = cluster.cpuNow();
	const started = Date.now();
	const { sends, sendWallMs } = await step(
		`burst: ${current.deliveries} deliveries across both webhook processes, ${current.duplicates} exact duplicates to ${SAME_PROCESS ? 'the same' : 'the other'} process${label}`,
		async () => {
			const plan = planBurst(captured, current.duplicates, urls.length, SAME_PROCESS);
			const result = await sendBurst(plan, urls, CONCURRENCY);
			const errors = result.sends.filter((s) => s.error || (s.status ?? 0) >= 300);
			return {
				value: { sends: result.sends, sendWallMs: result.wallMs },
				lines: [
					`${result.sends.length} sent in ${ms(result.wallMs)}; ${errors.length} without a 2xx${
						errors.length
							? `: ${errors
									.slice(0, 3)
									.map((s) => s.error ?? `${s.status} ${s.answer}`)
									.join('; ')}`
							: ''
					}`,
				],
			};
		},
	);
	return { workflowId, afterId, loadBefore, cpuBefore, started, sends, sendWallMs };
}

export async function drainAndRead(
	cluster: QueueCluster,
	current: Phase,
	burst: SentBurst,
	settings: string[],
	label: string,
): Promise<BurstFigures> {
	const { pg, install, processes } = cluster;
	return step(
		`every execution finished; read them from PostgreSQL and the worker logs${label}`,
		async () => {
			const settled = await waitForExecutionsToSettle(
				pg,
				burst.workflowId,
				10 * 60_000,
				burst.afterId,
			);
			const cpuAfter = cluster.cpuNow();
			const executions = await readExecutions(
				pg,
				install,
				burst.workflowId,
				cluster.triggerName,
				END_NODE,
				burst.afterId,
			);
			const workers = processes.filter((p) => p.role === 'worker');
			ensure(
				workers.length === current.workers,
				`expected ${current.workers} workers, have ${workers.length}`,
			);
			const inLogs = workers.map((w) => executionsInLog(w.logFile).started);
			const latestStop = Math.max(
				...executions.map((e) => (e.stoppedAt ? Date.parse(e.stoppedAt) : 0)),
			);
			const concurrency = Number(
				/Concurrency: (\d+)/.exec(readFileSync(workers[0].logFile, 'utf8'))?.[1] ?? Number.NaN,
			);
			const value = figuresOf({
				install,
				phase: current,
				sends: burst.sends,
				executions,
				workerIds: inLogs,
				sendWallMs: burst.sendWallMs,
				drainMs: latestStop - burst.started,
				workerConcurrency: concurrency,
				settings,
				loadBefore: burst.loadBefore,
			});
			ensure(
				settled.total === executions.length,
				`PostgreSQL counted ${settled.total} executions, read ${executions.length}`,
			);
			for (const role of Object.keys(cpuAfter))
				value.cpuMs[role] = cpuAfter[role] - (burst.cpuBefore[role] ?? 0);
			// The main and webhook processes must not have run any of them.
			for (const p of processes.filter((q) => q.role !== 'worker')) {
				const other = executionsInLog(p.logFile);
				ensure(
					other.started.size === 0,
					`${p.name} logged starting executions as a worker: ${[...other.started].slice(0, 5).join(', ')}`,
				);
			}
			return { value, lines: figureLines(value) };
		},
	);
}

/** The same burst to n8n's own Webhook node; its figures go to `figures.control`. */
export async function controlBurst(
	cluster: QueueCluster,
	captured: CapturedDelivery[],
	figures: BurstFigures,
	label: string,
): Promise<void> {
	await step(
		`control: the same burst to n8n's own Webhook node (no signature check, no replay memory) on the same processes${label}`,
		async () => {
			const controlUrls = cluster.webhooks.map((hook) => `${hook.baseUrl}/webhook/${CONTROL_PATH}`);
			const controlAfter = await latestExecutionId(cluster.pg, CONTROL_WORKFLOW_ID);
			const before = cluster.cpuNow();
			const result = await sendBurst(
				planBurst(captured, DUPLICATES, controlUrls.length, SAME_PROCESS),
				controlUrls,
				CONCURRENCY,
			);
			const settled = await waitForExecutionsToSettle(
				cluster.pg,
				CONTROL_WORKFLOW_ID,
				10 * 60_000,
				controlAfter,
			);
			const after = cluster.cpuNow();
			const latencies = result.sends.map((x) => x.latencyMs ?? Number.NaN).filter(Number.isFinite);
			const cpuMs: Record<string, number> = {};
			for (const role of Object.keys(after)) cpuMs[role] = after[role] - (before[role] ?? 0);
			figures.control = {
				sent: result.sends.length,
				acked: result.sends.filter(is2xx).length,
				p50: percentile(latencies, 50),
				p99: percentile(latencies, 99),
				max: Math.max(...latencies),
				executions: settled.total,
				cpuMs,
				sendWallMs: result.wallMs,
			};
			return { value: undefined, lines: controlLines(figures) };
		},
	);
}
