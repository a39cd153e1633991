/**
 * n8n's user folder: n8n-core's InstanceSettings writes `.n8n/config`, with a new encryption key, into
 * N8N_USER_FOLDER, or into the user's own ~/.n8n when that is not set. The tests (test/setup/globalSetup.ts)
 * and npm start and the bench (scripts/lib/n8nUserFolder.ts) each use a throwaway folder instead.
 */
import { spawn, spawnSync } from 'child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { isAbsolute, join, relative } from 'path';
import { Container } from '@n8n/di';
import { InstanceSettings } from 'n8n-core';
import { REPO_ROOT } from '../../scripts/lib/pack';
import { useSandbox } from '../harness/sandbox';

jest.setTimeout(60_000);

const isInside = (folder: string, parent: string) => {
	const rel = relative(parent, folder);
	return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** Runs a script under ts-node the way npm start does, with HOME an empty folder and no N8N_USER_FOLDER. */
function scriptEnv(home: string): NodeJS.ProcessEnv {
	const { N8N_USER_FOLDER: _ofThisRun, ...env } = process.env;
	return { ...env, HOME: home };
}

const TS_NODE = [require.resolve('ts-node/dist/bin'), '--transpile-only', '-e'];

/** Loads scripts/lib/n8nUserFolder.ts first, as npm start does, then n8n-core's settings; prints where they went. */
const LOAD_SETTINGS = [
	"const { N8N_USER_FOLDER } = require('./scripts/lib/n8nUserFolder');",
	"const { existsSync } = require('fs');",
	"const { Container } = require('@n8n/di');",
	"const { InstanceSettings } = require('n8n-core');",
	'const { n8nFolder } = Container.get(InstanceSettings);',
	"console.log(JSON.stringify({ folder: N8N_USER_FOLDER, env: process.env.N8N_USER_FOLDER, n8nFolder, config: existsSync(n8nFolder + '/config') }));",
].join('\n');

describe('n8n user folder', () => {
	const fx = useSandbox();

	test('the tests run with a throwaway N8N_USER_FOLDER under the temp folder, where n8n-core keeps its settings', async () => {
		const folder = process.env.N8N_USER_FOLDER ?? '';
		expect(isInside(folder, tmpdir())).toBe(true);
		// A node run makes n8n-core load its settings (and write them, the first time in this run).
		const result = await fx.runNode({ resource: 'user', operation: 'getCurrent' });
		expect(result.error).toBeUndefined();
		const { n8nFolder } = Container.get(InstanceSettings);
		expect(n8nFolder).toBe(join(folder, '.n8n'));
		expect(existsSync(join(n8nFolder, 'config'))).toBe(true);
	});

	test('npm start and the bench: n8n-core writes its settings into a throwaway folder, removed at exit; nothing under HOME', () => {
		const home = mkdtempSync(join(tmpdir(), 'sp-home-'));
		try {
			const res = spawnSync(process.execPath, [...TS_NODE, LOAD_SETTINGS], {
				cwd: REPO_ROOT,
				env: scriptEnv(home),
				encoding: 'utf8',
				timeout: 50_000,
			});
			expect(res.stderr).toBe('');
			expect(res.status).toBe(0);
			const seen = JSON.parse(res.stdout.trim().split('\n').pop() ?? '{}') as {
				folder: string;
				env: string;
				n8nFolder: string;
				config: boolean;
			};
			expect(isInside(seen.folder, tmpdir())).toBe(true);
			expect(seen.env).toBe(seen.folder);
			expect(seen.n8nFolder).toBe(join(seen.folder, '.n8n'));
			expect(seen.config).toBe(true);
			expect(existsSync(seen.folder)).toBe(false);
			expect(readdirSync(home)).toEqual([]);
		} finally {
			rmSync(home, { recursive: true, force: true });
		}
	});

	test('npm start stopped by a signal (Ctrl-C, kill) removes its throwaway folder too', async () => {
		const home = mkdtempSync(join(tmpdir(), 'sp-home-'));
		try {
			const child = spawn(
				process.execPath,
				[...TS_NODE, `${LOAD_SETTINGS}\nsetInterval(() => {}, 1000);`],
				{ cwd: REPO_ROOT, env: scriptEnv(home), stdio: ['ignore', 'pipe', 'pipe'] },
			);
			let out = '';
			child.stdout.on('data', (chunk) => (out += chunk));
			child.stderr.on('data', (chunk) => (out += chunk));
			const exited = new Promise<number | null>((resolve) =>
				child.on('exit', (code) => resolve(code)),
			);
			const deadline = Date.now() + 50_000;
			while (!out.includes('"folder"') && child.exitCode === null && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 50));
			const seen = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
				folder: string;
				config: boolean;
			};
			expect(seen.config).toBe(true);
			expect(existsSync(seen.folder)).toBe(true);
			child.kill('SIGTERM');
			expect(await exited).toBe(143);
			expect(existsSync(seen.folder)).toBe(false);
			expect(readdirSync(home)).toEqual([]);
		} finally {
			rmSync(home, { recursive: true, force: true });
		}
	});
});
