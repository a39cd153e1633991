import { SEED } from '../../../../sandbox';
import { useSandbox } from '../../../harness/sandbox';
import { expectServiceError, runFresh } from '../../../harness/nodeRun';

const fx = useSandbox();
const params = { resource: 'user', operation: 'getCurrent' };

describe('User > Get Current (Users and social sets: GET /v2/me)', () => {
	test('returns the user the key belongs to, with the key label', async () => {
		const { result, requests, items } = await runFresh(fx, params, { key: 'write' });
		expect(result.error).toBeUndefined();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/v2/me', query: {}, status: 200 });
		expect(requests[0].headers.authorization).toBe(`Bearer ${SEED.keys.write}`);
		expect(items).toEqual([
			{
				id: SEED.users.write,
				name: 'Wes Writer',
				email: 'wes@acme.example',
				signup_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
				api_key_label: 'sandbox write key',
				profile_image_url: expect.any(String),
			},
		]);
	});

	test('one item per input item, each paired to its input', async () => {
		const { result, requests } = await runFresh(fx, params, {
			input: [{ json: { a: 1 } }, { json: { a: 2 } }],
		});
		expect(requests).toHaveLength(2);
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
		]);
	});

	test('401 UNAUTHORIZED with a bad key (Authentication 3): the service message shows, the key appears nowhere', async () => {
		const badKey = 'sp_live_not_a_real_key_7c1e9a';
		fx.sandbox.clearRequests();
		const result = await fx.runNode(params, {
			credentials: { socialPublishingApi: { apiKey: badKey, baseUrl: fx.sandbox.baseUrl } },
		});
		expectServiceError(result, {
			httpCode: 401,
			code: 'UNAUTHORIZED',
			message: /^UNAUTHORIZED: Invalid API key$/,
		});
		expect(fx.apiRequests()).toHaveLength(1);
		expect(fx.apiRequests()[0]).toMatchObject({ path: '/v2/me', status: 401 });
		const everything = JSON.stringify({
			message: result.error?.message,
			description: result.error?.description,
			error: result.error,
			run: result.run.data,
		});
		expect(everything).not.toContain(badKey);
	});
});
