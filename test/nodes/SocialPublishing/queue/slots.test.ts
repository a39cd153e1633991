import { DateTime } from 'luxon';
import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, expectServiceError, runFresh } from '../helpers/nodeRun';
import { queueParams, scheduleDraft, slotsParams } from './fixtures';

const fx = useSandbox();

// The week of Monday 2027-03-01 in Europe/Berlin (UTC+1): seed rules 09:30 Mon-Fri, 14:00 Mon/Wed/Fri, 11:00 Sat.
const WEEK_SLOTS = [
	['2027-03-01', '2027-03-01T08:30:00Z'],
	['2027-03-01', '2027-03-01T13:00:00Z'],
	['2027-03-02', '2027-03-02T08:30:00Z'],
	['2027-03-03', '2027-03-03T08:30:00Z'],
	['2027-03-03', '2027-03-03T13:00:00Z'],
	['2027-03-04', '2027-03-04T08:30:00Z'],
	['2027-03-05', '2027-03-05T08:30:00Z'],
	['2027-03-05', '2027-03-05T13:00:00Z'],
	['2027-03-06', '2027-03-06T10:00:00Z'],
];
const WEEK_DAYS = [
	'2027-03-01',
	'2027-03-02',
	'2027-03-03',
	'2027-03-04',
	'2027-03-05',
	'2027-03-06',
	'2027-03-07',
];

describe('Queue > Get Slots (Queue: GET .../queue, Queue view)', () => {
	test('one item per day: sends start_date and end_date as YYYY-MM-DD and returns each day with its slots', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			slotsParams(101, '2027-03-01', '2027-03-07'),
			{ key: 'read' },
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/queue',
				query: { start_date: ['2027-03-01'], end_date: ['2027-03-07'] },
				status: 200,
			}),
		]);
		expect(items.map((day) => day.date)).toEqual(WEEK_DAYS);
		expect(items[0]).toEqual({
			social_set_id: 101,
			date: '2027-03-01',
			items: [
				{ at: '2027-03-01T08:30:00Z', kind: 'queue_slot', draft: null },
				{ at: '2027-03-01T13:00:00Z', kind: 'queue_slot', draft: null },
			],
		});
		expect(items[6]).toEqual({ social_set_id: 101, date: '2027-03-07', items: [] });
	});

	test('one item per slot: each slot with its date, in order', async () => {
		const { items } = await runFresh(fx, slotsParams(101, '2027-03-01', '2027-03-07', 'slot'));
		expect(items.map((slot) => [slot.date, slot.at])).toEqual(WEEK_SLOTS);
		expect(
			items.every(
				(slot) => slot.social_set_id === 101 && slot.kind === 'queue_slot' && slot.draft === null,
			),
		).toBe(true);
	});

	test('a draft scheduled into a slot occupies it; one at another time is a custom_time item', async () => {
		await scheduleDraft(fx, 101, '2027-03-08T08:30:00Z');
		await scheduleDraft(fx, 101, '2027-03-08T16:05:00Z');
		const { items } = await runFresh(fx, slotsParams(101, '2027-03-08', '2027-03-08', 'slot'));
		expect(
			items.map((item) => [
				item.at,
				item.kind,
				(item.draft as { status?: string } | null)?.status ?? null,
			]),
		).toEqual([
			['2027-03-08T08:30:00Z', 'queue_slot', 'scheduled'],
			['2027-03-08T13:00:00Z', 'queue_slot', null],
			['2027-03-08T16:05:00Z', 'custom_time', 'scheduled'],
		]);
	});

	describe('dates are accepted as written and sent as YYYY-MM-DD', () => {
		test.each([
			['the date picker format', '2027-03-01T00:00:00', '2027-03-01'],
			['an ISO date-time keeps its own calendar date', '2027-03-01T23:30:00-05:00', '2027-03-01'],
			[
				'a luxon DateTime from an expression, in its zone',
				"={{ DateTime.fromISO('2027-03-02T01:30:00', { zone: 'Asia/Tokyo' }) }}",
				'2027-03-02',
			],
			[
				'a JavaScript Date from an expression',
				"={{ new Date('2027-03-01T12:00:00Z') }}",
				'2027-03-01',
			],
			['an expression giving text', "={{ '2027-03-01' }}", '2027-03-01'],
		])('%s', async (_label, start, sent) => {
			const { result, requests } = await runFresh(fx, slotsParams(101, start, '2027-03-07'));
			expect(result.error).toBeUndefined();
			expect(requests[0].query).toEqual({ start_date: [sent], end_date: ['2027-03-07'] });
		});
	});

	test('62 days counting both ends is the most that is sent (Limits: queue date range)', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			slotsParams(101, '2027-03-01', '2027-05-01'),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].query).toEqual({ start_date: ['2027-03-01'], end_date: ['2027-05-01'] });
		expect(items).toHaveLength(62);
	});

	test('63 days are refused before sending, naming End Date', async () => {
		await expectRejectedBeforeSending(fx, slotsParams(101, '2027-03-01', '2027-05-02'), {
			parameter: 'End Date',
			problem: /span 63 days; at most 62/,
		});
	});

	test('an end before the start is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, slotsParams(101, '2027-03-07', '2027-03-01'), {
			parameter: 'End Date',
			problem: /must not be before the start date/,
		});
	});

	test.each([
		['words', 'next monday'],
		['an impossible date', '2027-02-30'],
		['a number', '={{ 20270301 }}'],
	])('a start date given as %s is refused before sending', async (_label, start) => {
		await expectRejectedBeforeSending(fx, slotsParams(101, start, '2027-03-07'), {
			parameter: 'Start Date',
			problem: /YYYY-MM-DD/,
		});
	});

	test('an empty end date from an expression is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, slotsParams(101, '2027-03-01', '={{ "" }}'), {
			parameter: 'End Date',
			problem: /is required/,
		});
	});

	test('403 FORBIDDEN and 404 NOT_FOUND surface', async () => {
		expectServiceError((await runFresh(fx, slotsParams(103, '2027-03-01', '2027-03-07'))).result, {
			httpCode: 403,
			code: 'FORBIDDEN',
		});
		expectServiceError((await runFresh(fx, slotsParams(999, '2027-03-01', '2027-03-07'))).result, {
			httpCode: 404,
			code: 'NOT_FOUND',
		});
	});
});

describe('Queue > Get Next Free Slots (Queue view from today, free queue_slot entries)', () => {
	const next = (extra: Record<string, unknown> = {}) => queueParams('getNextFreeSlots', 101, extra);
	const todayBerlin = () => DateTime.now().setZone('Europe/Berlin').toISODate() as string;

	test('reads the schedule for the time zone, then the view from today for 14 days, and returns the next free slots', async () => {
		const { result, requests, items } = await runFresh(fx, next({ limit: 4 }), { key: 'read' });
		expect(result.error).toBeUndefined();
		const start = todayBerlin();
		const end = DateTime.fromISO(start).plus({ days: 13 }).toISODate();
		expect(requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/v2/social-sets/101/queue/schedule', {}],
			['GET', '/v2/social-sets/101/queue', { start_date: [start], end_date: [end] }],
		]);
		expect(items).toHaveLength(4);
		const slots = (await runFresh(fx, slotsParams(101, start, end as string, 'slot'))).items;
		const expected = slots
			.filter(
				(slot) =>
					slot.kind === 'queue_slot' &&
					slot.draft === null &&
					Date.parse(slot.at as string) > Date.now(),
			)
			.slice(0, 4);
		expect(items.map((slot) => slot.at)).toEqual(expected.map((slot) => slot.at));
		for (const slot of items) {
			expect(slot).toEqual({
				social_set_id: 101,
				timezone: 'Europe/Berlin',
				date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
				at: expect.any(String),
				local_time: DateTime.fromISO(slot.at as string)
					.setZone('Europe/Berlin')
					.toISO({ suppressMilliseconds: true }),
			});
			expect((slot.local_time as string).slice(0, 10)).toBe(slot.date);
		}
	});

	test('a slot taken by a draft scheduled with next-free-slot is skipped', async () => {
		const before = (await runFresh(fx, next({ limit: 2 }))).items.map((slot) => slot.at);
		const taken = await scheduleDraft(fx, 101, 'next-free-slot', 'publish');
		expect(taken).toBe(before[0]);
		const after = (await runFresh(fx, next({ limit: 1 }))).items.map((slot) => slot.at);
		expect(after).toEqual([before[1]]);
	});

	test('Days to Look Ahead sets the end of the range: 62 days counting today', async () => {
		const { requests } = await runFresh(fx, next({ days: 62, limit: 1 }));
		const start = todayBerlin();
		expect(requests[1].query).toEqual({
			start_date: [start],
			end_date: [DateTime.fromISO(start).plus({ days: 61 }).toISODate()],
		});
	});

	test.each([63, 0, 2.5])('Days to Look Ahead %s is refused before sending', async (days) => {
		await expectRejectedBeforeSending(fx, next({ days }), {
			parameter: 'Days to Look Ahead',
			problem: /from 1 to 62/,
		});
	});

	test('a Limit of 0 is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, next({ limit: 0 }), { parameter: 'Limit' });
	});

	test('a queue with no rules has no free slots: no items', async () => {
		const cleared = await runFresh(
			fx,
			queueParams('updateSchedule', 102, { rulesInput: 'json', rulesJson: '[]' }),
		);
		expect(cleared.result.error).toBeUndefined();
		const { result, requests, items } = await runFresh(fx, queueParams('getNextFreeSlots', 102));
		expect(result.error).toBeUndefined();
		expect(requests).toHaveLength(2);
		expect(items).toEqual([]);
	});

	test('403 FORBIDDEN on the invisible social set stops at the first request', async () => {
		const { result, requests } = await runFresh(fx, queueParams('getNextFreeSlots', 103));
		expectServiceError(result, { httpCode: 403, code: 'FORBIDDEN' });
		expect(requests).toHaveLength(1);
	});
});
