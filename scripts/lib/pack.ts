/** Building and packing this package the way it is published. */
import { createHash } from 'crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	statSync,
	writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join, relative, resolve } from 'path';
import { runProcess } from './processes';

export const REPO_ROOT = resolve(__dirname, '..', '..');

async function npm(args: string[], cwd = REPO_ROOT): Promise<string> {
	const res = await runProcess('npm', args, { cwd, env: process.env, timeoutMs: 5 * 60_000 });
	if (res.code !== 0)
		throw new Error(`npm ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-4000)}`);
	return res.output;
}

/** What `npm run build` reads: the shipped sources and the files that say how they are built. */
export const BUILD_INPUTS = [
	'nodes',
	'credentials',
	'index.js',
	'package.json',
	'package-lock.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
	'scripts/snapshotProperties.ts',
];

/**
 * A digest of files and folders under `root` (each file's path and bytes, in path order): two trees with one
 * digest hold the same files. A path that does not exist counts as absent, not as an error.
 */
export function treeDigest(root: string, paths: readonly string[]): string {
	const hash = createHash('sha256');
	const files: string[] = [];
	const walk = (path: string) => {
		if (!existsSync(path)) return;
		if (statSync(path).isDirectory())
			for (const entry of readdirSync(path).sort()) walk(join(path, entry));
		else files.push(path);
	};
	for (const path of paths) walk(join(root, path));
	for (const file of files.sort()) {
		hash.update(`${relative(root, file)}\0`);
		hash.update(readFileSync(file));
		hash.update('\0');
	}
	return hash.digest('hex');
}

/** The build a test last made in this clone: its inputs' digest and dist/'s, kept outside dist/ (never published). */
const BUILD_STAMP = join(
	REPO_ROOT,
	'node_modules',
	'.cache',
	'n8n-nodes-social-publishing',
	'build.json',
);

interface BuildStamp {
	inputs: string;
	dist: string;
}

/** Whether dist/ is the build of the sources as they are: the stamp's inputs and dist/ both unchanged since. */
export function builtFromSources(root = REPO_ROOT, stampFile = BUILD_STAMP): boolean {
	if (!existsSync(stampFile) || !existsSync(join(root, 'dist'))) return false;
	let stamp: BuildStamp;
	try {
		stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as BuildStamp;
	} catch {
		return false;
	}
	return (
		stamp.inputs === treeDigest(root, BUILD_INPUTS) && stamp.dist === treeDigest(root, ['dist'])
	);
}

/** Notes that dist/ is the build of the sources as they are now. */
export function stampBuild(root = REPO_ROOT, stampFile = BUILD_STAMP): void {
	mkdirSync(resolve(stampFile, '..'), { recursive: true });
	const stamp: BuildStamp = {
		inputs: treeDigest(root, BUILD_INPUTS),
		dist: treeDigest(root, ['dist']),
	};
	writeFileSync(stampFile, JSON.stringify(stamp));
}

/**
 * `npm run build`: compiles nodes and credentials into dist/ and copies the icons. The end-to-end, human-review,
 * editor and queue-mode tests each call it; when dist/ is already the build of the sources as they are (the
 * previous test built it, and neither the sources nor dist/ changed since), it is used as it is. Returns whether it
 * built.
 */
export async function buildPackage(): Promise<boolean> {
	if (builtFromSources()) return false;
	await npm(['run', 'build', '--silent']);
	stampBuild();
	return true;
}

/** `npm pack` into a temporary folder; returns the tarball's path. */
export async function packPackage(): Promise<string> {
	const dir = mkdtempSync(join(tmpdir(), 'sp-pack-'));
	await npm(['pack', '--silent', '--pack-destination', dir]);
	const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
	if (!tarball) throw new Error(`npm pack left no tarball in ${dir}`);
	return join(dir, tarball);
}
