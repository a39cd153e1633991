/**
 * End-to-end test of n8n in queue mode (npm run test:e2e:queue): real Redis and PostgreSQL, n8n's
 * main process, one worker and two webhook processes; the packed package installed as a community
 * package, the examples imported, the trigger workflow published; then a burst of signed deliveries
 * made by the sandbox, split across both webhook processes, with exact duplicates sent to the other
 * process, and the same burst to n8n's own Webhook node as a control; again for each setting of the
 * webhook processes; then with two workers, a smaller burst to the trigger example and one to the Redis
 * example, which counts each delivery_id in Redis and lets only the first on (see PHASES). Before the
 * bursts, the PostgreSQL example upserts analytics rows into the same PostgreSQL server twice over
 * overlapping ranges (analyticsRows.ts): one row per post with the newest metrics. Prints the
 * figures and writes them to bench/RESULTS.md ("queue mode burst").
 *
 *   ts-node --transpile-only scripts/e2e/queue/run.ts [install name or n8n version ...]   (default: n8n 2.41.1 on Node 24)
 *   QUEUE_BURST_DELIVERIES=500 QUEUE_BURST_DUPLICATES=50 QUEUE_BURST_CONCURRENCY=50 set the burst, QUEUE_WORKERS=1 the workers;
 *   QUEUE_DUPLICATES_TO=same sends each duplicate to its original's webhook process (default: the other one);
 *   E2E_TARBALL=<file.tgz> tests that tarball; E2E_KEEP=1 keeps the throwaway folders; QUEUE_RESULTS=false
 *   writes no results file; QUEUE_PROFILE=1 has the first webhook process write a CPU profile to .e2e/queue/prof;
 *   QUEUE_WEBHOOK_ENV='{"N8N_EXPRESSION_ENGINE":"legacy"}' sends one burst with these n8n settings (JSON) on both webhook
 *   processes, a JSON array one burst per object (by default three: n8n's defaults, N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true,
 *   N8N_EXPRESSION_ENGINE=legacy); QUEUE_TRIGGER_VERSION=1.1 the trigger node's version in the tested workflow;
 *   QUEUE_TWO_WORKER_DELIVERIES=200 the deliveries (duplicates included) of each two-worker burst, QUEUE_TWO_WORKERS=0 skips them.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { loadavg, tmpdir } from 'os';
import { dirname, join } from 'path';
import { startSandbox } from '../../../sandbox';
import { withSection } from '../../lib/resultsSections';
import { EXAMPLES, ensure, loadExample } from '../../examples/catalog';
import { buildPackage, packPackage, REPO_ROOT } from '../../lib/pack';
import {
	groupCpuMs,
	liveGroups,
	removeOnExit,
	startedGroupCount,
	stopAll,
	stopAllOnExit,
} from '../../lib/processes';
import { ensureInstalled } from '../install-n8n';
import { N8nInstall } from '../installs';
import { assertPortsHandled, prepareN8n } from '../n8n';
import { holdDefaultPorts } from '../ports';
import {
	forInstance,
	importCredential,
	importExamples,
	importRedisCredential,
	loadedPackageNodeTypes,
} from '../prepare';
import { ownerSession } from '../rest';
import { activateWorkflow } from '../trigger';
import { checkAnalyticsRows } from './analyticsRows';
import { captureDeliveries, percentile, planBurst, sendBurst } from './burst';
import type { BurstFigures } from './figures';
import { figuresOf, is2xx } from './figures';
import {
	controlLines,
	figureLines,
	ms,
	recipeText,
	resultsSection,
	sum,
	workersText,
} from './report';
import type { Recipe } from './settings';
import {
	CONCURRENCY,
	DEFAULT_INSTALL,
	DUPLICATES,
	END_NODE,
	PHASES,
	REMOVE_DUPLICATES,
	SAME_PROCESS,
	TRIGGER_VERSION,
	WORKERS,
} from './settings';
import { N8nProcess, queueEnv, startN8nProcess } from './cluster';
import {
	clearStaticData,
	executionsInLog,
	latestExecutionId,
	readExecutions,
	waitForExecutionsToSettle,
} from './executions';
import { ensureServers, Postgres, Service, startPostgres, startRedis } from './services';
import {
	CONTROL_PATH,
	CONTROL_WORKFLOW_ID,
	importControl,
	importWorkflow,
	withRemoveDuplicates,
	withTriggerVersion,
} from './workflows';

let failures = 0;
let loadBefore = 'n/a';
const reported = new WeakSet<Error>();

async function step<T>(
	name: string,
	fn: () => Promise<{ value: T; lines?: string[] }>,
): Promise<T> {
	const started = Date.now();
	try {
		const { value, lines = [] } = await fn();
		console.log(`  ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
		for (const line of lines) console.log(`          ${line}`);
		return value;
	} catch (error) {
		failures++;
		reported.add(error as Error);
		const cause = (error as Error & { cause?: Error }).cause;
		const message = `${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`;
		console.log(
			`  FAIL  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n          ${message.split('\n').join('\n          ')}`,
		);
		throw error;
	}
}

/**
 * The status an unsigned POST gets, asked until it is not 404 (the webhook not registered yet) or
 * `attempts` run out. A connection error counts as not answered yet: a busy machine can make the server
 * drop the kept-alive connection of the readiness probe just as this request reuses it.
 */
async function unsignedPostStatus(url: string, attempts = 120): Promise<number | string> {
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

function check(failed: string[], condition: boolean, message: string): void {
	if (!condition) failed.push(message);
}

async function runOne(
	install: N8nInstall,
	tarball: string,
	logDir: string,
): Promise<BurstFigures[]> {
	console.log(
		`\nn8n ${install.n8n} (${install.runtime === 'node24' ? 'Node 24' : `Node ${process.versions.node}`}) in queue mode`,
	);
	const base = mkdtempSync(join(tmpdir(), 'n8n-queue-e2e-'));
	// Removed at the end, and also when the run is interrupted (after its processes are stopped).
	const removeBase = process.env.E2E_KEEP ? () => undefined : removeOnExit(base);
	// PostgreSQL runs as its own account when this runs as root: it must be able to reach its data folder.
	chmodSync(base, 0o711);
	const sandbox = await startSandbox({ port: 0, quiet: true });
	const n8nProcesses: N8nProcess[] = [];
	const services: Service[] = [];
	const bursts: BurstFigures[] = [];
	try {
		const { redis, pg } = await step(
			'start Redis and PostgreSQL on free loopback ports with throwaway data folders',
			async () => {
				const redis = await startRedis(join(base, 'redis'));
				services.push(redis);
				const pg: Postgres = await startPostgres(join(base, 'postgres'));
				services.push(pg);
				return {
					value: { redis, pg },
					lines: [
						`redis-server on ${redis.port}, PostgreSQL on ${pg.port} (database "${pg.database}"), data under ${base}`,
					],
				};
			},
		);
		const n8n = await step('install the package tarball as a community package', async () => {
			const value = await prepareN8n({
				install,
				tarball,
				mode: 'community',
				userFolder: join(base, 'n8n'),
				extraEnv: queueEnv(pg, redis),
			});
			return { value, lines: [assertPortsHandled(install)] };
		});
		await step('the package loads: n8n lists its node types', async () => {
			const types = await loadedPackageNodeTypes(n8n);
			for (const name of ['socialPublishing', 'socialPublishingTrigger'])
				ensure(
					types.includes(`${n8n.typePrefix}.${name}`),
					`n8n did not load ${n8n.typePrefix}.${name}; it lists ${JSON.stringify(types)}`,
				);
			return { value: undefined, lines: [types.join(', ')] };
		});
		const triggerExample = EXAMPLES.find((e) => e.trigger && !e.redis);
		ensure(triggerExample, 'no trigger example in the catalog');
		const workflow = loadExample(triggerExample);
		const triggerNode = workflow.nodes.find((node) => node.webhookId);
		ensure(triggerNode?.webhookId, `${triggerExample.file} has no node with a webhookId`);
		const redisExample = EXAMPLES.find((e) => e.trigger && e.redis);
		ensure(redisExample, 'no Redis example in the catalog');
		const redisWorkflow = loadExample(redisExample);
		const redisTrigger = redisWorkflow.nodes.find((node) => node.webhookId);
		ensure(redisTrigger?.webhookId, `${redisExample.file} has no node with a webhookId`);
		ensure(
			redisTrigger.name === triggerNode.name,
			`the Redis example's trigger should be named "${triggerNode.name}" as the trigger example's`,
		);
		await step(
			'import the credential and the examples into PostgreSQL; publish the trigger workflow',
			async () => {
				await importCredential(n8n, {
					apiKey: sandbox.keys.admin,
					baseUrl: sandbox.baseUrl,
					webhookSecret: sandbox.webhookSecret,
				});
				const workflows = await importExamples(n8n);
				const tested = withTriggerVersion(
					forInstance(n8n, workflow),
					triggerNode.name,
					TRIGGER_VERSION,
				);
				await importWorkflow(
					n8n,
					REMOVE_DUPLICATES ? withRemoveDuplicates(tested, triggerNode.name) : tested,
				);
				const how = await activateWorkflow(n8n, workflow.id);
				await importControl(n8n);
				// The Redis example talks to the queue's own Redis.
				await importRedisCredential(n8n, redis.port);
				await activateWorkflow(n8n, redisWorkflow.id);
				return {
					value: undefined,
					lines: [
						`${workflows.length} workflows; "${workflow.name}" (its trigger at version ${TRIGGER_VERSION}) activated with ${how}; the control workflow (n8n's Webhook node) and "${redisWorkflow.name}" (Redis credential: the queue's Redis on ${redis.port}) too`,
					],
				};
			},
		);
		await step(
			'the PostgreSQL example in n8n: analytics rows upserted twice over overlapping ranges, one row per post with the newest metrics',
			async () => ({ value: undefined, lines: await checkAnalyticsRows(n8n, pg, sandbox) }),
		);
		const path = `/webhook/${triggerNode.webhookId}/webhook`;
		const pathOf = (recipe: Recipe) =>
			recipe === 'redis' ? `/webhook/${redisTrigger.webhookId}/webhook` : path;
		const workflowIdOf = (recipe: Recipe) => (recipe === 'redis' ? redisWorkflow.id : workflow.id);
		/** Starts the two webhook processes with the burst's settings; each must answer an unsigned delivery with 401. */
		const startWebhooks = async (phase: number): Promise<N8nProcess[]> => {
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
			n8nProcesses.push(...hooks);
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
		let webhooks = await step(
			`start n8n: main (n8n start), ${WORKERS === 1 ? 'worker' : `${WORKERS} workers`} (n8n worker), two webhook processes (n8n webhook)`,
			async () => {
				n8nProcesses.push(await startN8nProcess(n8n, 'main', 'main', logDir));
				// Workers log at info level: "Worker started execution <id>" names every execution each runs.
				for (let i = 1; i <= WORKERS; i++)
					n8nProcesses.push(
						await startN8nProcess(n8n, 'worker', `worker-${i}`, logDir, { N8N_LOG_LEVEL: 'info' }),
					);
				const hooks = await startWebhooks(0);
				const mainStatus = await unsignedPostStatus(`${n8n.baseUrl}${path}`, 1);
				await ownerSession(n8n.baseUrl);
				return {
					value: hooks,
					lines: [
						...n8nProcesses.map(
							(p) =>
								`${p.name}: ${p.baseUrl}, task broker ${p.ports.N8N_RUNNERS_BROKER_PORT}, log ${p.logFile}`,
						),
						`an unsigned POST to the trigger answers 401 on both webhook processes; the main process answers ${mainStatus} (production webhooks are off there)`,
					],
				};
			},
		);
		const roleOf = (p: N8nProcess) => (p.role === 'webhook' ? 'webhook processes' : p.role);
		/** CPU used so far by each kind of process that is running now (a restarted process starts from 0). */
		const cpuNow = () => {
			const groups: Array<[string, number | undefined]> = [
				...n8nProcesses
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
		const envSettings = Object.keys(process.env)
			.filter((k) => k.startsWith('N8N_EXPRESSION_ENGINE'))
			.map((k) => `${k}=${process.env[k]}`);
		for (let phase = 0; phase < PHASES.length; phase++) {
			const current = PHASES[phase];
			const settings = [
				...Object.entries(current.env).map(([k, v]) => `${k}=${v}`),
				...envSettings,
			];
			const label =
				PHASES.length === 1
					? ''
					: ` [burst ${phase + 1} of ${PHASES.length}: ${settings.length ? settings.join(', ') : "n8n's defaults"}${current.workers === WORKERS ? '' : `, ${workersText(current.workers)}`}${current.recipe === 'redis' ? ', Redis recipe' : ''}]`;
			const running = () =>
				n8nProcesses.filter((p) => p.role === 'worker' && p.process.child.exitCode === null);
			if (running().length < current.workers) {
				await step(
					`start ${current.workers - running().length} more worker(s)${label}`,
					async () => {
						const started: N8nProcess[] = [];
						for (let i = running().length + 1; i <= current.workers; i++) {
							const worker = await startN8nProcess(n8n, 'worker', `worker-${i}`, logDir, {
								N8N_LOG_LEVEL: 'info',
							});
							n8nProcesses.push(worker);
							started.push(worker);
						}
						return {
							value: undefined,
							lines: started.map((p) => `${p.name}: ${p.baseUrl}, log ${p.logFile}`),
						};
					},
				);
			}
			const sameSettings =
				phase > 0 && JSON.stringify(PHASES[phase - 1].env) === JSON.stringify(current.env);
			if (phase > 0 && !sameSettings) {
				webhooks = await step(
					`restart both webhook processes with ${settings.length ? settings.join(', ') : "n8n's defaults"}; empty the trigger's static data${label}`,
					async () => {
						for (const hook of webhooks) await hook.process.stop();
						await clearStaticData(pg, workflowIdOf(current.recipe));
						const hooks = await startWebhooks(phase);
						return {
							value: hooks,
							lines: hooks.map((p) => `${p.name}: ${p.baseUrl}, log ${p.logFile}`),
						};
					},
				);
			}
			const captured = await step(
				`the sandbox signs and sends ${current.deliveries - current.duplicates} draft.published deliveries (captured)${label}`,
				async () => {
					const lines: string[] = [];
					const value = await captureDeliveries(
						sandbox,
						current.deliveries - current.duplicates,
						(line) => lines.push(line),
					);
					return { value, lines };
				},
			);
			const burstWorkflowId = workflowIdOf(current.recipe);
			const urls = webhooks.map((hook) => `${hook.baseUrl}${pathOf(current.recipe)}`);
			const afterId = await latestExecutionId(pg, burstWorkflowId);
			loadBefore = loadavg()
				.map((v) => v.toFixed(2))
				.join(' / ');
			const cpuBefore = cpuNow();
			const burstStarted = Date.now();
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
			const figures = await step(
				`every execution finished; read them from PostgreSQL and the worker logs${label}`,
				async () => {
					const settled = await waitForExecutionsToSettle(
						pg,
						burstWorkflowId,
						10 * 60_000,
						afterId,
					);
					const cpuAfter = cpuNow();
					const executions = await readExecutions(
						pg,
						install,
						burstWorkflowId,
						triggerNode.name,
						END_NODE,
						afterId,
					);
					const workers = n8nProcesses.filter((p) => p.role === 'worker');
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
						sends,
						executions,
						workerIds: inLogs,
						sendWallMs,
						drainMs: latestStop - burstStarted,
						workerConcurrency: concurrency,
						settings,
						loadBefore,
					});
					ensure(
						settled.total === executions.length,
						`PostgreSQL counted ${settled.total} executions, read ${executions.length}`,
					);
					for (const role of Object.keys(cpuAfter))
						value.cpuMs[role] = cpuAfter[role] - (cpuBefore[role] ?? 0);
					// The main and webhook processes must not have run any of them.
					for (const p of n8nProcesses.filter((q) => q.role !== 'worker')) {
						const other = executionsInLog(p.logFile);
						ensure(
							other.started.size === 0,
							`${p.name} logged starting executions as a worker: ${[...other.started].slice(0, 5).join(', ')}`,
						);
					}
					return { value, lines: figureLines(value) };
				},
			);
			if (current.control)
				await step(
					`control: the same burst to n8n's own Webhook node (no signature check, no replay memory) on the same processes${label}`,
					async () => {
						const controlUrls = webhooks.map((hook) => `${hook.baseUrl}/webhook/${CONTROL_PATH}`);
						const controlAfter = await latestExecutionId(pg, CONTROL_WORKFLOW_ID);
						const before = cpuNow();
						const result = await sendBurst(
							planBurst(captured, DUPLICATES, controlUrls.length, SAME_PROCESS),
							controlUrls,
							CONCURRENCY,
						);
						const settled = await waitForExecutionsToSettle(
							pg,
							CONTROL_WORKFLOW_ID,
							10 * 60_000,
							controlAfter,
						);
						const after = cpuNow();
						const latencies = result.sends
							.map((x) => x.latencyMs ?? Number.NaN)
							.filter(Number.isFinite);
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
			// No copy may run the workflow twice: with one worker the trigger's check on the worker is exact,
			// with several the Redis recipe must be.
			const exact = current.workers === 1 || current.recipe === 'redis';
			await step(
				`checks: all acknowledged, none lost, one execution per delivery acknowledged as new, every execution run by a worker and successful${exact ? ', no duplicate ran the workflow' : ''}${label}`,
				async () => {
					const failed: string[] = [];
					check(
						failed,
						figures.acked === figures.sent,
						`${figures.sent - figures.acked} deliveries were not acknowledged with a 2xx`,
					);
					check(failed, figures.lost === 0, `${figures.lost} distinct deliveries started no run`);
					// Every delivery answered as new started exactly one execution: the count of duplicates that started one rests on it.
					check(
						failed,
						figures.answeredNew === figures.executions,
						`${figures.answeredNew} deliveries were acknowledged as new but ${figures.executions} executions started`,
					);
					check(
						failed,
						figures.onWorker === figures.executions,
						`${figures.executions - figures.onWorker} executions are not in the worker's log`,
					);
					check(
						failed,
						figures.succeeded === figures.executions,
						`${figures.executions - figures.succeeded} executions did not succeed`,
					);
					if (exact)
						check(
							failed,
							sum(figures.duplicatesRun) === 0,
							`${sum(figures.duplicatesRun)} duplicates ran the workflow with ${workersText(current.workers)}${current.recipe === 'redis' ? ' and the Redis recipe' : ''}`,
						);
					check(
						failed,
						figures.strayRuns === 0,
						`${figures.strayRuns} runs reached the end with a draft that was not in the burst`,
					);
					if (failed.length) throw new Error(failed.join('\n'));
					return {
						value: undefined,
						lines: [
							`(latency${exact ? '' : ' and duplicates that ran'} are figures, reported against their targets in bench/RESULTS.md, not pass/fail here)`,
						],
					};
				},
			);
			bursts.push(figures);
		}
		return bursts;
	} catch (error) {
		if (!reported.has(error as Error)) {
			failures++;
			console.log(`  FAIL  ${(error as Error).stack ?? String(error)}`);
		}
		return [];
	} finally {
		// n8n first (it holds connections to the database and Redis), then the services, then anything left.
		for (const p of n8nProcesses.reverse()) await p.process.stop();
		for (const s of services.reverse()) await s.stop();
		await stopAll();
		await sandbox.close();
		if (process.env.E2E_KEEP) console.log(`  kept ${base}`);
		else removeBase();
	}
}

async function main(): Promise<number> {
	stopAllOnExit();
	const t0 = Date.now();
	const installs = ensureInstalled(
		process.argv.slice(2).length ? process.argv.slice(2) : [DEFAULT_INSTALL],
	);
	console.log(`n8n installs ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
	console.log(`Redis and PostgreSQL: ${await ensureServers()}`);
	const given = process.env.E2E_TARBALL;
	let tarball = given ?? '';
	if (!given) {
		await buildPackage();
		tarball = await packPackage();
	}
	const removeTarball = given ? () => undefined : removeOnExit(dirname(tarball));
	const logDir = join(REPO_ROOT, '.e2e', 'queue');
	rmSync(logDir, { recursive: true, force: true });
	mkdirSync(logDir, { recursive: true });
	const defaults = await holdDefaultPorts();
	console.log(
		`n8n's default ports held during the run: ${defaults.held.join(', ') || 'none (all in use already)'}`,
	);
	const results: BurstFigures[][] = [];
	try {
		for (const install of installs) {
			const bursts = await runOne(install, tarball, logDir);
			if (bursts.length) results.push(bursts);
		}
	} finally {
		await defaults.release();
		removeTarball();
	}
	const left = liveGroups();
	console.log(
		`\nprocesses left running: ${left.length} (${startedGroupCount()} process groups started, their members and descendants checked)${left.length ? `: pids ${left.join(', ')}` : ''}`,
	);
	if (left.length) failures++;
	const file = process.env.QUEUE_RESULTS === 'false' ? '' : join(REPO_ROOT, 'bench', 'RESULTS.md');
	if (file && results.length) {
		const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
		const text = readFileSync(file, 'utf8');
		writeFileSync(
			file,
			withSection(
				text,
				'queue-mode-burst',
				['## Queue mode burst', ...results.map((bursts) => resultsSection(bursts, when))].join(
					'\n\n',
				),
			),
		);
		console.log(`wrote the queue mode burst figures to ${file}`);
	}
	console.log(
		`\nqueue-mode end-to-end: ${((Date.now() - t0) / 1000).toFixed(0)} s, ${failures === 0 ? 'passed' : `${failures} failed`}`,
	);
	return failures === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	async (error: Error) => {
		console.error(error.stack ?? error.message);
		await stopAll();
		process.exit(1);
	},
);
