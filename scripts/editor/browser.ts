/**
 * Headless Chromium from the system's Debian package, driven by playwright-core (a dev dependency; no
 * browser is downloaded). The package is installed with apt-get when missing (root or password-less sudo),
 * as the queue-mode test installs Redis and PostgreSQL.
 */
import { spawnSync } from 'child_process';
import { existsSync } from 'fs';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { runProcess } from '../lib/processes';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian's `chromium` when the browser is missing. Returns what it found or did. */
export async function ensureChromium(log: (line: string) => void = console.log): Promise<string> {
	if (existsSync(CHROMIUM_PATH)) return `${CHROMIUM_PATH} (there already)`;
	if (process.env.CHROMIUM_PATH)
		throw new Error(`CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist`);
	if (spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0)
		throw new Error(
			`${CHROMIUM_PATH} is missing and there is no apt-get here: install Chromium with the system's package manager, or set CHROMIUM_PATH`,
		);
	const sudo = isRoot() ? [] : ['sudo', '-n'];
	if (!isRoot() && spawnSync('sudo', ['-n', 'true']).status !== 0)
		throw new Error(
			`${CHROMIUM_PATH} is missing: install it with "sudo apt-get install -y chromium" (this script needs root or password-less sudo to do it itself)`,
		);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
		const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
		log(`[browser] ${[cmd, ...rest].join(' ')}`);
		const res = await runProcess(cmd, rest, { env, timeoutMs: 15 * 60_000 });
		if (res.code !== 0)
			throw new Error(
				`apt-get ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-3000)}`,
			);
	}
	if (!existsSync(CHROMIUM_PATH))
		throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing`);
	return `installed chromium with apt-get`;
}

export async function launchBrowser(): Promise<Browser> {
	return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export interface ConsoleEntry {
	type: string;
	text: string;
	/** Where the browser says the message came from (a script URL). */
	location: string;
}

/** Every console error and warning of the page, and every uncaught page error, from now on. */
export function watchConsole(page: Page): {
	entries: ConsoleEntry[];
	since(mark: number): ConsoleEntry[];
} {
	const entries: ConsoleEntry[] = [];
	page.on('console', (message: ConsoleMessage) => {
		const type = message.type();
		if (type !== 'error' && type !== 'warning') return;
		const { url, lineNumber } = message.location();
		entries.push({ type, text: message.text(), location: url ? `${url}:${lineNumber}` : '' });
	});
	page.on('pageerror', (error: Error) =>
		entries.push({ type: 'pageerror', text: error.stack ?? error.message, location: '' }),
	);
	return { entries, since: (mark) => entries.slice(mark) };
}
