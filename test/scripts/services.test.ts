/**
 * scripts/e2e/queue/services.ts: installing Redis and PostgreSQL with apt-get must not start the
 * packages' own services (they would stay on 6379 and 5432 after the test). The standard Debian way:
 * a policy-rc.d that exits 101 for the length of the install, written only when none exists.
 */
import { spawnSync } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { holdBackServiceStarts, POLICY_RC_D } from '../../scripts/e2e/queue/services';

describe('holding back the services a package install would start (policy-rc.d)', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'sp-policy-'));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it("is Debian's file", () => {
		expect(POLICY_RC_D).toBe('/usr/sbin/policy-rc.d');
	});

	// `env` stands in for `sudo -n`: the same command line, run as this user.
	it.each([
		['as root', []],
		['through a command prefix (sudo -n)', ['env']],
	])('%s: writes an executable policy that exits 101, and release() removes it', (_how, sudo) => {
		const file = join(dir, 'policy-rc.d');
		const held = holdBackServiceStarts(file, sudo);
		expect(held.installed).toBe(true);
		expect(statSync(file).mode & 0o111).not.toBe(0);
		expect(spawnSync(file, ['redis-server', 'start']).status).toBe(101);
		held.release();
		expect(existsSync(file)).toBe(false);
		held.release();
	});

	it('leaves an existing policy alone, and does not remove it', () => {
		const file = join(dir, 'policy-rc.d');
		writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
		const held = holdBackServiceStarts(file);
		expect(held.installed).toBe(false);
		held.release();
		expect(readFileSync(file, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
	});
});
