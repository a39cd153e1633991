/**
 * n8n in queue mode on one machine: `n8n start` (main), `n8n worker` and two `n8n webhook` processes,
 * sharing one user folder, one encryption key, one PostgreSQL database and one Redis. Every process
 * has ports of its own, chosen free at run time.
 */
import { join } from 'path';
import { n8nBin } from '../installs';
import { N8nInstance } from '../n8n';
import { chooseN8nPorts, N8nPorts } from '../ports';
import { startProcess, Started, StopWaiting, waitFor } from '../../lib/processes';
import { serves } from '../ready';
import type { Postgres, Service } from './services';

export type Role = 'main' | 'worker' | 'webhook';

export interface N8nProcess {
	name: string;
	role: Role;
	ports: N8nPorts;
	baseUrl: string;
	logFile: string;
	process: Started;
}

/** What every process of the cluster shares: queue mode, the database and the queue. */
export function queueEnv(pg: Postgres, redis: Service): NodeJS.ProcessEnv {
	return {
		EXECUTIONS_MODE: 'queue',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(pg.port),
		DB_POSTGRESDB_DATABASE: pg.database,
		DB_POSTGRESDB_USER: pg.user,
		DB_POSTGRESDB_PASSWORD: '',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Production webhooks go to the webhook processes only, as in a queue-mode set-up behind a load balancer.
		N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
	};
}

const COMMANDS: Record<Role, string> = { main: 'start', worker: 'worker', webhook: 'webhook' };

/**
 * Starts one n8n process of the cluster and waits until it is ready: the main's REST API answers with
 * JSON, the worker's and the webhook process's readiness checks pass (database connected and migrated,
 * Redis connected, the server marked ready). A webhook process's /healthz answers before all that.
 */
export async function startN8nProcess(
	n8n: N8nInstance,
	role: Role,
	name: string,
	logDir: string,
	extraEnv: NodeJS.ProcessEnv = {},
): Promise<N8nProcess> {
	const ports = role === 'main' ? n8n.ports : await chooseN8nPorts();
	const env =
		role === 'main'
			? { ...n8n.env, ...extraEnv }
			: n8n.envFor(ports, {
					...(role === 'worker'
						? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' }
						: {}),
					...extraEnv,
				});
	const logFile = join(logDir, `${name}.log`);
	const proc = startProcess('node', [n8nBin(n8n.install), COMMANDS[role]], {
		env,
		cwd: n8n.userFolder,
		logFile,
	});
	const baseUrl = `http://127.0.0.1:${role === 'worker' ? ports.QUEUE_HEALTH_CHECK_PORT : ports.N8N_PORT}`;
	const probe = role === 'main' ? '/rest/settings' : '/healthz/readiness';
	await waitFor(
		`n8n ${role} "${name}" to answer ${baseUrl}${probe}`,
		async () => {
			if (proc.child.exitCode !== null)
				throw new StopWaiting(`n8n ${role} "${name}" exited (${String(proc.child.exitCode)})`);
			return (await serves(`${baseUrl}${probe}`)) ? true : undefined;
		},
		180_000,
	).catch(async (error: Error) => {
		await proc.stop();
		throw new Error(`${error.message}\n${proc.output().slice(-3000)}`);
	});
	return { name, role, ports, baseUrl, logFile, process: proc };
}
