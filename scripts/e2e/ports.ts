/**
 * The TCP ports an n8n process opens, each chosen free at run time. n8n's defaults (5678 for the
 * server, 5679 for the task broker, ...) clash with any other n8n on the machine: a second n8n then
 * fails with "n8n Task Broker's port 5679 is already in use".
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { createServer, Server } from 'net';
import { join } from 'path';

/** Every port variable n8n reads for a socket it listens on, with n8n's default. */
export const LISTEN_PORT_DEFAULTS = {
	/** Editor, REST API and webhooks (`n8n start`, `n8n webhook`). */
	N8N_PORT: 5678,
	/** The task broker the internal task runner connects to (every process that runs a task runner). */
	N8N_RUNNERS_BROKER_PORT: 5679,
	/** The worker's own server (health check, metrics) of `n8n worker`. */
	QUEUE_HEALTH_CHECK_PORT: 5678,
	/** A task runner's health check server (off for the internal runner, which n8n starts with its own environment). */
	N8N_RUNNERS_HEALTH_CHECK_SERVER_PORT: 5681,
	/** n8n's execution engine service and its control plane (newer releases; only when that engine is used). */
	N8N_ENGINE_PORT: 3000,
	N8N_ENGINE_CONTROL_PLANE_PORT: 3001,
} as const;

export type ListenPortName = keyof typeof LISTEN_PORT_DEFAULTS;
export type N8nPorts = Record<ListenPortName, number>;

/** Port variables n8n reads to connect to another server: it listens on none of them. */
export const CLIENT_PORT_NAMES = [
	'DB_POSTGRESDB_PORT',
	'DB_MYSQLDB_PORT',
	'QUEUE_BULL_REDIS_PORT',
	'N8N_SMTP_PORT',
];

function listen(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

function close(server: Server): Promise<void> {
	return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * `count` distinct free loopback ports: every one is held until all are chosen, so the system
 * cannot hand out the same port twice.
 */
export async function freePorts(count: number): Promise<number[]> {
	const held: Server[] = [];
	try {
		for (let i = 0; i < count; i++) held.push(await listen(0));
		return held.map((server) => {
			const address = server.address();
			return typeof address === 'object' && address ? address.port : 0;
		});
	} finally {
		await Promise.all(held.map(close));
	}
}

/** Free ports for every socket one n8n process may open; `http` keeps a port the caller chose for N8N_PORT. */
export async function chooseN8nPorts(http?: number): Promise<N8nPorts> {
	const names = Object.keys(LISTEN_PORT_DEFAULTS) as ListenPortName[];
	const ports = await freePorts(names.length);
	const chosen = Object.fromEntries(names.map((name, i) => [name, ports[i]])) as N8nPorts;
	if (http !== undefined) chosen.N8N_PORT = http;
	return chosen;
}

export function portEnv(ports: N8nPorts): Record<ListenPortName, string> {
	return Object.fromEntries(
		Object.entries(ports).map(([name, port]) => [name, String(port)]),
	) as Record<ListenPortName, string>;
}

function jsFiles(dir: string): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(dir)) {
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) out.push(...jsFiles(path));
		else if (entry.endsWith('.js')) out.push(path);
	}
	return out;
}

/** Every `*_PORT` variable a config package (`@n8n/config`, `@n8n/task-runner`) declares, read from its compiled decorators. */
export function declaredPortNames(packageDir: string): string[] {
	const names = new Set<string>();
	for (const file of jsFiles(join(packageDir, 'dist'))) {
		for (const match of readFileSync(file, 'utf8').matchAll(
			/Env\)?\(\s*['"]([A-Z0-9_]*_PORT)['"]/g,
		))
			names.add(match[1]);
	}
	return [...names].sort();
}

/** Port variables a config package declares that are neither set free here nor known as client ports. */
export function unhandledPortNames(packageDir: string): string[] {
	return declaredPortNames(packageDir).filter(
		(name) => !(name in LISTEN_PORT_DEFAULTS) && !CLIENT_PORT_NAMES.includes(name),
	);
}

/**
 * Holds n8n's own default ports (server, task broker, runner health) on loopback while a run lasts (those already taken stay taken), so that
 * a port left at its default fails the run instead of passing by luck. Returns the ports it holds.
 */
export async function holdDefaultPorts(): Promise<{ held: number[]; release(): Promise<void> }> {
	const servers: Server[] = [];
	const held: number[] = [];
	const defaults = [
		LISTEN_PORT_DEFAULTS.N8N_PORT,
		LISTEN_PORT_DEFAULTS.N8N_RUNNERS_BROKER_PORT,
		LISTEN_PORT_DEFAULTS.N8N_RUNNERS_HEALTH_CHECK_SERVER_PORT,
	];
	for (const port of defaults) {
		try {
			servers.push(await listen(port));
			held.push(port);
		} catch {
			// already in use by something else: just as good
		}
	}
	return { held, release: async () => void (await Promise.all(servers.map(close))) };
}
