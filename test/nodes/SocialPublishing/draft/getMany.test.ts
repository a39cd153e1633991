import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { expectServiceError, runFresh } from '../../../harness/nodeRun';
import { draftParams, hoursFromNow, seedDraft } from './fixtures';

const fx = useSandbox();
const SET = 102; // drafts made only by this file
const TOTAL = 56;
const getMany = (extra: IDataObject) => draftParams('getMany', extra, SET);

beforeAll(async () => {
	for (let n = 0; n < TOTAL; n++) {
		const extra = n < 3 ? { plan_at: hoursFromNow(100 + n) } : {};
		await seedDraft(
			fx,
			{
				platforms: { x: { enabled: true, posts: [{ text: `Bulk ${n}` }], settings: {} } },
				...extra,
			},
			SET,
		);
	}
});

describe('Draft > Get Many (GET /v2/social-sets/{id}/drafts, paged, page size max 50)', () => {
	test('Return All reads every page with limit 50 and returns every draft summary', async () => {
		const { result, requests, items } = await runFresh(fx, getMany({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.query)).toEqual([
			{ limit: ['50'], offset: ['0'] },
			{ limit: ['50'], offset: ['50'] },
		]);
		expect(items).toHaveLength(TOTAL);
		expect(new Set(items.map((i) => i.id)).size).toBe(TOTAL);
		expect(items[0]).toMatchObject({
			social_set_id: SET,
			x_post_enabled: true,
			private_url: expect.any(String),
		});
	});

	test('Limit asks only for what it needs: 7 in one request', async () => {
		const { requests, items } = await runFresh(fx, getMany({ returnAll: false, limit: 7 }));
		expect(requests.map((r) => r.query)).toEqual([{ limit: ['7'], offset: ['0'] }]);
		expect(items).toHaveLength(7);
	});

	test('a Limit above the page size takes two pages: 50, then 5', async () => {
		const { requests, items } = await runFresh(fx, getMany({ returnAll: false, limit: 55 }));
		expect(requests.map((r) => r.query)).toEqual([
			{ limit: ['50'], offset: ['0'] },
			{ limit: ['5'], offset: ['50'] },
		]);
		expect(items).toHaveLength(55);
	});

	test('filters status and order_by are sent, and the service filters and orders', async () => {
		const { requests, items } = await runFresh(
			fx,
			getMany({
				returnAll: true,
				filters: { status: 'planned' },
				options: { orderBy: 'scheduled_date' },
			}),
		);
		expect(requests[0].query).toMatchObject({ status: ['planned'], order_by: ['scheduled_date'] });
		expect(items).toHaveLength(3);
		const dates = items.map((i) => Date.parse(String(i.scheduled_date)));
		expect(dates).toEqual([...dates].sort((a, b) => a - b));
	});

	test('tags go as repeated tag query keys and only tagged drafts come back', async () => {
		const launch = await seedDraft(fx, { tags: ['launch'] });
		const tips = await seedDraft(fx, { tags: ['weekly-tips'] });
		await seedDraft(fx);
		const { requests, items } = await runFresh(
			fx,
			draftParams('getMany', { returnAll: true, filters: { tags: ['launch', 'weekly-tips'] } }),
		);
		expect(requests[0].query).toMatchObject({ tag: ['launch', 'weekly-tips'] });
		expect(items.map((i) => i.id).sort()).toEqual([launch.id, tips.id].sort());
	});

	test('a key without access to the social set gets 403 from the service', async () => {
		const { result } = await runFresh(fx, getMany({ returnAll: true }), { key: 'read' });
		expectServiceError(result, { httpCode: 403, code: 'FORBIDDEN' });
	});
});
