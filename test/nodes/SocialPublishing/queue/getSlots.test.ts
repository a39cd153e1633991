import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { scheduleDraft, slotsParams } from './fixtures';

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
