import type { IDataObject } from 'n8n-workflow';
import { rateLimitMemory } from '../../../../nodes/common/transport';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { awayFromWindowEdge } from '../../../sandbox/helpers';
import { SEED } from '../../../../sandbox';
import { NODE } from '../../../harness/workflows';
import { createText, draftParams, hoursFromNow, writes } from './fixtures';

/**
 * Validate Only on a batch of Draft Create items knows the service's budget: the social set's publishing quota
 * (spec: Social set detail, `publishing_quota`, optional), read once per run, against which the items that would
 * schedule or publish are counted in item order; and the rate-limit budget the last X-RateLimit headers left.
 */
const WINDOW_SECONDS = 3600;
const USER_LIMIT = 500;
const SOCIAL_SET_LIMIT = 7;
const fx = useSandbox({
	rateLimits: {
		user: { limit: USER_LIMIT, windowSeconds: WINDOW_SECONDS },
		socialSet: { limit: SOCIAL_SET_LIMIT, windowSeconds: WINDOW_SECONDS },
	},
});

beforeEach(async () => {
	await fx.sandbox.reset();
	rateLimitMemory.clear();
});

/** One Create per input item, each with its own Publish At (empty: saved as a draft). */
function batch(publishAt: string[], extra: IDataObject = {}) {
	return {
		params: createText('Batch post', ['x'], {
			additionalFields: { publishAt: '={{ $json.publishAt }}', ...extra },
			options: { validateOnly: true },
		}),
		input: publishAt.map((value) => ({ json: { publishAt: value } })),
	};
}

const detailReads = (requests: Array<{ method: string; path: string }>) =>
	requests.filter((r) => r.method === 'GET' && r.path === '/v2/social-sets/101/');

type Budget = {
	publishingQuota?: IDataObject;
	quotaWarning?: string;
	publishingQuotaUnread?: string;
	rateLimits: IDataObject;
};

describe('Draft > Create with Validate Only: the budget', () => {
	test('quota remaining 3, six items of which five would schedule or publish: the 4th and 5th of those are warned, in item order (the service accepts dated drafts: still valid); one detail read, nothing written', async () => {
		fx.sandbox.setAccount(101, { quotaLimit: 10, quotaUsed: 7 });
		const date = hoursFromNow(30);
		const { params, input } = batch([date, 'now', '', 'next-free-slot', date, date]);
		const { result, requests, items } = await runFresh(fx, params, { key: 'publish', input });
		expect(result.error).toBeUndefined();
		expect(items).toHaveLength(6);
		expect(items.map((item) => item.valid)).toEqual([true, true, true, true, true, true]);
		const quotas = items.map((item) => (item.budget as Budget).publishingQuota);
		expect(quotas[2]).toBeUndefined();
		expect(quotas.map((quota) => quota?.placeInRun ?? null)).toEqual([1, 2, null, 3, 4, 5]);
		expect(quotas[4]).toEqual({
			used: 7,
			remaining: 3,
			resetsAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00/),
			placeInRun: 4,
			publishingInRun: 5,
			withinQuota: false,
		});
		expect(quotas[3]).toMatchObject({ placeInRun: 3, withinQuota: true });
		for (const index of [4, 5]) {
			expect(items[index].problems).toEqual([]);
			expect((items[index].budget as Budget).quotaWarning).toMatch(
				/^Publishing quota: social set 101 has 3 left \(used 7, remaining 3, resets at \d{4}-\d{2}-01T00:00:00.*\); this draft would be number [45] of the 5 drafts of this run/,
			);
		}
		for (const index of [0, 1, 2, 3])
			expect((items[index].budget as Budget).quotaWarning).toBeUndefined();
		expect(items[0].problems).toEqual([]);
		expect(detailReads(requests)).toHaveLength(1);
		expect(writes(requests)).toEqual([]);
	});

	test('Publish At now past the quota is a problem (the service refuses publishing at once past it): the second of two is invalid', async () => {
		fx.sandbox.setAccount(101, { quotaLimit: 10, quotaUsed: 9 });
		const { params, input } = batch(['now', 'now']);
		const { result, requests, items } = await runFresh(fx, params, { key: 'publish', input });
		expect(result.error).toBeUndefined();
		expect(items.map((item) => item.valid)).toEqual([true, false]);
		expect(items[1].problems).toEqual([(items[1].budget as Budget).quotaWarning]);
		expect(items[1].problems as string[]).toEqual([
			expect.stringMatching(/^Publishing quota: social set 101 has 1 left .*number 2 of the 2/),
		]);
		expect(writes(requests)).toEqual([]);
	});

	test('without publishing_quota in the detail: no quota field and no problem, however many items publish', async () => {
		fx.sandbox.setAccount(101, { quotaLimit: 1, quotaUsed: 1, quotaReported: false });
		const { params, input } = batch(['now', 'now', 'now']);
		const { result, requests, items } = await runFresh(fx, params, { key: 'publish', input });
		expect(result.error).toBeUndefined();
		for (const item of items) {
			expect(item).toMatchObject({ valid: true, problems: [] });
			const budget = item.budget as Budget;
			expect(Object.keys(budget)).toEqual(['rateLimits']);
		}
		expect(detailReads(requests)).toHaveLength(1);
		expect(writes(requests)).toEqual([]);
	});

	test('the rate-limit figures are those of the last answer: user bucket less the requests made, the social set drafts.create bucket untouched', async () => {
		await awayFromWindowEdge(WINDOW_SECONDS, 5000);
		const { params, input } = batch([hoursFromNow(30)]);
		const { result, requests, items } = await runFresh(fx, params, { key: 'publish', input });
		expect(result.error).toBeUndefined();
		expect(requests).toHaveLength(1);
		const resetMs = (Math.floor(Date.now() / 1000 / WINDOW_SECONDS) + 1) * WINDOW_SECONDS * 1000;
		const resetsAt = new Date(resetMs).toISOString();
		expect((items[0].budget as Budget).rateLimits).toEqual({
			user: { limit: USER_LIMIT, remaining: USER_LIMIT - requests.length, resetsAt },
			socialSet: {
				resource: 'drafts.create',
				limit: SOCIAL_SET_LIMIT,
				remaining: SOCIAL_SET_LIMIT,
				resetsAt,
			},
		});
		// an item that does not publish reads nothing for the quota, and still reports what is known
		const saved = batch(['']);
		const again = await runFresh(fx, saved.params, { key: 'publish', input: saved.input });
		expect(again.requests).toEqual([]);
		const limits = (again.items[0].budget as Budget).rateLimits as { user: IDataObject };
		expect(limits.user.remaining).toBe(USER_LIMIT - 1);
	});

	test("after another key's creations and this key's reads, the figures are the service's own: drafts.create as it counted every key's creations, the user bucket as it counted this key", async () => {
		await awayFromWindowEdge(WINDOW_SECONDS, 10_000);
		const created = await fx.runNode(createText('By another key', ['x']), {
			input: [{ json: {} }, { json: {} }],
		});
		expect(created.error).toBeUndefined();
		const draftId = String(created.output(NODE)[0].json.id);
		const read = await fx.runNode(draftParams('get', { draftId }), {
			key: 'publish',
			input: [{ json: {} }, { json: {} }, { json: {} }],
		});
		expect(read.error).toBeUndefined();
		const { params, input } = batch([hoursFromNow(30)]);
		const checked = await fx.runNode(params, { key: 'publish', input });
		expect(checked.error).toBeUndefined();
		// what the sandbox counted, read from its records (the buckets each request was counted in)
		const highest = (bucket: string) =>
			fx
				.apiRequests()
				.flatMap((r) => r.counted ?? [])
				.filter((entry) => entry.bucket === bucket)
				.reduce((most, entry) => Math.max(most, entry.count), 0);
		// the two creations, not the reads (main's memory spent the creation budget on each read)
		expect(highest('socialSet:101')).toBe(2);
		const limits = (checked.output(NODE)[0].json.budget as Budget).rateLimits;
		expect(limits).toEqual({
			user: expect.objectContaining({
				limit: USER_LIMIT,
				remaining: USER_LIMIT - highest(`user:${SEED.users.publish}`),
			}),
			socialSet: expect.objectContaining({
				resource: 'drafts.create',
				limit: SOCIAL_SET_LIMIT,
				remaining: SOCIAL_SET_LIMIT - highest('socialSet:101'),
			}),
		});
	});

	test('a detail read refused with 403 says so in the budget and hides none of the item’s own problems', async () => {
		const { params, input } = batch([hoursFromNow(30)], { draftTitle: 'x'.repeat(513) });
		const { result, requests, items } = await runFresh(fx, params, { key: 'outsider', input });
		expect(result.error).toBeUndefined();
		const [answer] = items;
		expect(answer.valid).toBe(false);
		const problems = answer.problems as string[];
		expect(problems).toHaveLength(1);
		expect(problems[0]).toContain('Parameter "Draft Title"');
		const budget = answer.budget as Budget;
		expect(budget.publishingQuota).toBeUndefined();
		expect(budget.publishingQuotaUnread).toBe(
			'FORBIDDEN: You do not have access to this social set',
		);
		expect(detailReads(requests)).toHaveLength(1);
		expect(writes(requests)).toEqual([]);
	});
});
