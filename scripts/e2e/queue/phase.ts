/**
 * One burst of the queue-mode end-to-end run (one of PHASES): more workers or restarted webhook
 * processes when its settings ask for them, the captured deliveries, the burst and its figures, the
 * control burst, then the checks.
 */
import type { CapturedDelivery } from './burst';
import { captureDeliveries } from './burst';
import { N8nProcess, startN8nProcess } from './cluster';
import { clearStaticData } from './executions';
import type { BurstFigures } from './figures';
import { controlBurst, drainAndRead, sendPhaseBurst } from './measure';
import { checkBurst } from './checks';
import { workersText } from './report';
import type { Phase } from './settings';
import { PHASES, WORKERS } from './settings';
import type { QueueCluster } from './setup';
import { step } from './steps';

/** The n8n settings of a burst: its own, then any N8N_EXPRESSION_ENGINE* of this run's environment. */
function settingsOf(current: Phase): string[] {
	const envSettings = Object.keys(process.env)
		.filter((k) => k.startsWith('N8N_EXPRESSION_ENGINE'))
		.map((k) => `${k}=${process.env[k]}`);
	return [...Object.entries(current.env).map(([k, v]) => `${k}=${v}`), ...envSettings];
}

/** What each step's name ends with when there is more than one burst. */
function labelOf(phase: number, settings: string[]): string {
	const current = PHASES[phase];
	return PHASES.length === 1
		? ''
		: ` [burst ${phase + 1} of ${PHASES.length}: ${settings.length ? settings.join(', ') : "n8n's defaults"}${current.workers === WORKERS ? '' : `, ${workersText(current.workers)}`}${current.recipe === 'redis' ? ', Redis recipe' : ''}]`;
}

export async function runPhase(cluster: QueueCluster, phase: number): Promise<BurstFigures> {
	const current = PHASES[phase];
	const settings = settingsOf(current);
	const label = labelOf(phase, settings);
	await startMoreWorkers(cluster, current, label);
	const sameSettings =
		phase > 0 && JSON.stringify(PHASES[phase - 1].env) === JSON.stringify(current.env);
	if (phase > 0 && !sameSettings) await restartWebhooks(cluster, phase, settings, label);
	const captured = await capture(cluster, current, label);
	const burst = await sendPhaseBurst(cluster, current, captured, label);
	const figures = await drainAndRead(cluster, current, burst, settings, label);
	if (current.control) await controlBurst(cluster, captured, figures, label);
	await checkBurst(figures, current, label);
	return figures;
}

async function startMoreWorkers(cluster: QueueCluster, current: Phase, label: string) {
	const { n8n, logDir, processes } = cluster;
	const running = () =>
		processes.filter((p) => p.role === 'worker' && p.process.child.exitCode === null);
	if (running().length >= current.workers) return;
	await step(`start ${current.workers - running().length} more worker(s)${label}`, async () => {
		const started: N8nProcess[] = [];
		for (let i = running().length + 1; i <= current.workers; i++) {
			const worker = await startN8nProcess(n8n, 'worker', `worker-${i}`, logDir, {
				N8N_LOG_LEVEL: 'info',
			});
			processes.push(worker);
			started.push(worker);
		}
		return {
			value: undefined,
			lines: started.map((p) => `${p.name}: ${p.baseUrl}, log ${p.logFile}`),
		};
	});
}

async function restartWebhooks(
	cluster: QueueCluster,
	phase: number,
	settings: string[],
	label: string,
): Promise<void> {
	cluster.webhooks = await step(
		`restart both webhook processes with ${settings.length ? settings.join(', ') : "n8n's defaults"}; empty the trigger's static data${label}`,
		async () => {
			for (const hook of cluster.webhooks) await hook.process.stop();
			await clearStaticData(cluster.pg, cluster.workflowIdOf(PHASES[phase].recipe));
			const hooks = await cluster.startWebhooks(phase);
			return {
				value: hooks,
				lines: hooks.map((p) => `${p.name}: ${p.baseUrl}, log ${p.logFile}`),
			};
		},
	);
}

async function capture(
	cluster: QueueCluster,
	current: Phase,
	label: string,
): Promise<CapturedDelivery[]> {
	return step(
		`the sandbox signs and sends ${current.deliveries - current.duplicates} draft.published deliveries (captured)${label}`,
		async () => {
			const lines: string[] = [];
			const value = await captureDeliveries(
				cluster.sandbox,
				current.deliveries - current.duplicates,
				(line) => lines.push(line),
			);
			return { value, lines };
		},
	);
}
