/**
 * Refreshes the lockfile of a pinned real n8n install on purpose (npm run e2e:lock -- <install name|version> ...):
 * resolves n8n at the version scripts/e2e/versions.json pins, with the install's overrides, in a fresh folder
 * (`npm install --package-lock-only`: nothing is downloaded but the packages' metadata), checks the lock, and
 * copies its package.json and package-lock.json into scripts/e2e/locks/<install name>/. Prints what changed.
 * The lock names no registry: the installs fetch each package by name, version and integrity hash from
 * whatever registry the machine is configured for.
 */
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	copyFileSync,
	writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cleanEnv, ensureNode24, freshFolder, NPM_QUIET, run, secondsSince } from './install-n8n';
import { findInstall, INSTALLS, N8nInstall, runtimeEnv } from './installs';
import { LOCK_FILES, lockDir, lockPackageJson, lockProblems } from './locks';

type Versions = Map<string, string>;

/** Every locked package path with its version. */
function lockedVersions(file: string): Versions {
	if (!existsSync(file)) return new Map();
	const lock = JSON.parse(readFileSync(file, 'utf8')) as {
		packages?: Record<string, { version?: string }>;
	};
	return new Map(
		Object.entries(lock.packages ?? {})
			.filter(([path]) => path)
			.map(([path, p]) => [path, p.version ?? '']),
	);
}

/** How the new lock differs from the old one: counts, and the first few changed packages. */
export function describeChange(before: Versions, after: Versions): string {
	const added = [...after.keys()].filter((p) => !before.has(p));
	const removed = [...before.keys()].filter((p) => !after.has(p));
	const changed = [...after.keys()].filter((p) => before.has(p) && before.get(p) !== after.get(p));
	if (!before.size) return `new lock with ${after.size} packages`;
	const sample = changed
		.slice(0, 5)
		.map((p) => `${p.replace(/^node_modules\//, '')} ${before.get(p)} -> ${after.get(p)}`);
	return (
		`${after.size} packages: ${added.length} added, ${removed.length} removed, ${changed.length} at another version` +
		(sample.length ? ` (${sample.join('; ')}${changed.length > 5 ? '; ...' : ''})` : '')
	);
}

function lockOne(install: N8nInstall): void {
	const started = Date.now();
	if (install.runtime === 'node24') ensureNode24();
	const root = mkdtempSync(join(tmpdir(), 'n8n-lock-'));
	try {
		const dir = lockDir(install, root);
		freshFolder(dir);
		writeFileSync(join(dir, 'package.json'), lockPackageJson(install));
		run(
			'npm',
			[
				'install',
				'--package-lock-only',
				'--ignore-scripts',
				'--omit-lockfile-registry-resolved',
				...NPM_QUIET,
			],
			dir,
			cleanEnv(runtimeEnv(install)),
		);
		const problems = lockProblems(install, root);
		if (problems.length) throw new Error(problems.join('\n'));
		const target = lockDir(install);
		const change = describeChange(
			lockedVersions(join(target, 'package-lock.json')),
			lockedVersions(join(dir, 'package-lock.json')),
		);
		mkdirSync(target, { recursive: true });
		for (const file of LOCK_FILES) copyFileSync(join(dir, file), join(target, file));
		console.log(
			`[lock] ${install.name}: ${change}; written to ${target} in ${secondsSince(started)} s`,
		);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}

if (require.main === module) {
	const selectors = process.argv.slice(2);
	if (!selectors.length) {
		console.error(
			`usage: npm run e2e:lock -- <install name or n8n version> ... | all   (installs: ${INSTALLS.map((i) => i.name).join(', ')})`,
		);
		process.exit(2);
	}
	try {
		for (const install of selectors.includes('all') ? INSTALLS : selectors.map(findInstall))
			lockOne(install);
	} catch (error) {
		console.error(`[lock] ${(error as Error).message}`);
		process.exit(1);
	}
}
