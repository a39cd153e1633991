/**
 * Redis and PostgreSQL for the queue-mode end-to-end test: the real servers from the Debian packages
 * (installed with apt-get when missing), each started on a free loopback port with a throwaway data
 * folder, in its own process group, and stopped at the end.
 */
import { spawnSync } from 'child_process';
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdirSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from 'fs';
import { Socket } from 'net';
import { join } from 'path';
import {
	cleanUpOnExit,
	runProcess,
	startProcess,
	Started,
	StopWaiting,
	waitFor,
} from '../../lib/processes';
import { freePorts } from '../ports';

const DEBIAN_PACKAGES = ['redis-server', 'postgresql'];
const PG_ROOT = '/usr/lib/postgresql';

function onPath(cmd: string): string | undefined {
	const res = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
	return res.status === 0 ? res.stdout.trim() : undefined;
}

/** The folder of PostgreSQL's server programs: the newest Debian one, else the one `pg_config` names. */
export function postgresBinDir(): string | undefined {
	if (existsSync(PG_ROOT)) {
		const versions = readdirSync(PG_ROOT)
			.filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
			.sort((a, b) => Number(b) - Number(a));
		if (versions.length) return join(PG_ROOT, versions[0], 'bin');
	}
	const pgConfig = onPath('pg_config');
	if (pgConfig) {
		const dir = spawnSync(pgConfig, ['--bindir'], { encoding: 'utf8' }).stdout.trim();
		if (dir && existsSync(join(dir, 'initdb'))) return dir;
	}
	const initdb = onPath('initdb');
	return initdb ? join(initdb, '..') : undefined;
}

function missingServers(): string[] {
	const missing: string[] = [];
	if (!onPath('redis-server')) missing.push('redis-server');
	if (!postgresBinDir()) missing.push('postgresql');
	return missing;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Installs the Debian packages of Redis and PostgreSQL when their servers are missing (as root, or
 * through sudo without a password), without letting the install start the packages' own services.
 * Does nothing when both are there. Returns what it did.
 */
export async function ensureServers(log: (line: string) => void = console.log): Promise<string> {
	const missing = missingServers();
	if (missing.length === 0)
		return `redis-server ${onPath('redis-server')}, PostgreSQL ${postgresBinDir()}`;
	const packages = DEBIAN_PACKAGES.filter((p) => missing.includes(p));
	if (!onPath('apt-get'))
		throw new Error(
			`Missing ${missing.join(' and ')}, and there is no apt-get here: install Redis and PostgreSQL servers with the system's package manager`,
		);
	const sudo = isRoot() ? [] : ['sudo', '-n'];
	if (!isRoot() && spawnSync('sudo', ['-n', 'true']).status !== 0) {
		throw new Error(
			`Missing ${missing.join(' and ')}: install them with "sudo apt-get install -y ${packages.join(' ')}" (this script needs root or password-less sudo to do it itself)`,
		);
	}
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const apt = async (args: string[]) => {
		log(`[services] ${[...sudo, 'apt-get', ...args].join(' ')}`);
		const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
		const res = await runProcess(cmd, rest, { env, timeoutMs: 15 * 60_000 });
		if (res.code !== 0)
			throw new Error(
				`apt-get ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-3000)}`,
			);
	};
	await apt(['update']);
	// The packages' own services (on 6379 and 5432) must not start: this test starts its own servers.
	const held = holdBackServiceStarts(POLICY_RC_D, sudo);
	log(
		`[services] ${held.installed ? `${POLICY_RC_D} written for the install (exits 101: no service starts), removed afterwards` : `${POLICY_RC_D} exists already, left as it is`}`,
	);
	try {
		await apt(['install', '-y', '--no-install-recommends', ...packages]);
	} finally {
		held.release();
	}
	const still = missingServers();
	if (still.length)
		throw new Error(
			`apt-get installed ${packages.join(' ')} but ${still.join(' and ')} is still missing`,
		);
	return `installed ${packages.join(' ')} with apt-get`;
}

/** Debian's policy hook: invoke-rc.d and deb-systemd-invoke ask it before starting a service; exit 101 means "do not". */
export const POLICY_RC_D = '/usr/sbin/policy-rc.d';
const POLICY_TEXT =
	'#!/bin/sh\n# Written by the queue-mode end-to-end test for the length of a package install: no service starts.\nexit 101\n';

/**
 * Keeps a package install from starting the services it installs, the standard Debian way: a
 * `policy-rc.d` that exits 101, written only when none exists, and removed by `release()` (also when
 * the script is interrupted or ends: cleanUpOnExit). An existing one is left alone. `sudo` is the
 * command prefix that gives root (empty when this runs as root).
 */
export function holdBackServiceStarts(
	file: string = POLICY_RC_D,
	sudo: string[] = [],
): { installed: boolean; release(): void } {
	if (existsSync(file)) return { installed: false, release: () => undefined };
	if (sudo.length === 0) {
		writeFileSync(file, POLICY_TEXT, { mode: 0o755, flag: 'wx' });
	} else {
		const res = spawnSync(
			sudo[0],
			[...sudo.slice(1), 'sh', '-c', `[ ! -e "$1" ] && cat > "$1" && chmod 755 "$1"`, 'sh', file],
			{ input: POLICY_TEXT },
		);
		if (res.status !== 0)
			throw new Error(
				`could not write ${file} through ${sudo.join(' ')}: ${res.stderr?.toString() ?? ''}`,
			);
	}
	const release = cleanUpOnExit(() => {
		if (sudo.length === 0) rmSync(file, { force: true });
		else spawnSync(sudo[0], [...sudo.slice(1), 'rm', '-f', file]);
	});
	return { installed: true, release };
}

/** Sends one line to a TCP server and resolves with its first answer. */
function ask(port: number, line: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = new Socket();
		const timer = setTimeout(() => socket.destroy(new Error('no answer within 2 s')), 2000);
		socket.once('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		socket.once('data', (data) => {
			clearTimeout(timer);
			socket.end();
			resolve(data.toString('utf8'));
		});
		socket.connect(port, '127.0.0.1', () => socket.write(line));
	});
}

export interface Service {
	name: string;
	port: number;
	process: Started;
	stop(): Promise<void>;
}

/** redis-server on a free loopback port, nothing persisted (no snapshots, no append-only file). */
export async function startRedis(dataDir: string): Promise<Service> {
	mkdirSync(dataDir, { recursive: true });
	const [port] = await freePorts(1);
	const redisServer = onPath('redis-server');
	if (!redisServer) throw new Error('redis-server is not installed');
	const proc = startProcess(redisServer, [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--dir',
		dataDir,
		'--save',
		'',
		'--appendonly',
		'no',
		'--daemonize',
		'no',
		'--protected-mode',
		'yes',
		'--loglevel',
		'warning',
	]);
	await waitFor(
		`redis-server to answer PING on ${port}`,
		async () => {
			if (proc.child.exitCode !== null)
				throw new StopWaiting(
					`redis-server exited (${proc.child.exitCode}): ${proc.output().slice(-1500)}`,
				);
			return (await ask(port, 'PING\r\n')).startsWith('+PONG') ? true : undefined;
		},
		30_000,
		200,
	);
	return { name: 'redis', port, process: proc, stop: () => proc.stop('SIGTERM') };
}

/** The uid and gid PostgreSQL runs as: this process's own, or the `postgres` account when this runs as root (PostgreSQL refuses root). */
function postgresAccount(): { uid?: number; gid?: number } {
	if (!isRoot()) return {};
	const id = (flag: string) =>
		Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	const gid = id('-g');
	if (!Number.isInteger(uid) || uid <= 0)
		throw new Error(
			'PostgreSQL does not run as root and there is no "postgres" account to run it as',
		);
	return { uid, gid };
}

export interface Postgres extends Service {
	user: string;
	database: string;
}

/**
 * A throwaway PostgreSQL cluster: initdb into `dataDir`, the server on a free loopback port (no Unix
 * socket), trust authentication on loopback, and a database for n8n.
 */
export async function startPostgres(dataDir: string): Promise<Postgres> {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL is not installed');
	const account = postgresAccount();
	mkdirSync(dataDir, { recursive: true, mode: 0o700 });
	if (account.uid !== undefined) chownSync(dataDir, account.uid, account.gid ?? account.uid);
	chmodSync(dataDir, 0o700);
	const user = 'n8n';
	const database = 'n8n';
	const env = { ...process.env, LANG: 'C', LC_ALL: 'C' };
	const init = await runProcess(
		join(bin, 'initdb'),
		['-D', dataDir, '-U', user, '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'],
		{ env, ...account, cwd: dataDir, timeoutMs: 120_000 },
	);
	if (init.code !== 0)
		throw new Error(`initdb failed (exit ${init.code}):\n${init.output.slice(-3000)}`);
	const [port] = await freePorts(1);
	const proc = startProcess(
		join(bin, 'postgres'),
		[
			'-D',
			dataDir,
			'-p',
			String(port),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'unix_socket_directories=',
			'-c',
			'fsync=off',
			'-c',
			'max_connections=200',
		],
		{ env, ...account, cwd: dataDir },
	);
	await waitFor(
		`PostgreSQL to accept connections on ${port}`,
		async () => {
			if (proc.child.exitCode !== null)
				throw new StopWaiting(
					`postgres exited (${proc.child.exitCode}): ${proc.output().slice(-1500)}`,
				);
			const res = await runProcess(
				join(bin, 'pg_isready'),
				['-h', '127.0.0.1', '-p', String(port), '-U', user],
				{ env, timeoutMs: 10_000 },
			);
			return res.code === 0 ? true : undefined;
		},
		60_000,
		300,
	);
	const created = await runProcess(
		join(bin, 'createdb'),
		['-h', '127.0.0.1', '-p', String(port), '-U', user, database],
		{ env, timeoutMs: 30_000 },
	);
	if (created.code !== 0)
		throw new Error(`createdb ${database} failed (exit ${created.code}): ${created.output}`);
	// SIGINT is PostgreSQL's fast shutdown: it does not wait for clients to disconnect.
	return { name: 'postgres', port, user, database, process: proc, stop: () => proc.stop('SIGINT') };
}

/** Runs one SQL statement with psql and returns its unaligned, tuples-only output. */
export async function psql(pg: Postgres, sql: string): Promise<string> {
	const bin = postgresBinDir();
	const psqlBin = bin && existsSync(join(bin, 'psql')) ? join(bin, 'psql') : 'psql';
	const res = await runProcess(
		psqlBin,
		[
			'-h',
			'127.0.0.1',
			'-p',
			String(pg.port),
			'-U',
			pg.user,
			'-d',
			pg.database,
			'-At',
			'-v',
			'ON_ERROR_STOP=1',
			'-c',
			sql,
		],
		{ env: { ...process.env, LANG: 'C' }, timeoutMs: 60_000 },
	);
	if (res.code !== 0)
		throw new Error(`psql failed (exit ${res.code}): ${res.output.slice(-2000)}\n${sql}`);
	return res.output.trim();
}
