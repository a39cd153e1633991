/**
 * The test environment of every test file: Node's, and a check when the file ends that it left nothing running.
 *
 * A timer started by the file's code (the test, the harness, the sandbox, the nodes, n8n-core: they all run in
 * the file's realm) that is still pending when the file ends belongs to that realm, so it keeps the file's whole
 * module registry in memory, even an unref'd one; a ref'd one also keeps the worker from exiting. Servers,
 * sockets and child processes must be gone too. What is still there once its grace has passed fails the file,
 * named with where it was started: a timer gets 2 s, a server, socket, pipe or process (whose end waits on other
 * processes and the operating system, slow on a loaded machine) up to 20 s. Both are polled: a clean file ends at once.
 *
 * It also keeps n8n's log quiet in green runs: what n8n logged during a test (see n8nLog.ts) is printed only when
 * the test or one of its hooks failed.
 */
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { n8nLogOf } from './n8nLogBuffer';

/**
 * A full garbage collection, run when a file ends. V8 collects lazily: without it a worker's heap grew to some
 * 600 MB of module registries of files that had ended, and a process with a heap that big took about a second to
 * exit, over the 500 ms jest gives a worker ("A worker process has failed to exit gracefully"). Collected after each
 * file, the heap stays near 130 MB and the worker exits in well under that. `gc` is the global of a context made after
 * the flag is set (the test files' contexts have one too; no test uses it).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** How long a file's timers may take to finish after its last hook. */
const SETTLE_MS = 2000;
/**
 * How long its servers, sockets, pipes and processes may take to be gone: a ceiling, not a wait. The test
 * environment option `handleCeilingMs` sets another (test/setup/leftovers.test.ts runs a file with a short one).
 */
const HANDLE_CEILING_MS = 20_000;

interface Started {
	timer: NodeJS.Timeout;
	kind: 'setTimeout' | 'setInterval';
	delay: unknown;
	where: Error;
}

/** Counts of the process's active resources (servers, sockets, processes, ref'd timers...) by type. */
function resources(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const type of process.getActiveResourcesInfo())
		counts.set(type, (counts.get(type) ?? 0) + 1);
	return counts;
}

/** Node marks a timeout that ran or was cleared, and a cleared interval, as destroyed. */
const isDone = (entry: Started) => (entry.timer as unknown as { _destroyed: boolean })._destroyed;

/** "describe > ... > test", as jest names a test. */
function fullName(test: Circus.TestEntry): string {
	const names = [test.name];
	for (let block = test.parent; block && block.parent; block = block.parent)
		names.unshift(block.name);
	return names.join(' > ');
}

export default class CheckedEnvironment extends TestEnvironment {
	private readonly started = new Set<Started>();
	private before = new Map<string, number>();
	private tornDown = false;
	private readonly handleCeilingMs: number;

	constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
		super(config, context);
		const ceiling = Number(config.projectConfig.testEnvironmentOptions.handleCeilingMs);
		this.handleCeilingMs = Number.isFinite(ceiling) && ceiling >= 0 ? ceiling : HANDLE_CEILING_MS;
		const global = this.global as unknown as Record<
			'setTimeout' | 'setInterval',
			(...args: unknown[]) => NodeJS.Timeout
		>;
		for (const kind of ['setTimeout', 'setInterval'] as const) {
			const original = global[kind];
			const started = this.started;
			let sweepAt = 1000;
			const tracked = function (this: unknown, ...args: unknown[]): NodeJS.Timeout {
				const timer = original.apply(this, args);
				const where = new Error(`${kind} started`);
				// The trace of one that may outlast the settling is formatted now, while jest still has the source maps.
				if (kind === 'setInterval' || Number(args[1]) >= SETTLE_MS) void where.stack;
				started.add({ timer, kind, delay: args[1], where });
				if (started.size > sweepAt) {
					for (const entry of started) if (isDone(entry)) started.delete(entry);
					sweepAt = Math.max(1000, 2 * started.size);
				}
				return timer;
			};
			global[kind] = Object.assign(tracked, original);
		}
	}

	async setup(): Promise<void> {
		await super.setup();
		// The worker's stdout and stderr are pipes opened on first use, for the rest of the process: open them now.
		void process.stdout;
		void process.stderr;
		this.before = resources();
	}

	/** n8n's log starts empty for each test and is printed, then emptied, when the test or a hook failed. */
	handleTestEvent(event: Circus.Event): void {
		if (event.name === 'test_start') n8nLogOf(this.global).length = 0;
		else if (event.name === 'hook_failure')
			this.printN8nLog(
				`the failed ${event.hook.type} hook${event.test ? ` of "${fullName(event.test)}"` : ''}`,
			);
		else if (event.name === 'test_done' && event.test.errors.length > 0)
			this.printN8nLog(`the failed test "${fullName(event.test)}"`);
	}

	private printN8nLog(during: string): void {
		const lines = n8nLogOf(this.global);
		if (lines.length === 0) return;
		const console = this.global.console as Console;
		console.log([`n8n's log during ${during}:`, ...lines].join('\n'));
		lines.length = 0;
	}

	async teardown(): Promise<void> {
		// jest calls teardown again when it threw: the first error, with everything left, is the one to report.
		if (this.tornDown) return;
		this.tornDown = true;
		const start = Date.now();
		const timersBy = start + SETTLE_MS;
		const handlesBy = start + this.handleCeilingMs;
		let left = this.leftOver();
		// Polled until clean; it gives up once what is left has had its grace.
		while (left.timers.length + left.handles.length > 0) {
			const now = Date.now();
			if (left.timers.length > 0 && now >= timersBy) break;
			if (left.timers.length === 0 && now >= handlesBy) break;
			await new Promise((resolve) => setTimeout(resolve, 10));
			left = this.leftOver();
		}
		const waited = Date.now() - start;
		this.started.clear();
		await super.teardown();
		collectGarbage();
		if (left.timers.length + left.handles.length > 0) {
			const error = new Error(
				`The test file left these running ${waited} ms after its end (close, stop or clear them in an afterAll):`,
			);
			error.stack = [error.message, ...left.timers, ...left.handles].join('\n'); // where each was started, instead of a trace of this file
			throw error;
		}
	}

	/** Timers this file started that are still pending, and active resources beyond those there before the file. */
	private leftOver(): { timers: string[]; handles: string[] } {
		const timers: string[] = [];
		const handles: string[] = [];
		let refTimers = 0;
		for (const entry of this.started) {
			if (isDone(entry)) {
				this.started.delete(entry);
				continue;
			}
			if (entry.timer.hasRef()) refTimers++;
			const where = (entry.where.stack ?? '')
				.split('\n')
				.slice(2, 8)
				.map((line) => `    from ${line.trim().replace(/^at /, '')}`);
			timers.push(
				[
					`- ${entry.kind}(..., ${String(entry.delay)})${entry.timer.hasRef() ? '' : " (unref'd)"}, started`,
					...where,
				].join('\n'),
			);
		}
		for (const [type, count] of resources()) {
			// Ref'd timers show as Timeout: those of the file's own timers are listed above already.
			const extra = count - (this.before.get(type) ?? 0) - (type === 'Timeout' ? refTimers : 0);
			if (extra > 0) handles.push(`- ${extra} × ${type}`);
		}
		return { timers, handles };
	}
}
