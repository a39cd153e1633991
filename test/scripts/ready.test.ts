/**
 * When the e2e scripts take an n8n server for ready (scripts/e2e/ready.ts). While its database
 * migrates, n8n answers every route past its health checks with HTTP 200 and the text
 * "n8n is starting up. Please wait" (`res.send(...)`, so text/html): a CI run took that answer from
 * /rest/settings for a started server, and the next steps met the start-up text instead of n8n.
 * This server answers the same way, then as n8n does once migrated.
 */
import { createServer, Server } from 'http';
import type { AddressInfo } from 'net';
import { isStartingUp, serves } from '../../scripts/e2e/ready';

function n8nLike(): Promise<{ server: Server; url: string; migrate: () => void }> {
	let migrated = false;
	const server = createServer((_req, res) => {
		if (!migrated) {
			res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			res.end('n8n is starting up. Please wait');
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify({ data: {} }));
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				server,
				url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/settings`,
				migrate: () => (migrated = true),
			}),
		),
	);
}

describe('an n8n server is ready when its route answers with JSON', () => {
	let n8n: Awaited<ReturnType<typeof n8nLike>>;
	beforeAll(async () => {
		n8n = await n8nLike();
	});
	afterAll(async () => {
		await new Promise((resolve) => n8n.server.close(resolve));
	});

	it('the start-up text (200, not JSON) is not ready; the migrated JSON answer is', async () => {
		const early = await fetch(n8n.url);
		expect(early.status).toBe(200);
		expect(isStartingUp(early)).toBe(true);
		await early.text();
		expect(await serves(n8n.url)).toBe(false);

		n8n.migrate();
		const late = await fetch(n8n.url);
		expect(isStartingUp(late)).toBe(false);
		await late.text();
		expect(await serves(n8n.url)).toBe(true);
	});

	it('a refused connection or an error status is not ready', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise((resolve) => closed.close(resolve));
		expect(await serves(`http://127.0.0.1:${port}/rest/settings`)).toBe(false);

		const failing = createServer((_req, res) => {
			res.writeHead(503, { 'content-type': 'application/json' });
			res.end('{"status":"error"}');
		});
		await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/healthz/readiness`;
		expect(await serves(url)).toBe(false);
		await new Promise((resolve) => failing.close(resolve));
	});
});
