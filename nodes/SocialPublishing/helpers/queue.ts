import type { IDataObject } from 'n8n-workflow';
import { echo } from '../../common/text/echo';

/** Queue schedule rules as the service takes them: hour, minute, and the days they repeat on. */
export const DAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayCode = (typeof DAY_CODES)[number];

// A type alias (not an interface) so a rule fits IDataObject request bodies.
export type QueueRule = { h: number; m: number; days: DayCode[] };

export type RulesResult = { rules: QueueRule[] } | { problem: string };

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wholeNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
	if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
	return undefined;
}

function readRule(raw: unknown, position: number): QueueRule | string {
	const label = `rule ${position}`;
	if (!isRecord(raw)) return `${label} must be an object with h, m and days`;
	const h = wholeNumber(raw.h);
	if (h === undefined || h < 0 || h > 23)
		return `${label}: the hour (h) must be a whole number from 0 to 23, got ${JSON.stringify(raw.h)}`;
	const m = wholeNumber(raw.m);
	if (m === undefined || m < 0 || m > 59)
		return `${label}: the minute (m) must be a whole number from 0 to 59, got ${JSON.stringify(raw.m)}`;
	if (!Array.isArray(raw.days) || raw.days.length === 0)
		return `${label}: days must list at least one of ${DAY_CODES.join(', ')}`;
	const days = new Set<DayCode>();
	for (const day of raw.days) {
		const code = typeof day === 'string' ? day.trim().toLowerCase() : '';
		if (!(DAY_CODES as readonly string[]).includes(code)) {
			return `${label}: "${String(day)}" is not a day code; use ${DAY_CODES.join(', ')}`;
		}
		if (days.has(code as DayCode))
			return `${label} lists "${code}" twice; each day and time may appear only once`;
		days.add(code as DayCode);
	}
	return { h, m, days: DAY_CODES.filter((code) => days.has(code)) };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Checks rules the way the service does before anything is sent: h 0-23, m 0-59, day codes only,
 * and no day-and-time given twice (across rules, or twice in one rule). An empty list is valid: it
 * removes every slot. Day codes are accepted in any case and sent in lower case, in week order.
 */
export function validateRules(input: unknown): RulesResult {
	if (!Array.isArray(input))
		return { problem: 'must be a list of rules ({ "h": 9, "m": 30, "days": ["mon"] })' };
	const rules: QueueRule[] = [];
	const seen = new Map<string, number>();
	for (const [index, raw] of input.entries()) {
		const rule = readRule(raw, index + 1);
		if (typeof rule === 'string') return { problem: rule };
		for (const day of rule.days) {
			const key = `${day} ${pad(rule.h)}:${pad(rule.m)}`;
			const first = seen.get(key);
			if (first !== undefined)
				return {
					problem: `rules ${first} and ${index + 1} both give ${key}; each day and time may appear only once`,
				};
			seen.set(key, index + 1);
		}
		rules.push(rule);
	}
	return { rules };
}

/** The rules of the JSON mode: a list of rules, or a whole schedule object (as Get Schedule returns it). */
export function rulesFromJson(value: unknown): unknown {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	return isRecord(parsed) && Array.isArray(parsed.rules) ? parsed.rules : parsed;
}

/** The fixedCollection of the fields mode (`{ rule: [{ hour, minute, days }] }`) as service rules. */
export function rulesFromFields(collection: unknown): unknown[] {
	const entries = isRecord(collection) && Array.isArray(collection.rule) ? collection.rule : [];
	return entries.map((entry: unknown) => {
		const fields = isRecord(entry) ? entry : {};
		return { h: fields.hour, m: fields.minute, days: fields.days ?? [] };
	});
}

export interface QueueItem {
	at: string;
	kind: 'queue_slot' | 'custom_time' | string;
	draft: IDataObject | null;
}

export interface QueueDay {
	date: string;
	items: QueueItem[];
}

export interface QueueView {
	social_set_id: number;
	start_date: string;
	end_date: string;
	days: QueueDay[];
}

/** One entry per slot or scheduled draft, with its day: the "one item per slot" output of Get Slots. */
export function flattenQueueView(view: QueueView): IDataObject[] {
	return (view.days ?? []).flatMap((day) =>
		(day.items ?? []).map(
			(item) => ({ social_set_id: view.social_set_id, date: day.date, ...item }) as IDataObject,
		),
	);
}

/** Free slots (a `queue_slot` with no draft) that start after `nowMs`, earliest first, at most `limit`. */
export function freeSlots(
	view: QueueView,
	nowMs: number,
	limit?: number,
): Array<{ date: string; at: string }> {
	const free = (view.days ?? [])
		.flatMap((day) => (day.items ?? []).map((item) => ({ date: day.date, item })))
		.filter(
			({ item }) =>
				item.kind === 'queue_slot' && item.draft === null && Date.parse(item.at) > nowMs,
		)
		.map(({ date, item }) => ({ date, at: item.at }))
		.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
	return limit === undefined ? free : free.slice(0, limit);
}

/** A value of the service's rule as two digits, bounded (it may not be a number). */
const padEcho = (n: unknown): string => echo(n, 4).padStart(2, '0');

/** Rules a message lists at most; the rest are counted ("and 3 more"). */
const RULES_LISTED = 20;

/**
 * Rules as a dry run's message lists them (Queue > Update Schedule, Get Best Times > Apply as Queue Schedule); the
 * current ones come from the service, so each value is bounded.
 */
export function describeRules(rules: QueueRule[]): string {
	if (!rules.length) return 'no rules';
	const list = rules
		.slice(0, RULES_LISTED)
		.map(
			(rule) =>
				`${padEcho(rule.h)}:${padEcho(rule.m)} ${Array.isArray(rule.days) ? echo(rule.days.join(', '), 60) : ''}`,
		);
	const more = rules.length - list.length;
	return `${rules.length} rule${rules.length === 1 ? '' : 's'} (${list.join('; ')}${more > 0 ? `; and ${more} more` : ''})`;
}
