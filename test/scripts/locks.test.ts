/**
 * The real n8n installs come from lockfiles kept in the repository (scripts/e2e/locks/): a fresh machine
 * installs exactly what was tested, with `npm ci`, instead of resolving n8n's 2,000+ dependencies afresh
 * (a registry hiccup once made `npm install n8n@2.8.4` fail with ETARGET). The locks name no registry,
 * a refreshed lock reinstalls, and a lock that does not match versions.json is refused.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { basename, join } from 'path';
import { INSTALLS, installDir, markerContent, N8nInstall } from '../../scripts/e2e/installs';
import { describeChange } from '../../scripts/e2e/lock-n8n';
import { lockDir, lockHash, lockPackageJson, lockProblems } from '../../scripts/e2e/locks';

const install: N8nInstall = {
	name: 'n8n-9.9.9-test',
	n8n: '9.9.9',
	runtime: 'system',
	overrides: { xlsx: '0.18.5' },
	ignoreScripts: false,
	rebuild: [],
};

const integrity = 'sha512-' + 'A'.repeat(86) + '==';

interface Lock {
	name: string;
	lockfileVersion: number;
	requires: boolean;
	packages: Record<
		string,
		{ version?: string; integrity?: string; resolved?: string; [key: string]: unknown }
	>;
}

/** A small lock as `npm install --package-lock-only --omit-lockfile-registry-resolved` writes one. */
function lockJson(changes: (lock: Lock) => void = () => undefined): string {
	const lock: Lock = {
		name: `n8n-install-${install.name}`,
		lockfileVersion: 3,
		requires: true,
		packages: {
			'': { name: `n8n-install-${install.name}`, dependencies: { n8n: '9.9.9' } },
			'node_modules/n8n': {
				version: '9.9.9',
				integrity,
				dependencies: { xlsx: '*' },
				funding: { url: 'https://example.org/funding' },
			},
			'node_modules/xlsx': { version: '0.18.5', integrity },
			'node_modules/n8n/node_modules/@scope/dep': { version: '1.0.0', integrity },
		},
	};
	changes(lock);
	return JSON.stringify(lock, null, 2) + '\n';
}

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'sp-locks-'));
	write(lockPackageJson(install), lockJson());
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(packageJson: string | null, packageLock: string | null): void {
	const dir = lockDir(install, root);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	if (packageJson !== null) writeFileSync(join(dir, 'package.json'), packageJson);
	if (packageLock !== null) writeFileSync(join(dir, 'package-lock.json'), packageLock);
}

describe('the pinned n8n installs in versions.json', () => {
	test.each(INSTALLS.map((i) => [i.name, i]))(
		'%s has a sound lock in the repository',
		(_name, pinned) => {
			expect(lockProblems(pinned)).toEqual([]);
			const lock = JSON.parse(readFileSync(join(lockDir(pinned), 'package-lock.json'), 'utf8'));
			// n8n's whole tree is locked, not only n8n.
			expect(Object.keys(lock.packages).length).toBeGreaterThan(1000);
		},
	);

	test('their marker names the lock, so a refreshed lock reinstalls', () => {
		for (const pinned of INSTALLS)
			expect(JSON.parse(markerContent(pinned)).lock).toBe(lockHash(pinned));
	});

	test('each installs into a folder named for its lock, so clones with other locks keep their own installs', () => {
		const dirs = INSTALLS.map((pinned) => basename(installDir(pinned)));
		expect(dirs).toEqual(
			INSTALLS.map((pinned) => `${pinned.name}-lock-${lockHash(pinned).slice(0, 12)}`),
		);
		expect(new Set(dirs).size).toBe(INSTALLS.length);
	});
});

describe('lockProblems', () => {
	test('finds nothing wrong with a sound lock (URLs outside `resolved`, such as funding, are fine)', () => {
		expect(lockProblems(install, root)).toEqual([]);
	});

	test('names the missing files', () => {
		write(lockPackageJson(install), null);
		expect(lockProblems(install, root)).toEqual([
			expect.stringMatching(/^n8n-9\.9\.9-test: package-lock\.json missing in /),
		]);
		write(null, null);
		expect(lockProblems(install, root)).toEqual([
			expect.stringContaining('package.json and package-lock.json missing'),
		]);
	});

	test('refuses a lock made for another pin: n8n version or overrides changed in versions.json', () => {
		expect(lockProblems({ ...install, overrides: { xlsx: '0.18.6' } }, root)).toEqual([
			expect.stringContaining("the lock's package.json is not the one versions.json makes"),
			expect.stringContaining('override xlsx@0.18.6 not applied: node_modules/xlsx@0.18.5'),
		]);
		expect(lockProblems({ ...install, n8n: '9.9.8' }, root)).toEqual([
			expect.stringContaining("the lock's package.json is not the one versions.json makes"),
			expect.stringContaining('root depends on {"n8n":"9.9.9"}, not n8n 9.9.8'),
			expect.stringContaining('locks n8n 9.9.9, not 9.9.8'),
		]);
	});

	test('refuses a lock that says where packages come from (a registry host or any tarball address)', () => {
		write(
			lockPackageJson(install),
			lockJson((lock) => {
				lock.packages['node_modules/xlsx'].resolved =
					'https://registry.example.test/xlsx/-/xlsx-0.18.5.tgz';
			}),
		);
		const problems = lockProblems(install, root);
		expect(problems).toEqual([
			expect.stringContaining(
				"names a tarball's address: https://registry.example.test/xlsx/-/xlsx-0.18.5.tgz",
			),
			expect.stringContaining('names where 1 packages come from, e.g. node_modules/xlsx'),
		]);
		write(
			lockPackageJson(install),
			lockJson((lock) => {
				lock.packages['node_modules/n8n/node_modules/@scope/dep'].resolved =
					'git+ssh://git@example.test/scope/dep.git#0123456';
			}),
		);
		expect(lockProblems(install, root)).toEqual([
			expect.stringContaining(
				'names where 1 packages come from, e.g. node_modules/n8n/node_modules/@scope/dep (git+ssh://',
			),
		]);
	});

	test('refuses packages without a version or integrity hash, an override not applied deep in the tree, and another lockfile version', () => {
		write(
			lockPackageJson(install),
			lockJson((lock) => {
				delete lock.packages['node_modules/n8n/node_modules/@scope/dep'].integrity;
				lock.packages['node_modules/n8n/node_modules/xlsx'] = { version: '0.20.0', integrity };
				lock.lockfileVersion = 2;
			}),
		);
		expect(lockProblems(install, root)).toEqual([
			expect.stringContaining('lockfileVersion 2, not 3'),
			expect.stringContaining(
				'override xlsx@0.18.5 not applied: node_modules/n8n/node_modules/xlsx@0.20.0',
			),
			expect.stringContaining(
				'1 locked packages lack a version or integrity hash, e.g. node_modules/n8n/node_modules/@scope/dep',
			),
		]);
	});

	test('says so when package-lock.json is not JSON', () => {
		write(lockPackageJson(install), '{ "lockfileVersion": 3,');
		expect(lockProblems(install, root)).toEqual([
			expect.stringContaining('package-lock.json is not JSON'),
		]);
	});
});

describe('lockHash', () => {
	test('changes with any byte of either file, and when a file goes missing', () => {
		const first = lockHash(install, root);
		expect(lockHash(install, root)).toBe(first);
		write(lockPackageJson(install), lockJson().replace('0.18.5', '0.18.4'));
		const second = lockHash(install, root);
		expect(second).not.toBe(first);
		write(lockPackageJson(install).replace('"private": true', '"private": false'), lockJson());
		expect(lockHash(install, root)).not.toBe(first);
		expect(lockHash(install, root)).not.toBe(second);
		write(lockPackageJson(install), null);
		expect(lockHash(install, root)).not.toBe(first);
	});

	test('does not mix the two files up (moving bytes from one to the other changes it)', () => {
		write('ab', 'c');
		const one = lockHash(install, root);
		write('a', 'bc');
		expect(lockHash(install, root)).not.toBe(one);
	});
});

describe('describeChange (what npm run e2e:lock prints)', () => {
	const map = (entries: [string, string][]) => new Map(entries);
	test('counts added, removed and changed packages and names the first changed ones', () => {
		const before = map([
			['node_modules/n8n', '2.41.0'],
			['node_modules/a', '1.0.0'],
			['node_modules/gone', '1.0.0'],
		]);
		const after = map([
			['node_modules/n8n', '2.41.1'],
			['node_modules/a', '1.0.0'],
			['node_modules/new', '3.0.0'],
		]);
		expect(describeChange(before, after)).toBe(
			'3 packages: 1 added, 1 removed, 1 at another version (n8n 2.41.0 -> 2.41.1)',
		);
	});

	test('a first lock is a new lock', () => {
		expect(describeChange(new Map(), map([['node_modules/n8n', '1.0.0']]))).toBe(
			'new lock with 1 packages',
		);
	});
});
