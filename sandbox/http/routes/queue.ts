import { DateTime } from 'luxon';
import { requireSocialSet } from '../access';
import type { Reply, RouteContext } from '../context';
import { checkRange, parseDay } from '../../domain/dates';
import { FieldIssue, badRequest, unprocessable } from '../../domain/errors';
import { DAY_CODES, queuedDrafts, rulesOf, slotsOfDay } from '../../domain/queueSlots';
import { draftSummary } from '../../domain/render';
import type { DraftRecord, QueueRule, SocialSetRecord } from '../../domain/store';
import { isObject } from '../../domain/validate';

export const QUEUE_MAX_DAYS = 62;

const schedule = (set: SocialSetRecord, rules: QueueRule[]) => ({
	social_set_id: set.id,
	timezone: set.timezone,
	rules: rules.map((r) => ({ h: r.h, m: r.m, days: [...r.days] })),
});

export function getSchedule(ctx: RouteContext, rawId: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'READ');
	return { status: 200, body: schedule(set, rulesOf(ctx.rt.store, set)) };
}

function readRules(body: unknown): QueueRule[] {
	if (!isObject(body)) throw unprocessable([{ field: 'body', message: 'must be a JSON object' }]);
	if (!Array.isArray(body.rules))
		throw unprocessable([{ field: 'rules', message: 'required array' }]);
	const issues: FieldIssue[] = [];
	const rules: QueueRule[] = [];
	body.rules.forEach((rule: unknown, i: number) => {
		const at = `rules[${i}]`;
		if (!isObject(rule)) return issues.push({ field: at, message: 'must be an object' });
		const { h, m, days } = rule;
		if (!Number.isInteger(h) || (h as number) < 0 || (h as number) > 23)
			issues.push({ field: `${at}.h`, message: 'integer 0-23' });
		if (!Number.isInteger(m) || (m as number) < 0 || (m as number) > 59)
			issues.push({ field: `${at}.m`, message: 'integer 0-59' });
		if (!Array.isArray(days))
			issues.push({ field: `${at}.days`, message: 'required array of day codes' });
		else {
			days.forEach((d: unknown, j: number) => {
				if (typeof d !== 'string' || !(DAY_CODES as readonly string[]).includes(d)) {
					issues.push({ field: `${at}.days[${j}]`, message: `one of ${DAY_CODES.join(', ')}` });
				}
			});
		}
		rules.push({
			h: h as number,
			m: m as number,
			days: Array.isArray(days) ? [...(days as string[])] : [],
		});
		return undefined;
	});
	if (issues.length > 0) throw unprocessable(issues);
	return rules;
}

export function putSchedule(ctx: RouteContext, rawId: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'ADMIN');
	const rules = readRules(ctx.body);
	const seen = new Set<string>();
	const duplicates: FieldIssue[] = [];
	rules.forEach((rule, i) => {
		for (const day of rule.days) {
			const key = `${day}@${rule.h}:${rule.m}`;
			if (seen.has(key))
				duplicates.push({
					field: `rules[${i}]`,
					message: `duplicate slot ${day} ${rule.h}:${String(rule.m).padStart(2, '0')}`,
				});
			seen.add(key);
		}
	});
	if (duplicates.length > 0)
		throw badRequest('Duplicate day-and-time combinations in rules', duplicates);
	ctx.rt.store.queueSchedules.set(set.id, rules);
	return { status: 200, body: schedule(set, rules) };
}

interface QueueItem {
	at: Date;
	kind: 'queue_slot' | 'custom_time';
	draft: DraftRecord | null;
}

/** Slots of one day with their occupant; drafts at no free slot time become custom_time items. */
function dayItems(rules: QueueRule[], day: DateTime, drafts: DraftRecord[]): QueueItem[] {
	const items: QueueItem[] = [];
	const dayDrafts = drafts
		.filter(
			(d) =>
				d.scheduledDate!.getTime() >= day.toMillis() &&
				d.scheduledDate!.getTime() < day.plus({ days: 1 }).toMillis(),
		)
		.sort((a, b) => Number(b.slotted) - Number(a.slotted) || a.id - b.id);
	const placed = new Set<number>();
	for (const slot of slotsOfDay(rules, day)) {
		const occupant = dayDrafts.find(
			(d) => !placed.has(d.id) && d.scheduledDate!.getTime() === slot.getTime(),
		);
		if (occupant) placed.add(occupant.id);
		items.push({ at: slot, kind: 'queue_slot', draft: occupant ?? null });
	}
	for (const d of dayDrafts)
		if (!placed.has(d.id)) items.push({ at: d.scheduledDate!, kind: 'custom_time', draft: d });
	return items.sort(
		(a, b) => a.at.getTime() - b.at.getTime() || (a.kind === 'queue_slot' ? -1 : 1),
	);
}

export function getQueue(ctx: RouteContext, rawId: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'READ');
	const start = parseDay(ctx.query.get('start_date'), 'start_date', set.timezone, true)!;
	const end = parseDay(ctx.query.get('end_date'), 'end_date', set.timezone, true)!;
	checkRange(start, end, QUEUE_MAX_DAYS);
	const rules = rulesOf(ctx.rt.store, set);
	const drafts = queuedDrafts(ctx.rt.store, set.id);
	const days = [];
	for (let day = start; day <= end; day = day.plus({ days: 1 })) {
		days.push({
			date: day.toISODate(),
			items: dayItems(rules, day, drafts).map((it) => ({
				at: it.at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
				kind: it.kind,
				draft: it.draft ? draftSummary(ctx.rt, it.draft) : null,
			})),
		});
	}
	return {
		status: 200,
		body: { social_set_id: set.id, start_date: start.toISODate(), end_date: end.toISODate(), days },
	};
}
