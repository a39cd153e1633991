/**
 * Analytics shaped for a database table (API specification, "Analytics post" and "Followers series"): one flat
 * row per post, one per day of the followers series, snake_case columns, no nested objects, and a `key` that
 * names the row the same way on every run, for an upsert. Pure: no requests, no clock (the caller gives
 * `fetched_at`).
 *
 * A post's key is `<platform>:<post_id>`: post ids are the platform's own. A followers row's key is
 * `<platform>:<social_set_id>:<date>`: one count per account and day.
 */

import { echo } from '../../common/text/echo';

/** Characters of a value from the service quoted in a row's error. */
const SHOWN_LIMIT = 120;

export type PostRow = {
	key: string;
	platform: string;
	post_id: string;
	social_set_id: number;
	created_at: string | null;
	url: string | null;
	text: string | null;
	draft_id: number | null;
	impressions: number | null;
	likes: number | null;
	comments: number | null;
	shares: number | null;
	quotes: number | null;
	profile_clicks: number | null;
	link_clicks: number | null;
	saves: number | null;
	engagement_total: number | null;
	/** engagement_total / impressions; null without positive impressions or a total */
	engagement_rate: number | null;
	fetched_at: string;
};

export type FollowerRow = {
	key: string;
	platform: string;
	social_set_id: number;
	date: string;
	followers: number;
	fetched_at: string;
};

/**
 * What the service sent cannot be made into a row: `problem` says which field of which entry, `value` is what
 * stood there. The message quotes the value through the bounded echo (common/text/echo.ts); whoever knows the
 * credential's secrets quotes it again with them (analyticsFields.ts `asRows`).
 */
export class RowShapeError extends Error {
	constructor(
		readonly problem: string,
		readonly value: unknown,
	) {
		super(`${problem}: ${show(value)}`);
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value quoted in an error as JSON writes it (a text in quotes), bounded and on one line, whatever its size. */
export function show(value: unknown, secrets?: readonly string[]): string {
	if (value === undefined) return 'nothing';
	if (typeof value === 'string') return `"${echo(value, SHOWN_LIMIT, secrets)}"`;
	if (value === null || typeof value !== 'object') return String(value);
	return echo(value, SHOWN_LIMIT, secrets);
}

function text(value: unknown, where: string): string | null {
	if (value === null || value === undefined) return null;
	if (typeof value !== 'string') throw new RowShapeError(`${where} is not a text`, value);
	return value;
}

function count(value: unknown, where: string): number | null {
	if (value === null || value === undefined) return null;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
		throw new RowShapeError(`${where} is not a whole number of at least 0`, value);
	return value;
}

function required(value: unknown, where: string): string {
	if (typeof value !== 'string' || value.trim() === '')
		throw new RowShapeError(`${where} is missing or empty`, value);
	return value;
}

/** One analytics post as a row; `index` names it in an error. */
export function postRow(post: unknown, socialSetId: number, fetchedAt: string, index = 0): PostRow {
	const where = `analytics post ${index + 1}`;
	if (!isRecord(post)) throw new RowShapeError(`${where} is not an object`, post);
	const platform = required(post.platform, `${where}: platform`);
	const postId = required(post.post_id, `${where}: post_id`);
	const metrics = post.metrics ?? {};
	if (!isRecord(metrics)) throw new RowShapeError(`${where}: metrics is not an object`, metrics);
	const engagement = metrics.engagement ?? {};
	if (!isRecord(engagement))
		throw new RowShapeError(`${where}: metrics.engagement is not an object`, engagement);
	const metric = (name: string) => count(engagement[name], `${where}: metrics.engagement.${name}`);
	const impressions = count(metrics.impressions, `${where}: metrics.impressions`);
	const total = metric('total');
	const draftId = post.draft_id;
	if (draftId !== null && draftId !== undefined && !Number.isInteger(draftId))
		throw new RowShapeError(`${where}: draft_id is not a whole number`, draftId);
	return {
		key: `${platform}:${postId}`,
		platform,
		post_id: postId,
		social_set_id: socialSetId,
		created_at: text(post.created_at, `${where}: created_at`),
		url: text(post.url, `${where}: url`),
		text: text(post.preview_text, `${where}: preview_text`),
		draft_id: (draftId as number | null | undefined) ?? null,
		impressions,
		likes: metric('likes'),
		comments: metric('comments'),
		shares: metric('shares'),
		quotes: metric('quotes'),
		profile_clicks: metric('profile_clicks'),
		link_clicks: metric('link_clicks'),
		saves: metric('saves'),
		engagement_total: total,
		engagement_rate: impressions && total !== null ? total / impressions : null,
		fetched_at: fetchedAt,
	};
}

/** The posts of a run as rows, in the order given; a post seen twice (pages that shifted) is kept once, the later copy. */
export function postRows(
	posts: readonly unknown[],
	socialSetId: number,
	fetchedAt: string,
): PostRow[] {
	const rows = new Map<string, PostRow>();
	posts.forEach((post, index) => {
		const row = postRow(post, socialSetId, fetchedAt, index);
		rows.delete(row.key);
		rows.set(row.key, row);
	});
	return [...rows.values()];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The followers series as one row per date, ascending as the service gives it. */
export function followerRows(
	series: unknown,
	socialSetId: number,
	fetchedAt: string,
): FollowerRow[] {
	if (!isRecord(series)) throw new RowShapeError(`the followers series is not an object`, series);
	const platform = required(series.platform, 'the followers series: platform');
	const data = series.data ?? [];
	if (!Array.isArray(data))
		throw new RowShapeError(`the followers series: data is not a list`, data);
	return data.map((point: unknown, index) => {
		const where = `the followers series: data[${index}]`;
		if (!isRecord(point)) throw new RowShapeError(`${where} is not an object`, point);
		if (typeof point.date !== 'string' || !DATE.test(point.date))
			throw new RowShapeError(`${where}.date is not a YYYY-MM-DD date`, point.date);
		const followers = count(point.followers_count, `${where}.followers_count`);
		if (followers === null)
			throw new RowShapeError(`${where}.followers_count is missing`, point.followers_count);
		return {
			key: `${platform}:${socialSetId}:${point.date}`,
			platform,
			social_set_id: socialSetId,
			date: point.date,
			followers,
			fetched_at: fetchedAt,
		};
	});
}
