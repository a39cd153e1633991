import { SEED } from '../../../../sandbox';
import { useSandbox } from '../../../harness/sandbox';
import { expectServiceError, runFresh } from '../../../harness/nodeRun';
import { queueParams } from './fixtures';

const fx = useSandbox();

describe('Queue > Get Schedule (Queue: GET .../queue/schedule)', () => {
	test('returns the time zone and the rules with a READ key', async () => {
		const { result, requests, items } = await runFresh(fx, queueParams('getSchedule', 101), {
			key: 'read',
		});
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/queue/schedule',
				query: {},
				status: 200,
			}),
		]);
		expect(items).toEqual([
			{ social_set_id: 101, timezone: 'Europe/Berlin', rules: SEED.queueRules },
		]);
	});

	test('403 FORBIDDEN on the invisible social set and 404 on an unknown one', async () => {
		expectServiceError((await runFresh(fx, queueParams('getSchedule', 103))).result, {
			httpCode: 403,
			code: 'FORBIDDEN',
		});
		expectServiceError((await runFresh(fx, queueParams('getSchedule', 999))).result, {
			httpCode: 404,
			code: 'NOT_FOUND',
		});
	});
});
