import { SEED } from '../../../../sandbox';
import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { queueParams, slotsParams } from './fixtures';

const fx = useSandbox();

const update = (id: number, extra: Record<string, unknown>) =>
	queueParams('updateSchedule', id, extra);

const fields = (...rules: Array<{ hour: number; minute: number; days: string[] }>) => ({
	rulesInput: 'fields',
	rules: { rule: rules },
});

const json = (rulesJson: string) => ({ rulesInput: 'json', rulesJson });

describe('Queue > Update Schedule (Queue: PUT .../queue/schedule, full replacement, ADMIN)', () => {
	test('rules from fields are sent as h, m and days in week order, and the new schedule is returned', async () => {
		const parameters = update(
			102,
			fields(
				{ hour: 8, minute: 15, days: ['wed', 'mon'] },
				{ hour: 17, minute: 45, days: ['sun', 'sat'] },
			),
		);
		const { result, requests, items } = await runFresh(fx, parameters);
		expect(result.error).toBeUndefined();
		const rules = [
			{ h: 8, m: 15, days: ['mon', 'wed'] },
			{ h: 17, m: 45, days: ['sat', 'sun'] },
		];
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'PUT',
				path: '/v2/social-sets/102/queue/schedule',
				query: {},
				body: { rules },
				status: 200,
			}),
		]);
		expect(items).toEqual([{ social_set_id: 102, timezone: 'America/New_York', rules }]);
		const reread = await runFresh(fx, queueParams('getSchedule', 102));
		expect(reread.items[0].rules).toEqual(rules);
	});

	test('JSON mode takes a list of rules; day codes in any case are sent in lower case', async () => {
		const { result, requests } = await runFresh(
			fx,
			update(102, json('[{ "h": 6, "m": 0, "days": ["TUE", "Thu"] }]')),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ rules: [{ h: 6, m: 0, days: ['tue', 'thu'] }] });
	});

	test('JSON mode takes a whole schedule from Get Schedule, through an expression', async () => {
		const schedule = { social_set_id: 101, timezone: 'Europe/Berlin', rules: SEED.queueRules };
		const { result, requests, items } = await runFresh(fx, update(102, json('={{ $json }}')), {
			input: [{ json: schedule }],
		});
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ rules: SEED.queueRules });
		expect(items[0]).toMatchObject({ social_set_id: 102, rules: SEED.queueRules });
	});

	test('an empty rule list is sent and clears every slot (Queue: an empty array means no slots)', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			update(102, { rulesInput: 'fields', rules: {} }),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ rules: [] });
		expect(items[0]).toMatchObject({ rules: [] });
		const slots = await runFresh(fx, slotsParams(102, '2027-03-01', '2027-03-07', 'slot'));
		expect(slots.result.error).toBeUndefined();
		expect(slots.items).toEqual([]);
	});

	test('403 INSUFFICIENT_ACCESS_LEVEL for a WRITE key, naming ADMIN; the schedule stays as it was', async () => {
		const { result, requests } = await runFresh(fx, update(101, json('[]')), { key: 'write' });
		expectServiceError(result, {
			httpCode: 403,
			code: 'INSUFFICIENT_ACCESS_LEVEL',
			message: /ADMIN/,
		});
		expect(requests).toEqual([expect.objectContaining({ method: 'PUT', status: 403 })]);
		const reread = await runFresh(fx, queueParams('getSchedule', 101), { key: 'write' });
		expect(reread.items[0].rules).toEqual(SEED.queueRules);
	});

	test('403 FORBIDDEN on the invisible social set', async () => {
		expectServiceError((await runFresh(fx, update(103, json('[]')))).result, {
			httpCode: 403,
			code: 'FORBIDDEN',
		});
	});

	describe('rules are checked before sending (Queue: rule validation for PUT)', () => {
		test.each([
			[
				'hour 24',
				fields({ hour: 24, minute: 0, days: ['mon'] }),
				'Rules',
				/rule 1: the hour \(h\) must be a whole number from 0 to 23, got 24/,
			],
			['hour -1', fields({ hour: -1, minute: 0, days: ['mon'] }), 'Rules', /from 0 to 23, got -1/],
			[
				'minute 60',
				fields({ hour: 9, minute: 0, days: ['mon'] }, { hour: 9, minute: 60, days: ['tue'] }),
				'Rules',
				/rule 2: the minute \(m\) must be a whole number from 0 to 59, got 60/,
			],
			[
				'a fractional minute',
				json('[{ "h": 9, "m": 7.5, "days": ["mon"] }]'),
				'Rules (JSON)',
				/minute \(m\).*got 7.5/,
			],
			[
				'an unknown day code',
				json('[{ "h": 9, "m": 0, "days": ["mon", "funday"] }]'),
				'Rules (JSON)',
				/"funday" is not a day code; use mon, tue, wed, thu, fri, sat, sun/,
			],
			['no days', fields({ hour: 9, minute: 0, days: [] }), 'Rules', /days must list at least one/],
			[
				'the same day and time in two rules',
				fields(
					{ hour: 9, minute: 30, days: ['mon', 'tue'] },
					{ hour: 9, minute: 30, days: ['tue'] },
				),
				'Rules',
				/rules 1 and 2 both give tue 09:30/,
			],
			[
				'the same day twice in one rule',
				json('[{ "h": 9, "m": 30, "days": ["fri", "FRI"] }]'),
				'Rules (JSON)',
				/rule 1 lists "fri" twice/,
			],
			['text that is not JSON', json('={{ "[{ h: 9" }}'), 'Rules (JSON)', /is not valid JSON/],
			[
				'JSON that is not a list',
				json('{ "h": 9, "m": 0, "days": ["mon"] }'),
				'Rules (JSON)',
				/must be a list of rules/,
			],
		])('%s', async (_label, extra, parameter, problem) => {
			await expectRejectedBeforeSending(fx, update(101, extra), { parameter, problem });
		});
	});
});
