/**
 * The shapes a decision reads an answer in (nodes/common/transport/answer.ts): the paged envelope, the draft, the
 * queue schedule and the queue view as the spec gives them (Paged envelope; Draft detail; Queue schedule; Queue view), and the problem each finds
 * in an answer of another shape. The properties in test/properties/failClosed*.property.test.ts run them through
 * n8n-core against the sandbox; these name what each one says.
 */
import {
	draftShape,
	pageShape,
	queueScheduleShape,
	queueViewShape,
} from '../../../../nodes/common/transport/answer';
import { echo } from '../../../../nodes/common/text/echo';

const say = (value: unknown) => echo(value, 60, ['sp_reflected_key_123']);
const page = pageShape('unresolved comment threads');
const drafts = pageShape('drafts', draftShape);

describe('pageShape: the paged envelope (spec: Paged envelope)', () => {
	test.each([
		['a page', { results: [{ id: 'a' }], count: 1, next: null }],
		['a page without count (analytics posts)', { results: [], next: null }],
		['an empty page', { results: [], count: 0 }],
	])('%s is read', (_name, body) => {
		expect(page.problem(body, say)).toBeUndefined();
	});

	test.each([
		['no content (204)', {}, 'the answer is empty (no content, or {})'],
		['an empty body', '', 'the answer is empty (no content)'],
		[
			'HTML with 200',
			'<!doctype html><p>Down</p>',
			'the answer is not JSON: "<!doctype html><p>Down</p>"',
		],
		['JSON cut short', '{"results":[', 'the answer is not JSON: "{\\"results\\":["'],
		['a list', [{ id: 1 }], 'the answer is a list, not an object'],
		['another envelope', { data: [], total: 0 }, 'results is missing (the answer has data, total)'],
		['a count as text', { results: [], count: '3' }, 'count is text "3", not a whole number'],
		['a negative count', { results: [], count: -1 }, 'count is number -1, not a whole number'],
		['results as an object', { results: { 0: {} } }, 'results is an object, not a list'],
		['an entry as text', { results: [{}, 'x'] }, 'results[1] is text "x", not an object'],
		['next as a number', { results: [], next: 2 }, 'next is number 2, not a link or null'],
	])('%s is refused', (_name, body, problem) => {
		expect(page.problem(body, say)).toBe(problem);
	});

	test('an entry is read in its own shape when one is given', () => {
		expect(drafts.problem({ results: [{ id: 1, status: 'draft' }] }, say)).toBeUndefined();
		expect(drafts.problem({ results: [{ id: 1, status: 'draft' }, { id: 2 }] }, say)).toBe(
			'results[1]: status is missing',
		);
	});

	test('a quoted value is bounded and without the key', () => {
		const problem = page.problem(
			{ results: [], count: `sp_reflected_key_123 ${'9'.repeat(1_000_000)}` },
			say,
		);
		expect(problem).toMatch(
			/^count is text "\[redacted\] 9+… \(cut, 1000021 characters in all\)", not a whole number$/,
		);
		expect(problem!.length).toBeLessThan(200);
	});

	test('an answer with a million keys names the first eight', () => {
		const body: Record<string, number> = {};
		for (let i = 0; i < 1_000_000; i++) body[`k${i}`] = i;
		expect(page.problem(body, say)).toBe(
			'results is missing (the answer has k0, k1, k2, k3, k4, k5, k6, k7, …)',
		);
	});
});

describe('draftShape: a draft as a decision reads it (spec: Draft detail, id and status required)', () => {
	test.each([
		['a draft', { id: 5, status: 'scheduled', publish_state: null }],
		['an id past 2^53, as JSON rounds it', { id: 2 ** 53, status: 'draft' }],
	])('%s is read', (_name, body) => {
		expect(draftShape.problem(body, say)).toBeUndefined();
	});

	test.each([
		['{}', {}, 'the answer is empty (no content, or {})'],
		['an id as text', { id: '5', status: 'draft' }, 'id is text "5", not a whole number'],
		['a status the spec does not list', { id: 5, status: 'live' }, 'status is text "live"'],
		['a status as a number', { id: 5, status: 1 }, 'status is number 1'],
		['another envelope', { data: { id: 5, status: 'draft' } }, 'id is missing, not a whole number'],
		[
			'publish_state as a list',
			{ id: 5, status: 'draft', publish_state: [] },
			'publish_state is a list, not a text or null',
		],
	])('%s is refused', (_name, body, problem) => {
		expect(draftShape.problem(body, say)).toBe(problem);
	});
});

describe('queueScheduleShape: the time zone and rules a decision reads (spec: Queue schedule)', () => {
	test('a schedule is read', () => {
		expect(
			queueScheduleShape.problem({ social_set_id: 1, timezone: 'Europe/Berlin', rules: [] }, say),
		).toBeUndefined();
	});

	test.each([
		['no time zone', { rules: [] }, 'timezone is missing, not a time zone name'],
		[
			'an empty time zone',
			{ timezone: ' ', rules: [] },
			'timezone is text "", not a time zone name',
		],
		['rules missing', { timezone: 'UTC' }, 'rules is missing, not a list'],
	])('%s is refused', (_name, body, problem) => {
		expect(queueScheduleShape.problem(body, say)).toBe(problem);
	});
});

describe('queueViewShape: the days, slots and drafts of the queue (spec: Queue view)', () => {
	const slot = { at: '2026-12-08T09:00:00Z', kind: 'queue_slot', draft: null };
	const taken = { at: '2026-12-08T12:00:00Z', kind: 'custom_time', draft: { id: 5 } };
	const view = (days: unknown) => ({ social_set_id: 101, start_date: '2026-12-08', days });

	test('a view is read, with free and taken slots, and with no days at all', () => {
		expect(
			queueViewShape.problem(view([{ date: '2026-12-08', items: [slot, taken] }]), say),
		).toBeUndefined();
		expect(queueViewShape.problem(view([]), say)).toBeUndefined();
	});

	test('a kind the spec does not name is read (listed as sent; only a queue_slot without a draft is free)', () => {
		const later = { ...slot, kind: 'held_slot' };
		expect(
			queueViewShape.problem(view([{ date: '2026-12-08', items: [later] }]), say),
		).toBeUndefined();
	});

	test.each([
		['no days', { social_set_id: 101 }, 'days is missing, not a list'],
		['days as text', view('none'), 'days is text "none", not a list'],
		['a day that is a list', view([[]]), 'days[0] is a list, not an object'],
		[
			'a day without a date',
			view([{ items: [] }]),
			'days[0].date is missing, not a date (YYYY-MM-DD)',
		],
		[
			'items as an object (the crash the hostile answers found)',
			view([{ date: '2026-12-08', items: { at: 'x' } }]),
			'days[0].items is an object, not a list',
		],
		[
			'an item that is text',
			view([{ date: '2026-12-08', items: [slot, 'slot'] }]),
			'days[0].items[1] is text "slot", not an object',
		],
		[
			'an item whose time is no time',
			view([{ date: '2026-12-08', items: [{ ...slot, at: 'soon' }] }]),
			'days[0].items[0].at is text "soon", not a date-time',
		],
		[
			'an item whose kind is a number',
			view([{ date: '2026-12-08', items: [{ ...slot, kind: 7 }] }]),
			'days[0].items[0].kind is number 7, not a text',
		],
		[
			'a draft that is text',
			view([{ date: '2026-12-08', items: [{ ...slot, draft: 'sp_reflected_key_123' }] }]),
			'days[0].items[0].draft is text "[redacted]", not a draft or null',
		],
	])('%s is refused', (_name, body, problem) => {
		expect(queueViewShape.problem(body, say)).toBe(problem);
	});
});
