import { CredentialTestContext } from 'n8n-core';
import type { ICredentialTestFunctions, IWorkflowBase } from 'n8n-workflow';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';
import { additionalDataFor } from '../harness/runWorkflow';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox();

/** Runs the node's credential test the way n8n's credentials tester does: in a CredentialTestContext. */
async function testCredential(data: { apiKey: string; baseUrl: string }) {
	const node = new SocialPublishing();
	const testedBy = node.description.credentials?.find((c) => c.name === 'socialPublishingApi')?.testedBy;
	expect(typeof testedBy).toBe('string');
	const test = node.methods.credentialTest[testedBy as 'socialPublishingApiTest'];
	const context = new CredentialTestContext(additionalDataFor({}, {} as IWorkflowBase, 'credential-test')) as unknown as ICredentialTestFunctions;
	return await test.call(context, { id: '1', name: 'Social Publishing account', type: 'socialPublishingApi', data });
}

describe('Social Publishing API credential (Authentication)', () => {
	test('the key is marked as a password and the webhook secret too', () => {
		const properties = new SocialPublishingApi().properties;
		expect(properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
		expect(properties.find((p) => p.name === 'webhookSecret')?.typeOptions?.password).toBe(true);
	});

	test.each(['', '/', '/v2', '/v2/'])('a valid key passes the test (Base URL suffix "%s")', async (suffix) => {
		fx.sandbox.clearRequests();
		const result = await testCredential({ apiKey: fx.sandbox.keys.read, baseUrl: fx.sandbox.baseUrl + suffix });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful' });
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/me']);
	});

	test('a bad key fails with the service 401 code and message, without the key', async () => {
		const result = await testCredential({ apiKey: 'sp_wrong_key_123', baseUrl: fx.sandbox.baseUrl });
		expect(result.status).toBe('Error');
		expect(result.message).toBe('UNAUTHORIZED: Invalid API key');
		expect(result.message).not.toContain('sp_wrong_key_123');
	});

	test('an unreachable service says so', async () => {
		const result = await testCredential({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^Could not reach the service: ECONNREFUSED/);
	});

	test('node requests authenticate through the credential: Bearer header on every request', async () => {
		fx.sandbox.clearRequests();
		const result = await fx.runNode({ resource: 'user', operation: 'getCurrent' }, { key: 'write' });
		expect(result.error).toBeUndefined();
		expect(result.output('Social Publishing')[0].json).toMatchObject({ id: 3 });
		expect(fx.apiRequests()[0].headers.authorization).toBe(`Bearer ${fx.sandbox.keys.write}`);
	});
});
