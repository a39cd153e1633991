/**
 * The lockfiles the real n8n installs are made from (scripts/e2e/locks/<install name>/package.json and
 * package-lock.json, kept in the repository): the installer runs `npm ci` on them, so every machine
 * installs exactly the dependency tree that was tested; `npm run e2e:lock -- <install>` refreshes one.
 */
import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { N8nInstall } from './installs';

/** The files of one lock, in the order they are hashed. */
export const LOCK_FILES = ['package.json', 'package-lock.json'] as const;

export const LOCKS_ROOT = join(__dirname, 'locks');

/** The folder in the repository that holds an install's package.json and package-lock.json. */
export function lockDir(install: Pick<N8nInstall, 'name'>, root = LOCKS_ROOT): string {
	return join(root, install.name);
}

/**
 * The package.json an install is locked and installed from: n8n at exactly the pinned version and the
 * install's overrides. `npm run e2e:lock` writes it; the installer refuses a lock whose package.json differs.
 */
export function lockPackageJson(install: N8nInstall): string {
	return (
		JSON.stringify(
			{
				name: `n8n-install-${install.name}`,
				private: true,
				dependencies: { n8n: install.n8n },
				overrides: install.overrides,
			},
			null,
			2,
		) + '\n'
	);
}

/** SHA-256 over the install's lock files (a missing file hashes as empty, so adding it changes the hash). */
export function lockHash(install: Pick<N8nInstall, 'name'>, root = LOCKS_ROOT): string {
	const hash = createHash('sha256');
	for (const file of LOCK_FILES) {
		const path = join(lockDir(install, root), file);
		hash.update(`${file}\0`);
		hash.update(existsSync(path) ? readFileSync(path) : '');
		hash.update('\0');
	}
	return hash.digest('hex');
}

interface LockedPackage {
	version?: string;
	resolved?: string;
	integrity?: string;
	link?: boolean;
	dependencies?: Record<string, string>;
	overrides?: Record<string, string>;
}

/** The names a lockfile's `packages` key stands for: `node_modules/a/node_modules/@b/c` is `@b/c`. */
function packageName(path: string): string {
	return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * What is wrong with an install's lock, as sentences (none when it is sound): a file missing; a package.json
 * that is not the one versions.json makes; a package-lock.json whose root asks for something else, that
 * locks another n8n or ignores an override, that says where a package comes from (a `resolved` field, or
 * any tarball address: the lock must install from whatever registry the machine is configured for, by
 * name, version and integrity hash), or whose packages lack a version or an integrity hash.
 */
export function lockProblems(install: N8nInstall, root = LOCKS_ROOT): string[] {
	const dir = lockDir(install, root);
	const missing = LOCK_FILES.filter((file) => !existsSync(join(dir, file)));
	if (missing.length) return [`${install.name}: ${missing.join(' and ')} missing in ${dir}`];
	const problems: string[] = [];
	if (readFileSync(join(dir, 'package.json'), 'utf8') !== lockPackageJson(install))
		problems.push(
			`${install.name}: the lock's package.json is not the one versions.json makes (n8n ${install.n8n}, overrides ${JSON.stringify(install.overrides)})`,
		);
	const text = readFileSync(join(dir, 'package-lock.json'), 'utf8');
	// A package tarball's address (registry or not) has the form <host>/<name>/-/<name>-<version>.tgz.
	const tarball = /[a-z][a-z0-9+.-]*:\/\/[^\s"]*\/-\/[^\s"]*/i.exec(text);
	if (tarball)
		problems.push(`${install.name}: package-lock.json names a tarball's address: ${tarball[0]}`);
	let lock: { lockfileVersion?: number; packages?: Record<string, LockedPackage> };
	try {
		lock = JSON.parse(text) as typeof lock;
	} catch (error) {
		return [
			...problems,
			`${install.name}: package-lock.json is not JSON: ${(error as Error).message}`,
		];
	}
	const packages = lock.packages ?? {};
	const rootPackage = packages[''] ?? {};
	if (lock.lockfileVersion !== 3)
		problems.push(
			`${install.name}: package-lock.json has lockfileVersion ${lock.lockfileVersion}, not 3`,
		);
	if (JSON.stringify(rootPackage.dependencies) !== JSON.stringify({ n8n: install.n8n }))
		problems.push(
			`${install.name}: package-lock.json's root depends on ${JSON.stringify(rootPackage.dependencies)}, not n8n ${install.n8n}`,
		);
	const n8n = packages['node_modules/n8n'];
	if (n8n?.version !== install.n8n)
		problems.push(
			`${install.name}: package-lock.json locks n8n ${n8n?.version}, not ${install.n8n}`,
		);
	for (const [name, version] of Object.entries(install.overrides)) {
		const wrong = Object.entries(packages)
			.filter(([path, p]) => path && packageName(path) === name && p.version !== version)
			.map(([path, p]) => `${path}@${p.version}`);
		if (wrong.length)
			problems.push(
				`${install.name}: override ${name}@${version} not applied: ${wrong.join(', ')}`,
			);
	}
	const resolved = Object.entries(packages)
		.filter(([, p]) => p.resolved !== undefined)
		.map(([path, p]) => `${path} (${p.resolved})`);
	if (resolved.length)
		problems.push(
			`${install.name}: package-lock.json names where ${resolved.length} packages come from, e.g. ${resolved.slice(0, 3).join(', ')}`,
		);
	const unpinned = Object.entries(packages)
		.filter(([path, p]) => path && !p.link && (!p.version || !p.integrity))
		.map(([path]) => path);
	if (unpinned.length)
		problems.push(
			`${install.name}: ${unpinned.length} locked packages lack a version or integrity hash, e.g. ${unpinned.slice(0, 3).join(', ')}`,
		);
	return problems;
}
