import type { IExecuteFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { apiRequest } from '../../transport';
import { inZone, isPastInEveryZone, parseDateInput, toApiDateTime } from '../../helpers/dates';
import { paramError } from '../../helpers/params';

/** Time zones already read in this execution, per social set: a date without offset costs one request per set. */
const zoneCache = new WeakMap<object, Map<number, string>>();

/**
 * The social set's time zone. The social set detail has no time zone; the queue schedule does
 * (`timezone`), so it is read there, only when a date without offset needs it.
 */
async function socialSetZone(context: IExecuteFunctions, itemIndex: number, socialSetId: number): Promise<string> {
	let zones = zoneCache.get(context);
	if (!zones) zoneCache.set(context, (zones = new Map()));
	const known = zones.get(socialSetId);
	if (known) return known;
	const schedule = await apiRequest<{ timezone?: string }>(context, {
		method: 'GET',
		path: `/v2/social-sets/${socialSetId}/queue/schedule`,
		itemIndex,
	});
	const zone = String(schedule.timezone ?? '');
	zones.set(socialSetId, zone);
	return zone;
}

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
	const zone = await socialSetZone(context, itemIndex, socialSetId);
	const instant = inZone(parsed.wallClock, zone);
	if (!instant) throw paramError(context, itemIndex, rules.label, `has no offset and the social set's time zone "${zone}" is unknown; add an offset`);
	if (instant <= DateTime.utc()) {
		throw paramError(context, itemIndex, rules.label, `is in the past (${String(value)} in ${zone}); give a future date`);
	}
	return toApiDateTime(instant);
}
