/** Building and packing this package the way it is published. */
import { mkdtempSync, readdirSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { runProcess } from './processes';

export const REPO_ROOT = resolve(__dirname, '..', '..');

async function npm(args: string[], cwd = REPO_ROOT): Promise<string> {
	const res = await runProcess('npm', args, { cwd, env: process.env, timeoutMs: 5 * 60_000 });
	if (res.code !== 0)
		throw new Error(`npm ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-4000)}`);
	return res.output;
}

/** `npm run build`: compiles nodes and credentials into dist/ and copies the icons. */
export async function buildPackage(): Promise<void> {
	await npm(['run', 'build', '--silent']);
}

/** `npm pack` into a temporary folder; returns the tarball's path. */
export async function packPackage(): Promise<string> {
	const dir = mkdtempSync(join(tmpdir(), 'sp-pack-'));
	await npm(['pack', '--silent', '--pack-destination', dir]);
	const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
	if (!tarball) throw new Error(`npm pack left no tarball in ${dir}`);
	return join(dir, tarball);
}
