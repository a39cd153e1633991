/**
 * n8n's log is kept per test and printed only when the test fails (test/setup/n8nLog.ts, environment.ts).
 */
import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';
import { useSandbox } from '../harness/sandbox';
import { n8nLogOf } from './n8nLogBuffer';

const root = join(__dirname, '..', '..');
const fx = useSandbox();

describe("n8n's log in tests", () => {
	test('a node error is kept in the test’s log, not written to the console', async () => {
		const badKey = 'sp_live_not_a_real_key_5d2b7e';
		const written: string[] = [];
		const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
			written.push(String(chunk));
			return true;
		});
		const log = jest.spyOn(console, 'log').mockImplementation((...args) => {
			written.push(args.join(' '));
		});
		try {
			const result = await fx.runNode(
				{ resource: 'user', operation: 'getCurrent' },
				{ credentials: { socialPublishingApi: { apiKey: badKey, baseUrl: fx.sandbox.baseUrl } } },
			);
			expect(result.error?.message).toBe('UNAUTHORIZED: Invalid API key');
		} finally {
			stdout.mockRestore();
			log.mockRestore();
		}
		const lines = n8nLogOf(globalThis);
		expect(lines).toContain('error: UNAUTHORIZED: Invalid API key');
		expect(written.filter((text) => text.includes('UNAUTHORIZED'))).toEqual([]);
		// Secrets never reach the log either.
		expect(lines.join('\n')).not.toContain(badKey);
	});

	test('each test starts with an empty log', () => {
		expect(n8nLogOf(globalThis)).toEqual([]);
	});

	test('a jest run prints the log of the failed test only', async () => {
		const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
		const run = promisify(execFile);
		const result = await run(
			process.execPath,
			[
				jest,
				'--ci',
				'--runInBand',
				'--colors=false',
				'--testMatch',
				'<rootDir>/test/setup/fixtures/n8nLog.fixture.ts',
			],
			{ cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
		).then(
			() => ({ code: 0, output: '' }),
			(error: { code: number; stdout: string; stderr: string }) => ({
				code: error.code,
				output: error.stdout + error.stderr,
			}),
		);
		expect(result.code).toBe(1);
		expect(result.output).toMatch(/Tests:\s+1 failed, 1 passed, 2 total/);
		expect(result.output).toContain(
			`n8n's log during the failed test "red: the node failed on a parameter, and the test fails on purpose":`,
		);
		expect(result.output).toMatch(/error: Parameter "Draft ID"/);
		expect(result.output).not.toContain('UNAUTHORIZED');
		expect(result.output.match(/n8n's log during/g)).toHaveLength(1);
	}, 120_000);
});
