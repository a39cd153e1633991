import { DateTime } from 'luxon';
import { DAY_CODES, type DayCode, type QueueRule } from './queue';

/**
 * Best posting times from X post analytics (API specification, "Analytics post"): posts grouped by weekday
 * and hour of their `created_at` in the social set's time zone, each slot ranked by the median engagement
 * rate of its posts. Pure: no requests.
 *
 * Engagement rate of a post: `metrics.engagement.total / metrics.impressions`. A post without a positive
 * whole number of impressions, a number for the total or a readable `created_at` is left out (counted as
 * skipped): its rate is not defined.
 */

export const DAY_NAMES = [
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
	'Sunday',
] as const;

/** The posts of one weekday-and-hour slot: their engagement rates and impressions. */
export interface SlotPosts {
	rates: number[];
	impressions: number[];
}

/** 7 × 24 slots, index `day * 24 + hour`, day 0 Monday to 6 Sunday. */
export interface SlotGrid {
	slots: SlotPosts[];
	/** posts placed in a slot */
	used: number;
	/** posts left out: no positive impressions, no engagement total, or no readable date */
	skipped: number;
}

export interface SlotStats {
	/** 0 Monday to 6 Sunday */
	day: number;
	hour: number;
	posts: number;
	medianRate: number;
	medianImpressions: number;
}

/** The median of a list of numbers (the mean of the two middle values for an even count); NaN for none. */
export function median(values: readonly number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One post's slot and figures, or undefined when it cannot be placed (see the file's comment). */
function placePost(
	post: unknown,
	zone: string,
): { index: number; rate: number; impressions: number } | undefined {
	if (!isRecord(post) || typeof post.created_at !== 'string' || !isRecord(post.metrics))
		return undefined;
	const { impressions, engagement } = post.metrics;
	if (typeof impressions !== 'number' || !Number.isInteger(impressions) || impressions <= 0)
		return undefined;
	const total = isRecord(engagement) ? engagement.total : undefined;
	if (typeof total !== 'number' || !Number.isFinite(total) || total < 0) return undefined;
	const at = DateTime.fromISO(post.created_at, { zone });
	if (!at.isValid) return undefined;
	return { index: (at.weekday - 1) * 24 + at.hour, rate: total / impressions, impressions };
}

/** Groups posts by weekday and hour in `zone` (an IANA zone name), in one pass. */
export function groupPosts(posts: readonly unknown[], zone: string): SlotGrid {
	const slots: SlotPosts[] = Array.from({ length: 7 * 24 }, () => ({ rates: [], impressions: [] }));
	let used = 0;
	let skipped = 0;
	for (const post of posts) {
		const placed = placePost(post, zone);
		if (!placed) {
			skipped++;
			continue;
		}
		slots[placed.index].rates.push(placed.rate);
		slots[placed.index].impressions.push(placed.impressions);
		used++;
	}
	return { slots, used, skipped };
}

/** Every slot with at least one post, with its medians, in week order (Monday 0:00 first). */
export function slotStats(grid: SlotGrid): SlotStats[] {
	const stats: SlotStats[] = [];
	grid.slots.forEach((slot, index) => {
		if (slot.rates.length === 0) return;
		stats.push({
			day: Math.floor(index / 24),
			hour: index % 24,
			posts: slot.rates.length,
			medianRate: median(slot.rates),
			medianImpressions: median(slot.impressions),
		});
	});
	return stats;
}

/**
 * The order of slots, the same every run: higher median engagement rate first; on a tie, higher median
 * impressions; then more posts; then the earlier slot of the week (Monday before Sunday, 9:00 before 10:00).
 */
export function compareSlots(a: SlotStats, b: SlotStats): number {
	return (
		b.medianRate - a.medianRate ||
		b.medianImpressions - a.medianImpressions ||
		b.posts - a.posts ||
		a.day - b.day ||
		a.hour - b.hour
	);
}

/** The slots with at least `minPosts` posts, best first (`compareSlots`). */
export function rankSlots(stats: readonly SlotStats[], minPosts: number): SlotStats[] {
	return stats.filter((slot) => slot.posts >= minPosts).sort(compareSlots);
}

export const dayCode = (day: number): DayCode => DAY_CODES[day];

/**
 * Queue schedule rules (API specification, "Queue schedule") for slots: one rule per hour, on the hour,
 * with the days of that hour in week order; rules ordered by hour. No day and time appears twice.
 */
export function slotRules(slots: readonly SlotStats[]): QueueRule[] {
	const byHour = new Map<number, Set<number>>();
	for (const slot of slots) {
		const days = byHour.get(slot.hour) ?? new Set<number>();
		days.add(slot.day);
		byHour.set(slot.hour, days);
	}
	return [...byHour.entries()]
		.sort(([a], [b]) => a - b)
		.map(([h, days]) => ({
			h,
			m: 0,
			days: [...days].sort((a, b) => a - b).map(dayCode),
		}));
}
