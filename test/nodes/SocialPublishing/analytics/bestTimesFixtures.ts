import { DateTime } from 'luxon';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { SandboxFixture } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import { api } from '../draft/fixtures';

/** Analytics > Get Best Times: its parameters, posts set in the sandbox, and an independent count of the slots. */

export const NEW_YORK = 'America/New_York';

/** Parameters a node run (INodeParameters) and a tool call (IDataObject) both take. */
export type Parameters = IDataObject & INodeParameters;

export const bestTimes = (id: number, extra: IDataObject = {}): Parameters =>
	({
		resource: 'analytics',
		operation: 'getBestTimes',
		socialSetId: byId(id),
		platform: 'x',
		...extra,
	}) as Parameters;

/** The last `days` days ending today in `zone`, as Start Date and End Date. */
export function lastDays(fx: SandboxFixture, zone: string, days: number) {
	const today = DateTime.fromJSDate(fx.sandbox.clock.now(), { zone }).startOf('day');
	return {
		startDate: today.minus({ days: days - 1 }).toISODate() as string,
		endDate: today.toISODate() as string,
	};
}

/** A post given to the sandbox: its time and figures (engagement total = likes here). */
export const given = (created_at: string, impressions: number, likes: number) => ({
	created_at,
	impressions,
	likes,
});

export async function setPosts(fx: SandboxFixture, id: number, posts: unknown[]): Promise<void> {
	expect(fx.sandbox.setAnalyticsPosts(id, { posts })).toBe(posts.length);
}

export interface Post {
	created_at: string;
	metrics: { impressions: number; engagement: { total: number } };
}

/** Every post of the range as the API gives them (over plain HTTP, outside the node). */
export async function readPosts(
	fx: SandboxFixture,
	id: number,
	range: { startDate: string; endDate: string },
): Promise<Post[]> {
	const posts: Post[] = [];
	for (let offset = 0; ; offset += 100) {
		const { body } = await api<{ results: Post[]; next: string | null }>(
			fx,
			'GET',
			`/v2/social-sets/${id}/analytics/x/posts?start_date=${range.startDate}&end_date=${range.endDate}&limit=100&offset=${offset}`,
		);
		posts.push(...body.results);
		if (!body.next) return posts;
	}
}

const medianOf = (values: number[]) => {
	const s = [...values].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The slots of these posts counted here, separately from the node: `Weekday hour` → posts and medians. */
export function countSlots(posts: Post[], zone: string) {
	const slots = new Map<string, { rates: number[]; impressions: number[] }>();
	for (const post of posts) {
		const key = DateTime.fromISO(post.created_at, { zone }).toFormat('cccc H');
		const slot = slots.get(key) ?? { rates: [], impressions: [] };
		slot.rates.push(post.metrics.engagement.total / post.metrics.impressions);
		slot.impressions.push(post.metrics.impressions);
		slots.set(key, slot);
	}
	return new Map(
		[...slots].map(([key, s]) => [
			key,
			{ posts: s.rates.length, rate: medianOf(s.rates), impressions: medianOf(s.impressions) },
		]),
	);
}

/** The SVG text of an item's `data` binary. */
export function svgOf(item: INodeExecutionData): string {
	return Buffer.from(item.binary?.data.data ?? '', 'base64').toString('utf8');
}
