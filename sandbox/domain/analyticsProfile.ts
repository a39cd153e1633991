import { DateTime } from 'luxon';
import type { AnalyticsPostRecord } from './store';
import { postMetrics } from './analyticsMetrics';

/**
 * Realistic X post analytics for a social set (API specification, "Analytics post": platform `x`, post_id,
 * created_at, preview_text, url, draft_id, metrics `{impressions, engagement: {total, likes, comments, shares,
 * quotes, profile_clicks, link_clicks, saves}}`): posts spread over the days and hours of the set's time zone,
 * whose engagement per impression depends on the hour, peaking at `peakHours`. Set through the admin route
 * `POST /__sandbox/social-sets/{id}/analytics/posts`, or given post by post for exact cases.
 *
 * `engagement.total` is the sum of likes, comments, shares, quotes and profile clicks, made by `postMetrics` as for
 * every analytics post of the sandbox (the specification does not say what the total counts).
 */

export interface AnalyticsProfile {
	/** days back from today in the set's zone, today included (1 to 366; default 120) */
	days?: number;
	/** posts a day (1 to 24; default 4) */
	postsPerDay?: number;
	/** the hours posts go out at, in turn (0 to 23; default 8 to 19) */
	hours?: number[];
	/** hours whose posts engage the most (default 9 and 18) */
	peakHours?: number[];
	/** every n-th post is a reply (0: none; the default) */
	replyEvery?: number;
	/** seed of the noise (default 1): the same profile gives the same posts */
	seed?: number;
}

/** One post as the admin route takes it: its time, impressions and engagement counts (total = their sum). */
export interface GivenPost {
	created_at: string;
	impressions: number;
	likes?: number;
	comments?: number;
	shares?: number;
	quotes?: number;
	profile_clicks?: number;
	link_clicks?: number | null;
	saves?: number | null;
	is_reply?: boolean;
	preview_text?: string;
}

function rng(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 0x100000000;
	};
}

const isWhole = (v: unknown, min: number, max: number): v is number =>
	typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function hourList(value: unknown, name: string, fallback: number[]): number[] {
	if (value === undefined) return fallback;
	if (!Array.isArray(value) || value.length === 0 || !value.every((h) => isWhole(h, 0, 23)))
		throw new Error(`${name} must be a non-empty list of hours from 0 to 23`);
	return value as number[];
}

/** A profile's values checked; an Error says what is wrong. */
export function checkProfile(profile: AnalyticsProfile): Required<AnalyticsProfile> {
	const whole = (name: keyof AnalyticsProfile, min: number, max: number, fallback: number) => {
		const value = profile[name];
		if (value === undefined) return fallback;
		if (!isWhole(value, min, max))
			throw new Error(`${name} must be a whole number from ${min} to ${max}`);
		return value;
	};
	return {
		days: whole('days', 1, 366, 120),
		postsPerDay: whole('postsPerDay', 1, 24, 4),
		replyEvery: whole('replyEvery', 0, 1000, 0),
		seed: whole('seed', 0, 2 ** 31, 1),
		hours: hourList(profile.hours, 'hours', [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
		peakHours: hourList(profile.peakHours, 'peakHours', [9, 18]),
	};
}

/** The share of impressions that engage at `hour`: 1.2% far from a peak, up to 4.7% at one. */
function hourRate(hour: number, peaks: number[]): number {
	const near = peaks.reduce((best, peak) => Math.max(best, Math.exp(-((hour - peak) ** 2) / 2)), 0);
	return 0.012 + 0.035 * near;
}

function record(
	socialSetId: number,
	username: string,
	index: number,
	post: Required<Omit<GivenPost, 'preview_text'>> & { preview_text: string },
): AnalyticsPostRecord {
	const postId = String(1795000000000000000n + BigInt(socialSetId) * 1000000n + BigInt(index));
	const { likes, comments, shares, quotes, profile_clicks } = post;
	return {
		platform: 'x',
		post_id: postId,
		created_at: post.created_at,
		preview_text: post.preview_text,
		url: `https://x.com/${username}/status/${postId}`,
		draft_id: null,
		is_reply: post.is_reply,
		metrics: postMetrics(post.impressions, {
			likes,
			comments,
			shares,
			quotes,
			profile_clicks,
			link_clicks: post.link_clicks,
			saves: post.saves,
		}),
	};
}

/** Splits `total` engagements into likes, comments, shares, quotes and profile clicks. */
function split(
	total: number,
): Required<Pick<GivenPost, 'likes' | 'comments' | 'shares' | 'quotes' | 'profile_clicks'>> {
	const comments = Math.floor(total * 0.12);
	const shares = Math.floor(total * 0.1);
	const quotes = Math.floor(total * 0.03);
	const profileClicks = Math.floor(total * 0.08);
	return {
		likes: total - comments - shares - quotes - profileClicks,
		comments,
		shares,
		quotes,
		profile_clicks: profileClicks,
	};
}

/** The posts of a profile, up to `now` (none in the future), newest days first. */
export function profilePosts(
	socialSetId: number,
	username: string,
	zone: string,
	now: Date,
	input: AnalyticsProfile = {},
): AnalyticsPostRecord[] {
	const profile = checkProfile(input);
	const rand = rng(profile.seed);
	const today = DateTime.fromJSDate(now, { zone }).startOf('day');
	const posts: AnalyticsPostRecord[] = [];
	let turn = 0;
	for (let back = 0; back < profile.days; back++) {
		const day = today.minus({ days: back });
		for (let k = 0; k < profile.postsPerDay; k++, turn++) {
			const hour = profile.hours[turn % profile.hours.length];
			const at = day.set({ hour, minute: Math.floor(rand() * 60) });
			const noise = 0.85 + rand() * 0.3;
			if (at.toMillis() > now.getTime()) continue;
			const impressions = 800 + Math.floor(rand() * 4000);
			const total = Math.round(impressions * hourRate(hour, profile.peakHours) * noise);
			const index = posts.length;
			const reply = profile.replyEvery > 0 && (index + 1) % profile.replyEvery === 0;
			posts.push(
				record(socialSetId, username, index, {
					created_at: at.toUTC().toISO({ suppressMilliseconds: true }) as string,
					impressions,
					...split(total),
					link_clicks: index % 3 === 0 ? null : Math.floor(total * 0.05),
					saves: index % 4 === 0 ? null : Math.floor(total * 0.02),
					is_reply: reply,
					preview_text: reply
						? `Replying: thanks for asking #${index}`
						: `Acme update ${index}: posted at ${hour}:00`,
				}),
			);
		}
	}
	return posts;
}

/** Posts given one by one, checked; an Error says which is wrong and why. */
export function givenPosts(
	socialSetId: number,
	username: string,
	input: unknown[],
): AnalyticsPostRecord[] {
	return input.map((raw, index) => {
		const post = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
		const where = `posts[${index}]`;
		const created = typeof post.created_at === 'string' ? Date.parse(post.created_at) : NaN;
		if (!Number.isFinite(created))
			throw new Error(`${where}.created_at must be an ISO 8601 date-time`);
		if (!isWhole(post.impressions, 0, 1e12))
			throw new Error(`${where}.impressions must be a whole number of at least 0`);
		const count = (name: string): number => {
			const value = post[name] ?? 0;
			if (!isWhole(value, 0, 1e12))
				throw new Error(`${where}.${name} must be a whole number of at least 0`);
			return value;
		};
		const nullable = (name: string): number | null =>
			post[name] === null || post[name] === undefined ? null : count(name);
		return record(socialSetId, username, index, {
			created_at: new Date(created).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			impressions: post.impressions as number,
			likes: count('likes'),
			comments: count('comments'),
			shares: count('shares'),
			quotes: count('quotes'),
			profile_clicks: count('profile_clicks'),
			link_clicks: nullable('link_clicks'),
			saves: nullable('saves'),
			is_reply: post.is_reply === true,
			preview_text:
				typeof post.preview_text === 'string' ? post.preview_text : `Given post ${index}`,
		});
	});
}
