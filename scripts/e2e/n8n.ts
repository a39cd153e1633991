/**
 * One real n8n on loopback with a throwaway user folder: this package installed the way a user's n8n
 * installs a community package, the CLI for imports and runs, and the server for webhooks and the editor.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { N8nInstall, installDir, n8nBin, runtimeEnv } from './installs';
import { runProcess, startProcess, Started, StopWaiting, waitFor } from '../lib/processes';
import { serves } from './ready';
import { chooseN8nPorts, declaredPortNames, N8nPorts, portEnv, unhandledPortNames } from './ports';

export const PACKAGE_NAME = 'n8n-nodes-social-publishing';

/** How the package reaches n8n: as a community package in <user folder>/.n8n/nodes, or through N8N_CUSTOM_EXTENSIONS. */
export type LoadMode = 'community' | 'custom';

export interface N8nOptions {
	install: N8nInstall;
	/** The tarball `npm pack` made of this package. */
	tarball: string;
	mode?: LoadMode;
	port?: number;
	/** Folder for the user folder (default: a new temporary folder). */
	userFolder?: string;
	/** Log file for the server's output. */
	logFile?: string;
	extraEnv?: NodeJS.ProcessEnv;
}

export interface N8nInstance {
	install: N8nInstall;
	userFolder: string;
	port: number;
	/** Every port the server opens (N8N_PORT is `port`), each chosen free at run time. */
	ports: N8nPorts;
	baseUrl: string;
	mode: LoadMode;
	/** The server's environment. */
	env: NodeJS.ProcessEnv;
	/** The environment of another n8n process on the same user folder and database, with ports of its own. */
	envFor(ports: N8nPorts, extraEnv?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
	/** Runs `n8n <args>` to its end, with ports of its own (a CLI run may start a task broker too). */
	cli(
		args: string[],
		opts?: { timeoutMs?: number; env?: NodeJS.ProcessEnv },
	): Promise<{ code: number | string; output: string }>;
	/** Starts `n8n start` and waits until its REST API answers. */
	startServer(echoPrefix?: string): Promise<Started>;
	/** Type name prefix of this package's nodes in this instance. */
	typePrefix: string;
}

/**
 * Environment for a quiet, local n8n: loopback only, nothing fetched from outside, no prompts, and
 * every port it opens chosen free (`ports`); WEBHOOK_URL and the editor URL name `publicPort`.
 */
export function n8nEnv(
	userFolder: string,
	ports: N8nPorts,
	extra: NodeJS.ProcessEnv = {},
	publicPort = ports.N8N_PORT,
): NodeJS.ProcessEnv {
	const port = publicPort;
	return {
		N8N_USER_FOLDER: userFolder,
		...portEnv(ports),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_ENCRYPTION_KEY: 'n8n-nodes-social-publishing-local-only',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_LOG_LEVEL: 'warn',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_RUNNERS_ENABLED: 'true',
		DB_TYPE: 'sqlite',
		EXECUTIONS_MODE: 'regular',
		GENERIC_TIMEZONE: 'UTC',
		NODE_ENV: 'production',
		...extra,
	};
}

/**
 * Checks that every `*_PORT` variable the install's n8n reads (its @n8n/config and @n8n/task-runner)
 * is either given a free port by these scripts or is a client port; names what it checked.
 */
export function assertPortsHandled(install: N8nInstall): string {
	const packages = ['config', 'task-runner']
		.map((name) => join(installDir(install), 'node_modules', '@n8n', name))
		.filter((dir) => existsSync(dir));
	const unhandled = packages.flatMap(unhandledPortNames);
	if (unhandled.length)
		throw new Error(
			`n8n ${install.n8n} reads port variables these scripts do not set: ${unhandled.join(', ')} (add them to scripts/e2e/ports.ts)`,
		);
	return `port variables of n8n ${install.n8n}: ${[...new Set(packages.flatMap(declaredPortNames))].join(', ')}`;
}

/** Installs the tarball into <user folder>/.n8n/nodes as n8n's community package installer does (no scripts, peers from n8n). */
async function installAsCommunityPackage(
	install: N8nInstall,
	userFolder: string,
	tarball: string,
	env: NodeJS.ProcessEnv,
): Promise<void> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	writeFileSync(
		join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
	);
	const res = await runProcess(
		'npm',
		[
			'install',
			'--no-audit',
			'--no-fund',
			'--ignore-scripts',
			'--legacy-peer-deps',
			'--omit=dev',
			'--loglevel=error',
			tarball,
		],
		{ cwd: nodesDir, env: runtimeEnv(install, env), timeoutMs: 5 * 60_000 },
	);
	if (res.code !== 0)
		throw new Error(
			`Installing the package tarball into ${nodesDir} failed:\n${res.output.slice(-3000)}`,
		);
}

/** Unpacks the tarball into a folder named for N8N_CUSTOM_EXTENSIONS (the package's dist, package.json beside it). */
async function installAsCustomExtension(userFolder: string, tarball: string): Promise<string> {
	const dir = join(userFolder, 'custom');
	mkdirSync(dir, { recursive: true });
	const res = await runProcess('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
	if (res.code !== 0) throw new Error(`Unpacking ${tarball} failed: ${res.output}`);
	return dir;
}

export async function prepareN8n(opts: N8nOptions): Promise<N8nInstance> {
	const mode = opts.mode ?? 'community';
	const userFolder =
		opts.userFolder ?? mkdtempSync(join(tmpdir(), `n8n-e2e-${opts.install.name}-`));
	mkdirSync(join(userFolder, '.n8n'), { recursive: true });
	const ports = await chooseN8nPorts(opts.port);
	const port = ports.N8N_PORT;
	const extra: NodeJS.ProcessEnv = { ...opts.extraEnv };
	if (mode === 'custom')
		extra.N8N_CUSTOM_EXTENSIONS = await installAsCustomExtension(userFolder, opts.tarball);
	const env = runtimeEnv(opts.install, n8nEnv(userFolder, ports, extra));
	if (mode === 'community')
		await installAsCommunityPackage(opts.install, userFolder, opts.tarball, env);
	const bin = n8nBin(opts.install);
	const instance: N8nInstance = {
		install: opts.install,
		userFolder,
		port,
		ports,
		baseUrl: `http://127.0.0.1:${port}`,
		mode,
		env,
		envFor: (own, extraEnv = {}) =>
			runtimeEnv(opts.install, n8nEnv(userFolder, own, { ...extra, ...extraEnv })),
		typePrefix: mode === 'community' ? PACKAGE_NAME : 'CUSTOM',
		async cli(args, cliOpts = {}) {
			// The server may be running: the CLI's own task broker and other sockets get other free ports.
			const { N8N_PORT: _server, ...own } = portEnv(await chooseN8nPorts());
			return await runProcess('node', [bin, ...args], {
				env: { ...env, ...own, ...cliOpts.env },
				cwd: userFolder,
				timeoutMs: cliOpts.timeoutMs ?? 5 * 60_000,
			});
		},
		async startServer(echoPrefix) {
			const server = startProcess('node', [bin, 'start'], {
				env,
				cwd: userFolder,
				logFile: opts.logFile,
				echoPrefix,
			});
			await waitFor(
				`n8n ${opts.install.n8n} to answer on ${instance.baseUrl}/rest/settings`,
				async () => {
					if (server.child.exitCode !== null)
						throw new StopWaiting(`n8n exited early (${String(server.child.exitCode)})`);
					// /healthz answers before the REST routes are mounted; /rest/settings answers once they
					// are, and with JSON once the database has migrated (before, n8n's start-up text, also 200).
					return (await serves(`${instance.baseUrl}/rest/settings`)) ? true : undefined;
				},
				180_000,
			).catch(async (error: Error) => {
				await server.stop();
				throw new Error(`${error.message}\n${server.output().slice(-3000)}`);
			});
			return server;
		},
	};
	return instance;
}
