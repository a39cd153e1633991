import fc from 'fast-check';
import {
	CALENDAR_LINES_PER_DAY,
	CALENDAR_MAX_DAYS,
	queueCalendarSvg,
} from '../../../../nodes/SocialPublishing/helpers/queueCalendar';
import { wellFormedProblems } from './wellFormed';

/** The calendar drawn from whatever a service may answer: any JSON, hostile texts, empty and huge lists. */

const hostile = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 30 }),
	fc.constantFrom('<script>', '&', ']]>', '\u0000\u202e', 'שלום', '👩🏽‍💻', 'x'.repeat(5000)),
);
/** Values whose text cannot be had without running their code, or that have none. */
const unprintable = fc.constantFrom<unknown>(
	Object.create(null),
	{ toString: 1 },
	{ valueOf: () => 1, toString: null },
	Symbol('s'),
	10n,
);
const value = fc.oneof(
	hostile,
	fc.integer(),
	fc.double(),
	fc.constant(null),
	unprintable,
	fc.anything({ withNullPrototype: true, withBigInt: true }),
);
const count = (svg: string, pattern: RegExp) => (svg.match(pattern) ?? []).length;

test('calendar: any view gives a well-formed picture, at most 31 days of at most 8 lines', () => {
	const item = fc.record({
		at: fc.oneof(
			fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
			value,
		),
		kind: value,
		draft: fc.oneof(
			fc.constant(null),
			value,
			fc.record({ id: value, draft_title: value, preview: value, x_post_enabled: value }),
		),
	});
	const day = fc.record({ date: value, items: fc.oneof(value, fc.array(item, { maxLength: 30 })) });
	fc.assert(
		fc.property(
			fc.oneof(value, fc.record({ days: fc.array(day, { maxLength: 40 }), start_date: value })),
			hostile,
			(view, zone) => {
				const svg = queueCalendarSvg({ view, zone: 'UTC', zoneLabel: zone, title: zone, nowMs: 0 });
				expect(wellFormedProblems(svg)).toEqual([]);
				expect(count(svg, /<g data-slot=/g)).toBeLessThanOrEqual(
					CALENDAR_MAX_DAYS * CALENDAR_LINES_PER_DAY,
				);
			},
		),
		{ numRuns: 120 },
	);
});
