/**
 * A test file that leaves a server or a process running fails, however green its tests (environment.ts). The
 * fixture is run with a short ceiling (the test environment option handleCeilingMs): what it leaves never ends
 * on its own, so the ceiling only decides how long the check waits before it says so.
 */
import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';

const root = join(__dirname, '..', '..');

test('a file that leaves a server and a child process behind fails, naming them', async () => {
	const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
	const result = await promisify(execFile)(
		process.execPath,
		[
			jest,
			'--ci',
			'--runInBand',
			'--forceExit',
			'--colors=false',
			'--testEnvironmentOptions',
			JSON.stringify({ handleCeilingMs: 500 }),
			'--testMatch',
			'<rootDir>/test/setup/fixtures/leftovers.fixture.ts',
		],
		{ cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
	).then(
		({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
		(error: { code: number; stdout: string; stderr: string }) => ({
			code: error.code,
			output: error.stdout + error.stderr,
		}),
	);
	const pid = Number(/leftover child (\d+)/.exec(result.output)?.[1]);
	if (pid > 0) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// already gone
		}
	}
	expect(pid).toBeGreaterThan(0);
	expect(result.code).toBe(1);
	// Its test was green: the file fails at its end, for what it left.
	expect(result.output).not.toContain('✕');
	expect(result.output).toContain('Test suite failed to run');
	expect(result.output).toMatch(/The test file left these running \d+ ms after its end/);
	expect(result.output).toMatch(/- 1 × TCPServerWrap/);
	expect(result.output).toMatch(/- 1 × ProcessWrap/);
}, 120_000);
