/**
 * The last door of an error (docs/security.md, "What the service sends back"): whatever error of the node copied
 * a value of the service, the credential's key and webhook secret are not in the message, description or stack n8n
 * shows, nor a piece of one that a cut left. The errors of whole runs are checked through n8n-core by the
 * property test/properties/boundedAnswers.property.test.ts; this is the helper on its own, both sides.
 */
import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';
import { CUT_MARK, REDACTED } from '../../../../nodes/common/text/redact';
import { withoutSecretsInError } from '../../../../nodes/common/transport';

const KEY = 'sk_live_Ab3dEf6hIj9kLm2n';
const WEBHOOK_SECRET = 'whsec_Qr5tUv8wXy1z';
const node: INode = {
	id: '1',
	name: 'Social Publishing',
	type: 'n8n-nodes-social-publishing.socialPublishing',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const context = (credentials: Record<string, unknown>) => ({
	getNode: () => node,
	getCredentials: async () => ({ baseUrl: 'http://127.0.0.1:9', ...credentials }),
});

describe('withoutSecretsInError', () => {
	test('the key and the webhook secret go from the message, the description and the stack; the rest stays', async () => {
		const error = new NodeOperationError(node, `Draft 1 state "${KEY} said" [item 0]`, {
			itemIndex: 0,
			description: `Its publish state is still "${encodeURIComponent(WEBHOOK_SECRET)}". Read it later.`,
		});
		const out = await withoutSecretsInError(
			context({ apiKey: KEY, webhookSecret: WEBHOOK_SECRET }),
			error,
		);
		expect(out).toBe(error);
		expect(out.message).toBe(`Draft 1 state "${REDACTED} said" [item 0]`);
		expect(out.description).toBe(`Its publish state is still "${REDACTED}". Read it later.`);
		expect(out.stack).not.toContain(KEY);
		expect(out.context.itemIndex).toBe(0);
	});

	test('a piece of the key a cut left goes; a text without one is kept as it was', async () => {
		const error = new NodeApiError(
			node,
			{ message: 'x' },
			{
				message: `The service said "${KEY.slice(0, 14)}${CUT_MARK}2000 characters in all)" [item 0]`,
				description: `Nothing of ${KEY.slice(0, 5)} here${CUT_MARK}9 characters in all)`,
				itemIndex: 0,
			},
		);
		const out = await withoutSecretsInError(context({ apiKey: KEY }), error);
		expect(out.message).toBe(
			`The service said "${REDACTED}${CUT_MARK}2000 characters in all)" [item 0]`,
		);
		expect(out.description).toBe(
			`Nothing of ${KEY.slice(0, 5)} here${CUT_MARK}9 characters in all)`,
		);
	});

	test('with no credential to read there is no secret to look for: the error is left as it was', async () => {
		const error = new NodeOperationError(node, `state ${KEY}`, { itemIndex: 0 });
		const failing = {
			getNode: () => node,
			getCredentials: async () => {
				throw new Error('no credential');
			},
		};
		expect((await withoutSecretsInError(failing, error)).message).toBe(`state ${KEY}`);
	});
});
