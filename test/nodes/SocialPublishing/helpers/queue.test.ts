import fc from 'fast-check';
import type { QueueView } from '../../../../nodes/SocialPublishing/helpers/queue';
import {
	DAY_CODES,
	flattenQueueView,
	freeSlots,
	rulesFromFields,
	rulesFromJson,
	validateRules,
} from '../../../../nodes/SocialPublishing/helpers/queue';

describe('validateRules (Queue: rule validation for PUT)', () => {
	test('valid rules come back with days in week order, lower case', () => {
		expect(
			validateRules([
				{ h: 0, m: 0, days: ['SUN', 'mon'] },
				{ h: 23, m: 59, days: ['fri', 'Wed'] },
			]),
		).toEqual({
			rules: [
				{ h: 0, m: 0, days: ['mon', 'sun'] },
				{ h: 23, m: 59, days: ['wed', 'fri'] },
			],
		});
	});

	test('an empty list is valid: no slots', () => {
		expect(validateRules([])).toEqual({ rules: [] });
	});

	test('whole numbers given as text (from expressions) are read as numbers', () => {
		expect(validateRules([{ h: '9', m: ' 05 ', days: ['mon'] }])).toEqual({
			rules: [{ h: 9, m: 5, days: ['mon'] }],
		});
	});

	test('the same time on different days is fine; the same day at different times too', () => {
		const result = validateRules([
			{ h: 9, m: 30, days: ['mon'] },
			{ h: 9, m: 30, days: ['tue'] },
			{ h: 9, m: 31, days: ['mon'] },
		]);
		expect('rules' in result).toBe(true);
	});

	test.each([
		['not a list', { h: 9 }, 'must be a list of rules ({ "h": 9, "m": 30, "days": ["mon"] })'],
		['a rule that is not an object', [42], 'rule 1 must be an object with h, m and days'],
		[
			'h 24',
			[{ h: 24, m: 0, days: ['mon'] }],
			'rule 1: the hour (h) must be a whole number from 0 to 23, got 24',
		],
		[
			'h missing',
			[{ m: 0, days: ['mon'] }],
			'rule 1: the hour (h) must be a whole number from 0 to 23, got undefined',
		],
		[
			'h fractional',
			[{ h: 9.5, m: 0, days: ['mon'] }],
			'rule 1: the hour (h) must be a whole number from 0 to 23, got 9.5',
		],
		[
			'm 60',
			[
				{ h: 9, m: 0, days: ['mon'] },
				{ h: 9, m: 60, days: ['mon'] },
			],
			'rule 2: the minute (m) must be a whole number from 0 to 59, got 60',
		],
		[
			'm negative',
			[{ h: 9, m: -1, days: ['mon'] }],
			'rule 1: the minute (m) must be a whole number from 0 to 59, got -1',
		],
		[
			'days missing',
			[{ h: 9, m: 0 }],
			'rule 1: days must list at least one of mon, tue, wed, thu, fri, sat, sun',
		],
		[
			'days empty',
			[{ h: 9, m: 0, days: [] }],
			'rule 1: days must list at least one of mon, tue, wed, thu, fri, sat, sun',
		],
		[
			'a full day name',
			[{ h: 9, m: 0, days: ['monday'] }],
			'rule 1: "monday" is not a day code; use mon, tue, wed, thu, fri, sat, sun',
		],
		[
			'a day that is not text',
			[{ h: 9, m: 0, days: [1] }],
			'rule 1: "1" is not a day code; use mon, tue, wed, thu, fri, sat, sun',
		],
		[
			'a day twice in one rule',
			[{ h: 9, m: 0, days: ['mon', 'Mon'] }],
			'rule 1 lists "mon" twice; each day and time may appear only once',
		],
		[
			'a day and time in two rules',
			[
				{ h: 9, m: 0, days: ['mon', 'tue'] },
				{ h: 8, m: 0, days: ['tue'] },
				{ h: 9, m: 0, days: ['wed', 'tue'] },
			],
			'rules 1 and 3 both give tue 09:00; each day and time may appear only once',
		],
	])('%s', (_label, input, problem) => {
		expect(validateRules(input)).toEqual({ problem });
	});

	const rule = fc.record({
		h: fc.integer({ min: 0, max: 23 }),
		m: fc.integer({ min: 0, max: 59 }),
		days: fc.subarray([...DAY_CODES], { minLength: 1 }),
	});

	test('property: rules without a repeated day and time are accepted unchanged', () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(rule, { selector: (r) => `${r.h}:${r.m}`, maxLength: 20 }),
				(rules) => {
					expect(validateRules(rules)).toEqual({ rules });
				},
			),
		);
	});

	test("property: repeating any rule's day and time anywhere later is refused, naming both rules", () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(rule, { selector: (r) => `${r.h}:${r.m}`, minLength: 1, maxLength: 10 }),
				fc.nat(),
				fc.nat(),
				(rules, pick, at) => {
					const source = rules[pick % rules.length];
					const copy = { h: source.h, m: source.m, days: [source.days[0]] };
					const position =
						(pick % rules.length) + 1 + (at % (rules.length - (pick % rules.length)));
					const withCopy = [...rules.slice(0, position), copy, ...rules.slice(position)];
					const result = validateRules(withCopy);
					expect(result).toEqual({
						problem: expect.stringContaining(
							`rules ${(pick % rules.length) + 1} and ${position + 1} both give`,
						),
					});
				},
			),
		);
	});
});

describe("rules from the node's two input modes", () => {
	test('JSON text with a list', () => {
		expect(rulesFromJson('[{"h":9,"m":0,"days":["mon"]}]')).toEqual([
			{ h: 9, m: 0, days: ['mon'] },
		]);
	});

	test('a whole schedule, as text or object, gives its rules', () => {
		const schedule = { social_set_id: 1, timezone: 'UTC', rules: [{ h: 1, m: 2, days: ['sun'] }] };
		expect(rulesFromJson(schedule)).toEqual(schedule.rules);
		expect(rulesFromJson(JSON.stringify(schedule))).toEqual(schedule.rules);
	});

	test('text that is not JSON gives undefined; other values pass through to validation', () => {
		expect(rulesFromJson('[{ h: 9')).toBeUndefined();
		expect(rulesFromJson({ h: 9 })).toEqual({ h: 9 });
	});

	test('the fixedCollection: no rules is an empty list; entries map hour/minute/days to h/m/days', () => {
		expect(rulesFromFields({})).toEqual([]);
		expect(rulesFromFields(undefined)).toEqual([]);
		expect(
			rulesFromFields({
				rule: [
					{ hour: 7, minute: 45, days: ['sat'] },
					{ hour: 8, minute: 0 },
				],
			}),
		).toEqual([
			{ h: 7, m: 45, days: ['sat'] },
			{ h: 8, m: 0, days: [] },
		]);
	});
});

describe('queue view helpers (Queue view)', () => {
	const draft = { id: 7, status: 'scheduled' };
	const view: QueueView = {
		social_set_id: 101,
		start_date: '2027-03-01',
		end_date: '2027-03-02',
		days: [
			{
				date: '2027-03-01',
				items: [
					{ at: '2027-03-01T08:30:00Z', kind: 'queue_slot', draft: null },
					{ at: '2027-03-01T10:00:00Z', kind: 'custom_time', draft },
					{ at: '2027-03-01T13:00:00Z', kind: 'queue_slot', draft },
				],
			},
			{
				date: '2027-03-02',
				items: [{ at: '2027-03-02T08:30:00Z', kind: 'queue_slot', draft: null }],
			},
		],
	};

	test('flattenQueueView: one entry per item with its date and the social set', () => {
		expect(flattenQueueView(view)).toEqual([
			{
				social_set_id: 101,
				date: '2027-03-01',
				at: '2027-03-01T08:30:00Z',
				kind: 'queue_slot',
				draft: null,
			},
			{
				social_set_id: 101,
				date: '2027-03-01',
				at: '2027-03-01T10:00:00Z',
				kind: 'custom_time',
				draft,
			},
			{
				social_set_id: 101,
				date: '2027-03-01',
				at: '2027-03-01T13:00:00Z',
				kind: 'queue_slot',
				draft,
			},
			{
				social_set_id: 101,
				date: '2027-03-02',
				at: '2027-03-02T08:30:00Z',
				kind: 'queue_slot',
				draft: null,
			},
		]);
	});

	test('freeSlots: queue slots without a draft, still ahead, earliest first, up to the limit', () => {
		const before = Date.parse('2027-03-01T00:00:00Z');
		expect(freeSlots(view, before)).toEqual([
			{ date: '2027-03-01', at: '2027-03-01T08:30:00Z' },
			{ date: '2027-03-02', at: '2027-03-02T08:30:00Z' },
		]);
		expect(freeSlots(view, before, 1)).toEqual([
			{ date: '2027-03-01', at: '2027-03-01T08:30:00Z' },
		]);
		expect(freeSlots(view, Date.parse('2027-03-01T08:30:00Z'))).toEqual([
			{ date: '2027-03-02', at: '2027-03-02T08:30:00Z' },
		]);
	});

	test('a view without days has no slots', () => {
		expect(freeSlots({ ...view, days: [] }, 0)).toEqual([]);
		expect(flattenQueueView({ ...view, days: [] })).toEqual([]);
	});
});
