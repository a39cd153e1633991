import http from 'node:http';
import fc from 'fast-check';
import { isLoopbackHost, isLoopbackOrigin } from '../../sandbox/http/adminGuard';
import { call, useSandbox } from './helpers';

/**
 * The admin routes (`/__sandbox/*`) answer only a local client that names the sandbox by a loopback Host,
 * sends no foreign Origin, and says `Content-Type: application/json` when it changes something: a web page
 * the user has open (a cross-origin `text/plain` POST, or a page rebound to 127.0.0.1) can neither arm
 * faults, register a webhook, read recorded requests nor reset the sandbox.
 * Requests go through node:http, which (unlike fetch) sends any Host and Origin asked for.
 */
const sb = useSandbox();

interface Answer {
	status: number;
	body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

function send(
	method: string,
	path: string,
	headers: Record<string, string>,
	body?: string,
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = http.request(
			{ host: '127.0.0.1', port: sb().port, method, path, headers, setHost: false },
			(res) => {
				let text = '';
				res.on('data', (c) => (text += c));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }),
				);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

const local = () => `127.0.0.1:${sb().port}`;
const FOREIGN = 'attacker.example';

afterEach(async () => {
	sb().faults.clear();
	await sb().reset();
});

describe('sandbox admin routes refuse what a web page can send', () => {
	test('a text/plain POST with a foreign Host (a page rebound to 127.0.0.1) is refused: no fault is armed', async () => {
		const answer = await send(
			'POST',
			'/__sandbox/faults',
			{ Host: `${FOREIGN}:${sb().port}`, 'Content-Type': 'text/plain' },
			JSON.stringify({ fail503: 5 }),
		);
		expect(answer.status).toBe(403);
		expect(answer.body.error).toEqual({
			code: 'FORBIDDEN',
			message:
				'Admin routes need a loopback Host header (localhost, 127.x.x.x or [::1], with the port)',
		});
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(200);
	});

	test('a text/plain POST from a foreign page to 127.0.0.1 (loopback Host, foreign Origin) registers no webhook', async () => {
		const answer = await send(
			'POST',
			'/__sandbox/webhooks',
			{ Host: local(), Origin: `https://${FOREIGN}`, 'Content-Type': 'text/plain;charset=UTF-8' },
			JSON.stringify({ url: `https://${FOREIGN}/collect` }),
		);
		expect(answer.status).toBe(403);
		expect(answer.body.error?.message).toBe(
			'Admin routes refuse requests from a non-loopback Origin',
		);
		const list = await send('GET', '/__sandbox/webhooks', { Host: local() });
		expect(list).toEqual({ status: 200, body: { webhooks: [] } });
	});

	test('a foreign Origin is refused even with a JSON body, and on a read (recorded requests)', async () => {
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/tags', { name: 'secret plans' });
		for (const origin of [`https://${FOREIGN}`, 'null', `http://localhost.${FOREIGN}`]) {
			const reset = await send(
				'POST',
				'/__sandbox/reset',
				{ Host: local(), Origin: origin, 'Content-Type': 'application/json' },
				'{}',
			);
			expect([origin, reset.status]).toEqual([origin, 403]);
			const read = await send('GET', '/__sandbox/requests', { Host: local(), Origin: origin });
			expect([origin, read.status, JSON.stringify(read.body)]).toEqual([
				origin,
				403,
				expect.not.stringContaining('secret plans'),
			]);
		}
		// not reset: the tag is still there
		const tags = await call(sb(), 'read', 'GET', '/v2/social-sets/101/tags');
		expect(tags.body.results.map((t: { name: string }) => t.name)).toContain('secret plans');
	});

	test('a change without Content-Type: application/json is refused (415), with a loopback Host and no Origin', async () => {
		for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
			const answer = await send(
				'POST',
				'/__sandbox/clock/advance',
				{ Host: local(), 'Content-Type': type },
				JSON.stringify({ ms: 3_600_000 }),
			);
			expect([type, answer.status, answer.body.error?.code]).toEqual([
				type,
				415,
				'VALIDATION_ERROR',
			]);
		}
		const noType = await send('DELETE', '/__sandbox/requests', { Host: local() });
		expect(noType.status).toBe(415);
	});

	test('a loopback Host on another port, or with no port, is refused', async () => {
		for (const host of [`localhost:${sb().port + 1}`, 'localhost', '127.0.0.1']) {
			const answer = await send('GET', '/__sandbox/clock', { Host: host });
			expect([host, answer.status]).toEqual([host, 403]);
		}
	});

	test('local clients still drive it: localhost, 127.x and [::1] Hosts with the port, a loopback Origin, JSON', async () => {
		const port = sb().port;
		for (const host of [
			`localhost:${port}`,
			`127.0.0.1:${port}`,
			`127.1.2.3:${port}`,
			`[::1]:${port}`,
		]) {
			const clock = await send('GET', '/__sandbox/clock', { Host: host });
			expect([host, clock.status]).toEqual([host, 200]);
		}
		const armed = await send(
			'POST',
			'/__sandbox/faults',
			{
				Host: `localhost:${port}`,
				Origin: 'http://localhost:5678',
				'Content-Type': 'application/json; charset=utf-8',
			},
			JSON.stringify({ fail503: 1, paths: '/v2/me' }),
		);
		expect(armed.status).toBe(200);
		expect((await call(sb(), 'read', 'GET', '/v2/me')).status).toBe(503);
		// fetch sets the Host from the URL
		const viaFetch = await fetch(`${sb().baseUrl}/__sandbox/faults`, {
			method: 'DELETE',
			headers: { 'Content-Type': 'application/json' },
		});
		expect(viaFetch.status).toBe(204);
	});
});

describe('isLoopbackHost and isLoopbackOrigin', () => {
	test('names that only look loopback are not', () => {
		for (const host of [
			'localhost.attacker.example:4010',
			'127.0.0.1.nip.io:4010',
			'attacker.example:4010',
			'[::2]:4010',
			'[::ffff:7f00:1]:4010',
			'0.0.0.0:4010',
			'localhost:4010@attacker.example',
			' localhost:4010',
			'',
		])
			expect([host, isLoopbackHost(host, 4010)]).toEqual([host, false]);
		for (const origin of [
			'null',
			'file://',
			'http://localhost.attacker.example',
			'http://127.0.0.1.nip.io',
			'chrome-extension://abc',
			'http://attacker.example#@localhost',
		])
			expect([origin, isLoopbackOrigin(origin)]).toEqual([origin, false]);
		expect(isLoopbackOrigin('http://[::1]:3000')).toBe(true);
		expect(isLoopbackOrigin('https://127.0.0.1')).toBe(true);
	});

	test('generated domain names are never taken for loopback, as Host or Origin', () => {
		fc.assert(
			fc.property(fc.domain(), fc.integer({ min: 1, max: 65535 }), (name, port) => {
				fc.pre(name.toLowerCase() !== 'localhost');
				expect(isLoopbackHost(`${name}:${port}`, port)).toBe(false);
				expect(isLoopbackOrigin(`https://${name}:${port}`)).toBe(false);
			}),
		);
	});
});
