import { inspect } from 'node:util';
import fc from 'fast-check';
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { ExpressionError, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { asNodeError, errorItem } from '../../../nodes/SocialPublishing/actions/router';

/**
 * An error that is not one of n8n's (a bug, a library) leaves the node with a message of its own, bounded and
 * without the credential's secrets or credential-like pairs (project rules: secrets never leak, every text
 * bounded); its stack keeps the frames for a bug report, not the original message. n8n's own errors pass as
 * they are, naming their item.
 */
const KEY = 'sk_live_0123456789abcdefSECRET';
const WEBHOOK_SECRET = 'whsec_ABCDEF0123456789';
const node = {
	name: 'Social Publishing',
	type: 'socialPublishing',
	parameters: {},
} as unknown as INode;

function contextWith(credentials: object | Error): IExecuteFunctions {
	return {
		getNode: () => node,
		getCredentials: async () => {
			if (credentials instanceof Error) throw credentials;
			return credentials;
		},
	} as unknown as IExecuteFunctions;
}

const context = () =>
	contextWith({ baseUrl: 'https://api.example.com', apiKey: KEY, webhookSecret: WEBHOOK_SECRET });

/** Everything the error carries: message, description, stack, context, cause, hidden fields. */
const everything = (error: unknown) =>
	inspect(error, { depth: 12, showHidden: true, maxArrayLength: null, maxStringLength: null });

describe('an unexpected error leaves the router bounded and without secrets (router.asNodeError)', () => {
	test('its message loses the key, the webhook secret and credential-like pairs, and is cut to 1,000 characters', async () => {
		const raw = new Error(
			`request to https://api.example.com failed: Authorization Bearer ${KEY}\nsecret=${WEBHOOK_SECRET} password=hunter2 ${'x'.repeat(100_000)}`,
		);
		const error = await asNodeError(context(), raw, 3);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.context.itemIndex).toBe(3);
		expect(error.message).toContain('request to https://api.example.com failed');
		expect(error.message.length).toBeLessThan(1100);
		expect(error.message).not.toContain('\n');
		const all = everything(error);
		for (const secret of [KEY, WEBHOOK_SECRET, 'hunter2']) expect(all).not.toContain(secret);
		expect(all).not.toContain('x'.repeat(2000));
		// the frames of the original stack are kept
		expect(error.stack).toMatch(/\n\s+at .*router\.unexpected\.test/);
	});

	test('a stack that does not start with its message keeps only its frames, each redacted', async () => {
		const raw = new Error('odd');
		raw.stack = `Custom header ${KEY}\n    at apiKey=${KEY} (evil.js:1:1)\n    at step (work.js:2:3)`;
		const error = await asNodeError(context(), raw, 0);
		expect(error.stack).not.toContain(KEY);
		expect(error.stack).not.toContain('Custom header');
		expect(error.stack).toContain('at step (work.js:2:3)');
	});

	test('a thrown value that is not an Error gets the same treatment', async () => {
		const error = await asNodeError(context(), `token=${KEY} and more`, 0);
		expect(error.message).toContain('and more');
		expect(everything(error)).not.toContain(KEY);
	});

	test('without a readable credential the pairs still go', async () => {
		const error = await asNodeError(
			contextWith(new Error('no credential')),
			new Error(`apiKey=${KEY}`),
			1,
		);
		expect(everything(error)).not.toContain(KEY);
	});

	test("n8n's own errors pass as they are, naming their item", async () => {
		const own = new NodeOperationError(node, 'Draft ID is required');
		const passed = await asNodeError(context(), own, 2);
		expect(passed).toBe(own);
		expect(passed.context.itemIndex).toBe(2);
		const api = new NodeApiError(node, { message: 'Forbidden' }, { itemIndex: 0 });
		expect(await asNodeError(context(), api, 5)).toBe(api);
		expect(api.context.itemIndex).toBe(0);
	});

	test("n8n's other errors (an expression's) keep their message and description, naming their item", async () => {
		const expression = new ExpressionError('invalid syntax', {
			description: 'There is a problem in the expression of "Text"',
		});
		const error = await asNodeError(context(), expression, 7);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('invalid syntax');
		expect(error.description).toBe('There is a problem in the expression of "Text"');
		expect(error.context.itemIndex).toBe(7);
	});

	test('generated messages: the Continue On Fail item never holds a secret, and is bounded', async () => {
		const piece = fc.oneof(
			fc.string({ maxLength: 40 }),
			fc.constantFrom(KEY, WEBHOOK_SECRET, `apiKey=${KEY}`, `"password":"${KEY}"`, '\n', ' ', '='),
		);
		await fc.assert(
			fc.asyncProperty(fc.array(piece, { maxLength: 200 }), async (pieces) => {
				const error = await asNodeError(context(), new Error(pieces.join('')), 0);
				const item = JSON.stringify(errorItem(error, 0));
				expect(item).not.toContain(KEY);
				expect(item).not.toContain(WEBHOOK_SECRET);
				expect(error.message.length).toBeLessThan(1100);
			}),
			{ numRuns: 300 },
		);
	});
});
