import { createServer } from 'http';
import type { IncomingHttpHeaders, Server } from 'http';
import type { AddressInfo } from 'net';
import type { INodeType } from 'n8n-workflow';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingTrigger } from '../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';
import { useSandbox } from '../harness/sandbox';
import { testCredential } from './credentialsTester';

const fx = useSandbox();
const credential = new SocialPublishingApi();

describe('Social Publishing API credential (Authentication)', () => {
	test('the key is marked as a password and the webhook secret too', () => {
		const properties = credential.properties;
		expect(properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
		expect(properties.find((p) => p.name === 'webhookSecret')?.typeOptions?.password).toBe(true);
	});

	test('the credential declares its own test (GET /v2/me); no node carries a test method or testedBy', () => {
		expect(credential.test?.request).toMatchObject({ method: 'GET', url: '/v2/me' });
		for (const node of [new SocialPublishing(), new SocialPublishingTrigger()] as INodeType[]) {
			expect(node.description.credentials).toEqual([
				{ name: 'socialPublishingApi', required: true },
			]);
			expect(node.methods?.credentialTest).toBeUndefined();
		}
	});

	// README "Credential" and docs/credentials.md: `https://host`, `https://host/` and `https://host/v2` all work.
	test.each(['', '/', '/v2', '/v2/', '//', '/V2', '/v2//'])(
		'a valid key passes the test (Base URL suffix "%s")',
		async (suffix) => {
			fx.sandbox.clearRequests();
			const result = await testCredential(credential, {
				apiKey: fx.sandbox.keys.read,
				baseUrl: fx.sandbox.baseUrl + suffix,
			});
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			const requests = fx.apiRequests();
			expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/me']);
			// Spec "Authentication" 1: every request carries `Authorization: Bearer <API_KEY>`.
			expect(requests[0].headers.authorization).toBe(`Bearer ${fx.sandbox.keys.read}`);
		},
	);

	test('spaces around the Base URL are ignored', async () => {
		const result = await testCredential(credential, {
			apiKey: fx.sandbox.keys.write,
			baseUrl: `  ${fx.sandbox.baseUrl}/v2/  `,
		});
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
	});

	// Spec "Authentication" 3: a missing or invalid key returns 401 UNAUTHORIZED.
	test('a bad key fails with the UNAUTHORIZED message, without the key', async () => {
		fx.sandbox.clearRequests();
		const result = await testCredential(credential, {
			apiKey: 'sp_wrong_key_123',
			baseUrl: `${fx.sandbox.baseUrl}/v2`,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^UNAUTHORIZED: Invalid API key\. /);
		expect(result.message).not.toContain('sp_wrong_key_123');
		// n8n-core sends a request refused with 401 once more after its pre-authentication hook; both were GET /v2/me.
		const requests = fx.apiRequests();
		expect(requests.length).toBeGreaterThan(0);
		expect([...new Set(requests.map((r) => `${r.method} ${r.path} ${r.status}`))]).toEqual([
			'GET /v2/me 401',
		]);
	});

	test('an empty key fails the same way', async () => {
		const result = await testCredential(credential, { apiKey: '', baseUrl: fx.sandbox.baseUrl });
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/^UNAUTHORIZED: Invalid API key\. /),
		});
	});

	test('a Base URL that does not lead to the API says to check the Base URL', async () => {
		const result = await testCredential(credential, {
			apiKey: fx.sandbox.keys.read,
			baseUrl: `${fx.sandbox.baseUrl}/api`,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^NOT_FOUND: .*check the Base URL\.$/);
	});

	test('an unreachable service gives the network error code', async () => {
		const result = await testCredential(credential, { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});

	test('node requests authenticate through the credential: Bearer header on every request', async () => {
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			{ resource: 'user', operation: 'getCurrent' },
			{ key: 'write' },
		);
		expect(result.error).toBeUndefined();
		expect(result.output('Social Publishing')[0].json).toMatchObject({ id: 3 });
		expect(fx.apiRequests()[0].headers.authorization).toBe(`Bearer ${fx.sandbox.keys.write}`);
	});

	describe('a Base URL that redirects (the key never leaves its origin)', () => {
		/** Another origin: records what reaches it. */
		let target: Server;
		let targetUrl: string;
		const reached: IncomingHttpHeaders[] = [];
		/** The Base URL: answers every request with a redirect to the other origin. */
		let redirecting: Server;
		let redirectingUrl: string;
		let status = 302;

		const listen = async (server: Server): Promise<string> => {
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		};

		beforeAll(async () => {
			target = createServer((req, res) => {
				reached.push(req.headers);
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ id: 1, email: 'someone@else.example' }));
			});
			targetUrl = await listen(target);
			redirecting = createServer((req, res) => {
				res.writeHead(status, { Location: `${targetUrl}${req.url ?? '/'}` });
				res.end();
			});
			redirectingUrl = await listen(redirecting);
		});
		afterAll(async () => {
			await Promise.all(
				[target, redirecting].map((s) => new Promise((resolve) => s.close(resolve))),
			);
		});

		test.each([301, 302, 303, 307, 308])(
			'HTTP %i: the test fails naming the redirect, and the other origin receives nothing',
			async (code) => {
				status = code;
				reached.length = 0;
				const key = 'sp_secret_key_that_must_stay_home';
				const result = await testCredential(credential, { apiKey: key, baseUrl: redirectingUrl });
				expect(result.status).toBe('Error');
				expect(result.message).toMatch(
					new RegExp(`^REDIRECT: .*redirect \\(HTTP ${code}\\), which is not followed`),
				);
				expect(result.message).not.toContain(key);
				// Not followed at all: the other origin gets no request, so no Authorization either.
				expect(reached).toEqual([]);
			},
		);

		test('the node itself does not follow the redirect either (same rule as the credential test)', async () => {
			status = 302;
			reached.length = 0;
			const result = await fx.runNode(
				{ resource: 'user', operation: 'getCurrent' },
				{ baseUrl: redirectingUrl },
			);
			expect(result.error).toBeDefined();
			expect(reached).toEqual([]);
		});
	});
});
