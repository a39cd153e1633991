import type { IExecuteFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import type { ParsedDate } from '../../../helpers/dates';
import { inZone, isPastInEveryZone, parseDateInput, toApiDateTime } from '../../../helpers/dates';
import { paramError } from '../../../helpers/validation';
import { socialSetTimeZone } from '../../socialSetTimeZone';

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

function checkParsed(context: IExecuteFunctions, itemIndex: number, value: unknown, parsed: ParsedDate, rules: DateRules): CheckedDate {
	if (parsed.kind === 'empty') throw paramError(context, itemIndex, rules.label, 'is empty; give a date');
	if (parsed.kind === 'invalid') throw paramError(context, itemIndex, rules.label, `is not a date: "${parsed.text}"`);
	if (parsed.kind === 'keyword' && parsed.keyword === 'now' && !rules.allowNow) {
		throw paramError(context, itemIndex, rules.label, rules.nowProblem ?? 'is "now", which is not accepted here; give a future date or next-free-slot');
	}
	const now = DateTime.utc();
	if ((parsed.kind === 'instant' && parsed.instant <= now) || (parsed.kind === 'wallClock' && isPastInEveryZone(parsed.wallClock, now))) {
		throw paramError(context, itemIndex, rules.label, `is in the past (${String(value)}); give a future date`);
	}
	return { parsed, value, rules };
}

/** The checks that need no request: a readable value, `now` only where allowed, not surely in the past. */
export function checkDate(context: IExecuteFunctions, itemIndex: number, value: unknown, rules: DateRules): CheckedDate {
	return checkParsed(context, itemIndex, value, parseDateInput(value), rules);
}

/** As `checkDate`, but an empty value gives undefined (a date that may be left out). */
export function checkOptionalDate(context: IExecuteFunctions, itemIndex: number, value: unknown, rules: DateRules): CheckedDate | undefined {
	const parsed = parseDateInput(value);
	return parsed.kind === 'empty' ? undefined : checkParsed(context, itemIndex, value, parsed, rules);
}

export function isNow(date: CheckedDate | undefined): boolean {
	return date?.parsed.kind === 'keyword' && date.parsed.keyword === 'now';
}

/**
 * The value the service takes for `publish_at` / `plan_at`: the keyword, or the date in UTC. A date without
 * offset is read in the social set's time zone (one request per social set and execution).
 */
export async function resolveDate(context: IExecuteFunctions, itemIndex: number, socialSetId: number, date: CheckedDate): Promise<string> {
	const { parsed, value, rules } = date;
	if (parsed.kind === 'keyword') return parsed.keyword;
	if (parsed.kind === 'instant') return toApiDateTime(parsed.instant);
	const zone = await socialSetTimeZone(context, itemIndex, socialSetId);
	const instant = inZone(parsed.wallClock, zone);
	if (!instant) throw paramError(context, itemIndex, rules.label, `has no offset and the social set's time zone "${zone}" is unknown; add an offset`);
	if (instant <= DateTime.utc()) {
		throw paramError(context, itemIndex, rules.label, `is in the past (${String(value)} in ${zone}); give a future date`);
	}
	return toApiDateTime(instant);
}
