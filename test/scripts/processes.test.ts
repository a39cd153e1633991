/**
 * scripts/lib/processes.ts: a script interrupted by SIGINT or SIGTERM stops every process it started
 * and removes its throwaway folders before it exits (the queue-mode e2e's PostgreSQL data folder and
 * n8n user folder are such folders). The script is test/scripts/fixtures/signalled.ts, started here
 * and signalled.
 */
import { ChildProcess, spawn } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';

const FIXTURE = join(__dirname, 'fixtures', 'signalled.ts');

interface Started {
	child: ChildProcess;
	folder: string;
	groups: number[];
	exited: Promise<number | string>;
	/** Resolves once the fixture has exited and its stdout and stderr pipes are closed. */
	closed: Promise<void>;
}

async function startFixture(...args: string[]): Promise<Started> {
	const child = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', FIXTURE, ...args],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const exited = new Promise<number | string>((resolve) =>
		child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
	);
	// 'close' comes after 'exit', once the pipes are closed too: a slow machine may take a while between them.
	const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
	let text = '';
	child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	const line = await new Promise<string>((resolve, reject) => {
		child.stdout?.on('data', (chunk: Buffer) => {
			text += chunk.toString();
			const first = text.split('\n').find((l) => l.startsWith('{'));
			if (first && text.includes('\n')) resolve(first);
		});
		void exited.then(() => reject(new Error(`the fixture ended before it was ready:\n${text}`)));
	});
	const { folder, groups } = JSON.parse(line) as { folder: string; groups: number[] };
	return { child, folder, groups, exited, closed };
}

function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Group members may need a moment to be reaped after the kill: polled, up to a ceiling a loaded machine stays under. */
async function liveGroupsAfter(groups: number[], ms = 20_000): Promise<number[]> {
	const deadline = Date.now() + ms;
	let live = groups.filter(groupAlive);
	while (live.length && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 100));
		live = groups.filter(groupAlive);
	}
	return live;
}

describe('a script interrupted by a signal (stopAllOnExit, removeOnExit)', () => {
	// Each test starts a ts-node script and its processes: a ceiling a loaded machine stays under, not a wait.
	jest.setTimeout(120_000);
	const leftovers: Started[] = [];
	// Each test waits for its fixture's end; after a failed one, what is left is killed here, and the file
	// ends only once the fixtures have exited and their pipes are closed.
	afterAll(async () => {
		for (const s of leftovers) {
			for (const pgid of s.groups) if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
			if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
		}
		await Promise.all(leftovers.map((s) => s.closed));
	});

	it.each([
		['SIGTERM', 143],
		['SIGINT', 130],
	] as const)(
		'on %s: stops its processes, removes its folder, then exits with %i',
		async (signal, code) => {
			const s = await startFixture();
			leftovers.push(s);
			expect(existsSync(s.folder)).toBe(true);
			expect(s.groups.filter(groupAlive)).toEqual(s.groups);
			s.child.kill(signal);
			expect(await s.exited).toBe(code);
			await s.closed;
			expect(existsSync(s.folder)).toBe(false);
			expect(await liveGroupsAfter(s.groups)).toEqual([]);
		},
	);

	it('on a second signal while a process ignores SIGTERM: does not wait, kills it and still removes the folder', async () => {
		const s = await startFixture('ignore-term');
		leftovers.push(s);
		const [plain, stubborn] = s.groups;
		const t0 = Date.now();
		s.child.kill('SIGINT');
		// The first signal is being handled once the plain group is gone (it takes SIGTERM)...
		expect(await liveGroupsAfter([plain])).toEqual([]);
		// ...and it is still waiting for the stubborn group (10 s before SIGKILL).
		expect(groupAlive(stubborn)).toBe(true);
		expect(s.child.exitCode).toBeNull();
		expect(existsSync(s.folder)).toBe(true);
		s.child.kill('SIGINT');
		expect(await s.exited).toBe(130);
		await s.closed;
		// Without the second signal it would have ended 10 s or more after the first.
		expect(Date.now() - t0).toBeLessThan(10_000);
		expect(existsSync(s.folder)).toBe(false);
		expect(await liveGroupsAfter(s.groups)).toEqual([]);
	});
});
