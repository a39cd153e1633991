/**
 * The credential's own test inside real n8n: the editor's *Test* button calls POST /rest/credentials/test
 * with the credential as typed; n8n's credentials tester then runs the credential type's declarative
 * test (GET {Base URL}/v2/me) against the sandbox. A good key passes for every Base URL form the README
 * promises; a refused key fails with the message the editor shows under "Couldn't connect with these settings".
 */
import type { Sandbox } from '../../sandbox';
import { CREDENTIAL_ID, CREDENTIAL_NAME, ensure } from '../examples/catalog';
import { N8nInstance } from './n8n';
import { Session, ownerSession } from './rest';

export interface CredentialCheck {
	n8n: N8nInstance;
	sandbox: Sandbox;
	step(name: string, fn: () => Promise<string[] | void>): Promise<boolean>;
}

interface TestResult {
	status: string;
	message: string;
}

/** POST /rest/credentials/test for the imported credential with these field values (nothing is saved). */
async function testInN8n(session: Session, sandbox: Sandbox, data: { apiKey: string; baseUrl: string }): Promise<TestResult> {
	const res = await session.request<{ data?: TestResult }>('POST', '/rest/credentials/test', {
		credentials: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: 'socialPublishingApi', data: { ...data, webhookSecret: sandbox.webhookSecret } },
	});
	ensure(res.status === 200 && res.body?.data, `POST /rest/credentials/test answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
	return res.body.data;
}

/** The server the trigger check started, or a new one when that check stopped before starting it. */
async function serverSession(n8n: N8nInstance): Promise<Session> {
	const running = await fetch(`${n8n.baseUrl}/rest/settings`).then(
		(res) => res.ok,
		() => false,
	);
	if (!running) await n8n.startServer();
	return await ownerSession(n8n.baseUrl);
}

export async function checkCredentialTest({ n8n, sandbox, step }: CredentialCheck): Promise<void> {
	let session: Session | undefined;
	const suffixes = ['', '/', '/v2', '/v2/'];

	await step(`the credential test passes a good key for the Base URL forms ${suffixes.map((s) => `"host${s}"`).join(', ')}`, async () => {
		session = await serverSession(n8n);
		const lines: string[] = [];
		for (const suffix of suffixes) {
			sandbox.clearRequests();
			const result = await testInN8n(session, sandbox, { apiKey: sandbox.keys.read, baseUrl: sandbox.baseUrl + suffix });
			ensure(result.status === 'OK', `Base URL "${sandbox.baseUrl + suffix}": expected OK, got ${JSON.stringify(result)}`);
			const calls = sandbox.requests.filter((r) => r.path.startsWith('/v2')).map((r) => `${r.method} ${r.path} ${r.status}`);
			ensure(calls.length === 1 && calls[0] === 'GET /v2/me 200', `Base URL "${sandbox.baseUrl + suffix}": the sandbox should get one GET /v2/me, got ${JSON.stringify(calls)}`);
			const auth = sandbox.requests.find((r) => r.path === '/v2/me')?.headers.authorization;
			ensure(auth === `Bearer ${sandbox.keys.read}`, 'the test request should carry the key as a Bearer token');
			lines.push(`"host${suffix}": ${result.status} "${result.message}"`);
		}
		return lines;
	});

	await step('the credential test fails a refused key with a message a user understands', async () => {
		ensure(session, 'needs the owner session of the previous step');
		const badKey = 'sp_e2e_refused_key_0123456789';
		sandbox.clearRequests();
		const result = await testInN8n(session, sandbox, { apiKey: badKey, baseUrl: `${sandbox.baseUrl}/v2` });
		ensure(result.status === 'Error', `a refused key should fail the test, got ${JSON.stringify(result)}`);
		ensure(/^UNAUTHORIZED: Invalid API key\. /.test(result.message), `the message should say the key was refused, got "${result.message}"`);
		ensure(!result.message.includes(badKey), 'the message must not show the key');
		const calls = [...new Set(sandbox.requests.filter((r) => r.path.startsWith('/v2')).map((r) => `${r.method} ${r.path} ${r.status}`))];
		ensure(calls.length === 1 && calls[0] === 'GET /v2/me 401', `the sandbox should have refused GET /v2/me, got ${JSON.stringify(calls)}`);
		const wrongBase = await testInN8n(session, sandbox, { apiKey: sandbox.keys.read, baseUrl: `${sandbox.baseUrl}/api` });
		ensure(wrongBase.status === 'Error' && /^NOT_FOUND: .*check the Base URL\.$/.test(wrongBase.message), `a Base URL without the API should say so, got ${JSON.stringify(wrongBase)}`);
		return [`refused key: "${result.message}"`, `wrong Base URL: "${wrongBase.message}"`];
	});
}
