import { DateTime } from 'luxon';
import { requireSocialSet } from '../access';
import type { Reply, RouteContext } from '../context';
import { checkRange, parseDay } from '../../domain/dates';
import { ANALYTICS_PAGING, page, readPaging } from '../envelope';
import { badRequest, unprocessable } from '../../domain/errors';

export const ANALYTICS_MAX_DAYS = 366;
const FOLLOWERS_DEFAULT_SPAN_DAYS = 29;

/** Only `x` has analytics; any other platform value is 400 VALIDATION_ERROR (field `platform`). */
function requireX(platform: string): void {
	if (platform !== 'x') {
		throw badRequest(`Analytics are available for platform x only, got "${platform}"`, [
			{ field: 'platform', message: 'unsupported platform; only x is supported' },
		]);
	}
}

function readBoolean(raw: string | null, field: string): boolean {
	if (raw === null || raw === '') return false;
	if (raw === 'true') return true;
	if (raw === 'false') return false;
	throw unprocessable([{ field, message: 'must be true or false' }]);
}

export function analyticsPosts(ctx: RouteContext, rawId: string, platform: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'READ');
	requireX(platform);
	const paging = readPaging(ctx.query, ANALYTICS_PAGING);
	const includeReplies = readBoolean(ctx.query.get('include_replies'), 'include_replies');
	const start = parseDay(ctx.query.get('start_date'), 'start_date', set.timezone, true)!;
	const end = parseDay(ctx.query.get('end_date'), 'end_date', set.timezone, true)!;
	checkRange(start, end, ANALYTICS_MAX_DAYS);
	const from = start.toMillis();
	const until = end.plus({ days: 1 }).toMillis();
	const posts = (ctx.rt.store.analyticsPosts.get(set.id) ?? [])
		.filter((p) => includeReplies || !p.is_reply)
		.filter((p) => {
			const t = Date.parse(p.created_at);
			return t >= from && t < until;
		})
		.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
		.map(({ is_reply: _reply, ...post }) => post);
	return { status: 200, body: page(posts, paging, ctx.url, false) };
}

export function analyticsFollowers(ctx: RouteContext, rawId: string, platform: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'READ');
	requireX(platform);
	const today = DateTime.fromJSDate(ctx.rt.clock.now(), { zone: set.timezone }).startOf('day');
	const end = parseDay(ctx.query.get('end_date'), 'end_date', set.timezone, false) ?? today;
	const start =
		parseDay(ctx.query.get('start_date'), 'start_date', set.timezone, false) ??
		end.minus({ days: FOLLOWERS_DEFAULT_SPAN_DAYS });
	checkRange(start, end, ANALYTICS_MAX_DAYS);
	const series = ctx.rt.store.followers.get(set.id) ?? new Map<string, number | null>();
	const data: Array<{ date: string; followers_count: number }> = [];
	for (let day = start; day <= end; day = day.plus({ days: 1 })) {
		const count = series.get(day.toISODate() as string);
		if (typeof count === 'number')
			data.push({ date: day.toISODate() as string, followers_count: count });
	}
	return {
		status: 200,
		body: {
			platform: 'x',
			current_followers_count: data.length > 0 ? data[data.length - 1].followers_count : null,
			data,
		},
	};
}
