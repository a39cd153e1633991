/**
 * Child processes the scripts start: each runs in its own process group, is remembered, and is
 * stopped (group and all) when the script ends, also on failure or Ctrl-C.
 */
import { ChildProcess, spawn, spawnSync, SpawnOptions } from 'child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, rmSync } from 'fs';
import { createServer } from 'net';
import { constants } from 'os';

const started = new Set<ChildProcess>();
/** Every process group ever started here, to check at the end that none is left. */
const groups = new Set<number>();

export interface Started {
	child: ChildProcess;
	/** Everything the process printed so far (stdout and stderr). */
	output(): string;
	/** Resolves with the exit code (or signal name) once the process has ended. */
	exited: Promise<number | string>;
	/** Signals the process group (SIGTERM unless told), waits up to 10 s, then kills what is left of the group. */
	stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'uid' | 'gid'> {
	/** Also write the output to this file. */
	logFile?: string;
	/** Echo the output to this process's stdout, each line prefixed. */
	echoPrefix?: string;
}

export function startProcess(cmd: string, args: string[], opts: StartOptions = {}): Started {
	const child = spawn(cmd, args, {
		cwd: opts.cwd,
		env: opts.env,
		uid: opts.uid,
		gid: opts.gid,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	started.add(child);
	if (child.pid !== undefined) groups.add(child.pid);
	let text = '';
	const log = opts.logFile ? createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
	const onData = (chunk: Buffer) => {
		const s = chunk.toString('utf8');
		text += s;
		if (text.length > 2_000_000) text = text.slice(-1_000_000);
		log?.write(s);
		if (opts.echoPrefix !== undefined) {
			for (const line of s.split('\n'))
				if (line.trim()) process.stdout.write(`${opts.echoPrefix}${line}\n`);
		}
	};
	child.stdout?.on('data', onData);
	child.stderr?.on('data', onData);
	const exited = new Promise<number | string>((resolve) => {
		child.on('exit', (code, signal) => {
			started.delete(child);
			log?.end();
			resolve(code ?? signal ?? 'unknown');
		});
		child.on('error', (error) => {
			text += `\n${error.message}`;
			started.delete(child);
			resolve('spawn-error');
		});
	});
	return {
		child,
		output: () => text,
		exited,
		stop: (signal) => stopProcess(child, exited, signal),
	};
}

async function stopProcess(
	child: ChildProcess,
	exited: Promise<unknown>,
	signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
	// Remember its children before it goes, to check afterwards that none outlived it.
	noteTrees();
	signalGroup(child, signal);
	const timeout = new Promise((resolve) => setTimeout(resolve, 10_000, 'timeout'));
	if ((await Promise.race([exited, timeout])) === 'timeout') {
		signalGroup(child, 'SIGKILL');
		await exited;
	}
	// The group may hold children (n8n's task runner) that outlived their parent.
	signalGroup(child, 'SIGKILL');
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// the group is already gone
	}
}

/** Runs a command to its end and returns its exit code and output. */
export async function runProcess(
	cmd: string,
	args: string[],
	opts: StartOptions & { timeoutMs?: number } = {},
): Promise<{ code: number | string; output: string }> {
	const p = startProcess(cmd, args, opts);
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<'timeout'>((resolve) => {
		timer = setTimeout(resolve, opts.timeoutMs ?? 10 * 60_000, 'timeout');
	});
	const result = await Promise.race([p.exited, timeout]);
	clearTimeout(timer);
	if (result === 'timeout') {
		await p.stop();
		throw new Error(
			`"${cmd} ${args.join(' ')}" did not finish within ${Math.round((opts.timeoutMs ?? 600_000) / 1000)} s\n${p.output().slice(-3000)}`,
		);
	}
	return { code: result, output: p.output() };
}

export async function stopAll(): Promise<void> {
	await Promise.all(
		[...started].map((child) =>
			stopProcess(child, new Promise((resolve) => child.once('exit', resolve))),
		),
	);
}

/** Clean-ups to run once the processes are stopped, however the script ends (in the order given). */
const cleanups = new Set<() => void>();

function runCleanups(): void {
	for (const cleanup of cleanups) {
		cleanups.delete(cleanup);
		try {
			cleanup();
		} catch {
			// done as far as possible; nothing else to do on the way out
		}
	}
}

/**
 * Runs `cleanup` (synchronous) when the script ends: normally, on failure, or on SIGINT, SIGTERM or
 * SIGHUP with stopAllOnExit, always after the started processes are stopped. Returns a function that
 * runs it at once (once) and forgets it.
 */
export function cleanUpOnExit(cleanup: () => void): () => void {
	let done = false;
	const once = () => {
		if (done) return;
		done = true;
		cleanups.delete(once);
		cleanup();
	};
	cleanups.add(once);
	return once;
}

/** Removes `folder` when the script ends (see cleanUpOnExit); returns a function that removes it at once. */
export function removeOnExit(folder: string): () => void {
	return cleanUpOnExit(() => rmSync(folder, { recursive: true, force: true }));
}

let hooked = false;
/**
 * Stops every started process when this script is interrupted or ends, then runs the clean-ups
 * given to cleanUpOnExit (removeOnExit's folders). A first signal stops the processes gently
 * (SIGTERM, SIGKILL after 10 s); a second one does not wait: the exit handler kills what is left
 * and runs the clean-ups.
 */
export function stopAllOnExit(): void {
	if (hooked) return;
	hooked = true;
	let stopping = false;
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.on(signal, () => {
			const code = 128 + (constants.signals[signal] ?? 2);
			if (stopping) process.exit(code);
			stopping = true;
			void stopAll().finally(() => {
				runCleanups();
				process.exit(code);
			});
		});
	}
	process.once('exit', () => {
		for (const child of started) signalGroup(child, 'SIGKILL');
		runCleanups();
	});
}

interface ProcInfo {
	pid: number;
	ppid: number;
	pgrp: number;
	zombie: boolean;
	/** user + system CPU in clock ticks, its own and that of its children it has reaped */
	ticks: number;
	/** start time since boot, in clock ticks: with the pid, names one process even if the pid is reused */
	starttime: string;
}

/** Every process, from /proc; undefined where there is no /proc. */
function readProcs(): ProcInfo[] | undefined {
	if (!existsSync('/proc/self/stat')) return undefined;
	const out: ProcInfo[] = [];
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			// "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
			// cutime cstime priority nice threads itrealvalue starttime ...": comm may hold spaces.
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			out.push({
				pid: Number(entry),
				ppid: Number(f[1]),
				pgrp: Number(f[2]),
				zombie: f[0] === 'Z',
				ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
				starttime: f[19],
			});
		} catch {
			// the process ended while reading
		}
	}
	return out;
}

/**
 * The processes of a group started here, with every descendant: some servers put their children in
 * sessions of their own (PostgreSQL's backends), out of reach of a signal to the group.
 */
function treeOf(pgid: number, procs: ProcInfo[]): ProcInfo[] {
	const members = new Map(procs.filter((p) => p.pgrp === pgid).map((p) => [p.pid, p]));
	for (let grew = true; grew; ) {
		grew = false;
		for (const p of procs) {
			if (!members.has(p.pid) && members.has(p.ppid)) {
				members.set(p.pid, p);
				grew = true;
			}
		}
	}
	return [...members.values()];
}

/** Processes seen in the trees of started groups (pid -> start time), checked again at the end. */
const seenInTrees = new Map<number, string>();

function noteTrees(procs = readProcs()): void {
	if (!procs) return;
	for (const pgid of groups)
		for (const p of treeOf(pgid, procs)) seenInTrees.set(p.pid, p.starttime);
}

let clockTicks: number | undefined;

/** CPU time (user + system, ms) the live processes of a started group and their descendants have used so far; undefined without /proc. */
export function groupCpuMs(pgid: number): number | undefined {
	const procs = readProcs();
	if (!procs) return undefined;
	noteTrees(procs);
	clockTicks ??=
		Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
	const ticks = treeOf(pgid, procs).reduce((sum, p) => sum + p.ticks, 0);
	return (ticks * 1000) / clockTicks;
}

/**
 * What is still running of everything started here (after stopAll: nothing, unless something
 * escaped): live members of the started process groups, and live processes once seen in their trees.
 */
export function liveGroups(): number[] {
	const procs = readProcs();
	if (!procs) {
		return [...groups].filter((pgid) => {
			try {
				process.kill(-pgid, 0);
				return true;
			} catch (error) {
				return (error as NodeJS.ErrnoException).code === 'EPERM';
			}
		});
	}
	const live = procs.filter((p) => !p.zombie);
	const inGroups = live.filter((p) => groups.has(p.pgrp)).map((p) => p.pid);
	const seen = live.filter((p) => seenInTrees.get(p.pid) === p.starttime).map((p) => p.pid);
	return [...new Set([...inGroups, ...seen])];
}

/** How many process groups were started here so far. */
export function startedGroupCount(): number {
	return groups.size;
}

/** A free TCP port on loopback (asks the system for one, then releases it). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** Thrown by a waitFor probe to stop waiting at once (e.g. the awaited process has died). */
export class StopWaiting extends Error {}

export async function waitFor<T>(
	what: string,
	probe: () => Promise<T | undefined>,
	timeoutMs: number,
	intervalMs = 500,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let lastError = '';
	while (Date.now() < deadline) {
		try {
			const value = await probe();
			if (value !== undefined) return value;
		} catch (error) {
			if (error instanceof StopWaiting) throw error;
			lastError = (error as Error).message;
		}
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
	throw new Error(
		`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${lastError ? ` (last error: ${lastError})` : ''}`,
	);
}
