import { DateTime } from 'luxon';
import { echo } from '../../common/text/echo';

/**
 * Calendar dates for the queue and analytics endpoints. The API specification gives their request
 * format only as "string"; the node always sends YYYY-MM-DD, which the service reads in the social
 * set's time zone. Values are read as written:
 * - `2026-03-01` as is;
 * - an ISO 8601 date-time keeps its own calendar date (`2026-03-01T23:30:00-05:00` is 2026-03-01);
 * - a luxon DateTime (n8n's `$now`, `$today`, ...) gives its date in its own zone;
 * - a JavaScript Date has no zone of its own and is read in the workflow's time zone.
 */
export type CalendarDate = { date: string } | { empty: true } | { problem: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isJsDate(value: unknown): value is Date {
	return Object.prototype.toString.call(value) === '[object Date]';
}

function describe(value: unknown): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const FORMAT_PROBLEM = 'must be a date as YYYY-MM-DD or an ISO 8601 date-time';

/** Reads a date parameter's value; `zone` is the workflow's time zone, used only for JavaScript Dates. */
export function toCalendarDate(value: unknown, zone = 'UTC'): CalendarDate {
	if (value === undefined || value === null) return { empty: true };
	if (DateTime.isDateTime(value)) {
		return value.isValid
			? { date: value.toISODate() as string }
			: { problem: `${FORMAT_PROBLEM}, got an invalid DateTime` };
	}
	if (isJsDate(value)) {
		const date = DateTime.fromJSDate(value, { zone });
		return date.isValid
			? { date: date.toISODate() as string }
			: { problem: `${FORMAT_PROBLEM}, got an invalid Date` };
	}
	if (typeof value !== 'string') return { problem: `${FORMAT_PROBLEM}, got "${describe(value)}"` };
	const text = value.trim();
	if (text === '') return { empty: true };
	const parsed = ISO_DATE.test(text)
		? DateTime.fromISO(text, { zone: 'UTC' })
		: DateTime.fromISO(text, { setZone: true });
	if (!parsed.isValid) return { problem: `${FORMAT_PROBLEM}, got "${describe(value)}"` };
	return { date: parsed.toISODate() as string };
}

/** Number of calendar days from `start` to `end`, both counted (the same day gives 1). */
export function inclusiveDays(start: string, end: string): number {
	const from = DateTime.fromISO(start, { zone: 'UTC' });
	const to = DateTime.fromISO(end, { zone: 'UTC' });
	return Math.round(to.diff(from, 'days').days) + 1;
}

/**
 * The problem with a date range, or undefined when it is acceptable: the end may not come before the
 * start, and the range, counting both ends, may not exceed `maxDays`.
 */
export function rangeProblem(start: string, end: string, maxDays: number): string | undefined {
	const days = inclusiveDays(start, end);
	if (days < 1) return `must not be before the start date (${start}), got ${end}`;
	if (days > maxDays)
		return `makes the range ${start} to ${end} span ${days} days; at most ${maxDays} days are allowed (both ends count)`;
	return undefined;
}

/** The date `days - 1` days after `start`, so that `start` to the result spans `days` days. */
export function endOfSpan(start: string, days: number): string {
	return DateTime.fromISO(start, { zone: 'UTC' })
		.plus({ days: days - 1 })
		.toISODate() as string;
}

/** Today's calendar date in a time zone (an IANA name such as Europe/Berlin). */
export function todayIn(
	zone: string,
	now: Date = new Date(),
): { date: string } | { problem: string } {
	const today = DateTime.fromJSDate(now, { zone });
	if (!today.isValid) return { problem: `is not a known time zone: "${echo(zone, 60)}"` };
	return { date: today.toISODate() as string };
}
