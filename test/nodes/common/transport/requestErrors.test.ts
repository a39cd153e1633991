import fc from 'fast-check';
import type { INode } from 'n8n-workflow';
import { stopError } from '../../../../nodes/common/transport/requestErrors';
import type { RunResult } from '../../../harness/runWorkflow';
import { runWorkflow } from '../../../harness/runWorkflow';
import { probeNodeTypes, probeWorkflow } from '../../../harness/probeNode';
import { useSandbox } from '../../../harness/sandbox';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { NODE } from '../../../harness/workflows';

/**
 * Whatever the service echoes, the key does not reach an error's message, its description, its context or a
 * Continue On Fail item (issue 31, item 1): neither the credential's key and webhook secret wherever they stand,
 * nor the value of a credential-like pair (`apiKey=…`, `"token":"…"`, `Authorization: Basic …`). The answers are
 * generated, and each one is run through n8n-core against a scripted service.
 */
const API_KEY = 'sk_live_9f3c2a7be41d';
const WEBHOOK_SECRET = 'whsec_51e0a9d6c7b2';
const server = useScriptedServer();
const fx = useSandbox();

/** How a service may echo a value: the ways the issue names, and some more. */
const FORMS: Array<(value: string) => string> = [
	(v) => `apiKey=${v}`,
	(v) => `api_key: ${v}`,
	(v) => `"apiKey":"${v}"`,
	(v) => `{"api-key": "${v}"}`,
	(v) => `token=${v}`,
	(v) => `access_token=${v}&state=1`,
	(v) => `Authorization: Basic ${v}`,
	(v) => `authorization: Bearer ${v}`,
	(v) => `secret=${v}`,
	(v) => `password=${v}`,
	(v) => `X-Api-Key:${v}`,
	(v) => `Signature: ${v}`,
];

/** A value the credential does not know: only its name says it is secret. */
const strangerSecret = fc.stringMatching(/^[A-Za-z0-9_]{12,40}$/);
/** Text around the echo: printable, newlines and tabs included, no quote or delimiter glued to the value. */
const around = fc.string({ maxLength: 200 }).map((text) => text.replace(/[^ -~\n\t]/g, ' '));
const echoed = fc.record({
	form: fc.integer({ min: 0, max: FORMS.length - 1 }),
	stranger: strangerSecret,
	before: around,
	after: around.map((text) => ` ${text}`),
	/** where the service puts it */
	place: fc.constantFrom('message', 'detail', 'field', 'code', 'text'),
	status: fc.constantFrom(400, 401, 403, 404, 409, 422, 500),
});
type Echoed = typeof echoed extends fc.Arbitrary<infer T> ? T : never;

/** The echoed text holds the key as a pair, the stranger as a pair, and both the key and the secret bare. */
function answer({ form, stranger, before, after, place, status }: Echoed) {
	const text = `${before}${FORMS[form](API_KEY)} ${FORMS[(form + 1) % FORMS.length](stranger)} seen ${API_KEY} and ${WEBHOOK_SECRET}${after}`;
	if (place === 'text') return { status, headers: { 'Content-Type': 'text/plain' }, body: text };
	const error = {
		code: place === 'code' ? text : 'VALIDATION_ERROR',
		message: place === 'message' ? text : 'Invalid request',
		details: [
			{ field: place === 'field' ? text : 'x', message: place === 'detail' ? text : 'bad' },
		],
	};
	return { status, body: { error } };
}

function seenIn(result: RunResult): string {
	return JSON.stringify({
		message: result.error?.message,
		description: result.error?.description,
		context: result.error?.context,
		error: result.error,
		data: result.run.data.resultData,
	});
}

function expectNoSecret(seen: string, stranger: string) {
	expect(seen).not.toContain(API_KEY);
	expect(seen).not.toContain(WEBHOOK_SECRET);
	expect(seen).not.toContain(stranger);
}

const credentials = (baseUrl: string) => ({
	socialPublishingApi: { apiKey: API_KEY, baseUrl, webhookSecret: WEBHOOK_SECRET },
});

describe('what the service echoes never carries a secret into an error', () => {
	test('an error answer of the service, generated: message, description and context hold neither the key, the secret nor a pair value', async () => {
		await fc.assert(
			fc.asyncProperty(echoed, async (given) => {
				server.reset();
				server.reply(answer(given));
				const result = await runWorkflow(
					probeWorkflow({ method: 'POST', path: '/v2/social-sets/1/drafts', body: {} }),
					{ nodeTypes: probeNodeTypes, credentials: credentials(server.baseUrl) },
				);
				expect(result.error).toBeDefined();
				expectNoSecret(seenIn(result), given.stranger);
			}),
			{ numRuns: 60 },
		);
	});

	test('the Continue On Fail item of the node holds none of them either', async () => {
		await fc.assert(
			fc.asyncProperty(echoed, async (given) => {
				server.reset();
				server.reply(answer(given));
				const result = await fx.run(
					(await import('../../../harness/workflows')).singleNodeWorkflow(
						{ resource: 'user', operation: 'getCurrent' },
						{ continueOnFail: true },
					),
					{ credentials: credentials(server.baseUrl) },
				);
				expect(result.error).toBeUndefined();
				const item = result.output(NODE)[0].json;
				expect(item.error).toBeDefined();
				expectNoSecret(JSON.stringify(item), given.stranger);
			}),
			{ numRuns: 25 },
		);
	});

	test('a thrown error of the HTTP client (the request failed without an answer) is redacted too', () => {
		const node = { name: 'Social Publishing' } as INode;
		fc.assert(
			fc.property(echoed, (given) => {
				const text = `${given.before}${FORMS[given.form](API_KEY)} ${FORMS[(given.form + 1) % FORMS.length](given.stranger)} ${API_KEY}${given.after}`;
				const error = stopError(
					{ getNode: () => node },
					{ stop: 'failed', error: new Error(text) },
					{ method: 'GET', capMs: 0, poll: false, secrets: [API_KEY, WEBHOOK_SECRET] },
				);
				expectNoSecret(
					JSON.stringify({ message: error.message, d: error.description }),
					given.stranger,
				);
			}),
			{ numRuns: 300 },
		);
	});
});
