import { DateTime } from 'luxon';
import { SEED } from './seed';
import type { DraftRecord, QueueRule, SocialSetRecord, Store } from './store';

export const DAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Slot instants of one calendar day (a luxon day in the set's zone), ascending. */
export function slotsOfDay(rules: QueueRule[], day: DateTime): Date[] {
	const code = DAY_CODES[day.weekday - 1];
	const out = new Map<number, Date>();
	for (const rule of rules) {
		if (!rule.days.includes(code)) continue;
		const at = day.set({ hour: rule.h, minute: rule.m, second: 0, millisecond: 0 });
		out.set(at.toMillis(), at.toJSDate());
	}
	return [...out.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** Drafts that can sit in the queue: scheduled and planned ones with a date. */
export function queuedDrafts(store: Store, setId: number): DraftRecord[] {
	return [...store.drafts.values()].filter(
		(d) =>
			d.socialSetId === setId &&
			(d.status === 'scheduled' || d.status === 'planned') &&
			d.scheduledDate !== null,
	);
}

/** The set's rules; a missing schedule is created with the default rules (as GET schedule does). */
export function rulesOf(store: Store, set: SocialSetRecord): QueueRule[] {
	let rules = store.queueSchedules.get(set.id);
	if (!rules) {
		rules = SEED.defaultQueueRules.map((r) => ({ h: r.h, m: r.m, days: [...r.days] }));
		store.queueSchedules.set(set.id, rules);
	}
	return rules;
}

const SEARCH_DAYS = 400;

/** The first slot after `after` that no scheduled or planned draft occupies; null when none within 400 days. */
export function nextFreeSlot(
	store: Store,
	set: SocialSetRecord,
	after: Date,
	excludeDraftId?: number,
): Date | null {
	const rules = rulesOf(store, set);
	if (rules.length === 0) return null;
	const taken = new Set(
		queuedDrafts(store, set.id)
			.filter((d) => d.id !== excludeDraftId)
			.map((d) => d.scheduledDate!.getTime()),
	);
	let day = DateTime.fromJSDate(after, { zone: set.timezone }).startOf('day');
	for (let i = 0; i < SEARCH_DAYS; i++, day = day.plus({ days: 1 })) {
		for (const slot of slotsOfDay(rules, day)) {
			if (slot.getTime() > after.getTime() && !taken.has(slot.getTime())) return slot;
		}
	}
	return null;
}
