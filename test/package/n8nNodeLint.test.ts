/**
 * n8n's own lint, `n8n-node lint` (@n8n/node-cli, pinned), in strict mode: the setup `npm run lint:n8n` relies on.
 * `npm run lint` runs it on the shipped sources; here, that strict mode is reached, that the CLI refuses a changed
 * config, and that it fails on a shipped file that breaks an n8n Cloud rule.
 */
import { readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import {
	DEFAULT_CONFIG_PATH,
	LINTED,
	runN8nNode,
	runN8nNodeLint,
	stageShippedSources,
} from '../../scripts/lib/n8nNodeLint';
import { REPO_ROOT } from '../../scripts/lib/pack';

jest.setTimeout(5 * 60_000);

/** How the CLI compares eslint.config.mjs with its default in strict mode. */
const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

describe("n8n's own lint (n8n-node lint) in strict mode", () => {
	test('package.json turns strict mode on and eslint.config.mjs is the default strict mode expects', () => {
		const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
			n8n?: { strict?: unknown };
			devDependencies: Record<string, string>;
		};
		expect(pkg.n8n?.strict).toBe(true);
		// Pinned exactly: strict mode compares the config with the default of the version installed.
		expect(pkg.devDependencies['@n8n/node-cli']).toMatch(/^\d+\.\d+\.\d+$/);
		const current = readFileSync(join(REPO_ROOT, 'eslint.config.mjs'), 'utf8');
		const expected = readFileSync(DEFAULT_CONFIG_PATH, 'utf8');
		expect(normalized(current)).toBe(normalized(expected));
		// The default is n8n's Cloud config, not the one without Cloud support.
		expect(normalized(current)).toBe(
			"import { config } from '@n8n/node-cli/eslint'; export default config;",
		);
	});

	test('n8n-node cloud-support finds strict mode on and the default config in this clone: eligible for n8n Cloud', async () => {
		const { code, output } = await runN8nNode(REPO_ROOT, ['cloud-support']);
		expect(code).toBe(0);
		expect(output).toContain('Cloud support is ENABLED');
		expect(output).toMatch(/Strict mode: enabled/);
		expect(output).toMatch(/ESLint config: using default config/);
	});

	test('the folder the CLI runs in holds the shipped sources and no test, sandbox, script or benchmark', () => {
		const staged = stageShippedSources();
		try {
			expect(readdirSync(staged.folder).sort()).toEqual([...LINTED, 'node_modules'].sort());
			const listing = (folder: string): string[] =>
				readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
			expect(listing(join(staged.folder, 'nodes'))).toEqual(listing(join(REPO_ROOT, 'nodes')));
			expect(listing(join(staged.folder, 'credentials'))).toEqual(
				listing(join(REPO_ROOT, 'credentials')),
			);
		} finally {
			staged.cleanUp();
		}
	});

	test('refuses to lint when eslint.config.mjs differs from the default', async () => {
		const staged = stageShippedSources();
		try {
			const changed = `${readFileSync(DEFAULT_CONFIG_PATH, 'utf8')}\nexport const extra = [];\n`;
			writeFileSync(join(staged.folder, 'eslint.config.mjs'), changed);
			const { code, output } = await runN8nNodeLint(staged.folder);
			expect(code).toBe(1);
			expect(output).toContain('Strict mode violation');
			expect(output).not.toMatch(/\d+ problems?/);
		} finally {
			staged.cleanUp();
		}
	});

	test('fails on a shipped file that uses a timer and a Node module, naming the file and the rules', async () => {
		const staged = stageShippedSources();
		try {
			const file = join('nodes', 'SocialPublishing', 'helpers', 'lintProbe.ts');
			writeFileSync(
				join(staged.folder, file),
				[
					"import { readFileSync } from 'fs';",
					'',
					'export function lintProbe(path: string): Promise<string> {',
					"\treturn new Promise((resolve) => setTimeout(() => resolve(readFileSync(path, 'utf8')), 1));",
					'}',
					'',
				].join('\n'),
			);
			const { code, output } = await runN8nNodeLint(staged.folder);
			expect(code).toBe(1);
			const section = output.split(join(REPO_ROOT, file))[1]?.split('\n\n')[0] ?? '';
			expect(section).toMatch(/^\s+1:1\s+error .*@n8n\/community-nodes\/no-restricted-imports$/m);
			expect(section).toMatch(/^\s+4:\d+\s+error .*@n8n\/community-nodes\/no-restricted-globals$/m);
		} finally {
			staged.cleanUp();
		}
	});
});
