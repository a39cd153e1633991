import { ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { startReceiver } from './receiver';

const ROOT = join(__dirname, '..', '..');

/** Runs sandbox/cli.ts the way `npm run sandbox` does (ts-node --transpile-only), without npm in between. */
function runCli(args: string[]): {
	child: ChildProcess;
	output: () => string;
	exited: Promise<number | null>;
} {
	const child = spawn(
		process.execPath,
		[require.resolve('ts-node/dist/bin'), '--transpile-only', 'sandbox/cli.ts', ...args],
		{
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let out = '';
	child.stdout!.on('data', (c) => (out += c));
	child.stderr!.on('data', (c) => (out += c));
	// 'close', not 'exit': the process has ended and its pipes are closed too, so the file leaves neither behind.
	const exited = new Promise<number | null>((resolve) =>
		child.on('close', (code) => resolve(code)),
	);
	return { child, output: () => out, exited };
}

async function waitForOutput(
	output: () => string,
	pattern: RegExp,
	timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const m = output().match(pattern);
		if (m) return m;
		if (Date.now() > deadline) throw new Error(`CLI output did not match ${pattern}: ${output()}`);
		await new Promise((r) => setTimeout(r, 50));
	}
}

describe('sandbox: CLI (npm run sandbox)', () => {
	// Each test starts the CLI under ts-node, which takes tens of seconds on a loaded machine: a ceiling, not a wait.
	jest.setTimeout(120_000);
	it('CLI prints Base URL, keys with access levels and the webhook secret; /v2/me answers 200 with a printed key; SIGTERM stops it', async () => {
		const receiver = await startReceiver();
		const cli = runCli([
			'--port',
			'0',
			'--rate-limit-user',
			'3/60',
			'--webhook',
			receiver.url,
			'--webhook-secret',
			'cli_secret',
			'--header-prefix',
			'X-Cli-',
		]);
		try {
			const [, baseUrl] = await waitForOutput(cli.output, /Base URL: (http:\/\/127\.0\.0\.1:\d+)/);
			await waitForOutput(cli.output, /Ctrl\+C/);
			const out = cli.output();
			expect(out).toMatch(/sp_test_admin\s+ADMIN on 101 and 102/);
			expect(out).toMatch(/sp_test_read\s+READ on 101/);
			expect(out).toContain('Webhook secret: cli_secret');
			const key = out.match(/(sp_test_publish)\s+PUBLISH/)![1];
			const me = await fetch(`${baseUrl}/v2/me`, { headers: { Authorization: `Bearer ${key}` } });
			expect(me.status).toBe(200);
			expect(((await me.json()) as { id: number }).id).toBe(2);
			expect(me.headers.get('x-ratelimit-user-limit')).toBe('3');
			const draft = await fetch(`${baseUrl}/v2/social-sets/101/drafts`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
				body: JSON.stringify({ platforms: { x: { posts: [{ text: 'from the CLI test' }] } } }),
			});
			expect(draft.status).toBe(201);
			const deadline = Date.now() + 20_000;
			while (receiver.received.length === 0 && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 20));
			const got = receiver.received[0];
			const ts = got.headers['x-cli-timestamp'] as string;
			expect(got.headers['x-cli-signature']).toBe(
				'sha256=' + createHmac('sha256', 'cli_secret').update(`${ts}.${got.body}`).digest('hex'),
			);
			// --rate-limit-user 3/60: the third request of a window is the last answered; the fourth gets 429.
			// Windows are whole minutes of the wall clock, so a new one may begin between two requests:
			// the check follows the window the answers report (X-RateLimit-User-Reset).
			const again = () =>
				fetch(`${baseUrl}/v2/me`, { headers: { Authorization: `Bearer ${key}` } });
			let previous = draft;
			let answer = await again();
			for (let tries = 0; tries < 4 && answer.status !== 429; tries++) {
				previous = answer;
				answer = await again();
			}
			expect(answer.status).toBe(429);
			expect(previous.status).not.toBe(429);
			expect(previous.headers.get('x-ratelimit-user-remaining')).toBe('0');
			expect(answer.headers.get('x-ratelimit-user-reset')).toBe(
				previous.headers.get('x-ratelimit-user-reset'),
			);
			cli.child.kill('SIGTERM');
			expect(await cli.exited).toBe(0);
			expect(cli.output()).toContain('stopping');
			await expect(fetch(`${baseUrl}/v2/me`)).rejects.toThrow();
		} finally {
			if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
			await cli.exited;
			await receiver.close();
		}
	});

	it('CLI rejects unknown flags and malformed rate limits with exit code 2', async () => {
		const bad = runCli(['--rate-limit-user', 'lots']);
		const unknown = runCli(['--verbose']);
		const [badCode, unknownCode] = await Promise.all([bad.exited, unknown.exited]);
		expect(badCode).toBe(2);
		expect(bad.output()).toMatch(/N\/SECONDS/);
		expect(unknownCode).toBe(2);
		expect(unknown.output()).toContain('unknown flag --verbose');
	});
});
