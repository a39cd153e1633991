/**
 * The set-up of one queue-mode end-to-end run: Redis and PostgreSQL, the package installed in n8n,
 * the examples imported and the trigger workflows published, the PostgreSQL example's step, then
 * n8n's main, worker and webhook processes. What the bursts need is the QueueCluster it returns.
 */
import { join } from 'path';
import type { Sandbox } from '../../../sandbox';
import { EXAMPLES, ensure, loadExample, WorkflowFile } from '../../examples/catalog';
import { N8nInstall } from '../installs';
import { assertPortsHandled, N8nInstance, prepareN8n } from '../n8n';
import {
	forInstance,
	importCredential,
	importExamples,
	importRedisCredential,
	loadedPackageNodeTypes,
} from '../prepare';
import { activateWorkflow } from '../trigger';
import { checkAnalyticsRows } from './analyticsRows';
import { N8nProcess, queueEnv } from './cluster';
import type { Recipe } from './settings';
import { REMOVE_DUPLICATES, TRIGGER_VERSION } from './settings';
import { Postgres, Service, startPostgres, startRedis } from './services';
import { cpuMeter, startProcesses, webhookStarter } from './start';
import { step } from './steps';
import {
	importControl,
	importWorkflow,
	withRemoveDuplicates,
	withTriggerVersion,
} from './workflows';

/** What the run starts and must stop at the end, however far it got: n8n's processes, then the services. */
export interface ToStop {
	processes: N8nProcess[];
	services: Service[];
}

export interface QueueCluster {
	install: N8nInstall;
	logDir: string;
	sandbox: Sandbox;
	n8n: N8nInstance;
	pg: Postgres;
	redis: Service;
	/** Every n8n process started so far, stopped ones included. */
	processes: N8nProcess[];
	/** The two webhook processes running now. */
	webhooks: N8nProcess[];
	/** The name of the trigger node, the same in the trigger example and the Redis example. */
	triggerName: string;
	pathOf: (recipe: Recipe) => string;
	workflowIdOf: (recipe: Recipe) => string;
	startWebhooks: (phase: number) => Promise<N8nProcess[]>;
	cpuNow: () => Record<string, number>;
}

/** The trigger example and the Redis example, with their trigger node. */
interface TriggerWorkflows {
	workflow: WorkflowFile;
	triggerName: string;
	webhookId: string;
	redisWorkflow: WorkflowFile;
	redisWebhookId: string;
}

export async function setUpCluster(
	install: N8nInstall,
	tarball: string,
	logDir: string,
	base: string,
	sandbox: Sandbox,
	toStop: ToStop,
): Promise<QueueCluster> {
	const { redis, pg } = await startServices(base, toStop.services);
	const n8n = await installPackage(install, tarball, base, pg, redis);
	await checkLoaded(n8n);
	const triggers = triggerWorkflows();
	await importAll(n8n, sandbox, redis, triggers);
	await step(
		'the PostgreSQL example in n8n: analytics rows upserted twice over overlapping ranges, one row per post with the newest metrics',
		async () => ({ value: undefined, lines: await checkAnalyticsRows(n8n, pg, sandbox) }),
	);
	const path = `/webhook/${triggers.webhookId}/webhook`;
	const pathOf = (recipe: Recipe) =>
		recipe === 'redis' ? `/webhook/${triggers.redisWebhookId}/webhook` : path;
	const workflowIdOf = (recipe: Recipe) =>
		recipe === 'redis' ? triggers.redisWorkflow.id : triggers.workflow.id;
	const processes = toStop.processes;
	const startWebhooks = webhookStarter(n8n, logDir, processes, pathOf);
	const webhooks = await startProcesses(n8n, logDir, processes, startWebhooks, path);
	return {
		install,
		logDir,
		sandbox,
		n8n,
		pg,
		redis,
		processes,
		webhooks,
		triggerName: triggers.triggerName,
		pathOf,
		workflowIdOf,
		startWebhooks,
		cpuNow: cpuMeter(processes, pg, redis),
	};
}

async function startServices(
	base: string,
	services: Service[],
): Promise<{ redis: Service; pg: Postgres }> {
	return step(
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
}

async function installPackage(
	install: N8nInstall,
	tarball: string,
	base: string,
	pg: Postgres,
	redis: Service,
): Promise<N8nInstance> {
	return step('install the package tarball as a community package', async () => {
		const value = await prepareN8n({
			install,
			tarball,
			mode: 'community',
			userFolder: join(base, 'n8n'),
			extraEnv: queueEnv(pg, redis),
		});
		return { value, lines: [assertPortsHandled(install)] };
	});
}

async function checkLoaded(n8n: N8nInstance): Promise<void> {
	await step('the package loads: n8n lists its node types', async () => {
		const types = await loadedPackageNodeTypes(n8n);
		for (const name of ['socialPublishing', 'socialPublishingTrigger'])
			ensure(
				types.includes(`${n8n.typePrefix}.${name}`),
				`n8n did not load ${n8n.typePrefix}.${name}; it lists ${JSON.stringify(types)}`,
			);
		return { value: undefined, lines: [types.join(', ')] };
	});
}

function triggerWorkflows(): TriggerWorkflows {
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
	return {
		workflow,
		triggerName: triggerNode.name,
		webhookId: triggerNode.webhookId,
		redisWorkflow,
		redisWebhookId: redisTrigger.webhookId,
	};
}

async function importAll(
	n8n: N8nInstance,
	sandbox: Sandbox,
	redis: Service,
	{ workflow, triggerName, redisWorkflow }: TriggerWorkflows,
): Promise<void> {
	await step(
		'import the credential and the examples into PostgreSQL; publish the trigger workflow',
		async () => {
			await importCredential(n8n, {
				apiKey: sandbox.keys.admin,
				baseUrl: sandbox.baseUrl,
				webhookSecret: sandbox.webhookSecret,
			});
			const workflows = await importExamples(n8n);
			const tested = withTriggerVersion(forInstance(n8n, workflow), triggerName, TRIGGER_VERSION);
			await importWorkflow(
				n8n,
				REMOVE_DUPLICATES ? withRemoveDuplicates(tested, triggerName) : tested,
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
}
