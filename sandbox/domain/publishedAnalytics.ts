import { createHash } from 'node:crypto';
import type { AnalyticsPostRecord, DraftRecord, SocialSetRecord, Store } from './store';
import { postMetrics } from './analyticsMetrics';

/**
 * A draft published to X through the service becomes an X post in the set's analytics, naming its draft
 * (API specification, "Analytics post": `draft_id` integer or null; the seeded posts, made outside the
 * service, name none). Its `post_id` and `url` are those of the published X URL, `created_at` the
 * publishing time, `preview_text` the first post's text. A real post gathers its metrics over time; the
 * sandbox gives it fixed ones at once, drawn from the draft's id (the same draft gets the same metrics),
 * with `engagement.total` the sum of the five counts, as in the seed.
 */
export function recordPublishedXPost(
	store: Store,
	set: SocialSetRecord,
	draft: DraftRecord,
	url: string,
	at: Date,
): AnalyticsPostRecord {
	const bytes = createHash('sha256').update(`analytics:${draft.id}:${set.id}`).digest();
	const pick = (index: number, below: number) => bytes.readUInt16BE(index * 2) % below;
	const [likes, comments, shares, quotes, profileClicks] = [
		pick(1, 300),
		pick(2, 40),
		pick(3, 30),
		pick(4, 8),
		pick(5, 20),
	];
	const record: AnalyticsPostRecord = {
		platform: 'x',
		post_id: url.slice(url.lastIndexOf('/') + 1),
		created_at: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
		preview_text: draft.platforms.x?.posts[0]?.text ?? '',
		url,
		draft_id: draft.id,
		is_reply: Boolean(draft.platforms.x?.settings?.reply_to_url),
		metrics: postMetrics(1000 + pick(0, 20_000), {
			likes,
			comments,
			shares,
			quotes,
			profile_clicks: profileClicks,
			link_clicks: pick(6, 50),
			saves: pick(7, 12),
		}),
	};
	const posts = store.analyticsPosts.get(set.id) ?? [];
	posts.push(record);
	store.analyticsPosts.set(set.id, posts);
	return record;
}
