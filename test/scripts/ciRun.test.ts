/**
 * .ci/run, run with a stand-in `npm` first on PATH that records each call: the steps in order (the
 * README's `npm test` among them), the n8n installs in the background while the unit tests run, the
 * time of each step and the total, and a failing step stops the run with its exit code.
 */
import {
	chmodSync,
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { REPO_ROOT } from '../../scripts/lib/pack';
import { runProcess } from '../../scripts/lib/processes';

jest.setTimeout(60_000);

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'sp-ci-run-'));
	mkdirSync(join(dir, '.ci'));
	mkdirSync(join(dir, 'bin'));
	copyFileSync(join(REPO_ROOT, '.ci', 'run'), join(dir, '.ci', 'run'));
	// Each call logs its start and end; the install takes longer than the unit tests, and FAIL names a call that fails.
	const npm = [
		'#!/usr/bin/env bash',
		'echo "start $*" >> "$CALLS"',
		'case "$*" in',
		'  "run --silent e2e:install") sleep 2; echo "n8n installed";;',
		'  *) sleep 0.3;;',
		'esac',
		'echo "end $*" >> "$CALLS"',
		'if [ "$*" = "$FAIL" ]; then exit 7; fi',
		'',
	].join('\n');
	writeFileSync(join(dir, 'bin', 'npm'), npm);
	chmodSync(join(dir, 'bin', 'npm'), 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function ciRun(fail = '') {
	const calls = join(dir, 'calls.log');
	const res = await runProcess('bash', [join(dir, '.ci', 'run')], {
		cwd: dir,
		env: {
			...process.env,
			PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
			CALLS: calls,
			FAIL: fail,
		},
		timeoutMs: 50_000,
	});
	return { ...res, calls: readFileSync(calls, 'utf8').trim().split('\n') };
}

describe('.ci/run', () => {
	test('runs npm ci, npm test, the Node 24 tests, the planted defects, then the e2e tests, with the installs beside the unit tests', async () => {
		const res = await ciRun();
		expect(res.code).toBe(0);
		const started = res.calls.filter((c) => c.startsWith('start ')).map((c) => c.slice(6));
		const background = ['run --silent e2e:install', 'run --silent editor:browser'];
		expect(started.filter((c) => !background.includes(c))).toEqual([
			'ci',
			'test',
			'run test:node24',
			'run test:mutants',
			'run test:e2e',
			'run test:e2e:hitl',
			'run test:editor',
			'run test:e2e:queue',
		]);
		// The install started after npm ci and before npm test ended, ran while it did, and ended before the e2e test.
		const at = (line: string) => res.calls.indexOf(line);
		expect(at('end ci')).toBeLessThan(at('start run --silent e2e:install'));
		expect(at('start run --silent e2e:install')).toBeLessThan(at('end test'));
		expect(at('end test')).toBeLessThan(at('end run --silent e2e:install'));
		expect(at('end run --silent e2e:install')).toBeLessThan(at('start run test:e2e'));
		// Chromium for the editor test is installed after the n8n installs, in the same background job.
		expect(at('end run --silent e2e:install')).toBeLessThan(
			at('start run --silent editor:browser'),
		);
		expect(at('end run --silent editor:browser')).toBeLessThan(at('start run test:e2e'));
		// Its output is printed, and each step's time and the total.
		expect(res.output).toContain('n8n installed');
		for (const step of [
			'npm ci',
			'npm test',
			'npm run test:node24',
			'npm run test:mutants',
			'npm run e2e:install, editor:browser (background)',
			'npm run test:e2e',
			'npm run test:e2e:hitl',
			'npm run test:editor',
			'npm run test:e2e:queue',
		])
			expect(res.output).toMatch(
				new RegExp(`^ +\\d+ s  ${step.replace(/[()]/g, '\\$&')} +ok$`, 'm'),
			);
		expect(res.output).toMatch(/^ +[2-9] s {2}total \(exit 0\)$/m);
	});

	test('a failing step stops the run with its exit code, and the times so far are printed', async () => {
		const res = await ciRun('test');
		expect(res.code).toBe(7);
		expect(res.output).toMatch(/^ +\d+ s {2}npm test +FAILED \(exit 7\)$/m);
		expect(res.output).toMatch(/^ +\d+ s {2}total \(exit 7\)$/m);
		expect(res.calls.some((c) => c.includes('test:e2e'))).toBe(false);
	});

	test('a planted defect the properties pass stops the run before the e2e tests', async () => {
		const res = await ciRun('run test:mutants');
		expect(res.code).toBe(7);
		expect(res.output).toMatch(/^ +\d+ s {2}npm run test:mutants +FAILED \(exit 7\)$/m);
		expect(res.calls).toContain('end run test:node24');
		expect(res.calls.some((c) => c.includes('test:e2e'))).toBe(false);
	});

	test('a failed n8n install stops the run before the e2e test, with its output', async () => {
		const res = await ciRun('run --silent e2e:install');
		expect(res.code).toBe(7);
		expect(res.output).toContain('n8n installed');
		expect(res.output).toMatch(
			/npm run e2e:install, editor:browser \(background\) +FAILED \(exit 7\)$/m,
		);
		expect(res.calls).not.toContain('start run --silent editor:browser');
		expect(res.calls.some((c) => c.includes('test:e2e'))).toBe(false);
	});
});
