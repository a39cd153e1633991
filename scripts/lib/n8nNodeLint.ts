/**
 * n8n's own lint: `n8n-node lint` from @n8n/node-cli (pinned), the check n8n's verification guidelines name,
 * in its strict mode. package.json says `"n8n": { "strict": true }`, so the CLI first compares eslint.config.mjs,
 * whitespace aside, with its default (`config` from '@n8n/node-cli/eslint', the n8n Cloud config) and refuses to
 * run when it differs; then it runs `eslint .` with that config.
 *
 * `eslint .` takes every TypeScript file under the folder the CLI runs in, and the default config may not be
 * changed to leave any out. So the CLI runs in a folder that holds only what the package ships and what the lint
 * reads: copies of package.json, eslint.config.mjs, tsconfig.json, nodes/ and credentials/, and a link to
 * node_modules. The tests, the sandbox, the scripts and the benchmark run in Node on purpose (files, processes,
 * timers, servers): eslint.dev.config.mjs lints them.
 */
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { REPO_ROOT } from './pack';
import { runProcess } from './processes';

/** What the CLI's folder holds, copied from this clone: the shipped sources and the files the lint reads. */
export const LINTED = [
	'package.json',
	'eslint.config.mjs',
	'tsconfig.json',
	'nodes',
	'credentials',
];

/** The CLI's default eslint.config.mjs: strict mode accepts this file and no other (whitespace aside). */
export const DEFAULT_CONFIG_PATH = join(
	REPO_ROOT,
	'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
);

export interface LintFolder {
	folder: string;
	cleanUp(): void;
}

/** Makes the folder the CLI runs in, from `root` (this clone unless told). */
export function stageShippedSources(root = REPO_ROOT): LintFolder {
	const folder = realpathSync(mkdtempSync(join(tmpdir(), 'sp-n8n-node-lint-')));
	try {
		for (const entry of LINTED) cpSync(join(root, entry), join(folder, entry), { recursive: true });
		symlinkSync(join(REPO_ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
	} catch (error) {
		rmSync(folder, { recursive: true, force: true });
		throw error;
	}
	return { folder, cleanUp: () => rmSync(folder, { recursive: true, force: true }) };
}

const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Runs `n8n-node lint` in `folder`. The output loses its colours, and the folder's path in it becomes this
 * clone's, so each finding names the file to open.
 */
export function runN8nNodeLint(folder: string): Promise<{ code: number | string; output: string }> {
	return runN8nNode(folder, ['lint']);
}

/** Runs the `n8n-node` CLI with `args` in `folder`; the output as runN8nNodeLint gives it. */
export async function runN8nNode(
	folder: string,
	args: string[],
): Promise<{ code: number | string; output: string }> {
	// NODE_ENV=test (set by jest) switches eslint-plugin-n8n-nodes-base's file-name rules to its own test mode;
	// ESLINT_FLAGS and ESLINT_USE_FLAT_CONFIG would change how ESLint finds its config.
	const env = Object.fromEntries(
		Object.entries(process.env).filter(
			([name]) => name !== 'NODE_ENV' && !name.startsWith('ESLINT_'),
		),
	);
	const res = await runProcess(join(REPO_ROOT, 'node_modules', '.bin', 'n8n-node'), args, {
		cwd: folder,
		env,
		timeoutMs: 5 * 60_000,
	});
	return { code: res.code, output: res.output.replace(ANSI, '').split(folder).join(REPO_ROOT) };
}

/** Stages this clone's shipped sources, runs the CLI on them and removes the folder again. */
export async function lintShippedSources(): Promise<{ code: number | string; output: string }> {
	const staged = stageShippedSources();
	try {
		return await runN8nNodeLint(staged.folder);
	} finally {
		staged.cleanUp();
	}
}
