import type { IExecuteFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { socialSetTimeZone } from '../socialSetTimeZone';
import { inZone, isPastInEveryZone, parseDateInput, toApiDateTime } from '../../helpers/dates';
import { paramError } from '../../helpers/validation';

export interface DateRules {
	/** Parameter name as the user sees it, for errors. */
	label: string;
	/** `now` is accepted (publish); otherwise what to say when it is given. */
	allowNow: boolean;
	nowProblem?: string;
}

/** The checks that need no request: a readable value, `now` only where allowed, not surely in the past. */
export function checkDateOffline(context: IExecuteFunctions, itemIndex: number, value: unknown, rules: DateRules): void {
	const parsed = parseDateInput(value);
	if (parsed.kind === 'empty') throw paramError(context, itemIndex, rules.label, 'is empty; give a date');
	if (parsed.kind === 'invalid') throw paramError(context, itemIndex, rules.label, `is not a date: "${parsed.text}"`);
	if (parsed.kind === 'keyword' && parsed.keyword === 'now' && !rules.allowNow) {
		throw paramError(context, itemIndex, rules.label, rules.nowProblem ?? 'is "now", which is not accepted here; give a future date or next-free-slot');
	}
	const now = DateTime.utc();
	if ((parsed.kind === 'instant' && parsed.instant <= now) || (parsed.kind === 'wallClock' && isPastInEveryZone(parsed.wallClock, now))) {
		throw paramError(context, itemIndex, rules.label, `is in the past (${String(value)}); give a future date`);
	}
}

/**
 * The value the service takes for `publish_at` / `plan_at`: the keyword, or the date in UTC.
 * Call `checkDateOffline` first (with every other rule) so refusals come before any request.
 */
export async function resolveDate(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	value: unknown,
	rules: DateRules,
): Promise<string> {
	checkDateOffline(context, itemIndex, value, rules);
	const parsed = parseDateInput(value);
	if (parsed.kind === 'keyword') return parsed.keyword;
	if (parsed.kind === 'instant') return toApiDateTime(parsed.instant);
	if (parsed.kind !== 'wallClock') throw paramError(context, itemIndex, rules.label, 'is not a date');
	const zone = await socialSetTimeZone(context, itemIndex, socialSetId);
	const instant = inZone(parsed.wallClock, zone);
	if (!instant) throw paramError(context, itemIndex, rules.label, `has no offset and the social set's time zone "${zone}" is unknown; add an offset`);
	if (instant <= DateTime.utc()) {
		throw paramError(context, itemIndex, rules.label, `is in the past (${String(value)} in ${zone}); give a future date`);
	}
	return toApiDateTime(instant);
}
