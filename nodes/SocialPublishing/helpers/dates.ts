import type { IExecuteFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { paramError } from './validation';

export type DateKeyword = 'now' | 'next-free-slot';

/**
 * A date parameter as the node reads it:
 * - `keyword`: `now` or `next-free-slot`, sent as they are;
 * - `instant`: a point in time (an ISO string with offset or `Z`, a luxon DateTime, a JS Date);
 * - `wallClock`: a date and time without offset (as the date picker gives it), still to be read in a time zone.
 *   Its fields are held in UTC only as a carrier; `inZone` gives the real instant.
 */
export type ParsedDate =
	| { kind: 'empty' }
	| { kind: 'invalid'; text: string }
	| { kind: 'keyword'; keyword: DateKeyword }
	| { kind: 'instant'; instant: DateTime }
	| { kind: 'wallClock'; wallClock: DateTime };

const OFFSET_AT_END = /T\d{2}(?::?\d{2}){0,2}(?:[.,]\d+)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const KEYWORDS: Record<string, DateKeyword> = {
	now: 'now',
	'next-free-slot': 'next-free-slot',
	'next free slot': 'next-free-slot',
	nextfreeslot: 'next-free-slot',
};

function isLuxon(value: unknown): value is DateTime {
	// Checked by flag, not instanceof: expressions may hand over a DateTime from another copy of luxon.
	return (
		typeof value === 'object' &&
		value !== null &&
		(value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true
	);
}

function fromText(text: string): ParsedDate {
	const keyword = KEYWORDS[text.toLowerCase()];
	if (keyword) return { kind: 'keyword', keyword };
	const isoLike = text.replace(/^(\d{4}-\d{2}-\d{2})[ ](\d)/, '$1T$2');
	if (OFFSET_AT_END.test(isoLike)) {
		const instant = DateTime.fromISO(isoLike, { setZone: true });
		if (instant.isValid) return { kind: 'instant', instant };
	}
	const wallClock = DateTime.fromISO(isoLike, { zone: 'utc' });
	if (wallClock.isValid && !OFFSET_AT_END.test(isoLike)) return { kind: 'wallClock', wallClock };
	for (const parse of [DateTime.fromRFC2822, DateTime.fromHTTP]) {
		const instant = parse(text, { setZone: true });
		if (instant.isValid) return { kind: 'instant', instant };
	}
	// `String(new Date())` from an expression: "Sun Nov 22 2026 10:00:00 GMT+0100 (Central European Standard Time)"
	if (/GMT[+-]\d{4}/.test(text)) {
		const date = new Date(text);
		if (!Number.isNaN(date.getTime()))
			return { kind: 'instant', instant: DateTime.fromJSDate(date, { zone: 'utc' }) };
	}
	return { kind: 'invalid', text };
}

/** Reads a date parameter: string, luxon DateTime or JS Date. */
export function parseDateInput(value: unknown): ParsedDate {
	if (value === undefined || value === null) return { kind: 'empty' };
	if (isLuxon(value)) {
		return value.isValid
			? { kind: 'instant', instant: DateTime.fromMillis(value.toMillis(), { zone: 'utc' }) }
			: { kind: 'invalid', text: String(value) };
	}
	if (value instanceof Date) {
		return Number.isNaN(value.getTime())
			? { kind: 'invalid', text: String(value) }
			: { kind: 'instant', instant: DateTime.fromJSDate(value, { zone: 'utc' }) };
	}
	if (typeof value !== 'string')
		return { kind: 'invalid', text: JSON.stringify(value) ?? String(value) };
	const text = value.trim();
	return text === '' ? { kind: 'empty' } : fromText(text);
}

/** The instant a wall-clock date means in `zone` (an IANA name); undefined when the zone is unknown to luxon. */
export function inZone(wallClock: DateTime, zone: string): DateTime | undefined {
	const local = DateTime.fromObject(
		{
			year: wallClock.year,
			month: wallClock.month,
			day: wallClock.day,
			hour: wallClock.hour,
			minute: wallClock.minute,
			second: wallClock.second,
			millisecond: wallClock.millisecond,
		},
		{ zone },
	);
	return local.isValid ? local : undefined;
}

/**
 * True when a wall-clock date is in the past whatever the time zone (offsets run from -12:00 to +14:00),
 * so it can be refused before the time zone is looked up.
 */
export function isPastInEveryZone(wallClock: DateTime, now: DateTime = DateTime.utc()): boolean {
	return wallClock.plus({ hours: 12 }) <= now;
}

/** The form the service takes: ISO 8601 in UTC. */
export function toApiDateTime(instant: DateTime): string {
	return instant.toUTC().toISO({ suppressMilliseconds: true }) ?? '';
}

export interface DateRules {
	/** Parameter name as the user sees it, for errors. */
	label: string;
	/** `now` is accepted (publish); otherwise what to say when it is given. */
	allowNow: boolean;
	nowProblem?: string;
}

/** A date parameter parsed once and checked without a request; `resolveDate` turns it into what the API takes. */
export interface CheckedDate {
	parsed: Exclude<ParsedDate, { kind: 'empty' } | { kind: 'invalid' }>;
	/** The value as given, for messages. */
	value: unknown;
	rules: DateRules;
}

function checkParsed(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	parsed: ParsedDate,
	rules: DateRules,
): CheckedDate {
	if (parsed.kind === 'empty')
		throw paramError(context, itemIndex, rules.label, 'is empty; give a date');
	if (parsed.kind === 'invalid')
		throw paramError(context, itemIndex, rules.label, `is not a date: "${parsed.text}"`);
	if (parsed.kind === 'keyword' && parsed.keyword === 'now' && !rules.allowNow) {
		throw paramError(
			context,
			itemIndex,
			rules.label,
			rules.nowProblem ??
				'is "now", which is not accepted here; give a future date or next-free-slot',
		);
	}
	const now = DateTime.utc();
	if (
		(parsed.kind === 'instant' && parsed.instant <= now) ||
		(parsed.kind === 'wallClock' && isPastInEveryZone(parsed.wallClock, now))
	) {
		throw paramError(
			context,
			itemIndex,
			rules.label,
			`is in the past (${String(value)}); give a future date`,
		);
	}
	return { parsed, value, rules };
}

/** The checks that need no request: a readable value, `now` only where allowed, not surely in the past. */
export function checkDate(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	rules: DateRules,
): CheckedDate {
	return checkParsed(context, itemIndex, value, parseDateInput(value), rules);
}

/** As `checkDate`, but an empty value gives undefined (a date that may be left out). */
export function checkOptionalDate(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	rules: DateRules,
): CheckedDate | undefined {
	const parsed = parseDateInput(value);
	return parsed.kind === 'empty'
		? undefined
		: checkParsed(context, itemIndex, value, parsed, rules);
}

export function isNow(date: CheckedDate | undefined): boolean {
	return date?.parsed.kind === 'keyword' && date.parsed.keyword === 'now';
}
