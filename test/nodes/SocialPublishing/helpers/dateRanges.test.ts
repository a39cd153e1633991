import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
	endOfSpan,
	inclusiveDays,
	rangeProblem,
	toCalendarDate,
	todayIn,
} from '../../../../nodes/SocialPublishing/helpers/dateRanges';

describe('toCalendarDate: dates for the queue and analytics, sent as YYYY-MM-DD', () => {
	test.each([
		['a plain date', '2026-03-01', '2026-03-01'],
		['a plain date with spaces around', '  2026-03-01 ', '2026-03-01'],
		['the date picker value', '2026-03-01T00:00:00', '2026-03-01'],
		[
			'a date-time with a negative offset keeps its own date',
			'2026-03-01T23:30:00-05:00',
			'2026-03-01',
		],
		[
			'a date-time with a positive offset keeps its own date',
			'2026-03-02T00:30:00+09:00',
			'2026-03-02',
		],
		['a UTC date-time', '2026-03-01T23:59:59.999Z', '2026-03-01'],
		['a leap day', '2028-02-29', '2028-02-29'],
	])('%s', (_label, input, expected) => {
		expect(toCalendarDate(input)).toEqual({ date: expected });
	});

	test('a luxon DateTime gives its date in its own zone', () => {
		const late = DateTime.fromISO('2026-03-01T23:30:00', { zone: 'America/Los_Angeles' });
		expect(toCalendarDate(late)).toEqual({ date: '2026-03-01' });
		expect(toCalendarDate(late.setZone('Europe/Berlin'))).toEqual({ date: '2026-03-02' });
	});

	test('a JavaScript Date is read in the given (workflow) time zone', () => {
		const instant = new Date('2026-03-01T20:00:00Z');
		expect(toCalendarDate(instant, 'UTC')).toEqual({ date: '2026-03-01' });
		expect(toCalendarDate(instant, 'Asia/Tokyo')).toEqual({ date: '2026-03-02' });
	});

	test.each([undefined, null, '', '   '])('%p is empty', (input) => {
		expect(toCalendarDate(input)).toEqual({ empty: true });
	});

	test.each([
		['an impossible day', '2026-02-30'],
		['month 13', '2026-13-01'],
		['words', 'tomorrow'],
		['a day-first date', '01/03/2026'],
		['a number', 20260301],
		['an object', { date: '2026-03-01' }],
		['an invalid DateTime', DateTime.fromISO('nonsense')],
		['an invalid Date', new Date('nonsense')],
	])('%s is a problem that says what is expected', (_label, input) => {
		const result = toCalendarDate(input);
		expect(result).toEqual({
			problem: expect.stringContaining('must be a date as YYYY-MM-DD or an ISO 8601 date-time'),
		});
	});

	test('a long bad value is shortened in the message', () => {
		const result = toCalendarDate('x'.repeat(200)) as { problem: string };
		expect(result.problem.length).toBeLessThan(140);
	});

	test('property: every calendar date round-trips unchanged', () => {
		fc.assert(
			fc.property(
				fc.date({
					min: new Date('1970-01-01T00:00:00Z'),
					max: new Date('2199-12-31T00:00:00Z'),
					noInvalidDate: true,
				}),
				(date) => {
					const text = date.toISOString().slice(0, 10);
					expect(toCalendarDate(text)).toEqual({ date: text });
				},
			),
		);
	});
});

describe('ranges: both ends count', () => {
	test.each([
		['2026-03-01', '2026-03-01', 1],
		['2026-03-01', '2026-03-02', 2],
		['2026-03-28', '2026-03-30', 3],
		['2026-10-24', '2026-10-26', 3],
		['2028-02-28', '2028-03-01', 3],
		['2026-03-02', '2026-03-01', 0],
	])('%s to %s is %i days', (start, end, days) => {
		expect(inclusiveDays(start, end)).toBe(days);
	});

	test('the limit itself is accepted, one more day is a problem naming the span', () => {
		expect(rangeProblem('2027-03-01', '2027-05-01', 62)).toBeUndefined();
		expect(rangeProblem('2027-03-01', '2027-05-02', 62)).toBe(
			'makes the range 2027-03-01 to 2027-05-02 span 63 days; at most 62 days are allowed (both ends count)',
		);
		expect(rangeProblem('2026-01-01', '2027-01-01', 366)).toBeUndefined();
		expect(rangeProblem('2026-01-01', '2027-01-02', 366)).toMatch(/span 367 days/);
	});

	test('an end before the start is a problem; the same day is fine', () => {
		expect(rangeProblem('2026-03-02', '2026-03-01', 62)).toBe(
			'must not be before the start date (2026-03-02), got 2026-03-01',
		);
		expect(rangeProblem('2026-03-02', '2026-03-02', 62)).toBeUndefined();
	});

	test('endOfSpan crosses months and years', () => {
		expect(endOfSpan('2026-12-31', 2)).toBe('2027-01-01');
		expect(endOfSpan('2026-11-21', 14)).toBe('2026-12-04');
		expect(endOfSpan('2026-11-21', 1)).toBe('2026-11-21');
	});

	test('property: endOfSpan(start, n) spans exactly n days and passes a limit of n, not n - 1', () => {
		fc.assert(
			fc.property(
				fc.date({
					min: new Date('2000-01-01T00:00:00Z'),
					max: new Date('2100-01-01T00:00:00Z'),
					noInvalidDate: true,
				}),
				fc.integer({ min: 2, max: 400 }),
				(date, days) => {
					const start = date.toISOString().slice(0, 10);
					const end = endOfSpan(start, days);
					expect(inclusiveDays(start, end)).toBe(days);
					expect(rangeProblem(start, end, days)).toBeUndefined();
					expect(rangeProblem(start, end, days - 1)).toBeDefined();
				},
			),
		);
	});
});

describe('todayIn', () => {
	const now = new Date('2026-11-21T23:30:00Z');

	test('today depends on the zone', () => {
		expect(todayIn('Europe/Berlin', now)).toEqual({ date: '2026-11-22' });
		expect(todayIn('America/New_York', now)).toEqual({ date: '2026-11-21' });
		expect(todayIn('UTC', now)).toEqual({ date: '2026-11-21' });
	});

	test('an unknown zone is a problem', () => {
		expect(todayIn('Mars/Olympus_Mons', now)).toEqual({
			problem: 'is not a known time zone: "Mars/Olympus_Mons"',
		});
	});
});
