import { DateTime } from 'luxon';
import { badRequest } from './errors';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Query dates for the queue and analytics: `YYYY-MM-DD` (a calendar day in the social set's zone),
 * or an ISO 8601 date-time with an offset or `Z`, whose calendar day in the set's zone is used.
 * Anything else is 400 VALIDATION_ERROR.
 */
export function parseDay(
	raw: string | null,
	field: string,
	zone: string,
	required: boolean,
): DateTime | null {
	if (raw === null || raw === '') {
		if (required) throw badRequest(`${field} is required`, [{ field, message: 'required' }]);
		return null;
	}
	let day: DateTime;
	if (DATE_ONLY.test(raw)) day = DateTime.fromISO(raw, { zone });
	else if (/T.*(Z|[+-]\d{2}:?\d{2})$/i.test(raw))
		day = DateTime.fromISO(raw, { setZone: true }).setZone(zone);
	else day = DateTime.invalid('format');
	if (!day.isValid) {
		throw badRequest(`${field} must be a date (YYYY-MM-DD) or a date-time with offset`, [
			{ field, message: 'invalid date' },
		]);
	}
	return day.startOf('day');
}

/** Number of calendar days from start to end, both included. */
export function inclusiveDays(start: DateTime, end: DateTime): number {
	return Math.round(end.diff(start, 'days').days) + 1;
}

/** Shared checks: end not before start, span (inclusive) at most maxDays. */
export function checkRange(start: DateTime, end: DateTime, maxDays: number): void {
	if (end < start)
		throw badRequest('end_date must not be before start_date', [
			{ field: 'end_date', message: 'before start_date' },
		]);
	if (inclusiveDays(start, end) > maxDays) {
		throw badRequest(`Date range larger than ${maxDays} days`, [
			{ field: 'end_date', message: `range larger than ${maxDays} days` },
		]);
	}
}
