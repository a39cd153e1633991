import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { apiRequestAllItems } from '../../../common/transport';
import { echo } from '../../../common/text/echo';
import { getDateRange, getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import {
	DAY_NAMES,
	dayCode,
	groupPosts,
	rankSlots,
	slotRules,
	slotStats,
	type SlotStats,
} from '../../helpers/postingSlots';
import { validateRules, type QueueRule } from '../../helpers/queue';
import { heatMapPicture } from '../../helpers/heatMap';
import type { Picture, PictureFormat } from '../../helpers/picture';
import { socialSetTimeZone } from '../socialSetTimeZone';
import { analyticsPath } from './analyticsFields';
import { ANALYTICS_MAX_DAYS, ANALYTICS_PAGE_SIZE_MAX } from '../../../common/limits';

/** The most posts Max Posts allows: 100 pages of 100. */
export const MAX_POSTS_LIMIT = 10_000;
/** Slots in a week: the most Number of Slots can ask for. */
export const WEEK_SLOTS = 7 * 24;

/** A whole-number parameter from `min` to `max`, checked before any request. */
interface WholeNumberParameter {
	name: string;
	label: string;
	fallback: number;
	range: [number, number];
}

function wholeNumber(
	context: IExecuteFunctions,
	itemIndex: number,
	{ name, label, fallback, range: [min, max] }: WholeNumberParameter,
): number {
	const raw = context.getNodeParameter(name, itemIndex, fallback) as unknown;
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
		throw paramError(
			context,
			itemIndex,
			label,
			`must be a whole number from ${min} to ${max}, got ${echo(raw, 40)}`,
		);
	return value;
}

/** What an item asks for: every parameter read and checked, before anything is sent. */
export interface BestTimesRequest {
	socialSetId: number;
	start: string;
	end: string;
	minPosts: number;
	includeReplies: boolean;
	maxPosts: number;
	/** Number of Slots when Apply as Queue Schedule is on */
	apply?: number;
}

export function readBestTimesRequest(
	context: IExecuteFunctions,
	itemIndex: number,
): BestTimesRequest {
	const socialSetId = getSocialSetId(context, itemIndex);
	const { start, end } = getDateRange(context, itemIndex, ANALYTICS_MAX_DAYS);
	const minPosts = wholeNumber(context, itemIndex, {
		name: 'minPostsPerSlot',
		label: 'Minimum Posts Per Slot',
		fallback: 3,
		range: [1, MAX_POSTS_LIMIT],
	});
	const includeReplies = context.getNodeParameter('options.includeReplies', itemIndex, false);
	const maxPosts = wholeNumber(context, itemIndex, {
		name: 'options.maxPosts',
		label: 'Max Posts',
		fallback: 5000,
		range: [1, MAX_POSTS_LIMIT],
	});
	const applying = context.getNodeParameter('applyToQueue', itemIndex, false) === true;
	const apply = applying
		? wholeNumber(context, itemIndex, {
				name: 'numberOfSlots',
				label: 'Number of Slots',
				fallback: 5,
				range: [1, WEEK_SLOTS],
			})
		: undefined;
	return {
		socialSetId,
		start,
		end,
		minPosts,
		includeReplies: includeReplies === true,
		maxPosts,
		apply,
	};
}

/** The ranked slots of an item's range, and what the heat map and the answer need. */
export interface BestTimes {
	request: BestTimesRequest;
	zone: string;
	read: number;
	skipped: number;
	stats: SlotStats[];
	ranked: SlotStats[];
}

/**
 * Reads the X post analytics of the range (pages of 100, at most Max Posts: a range holding more is refused,
 * never cut, since the API gives no order to cut by) and ranks the weekday-hour slots in the social set's
 * time zone (read from the queue schedule, as socialSetTimeZone.ts says).
 */
export async function computeBestTimes(
	context: IExecuteFunctions,
	itemIndex: number,
	request: BestTimesRequest,
): Promise<BestTimes> {
	const { socialSetId, start, end, includeReplies, maxPosts, minPosts } = request;
	const path = analyticsPath(context, itemIndex, socialSetId, 'posts');
	const zone = await socialSetTimeZone(context, itemIndex, socialSetId);
	if (!zone || !DateTime.now().setZone(zone).isValid)
		throw new NodeOperationError(
			context.getNode(),
			`The time zone of social set ${socialSetId} is not one the node knows: "${echo(zone, 60)}" [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					"Posts are grouped by weekday and hour in the social set's time zone, read from its queue schedule.",
			},
		);
	const posts = await apiRequestAllItems<unknown>(
		context,
		{
			method: 'GET',
			path,
			qs: { start_date: start, end_date: end, include_replies: includeReplies },
			itemIndex,
		},
		{ limit: maxPosts + 1, pageSize: ANALYTICS_PAGE_SIZE_MAX },
	);
	if (posts.length > maxPosts)
		throw paramError(
			context,
			itemIndex,
			'Max Posts',
			`is ${maxPosts}, and the range ${start} to ${end} holds more posts; narrow Start Date and End Date, or raise Max Posts (at most ${MAX_POSTS_LIMIT})`,
		);
	const grid = groupPosts(posts, zone);
	const stats = slotStats(grid);
	return {
		request,
		zone,
		read: posts.length,
		skipped: grid.skipped,
		stats,
		ranked: rankSlots(stats, minPosts),
	};
}

const round = (value: number, places: number) => Number(value.toFixed(places));

/** One output item of a ranked slot. */
export function slotItem(slot: SlotStats, rank: number, zone: string): IDataObject {
	return {
		rank,
		day: DAY_NAMES[slot.day],
		day_code: dayCode(slot.day),
		hour: slot.hour,
		posts: slot.posts,
		median_engagement_rate: round(slot.medianRate, 6),
		median_impressions: slot.medianImpressions,
		time_zone: zone,
	};
}

/** The answer when no slot has Minimum Posts Per Slot posts: what was read, and what to change. */
export function notEnoughItem(result: BestTimes): IDataObject {
	const { request, zone, read, skipped, stats } = result;
	const busiest = stats.reduce<SlotStats | undefined>(
		(best, slot) => (!best || slot.posts > best.posts ? slot : best),
		undefined,
	);
	const busiestText = busiest
		? `the busiest slot, ${DAY_NAMES[busiest.day]} ${busiest.hour}:00, has ${busiest.posts}`
		: 'no post could be placed in a slot';
	return {
		enough_data: false,
		message: `Not enough posts to rank: no weekday and hour has ${request.minPosts} or more posts from ${request.start} to ${request.end} (${read} posts read; ${busiestText}). Widen the range (Start Date, End Date) or lower Minimum Posts Per Slot. Nothing was ranked.`,
		posts_read: read,
		posts_skipped: skipped,
		min_posts_per_slot: request.minPosts,
		busiest_slot: busiest ? slotItem(busiest, 0, zone) : null,
		start_date: request.start,
		end_date: request.end,
		time_zone: zone,
	};
}

/** The heat map of an item's result, written in `format`. */
export function heatMapOf(result: BestTimes, format: PictureFormat): Picture {
	const { request, zone, read } = result;
	return heatMapPicture(
		{
			stats: result.stats,
			minPosts: request.minPosts,
			title: `Best times to post on X, social set ${request.socialSetId}`,
			subtitle: `${request.start} to ${request.end}, ${read} posts, hours in ${zone}; median engagement rate (engagement total / impressions)`,
		},
		format,
	);
}

/**
 * The queue rules of the best Number of Slots slots; an error naming the parameter, and nothing written,
 * when fewer slots have Minimum Posts Per Slot posts.
 */
export function rulesToApply(
	context: IExecuteFunctions,
	itemIndex: number,
	result: BestTimes,
	slots: number,
): QueueRule[] {
	const { ranked, request } = result;
	if (ranked.length < slots)
		throw paramError(
			context,
			itemIndex,
			'Number of Slots',
			`asks for the best ${slots} slots, but only ${ranked.length} weekday-hour slot${ranked.length === 1 ? ' has' : 's have'} ${request.minPosts} or more posts (Minimum Posts Per Slot) from ${request.start} to ${request.end}; the queue schedule was not changed. Lower Number of Slots or Minimum Posts Per Slot, or widen the range`,
		);
	const checked = validateRules(slotRules(ranked.slice(0, slots)));
	if ('problem' in checked)
		throw paramError(context, itemIndex, 'Number of Slots', checked.problem);
	return checked.rules;
}
