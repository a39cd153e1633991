import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { callTool, toolNodeTypes } from '../../../harness/toolNode';
import { api } from '../draft/fixtures';
import { runFresh } from '../../../harness/nodeRun';
import { runWithRetry, sent } from '../retryOnFail/fixtures';
import { NEW_YORK, bestTimes, lastDays } from './bestTimesFixtures';

/**
 * Get Best Times with Apply as Queue Schedule: the best Number of Slots slots written with Queue > Update
 * Schedule's request (PUT .../queue/schedule, body `rules`; spec: Queue, a full atomic replacement), once per
 * intent under Retry On Fail, and held back as an AI agent's tool until confirmed.
 */
const fx = useSandbox();
const nodeTypes = toolNodeTypes();

beforeEach(async () => await fx.sandbox.reset());
afterEach(() => fx.sandbox.faults.clear());

const schedule = async (id: number) =>
	(
		await api<{ rules: unknown[]; timezone: string }>(
			fx,
			'GET',
			`/v2/social-sets/${id}/queue/schedule`,
		)
	).body;

const DAY_CODE: Record<string, string> = {
	Monday: 'mon',
	Tuesday: 'tue',
	Wednesday: 'wed',
	Thursday: 'thu',
	Friday: 'fri',
	Saturday: 'sat',
	Sunday: 'sun',
};

/** The rules the best `n` items make: one per hour, days in week order. */
function expectedRules(items: IDataObject[], n: number) {
	const byHour = new Map<number, string[]>();
	for (const item of items.slice(0, n))
		byHour.set(Number(item.hour), [
			...(byHour.get(Number(item.hour)) ?? []),
			DAY_CODE[String(item.day)],
		]);
	const week = Object.values(DAY_CODE);
	return [...byHour]
		.sort(([a], [b]) => a - b)
		.map(([h, days]) => ({
			h,
			m: 0,
			days: days.sort((a, b) => week.indexOf(a) - week.indexOf(b)),
		}));
}

const applied = (n: number, extra: IDataObject = {}) =>
	bestTimes(102, { ...lastDays(fx, NEW_YORK, 90), applyToQueue: true, numberOfSlots: n, ...extra });

describe('Get Best Times > Apply as Queue Schedule', () => {
	test('writes the best slots as the queue schedule, read back with GET; the items say which slots went in', async () => {
		const plain = await runFresh(fx, bestTimes(102, lastDays(fx, NEW_YORK, 90)));
		const rules = expectedRules(plain.items, 5);
		const { result, items, requests } = await runFresh(fx, applied(5));
		expect(result.error).toBeUndefined();
		const puts = requests.filter((r) => r.method === 'PUT');
		expect(puts).toEqual([
			expect.objectContaining({
				path: '/v2/social-sets/102/queue/schedule',
				body: { rules },
				status: 200,
			}),
		]);
		expect(await schedule(102)).toEqual({ social_set_id: 102, timezone: NEW_YORK, rules });
		expect(items[0].queue_schedule).toEqual({ social_set_id: 102, timezone: NEW_YORK, rules });
		expect(items.map((item) => item.in_queue_schedule)).toEqual(items.map((_, i) => i < 5));
		expect(items.map(({ in_queue_schedule: _, queue_schedule: __, ...rest }) => rest)).toEqual(
			plain.items,
		);
	});

	test('idempotent: a lost answer to the PUT is retried to the same schedule, and a second run leaves it as it is', async () => {
		const expected = expectedRules(
			(await runFresh(fx, bestTimes(102, lastDays(fx, NEW_YORK, 90)))).items,
			4,
		);
		fx.sandbox.clearRequests();
		fx.sandbox.faults.set({ dropAfterStore: 1, paths: '/queue/schedule', methods: 'PUT' });
		const { result } = await runWithRetry(fx, applied(4), [{}]);
		expect(result.error).toBeUndefined();
		expect(sent(fx, 'PUT', '/v2/social-sets/102/queue/schedule')).toHaveLength(2);
		expect((await schedule(102)).rules).toEqual(expected);
		await runFresh(fx, applied(4));
		expect((await schedule(102)).rules).toEqual(expected);
	});

	test('fewer qualifying slots than Number of Slots: an error naming it, and the schedule is not touched', async () => {
		const before = await schedule(101);
		fx.sandbox.clearRequests();
		const { result, requests } = await runFresh(
			fx,
			bestTimes(101, {
				...lastDays(fx, 'Europe/Berlin', 30),
				applyToQueue: true,
				numberOfSlots: 3,
			}),
		);
		expect(result.error?.message).toMatch(
			/^Parameter "Number of Slots" asks for the best 3 slots, but only 0 weekday-hour slots have 3 or more posts .*the queue schedule was not changed/,
		);
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
		expect(await schedule(101)).toEqual(before);
	});

	test('needs ADMIN access as Update Schedule does: a WRITE key gets the service error and nothing changes', async () => {
		fx.sandbox.setAnalyticsPosts(101, { days: 90, seed: 3 });
		const before = await schedule(101);
		const { result } = await runFresh(
			fx,
			bestTimes(101, {
				...lastDays(fx, 'Europe/Berlin', 90),
				applyToQueue: true,
				numberOfSlots: 2,
			}),
			{ key: 'write' },
		);
		expect(result.error?.message).toContain('INSUFFICIENT_ACCESS_LEVEL');
		expect(await schedule(101)).toEqual(before);
	});
});

describe('Get Best Times as an AI agent tool', () => {
	const FROM_AI_CONFIRM =
		'={{ $fromAI("confirm", "true only once the user has confirmed", "boolean") }}';

	test('Apply unconfirmed: only reads, the schedule stays, and the answer shows the new rules beside the current ones', async () => {
		const before = await schedule(102);
		const best = (await runFresh(fx, bestTimes(102, lastDays(fx, NEW_YORK, 90)))).items;
		const { answers, requests } = await callTool(
			fx,
			nodeTypes,
			applied(3, { confirm: FROM_AI_CONFIRM }),
			[{ confirm: false }],
		);
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
		expect(await schedule(102)).toEqual(before);
		const rules = expectedRules(best, 3);
		expect(answers[0]).toEqual([
			{
				dry_run: true,
				done: false,
				resource: 'analytics',
				action: 'getBestTimes',
				social_set_id: 102,
				best_slots: best.slice(0, 3),
				rules,
				current_rules: before.rules,
				message: expect.stringMatching(
					/^Nothing was done\. This would replace the whole queue schedule, now 2 rules \(09:00 mon, tue, wed, thu, fri; 15:00 mon, tue, wed, thu, fri\), with the best 3 slots from .* in America\/New_York, \d rules? \(.*\): every slot of the current rules goes in social set 102\. Ask the user to confirm/,
				),
			},
		]);
	});

	test('Apply confirmed writes the schedule; without Apply the tool only reads and needs no confirmation', async () => {
		const best = (await runFresh(fx, bestTimes(102, lastDays(fx, NEW_YORK, 90)))).items;
		const confirmed = await callTool(fx, nodeTypes, applied(2, { confirm: FROM_AI_CONFIRM }), [
			{ confirm: true },
		]);
		expect(confirmed.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
		expect((await schedule(102)).rules).toEqual(expectedRules(best, 2));
		const readOnly = await callTool(fx, nodeTypes, bestTimes(102, lastDays(fx, NEW_YORK, 90)), [
			{},
		]);
		expect(readOnly.requests.every((r) => r.method === 'GET')).toBe(true);
		expect(readOnly.answers[0][0]).toMatchObject({ rank: 1, day: best[0].day, hour: best[0].hour });
	});
});
