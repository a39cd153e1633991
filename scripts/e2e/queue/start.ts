/**
 * Starting the n8n processes of the queue-mode end-to-end run (main, workers, the two webhook
 * processes) and measuring the CPU each kind of process has used.
 */
import { join } from 'path';
import { ensure } from '../../examples/catalog';
import { groupCpuMs } from '../../lib/processes';
import { N8nInstance } from '../n8n';
import { ownerSession } from '../rest';
import { N8nProcess, startN8nProcess } from './cluster';
import { recipeText } from './report';
import type { Recipe } from './settings';
import { PHASES, WORKERS } from './settings';
import type { Postgres, Service } from './services';
import { step } from './steps';

/**
 * The status an unsigned POST gets, asked until it is not 404 (the webhook not registered yet) or
 * `attempts` run out. A connection error counts as not answered yet: a busy machine can make the server
 * drop the kept-alive connection of the readiness probe just as this request reuses it.
 */
export async function unsignedPostStatus(url: string, attempts = 120): Promise<number | string> {
	let last: number | string = 'no answer';
	for (let i = 0; i < attempts; i++) {
		try {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
				signal: AbortSignal.timeout(30_000),
			});
			await res.arrayBuffer();
			last = res.status;
			if (res.status !== 404) return res.status;
		} catch (error) {
			const cause = (error as Error & { cause?: Error }).cause;
			last = `${(error as Error).message}${cause ? ` (${cause.message})` : ''}`;
		}
		if (i + 1 < attempts) await new Promise((resolve) => setTimeout(resolve, 500));
	}
	return last;
}

/**
 * A function that starts the two webhook processes with a burst's settings (adding them to
 * `processes`); each must answer an unsigned delivery with 401.
 */
export function webhookStarter(
	n8n: N8nInstance,
	logDir: string,
	processes: N8nProcess[],
	pathOf: (recipe: Recipe) => string,
): (phase: number) => Promise<N8nProcess[]> {
	return async (phase) => {
		const suffix = phase === 0 ? '' : `-burst-${phase + 1}`;
		// QUEUE_PROFILE=1: webhook-1 of the first burst writes a CPU profile when it stops (for bench/profile.ts).
		const profile =
			process.env.QUEUE_PROFILE && phase === 0
				? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(logDir, 'prof')}` }
				: {};
		const hooks = [
			await startN8nProcess(n8n, 'webhook', `webhook-1${suffix}`, logDir, {
				...profile,
				...PHASES[phase].env,
			}),
			await startN8nProcess(n8n, 'webhook', `webhook-2${suffix}`, logDir, PHASES[phase].env),
		];
		processes.push(...hooks);
		for (const hook of hooks) {
			for (const recipe of ['none', 'redis'] as const) {
				const status = await unsignedPostStatus(`${hook.baseUrl}${pathOf(recipe)}`);
				ensure(
					status === 401,
					`an unsigned delivery to ${hook.name} (${recipeText(recipe)}) should get 401 from the trigger, got ${status}`,
				);
			}
		}
		return hooks;
	};
}

/** Starts main, the workers and the webhook processes of the first burst; returns the webhook processes. */
export async function startProcesses(
	n8n: N8nInstance,
	logDir: string,
	processes: N8nProcess[],
	startWebhooks: (phase: number) => Promise<N8nProcess[]>,
	path: string,
): Promise<N8nProcess[]> {
	return step(
		`start n8n: main (n8n start), ${WORKERS === 1 ? 'worker' : `${WORKERS} workers`} (n8n worker), two webhook processes (n8n webhook)`,
		async () => {
			// Manual executions go to the workers, as in n8n 3.0 (the bulk step starts one: bulk.ts).
			processes.push(
				await startN8nProcess(n8n, 'main', 'main', logDir, {
					OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
				}),
			);
			// Workers log at info level: "Worker started execution <id>" names every execution each runs.
			for (let i = 1; i <= WORKERS; i++)
				processes.push(
					await startN8nProcess(n8n, 'worker', `worker-${i}`, logDir, { N8N_LOG_LEVEL: 'info' }),
				);
			const hooks = await startWebhooks(0);
			const mainStatus = await unsignedPostStatus(`${n8n.baseUrl}${path}`, 1);
			await ownerSession(n8n.baseUrl);
			return {
				value: hooks,
				lines: [
					...processes.map(
						(p) =>
							`${p.name}: ${p.baseUrl}, task broker ${p.ports.N8N_RUNNERS_BROKER_PORT}, log ${p.logFile}`,
					),
					`an unsigned POST to the trigger answers 401 on both webhook processes; the main process answers ${mainStatus} (production webhooks are off there)`,
				],
			};
		},
	);
}

const roleOf = (p: N8nProcess) => (p.role === 'webhook' ? 'webhook processes' : p.role);

/** A function giving the CPU used so far by each kind of process that is running now (a restarted process starts from 0). */
export function cpuMeter(
	processes: N8nProcess[],
	pg: Postgres,
	redis: Service,
): () => Record<string, number> {
	return () => {
		const groups: Array<[string, number | undefined]> = [
			...processes
				.filter((p) => p.process.child.exitCode === null && p.process.child.signalCode === null)
				.map((p): [string, number | undefined] => [roleOf(p), p.process.child.pid]),
			['PostgreSQL', pg.process.child.pid],
			['Redis', redis.process.child.pid],
		];
		const totals: Record<string, number> = {};
		for (const [role, pgid] of groups) {
			const used = pgid === undefined ? undefined : groupCpuMs(pgid);
			if (used !== undefined) totals[role] = (totals[role] ?? 0) + used;
		}
		const own = process.cpuUsage();
		totals.sender = (own.user + own.system) / 1000;
		return totals;
	};
}
