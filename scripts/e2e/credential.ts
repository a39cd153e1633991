/**
 * The credential's own test inside real n8n: the editor's *Test* button calls POST /rest/credentials/test
 * with the credential as typed; n8n's credentials tester then runs the credential type's declarative
 * test (GET {Base URL}/v2/me) against the sandbox. A good key passes for every Base URL form the README
 * and docs/credentials.md promise; a refused key fails with the message the editor shows under "Couldn't connect with these settings".
 *
 * Which message that is depends on the release. The tester applies the credential's `responseCode` rules only
 * when the request error it catches still carries the HTTP response; n8n 2.8's errors drop it, so those
 * releases show n8n's own text for the status instead (checked here too, so a change either way is seen).
 */
import { createServer } from 'http';
import type { IncomingHttpHeaders, Server } from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';
import type { Sandbox } from '../../sandbox';
import { CREDENTIAL_ID, CREDENTIAL_NAME, ensure } from '../examples/catalog';
import { runProcess } from '../lib/processes';
import { installDir, nodeBin } from './installs';
import { N8nInstance } from './n8n';
import { Session, serverSession } from './rest';

/** The credential's own rule messages (credentials/SocialPublishingApi.credentials.ts). */
const RULE_401 = /^UNAUTHORIZED: Invalid API key\. The service refused this key \(HTTP 401\)/;
const RULE_404 = /^NOT_FOUND: no Social Publishing API v2 at this Base URL .*check the Base URL\.$/;
/** n8n's own texts for a 401 and a 404 (n8n-workflow's NodeApiError), shown where the rules cannot apply. */
const N8N_401 = 'Authorization failed - please check your credentials';
const N8N_404 = 'The resource you are requesting could not be found';
const N8N_ECONNREFUSED = 'The service refused the connection - perhaps it is offline';
/** The credential's rule for a redirecting Base URL. */
const RULE_REDIRECT = /^REDIRECT: the Base URL answered GET \/v2\/me with a redirect \(HTTP 302\)/;

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
}

/**
 * Whether this release's NodeApiError keeps the failed request as its cause, with the response: only then can
 * n8n's credentials tester read the status and apply the credential's rules. Asked of the release's own
 * n8n-workflow, on its own runtime.
 */
async function errorsKeepTheResponse(n8n: N8nInstance): Promise<boolean> {
	const n8nPackage = join(installDir(n8n.install), 'node_modules', 'n8n', 'package.json');
	const script = [
		`const { NodeApiError } = require('module').createRequire(${JSON.stringify(n8nPackage)})('n8n-workflow');`,
		"const failed = Object.assign(new Error('Request failed with status code 401'), { response: { status: 401 } });",
		"const error = new NodeApiError({ id: '1', name: 'Probe', type: 'probe', typeVersion: 1, position: [0, 0], parameters: {} }, failed);",
		'process.stdout.write(JSON.stringify({ keeps: error.cause?.response?.status === 401 }));',
	].join('\n');
	const res = await runProcess(nodeBin(n8n.install), ['-e', script], { timeoutMs: 60_000 });
	const line = res.output.split('\n').find((l) => l.startsWith('{"keeps"'));
	ensure(
		res.code === 0 && line,
		`probing n8n-workflow of n8n ${n8n.install.n8n} failed (exit ${res.code}): ${res.output.slice(-1000)}`,
	);
	return (JSON.parse(line) as { keeps: boolean }).keeps;
}

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
async function testInN8n(
	session: Session,
	sandbox: Sandbox,
	data: { apiKey: string; baseUrl: string },
): Promise<TestResult> {
	const res = await session.request<{ data?: TestResult }>('POST', '/rest/credentials/test', {
		credentials: {
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
			type: 'socialPublishingApi',
			data: { ...data, webhookSecret: sandbox.webhookSecret },
		},
	});
	ensure(
		res.status === 200 && res.body?.data,
		`POST /rest/credentials/test answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`,
	);
	return res.body.data;
}

export async function checkCredentialTest({ n8n, sandbox, step }: CredentialCheck): Promise<void> {
	let session: Session | undefined;
	const suffixes = ['', '/', '/v2', '/v2/'];

	await step(
		`the credential test passes a good key for the Base URL forms ${suffixes.map((s) => `"host${s}"`).join(', ')}`,
		async () => {
			session = await serverSession(n8n);
			const lines: string[] = [];
			for (const suffix of suffixes) {
				sandbox.clearRequests();
				const result = await testInN8n(session, sandbox, {
					apiKey: sandbox.keys.read,
					baseUrl: sandbox.baseUrl + suffix,
				});
				ensure(
					result.status === 'OK',
					`Base URL "${sandbox.baseUrl + suffix}": expected OK, got ${JSON.stringify(result)}`,
				);
				const calls = sandbox.requests
					.filter((r) => r.path.startsWith('/v2'))
					.map((r) => `${r.method} ${r.path} ${r.status}`);
				ensure(
					calls.length === 1 && calls[0] === 'GET /v2/me 200',
					`Base URL "${sandbox.baseUrl + suffix}": the sandbox should get one GET /v2/me, got ${JSON.stringify(calls)}`,
				);
				const auth = sandbox.requests.find((r) => r.path === '/v2/me')?.headers.authorization;
				ensure(
					auth === `Bearer ${sandbox.keys.read}`,
					'the test request should carry the key as a Bearer token',
				);
				lines.push(`"host${suffix}": ${result.status} "${result.message}"`);
			}
			return lines;
		},
	);

	await step(
		'the credential test fails a refused key, a wrong Base URL and an unreachable service with messages a user understands',
		async () => {
			ensure(session, 'needs the owner session of the previous step');
			const rules = await errorsKeepTheResponse(n8n);
			const badKey = 'sp_e2e_refused_key_0123456789';
			sandbox.clearRequests();
			const refused = await testInN8n(session, sandbox, {
				apiKey: badKey,
				baseUrl: `${sandbox.baseUrl}/v2`,
			});
			ensure(
				refused.status === 'Error',
				`a refused key should fail the test, got ${JSON.stringify(refused)}`,
			);
			ensure(
				rules ? RULE_401.test(refused.message) : refused.message === N8N_401,
				`the message should be ${rules ? "the credential's UNAUTHORIZED text" : `n8n's "${N8N_401}"`}, got "${refused.message}"`,
			);
			ensure(!refused.message.includes(badKey), 'the message must not show the key');
			const calls = [
				...new Set(
					sandbox.requests
						.filter((r) => r.path.startsWith('/v2'))
						.map((r) => `${r.method} ${r.path} ${r.status}`),
				),
			];
			ensure(
				calls.length === 1 && calls[0] === 'GET /v2/me 401',
				`the sandbox should have refused GET /v2/me, got ${JSON.stringify(calls)}`,
			);
			const wrongBase = await testInN8n(session, sandbox, {
				apiKey: sandbox.keys.read,
				baseUrl: `${sandbox.baseUrl}/api`,
			});
			ensure(
				wrongBase.status === 'Error' &&
					(rules ? RULE_404.test(wrongBase.message) : wrongBase.message === N8N_404),
				`a Base URL without the API should fail with ${rules ? "the credential's NOT_FOUND text" : `n8n's "${N8N_404}"`}, got ${JSON.stringify(wrongBase)}`,
			);
			const offline = await testInN8n(session, sandbox, {
				apiKey: sandbox.keys.read,
				baseUrl: 'http://127.0.0.1:9',
			});
			ensure(
				offline.status === 'Error' &&
					offline.message === (rules ? 'ECONNREFUSED' : N8N_ECONNREFUSED),
				`an address where nothing listens should fail with ${rules ? 'ECONNREFUSED' : `"${N8N_ECONNREFUSED}"`}, got ${JSON.stringify(offline)}`,
			);
			return [
				rules
					? "n8n applies the credential's rules"
					: "this n8n drops the HTTP response from request errors, so it shows its own texts, not the credential's rules",
				`refused key: "${refused.message}"`,
				`wrong Base URL: "${wrongBase.message}"`,
				`nothing listening: "${offline.message}"`,
			];
		},
	);

	await step(
		'a Base URL that redirects to another origin fails the credential test, and that origin receives no key',
		async () => {
			ensure(session, 'needs the owner session of the first step');
			const reached: IncomingHttpHeaders[] = [];
			const other = createServer((req, res) => {
				reached.push(req.headers);
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end('{"id":1}');
			});
			const otherUrl = await listen(other);
			const redirecting = createServer((req, res) => {
				res.writeHead(302, { Location: `${otherUrl}${req.url ?? '/'}` });
				res.end();
			});
			const redirectingUrl = await listen(redirecting);
			try {
				const key = 'sp_e2e_key_that_stays_home_0123456789';
				const result = await testInN8n(session, sandbox, { apiKey: key, baseUrl: redirectingUrl });
				const rules = await errorsKeepTheResponse(n8n);
				ensure(
					result.status === 'Error',
					`a redirecting Base URL should fail the test, got ${JSON.stringify(result)}`,
				);
				ensure(
					!rules || RULE_REDIRECT.test(result.message),
					`the message should be the credential's REDIRECT text, got "${result.message}"`,
				);
				ensure(!result.message.includes(key), 'the message must not show the key');
				const leaked = reached.filter((h) => h.authorization !== undefined);
				ensure(
					leaked.length === 0,
					`the other origin received Authorization ${leaked.length} time(s)`,
				);
				return [
					`message: "${result.message}"`,
					`requests that reached the other origin: ${reached.length}, with Authorization: ${leaked.length}`,
				];
			} finally {
				await Promise.all([close(other), close(redirecting)]);
			}
		},
	);
}
