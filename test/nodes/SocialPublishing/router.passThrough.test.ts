import type { IDataObject } from 'n8n-workflow';
import { REDACTED } from '../../../nodes/common/text/redact';
import { runWorkflow } from '../../harness/runWorkflow';
import { useScriptedServer } from '../../harness/useScriptedServer';
import { NODE, singleNodeWorkflow } from '../../harness/workflows';
import { at } from './draft/fixtures';

/**
 * What the node passes through (docs/security.md, "What the service sends back"): the service's data reaches the
 * output as the service sent it, whatever its size, except the credential's key and webhook secret, which are
 * replaced wherever they stand; credential-like pairs in the user's own text stay. A careful client keeps its own
 * credential out of n8n's execution data (seen by people who may use the credential but not read it) and out of an
 * AI agent's context, and does not change the user's data otherwise. The sizes and secrets of every operation's
 * answers are the bounded-answers property's (test/properties/boundedAnswers.property.test.ts).
 */

const KEY = 'sp_passthrough_key_0123456789';
const WEBHOOK_SECRET = 'whsec_passthrough_ABCDEF';
const MB = 1_000_000;

const server = useScriptedServer();

async function getDraft(answer: IDataObject) {
	server.reply({ body: answer });
	const result = await runWorkflow(singleNodeWorkflow(at('get', 5)), {
		credentials: {
			socialPublishingApi: { apiKey: KEY, baseUrl: server.baseUrl, webhookSecret: WEBHOOK_SECRET },
		},
	});
	expect(result.error).toBeUndefined();
	const items = result.output(NODE);
	expect(items).toHaveLength(1);
	return items[0].json;
}

const draft = (fields: IDataObject): IDataObject => ({
	id: 5,
	social_set_id: 101,
	status: 'draft',
	...fields,
});

describe('Draft > Get passes the service’s data through, without the credential’s secrets', () => {
	test('a 1 MB post text comes out whole, the key and the webhook secret in it replaced', async () => {
		const text = `${'a'.repeat(MB)} ${KEY} ${'b'.repeat(MB)} ${WEBHOOK_SECRET}`;
		const json = await getDraft(
			draft({ platforms: { x: { enabled: true, posts: [{ text }], settings: {} } } }),
		);
		const out = (json.platforms as { x: { posts: Array<{ text: string }> } }).x.posts[0].text;
		expect(out).toBe(`${'a'.repeat(MB)} ${REDACTED} ${'b'.repeat(MB)} ${REDACTED}`);
	});

	test('the key URL-encoded in a link and the secret as a field name are replaced too', async () => {
		const json = await getDraft(
			draft({
				private_url: `https://example.com/p?k=${encodeURIComponent(KEY)}&x=1`,
				labels: { [WEBHOOK_SECRET]: 'seen' },
			}),
		);
		expect(json.private_url).toBe(`https://example.com/p?k=${REDACTED}&x=1`);
		expect(json.labels).toEqual({ [REDACTED]: 'seen' });
	});

	test('credential-like pairs in the user’s own text and every other field stay as they are', async () => {
		const text = 'Our new API: send token: abc123def and apiKey=xyz789 to start';
		const answer = draft({
			draft_title: 'Launch',
			preview: text,
			platforms: { x: { enabled: true, posts: [{ text }], settings: {} } },
			tags: ['launch'],
		});
		const json = await getDraft(answer);
		expect(json.preview).toBe(text);
		expect(json).toMatchObject(answer);
	});

	test('an answer 10,000 levels deep comes out with the secret replaced at its bottom', async () => {
		// written as text: a 10,000-level object overflows whoever stringifies it
		const deep = `${'{"inner":'.repeat(10_000)}{"note":"left by ${KEY}"}${'}'.repeat(10_000)}`;
		const body = `{"id":5,"social_set_id":101,"status":"draft","extra":${deep}}`;
		server.reply({ headers: { 'Content-Type': 'application/json' }, body });
		const result = await runWorkflow(singleNodeWorkflow(at('get', 5)), {
			credentials: {
				socialPublishingApi: {
					apiKey: KEY,
					baseUrl: server.baseUrl,
					webhookSecret: WEBHOOK_SECRET,
				},
			},
		});
		expect(result.error).toBeUndefined();
		let node = result.output(NODE)[0].json.extra as IDataObject;
		for (let i = 0; i < 10_000; i++) node = node.inner as IDataObject;
		expect(node.note).toBe(`left by ${REDACTED}`);
	});
});
