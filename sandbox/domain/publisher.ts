import { createHash } from 'node:crypto';
import type { Runtime } from './runtime';
import { emitStatusChange } from './events';
import { AnyPlatform, POST_PLATFORMS, PostPlatform } from './platforms';
import { DraftRecord, PublishResult, SocialSetRecord } from './store';
import { recordPublishedXPost } from './publishedAnalytics';

/**
 * Publishing: `publish_state` goes in_progress, then finished after publishDelayMs.
 * A platform fails when any of its post texts (or the article markdown) contains `#fail`;
 * the draft then ends in `error` (platforms that succeeded keep their URLs).
 * Immediate publishes keep the stored status (`draft`) while in flight; due scheduled drafts
 * show `publishing` in flight.
 */
export const FAIL_TAG = '#fail';

function enabledPlatforms(draft: DraftRecord): AnyPlatform[] {
	const out: AnyPlatform[] = POST_PLATFORMS.filter((p) => draft.platforms[p]?.enabled);
	if (draft.platforms.x_article?.enabled) out.push('x_article');
	return out;
}

function fails(draft: DraftRecord, platform: AnyPlatform): boolean {
	if (platform === 'x_article')
		return draft.platforms.x_article?.content_markdown.includes(FAIL_TAG) ?? false;
	return draft.platforms[platform]?.posts.some((p) => p.text.includes(FAIL_TAG)) ?? false;
}

function numericId(draft: DraftRecord, platform: string): string {
	const digest = createHash('sha256')
		.update(`${draft.id}:${platform}:${draft.socialSetId}`)
		.digest();
	return (
		BigInt('0x' + digest.subarray(0, 7).toString('hex')) + 1_700_000_000_000_000_000n
	).toString();
}

/** Fake but stable published URL; Substack reports none ("URL unavailable"). */
export function publishedUrl(
	set: SocialSetRecord,
	draft: DraftRecord,
	platform: AnyPlatform,
): string | null {
	const account = set.platforms[platform === 'x_article' ? 'x' : (platform as PostPlatform)];
	const user = account?.username ?? set.username;
	const id = numericId(draft, platform);
	switch (platform) {
		case 'x':
			return `https://x.com/${user}/status/${id}`;
		case 'x_article':
			return `https://x.com/${user}/articles/${id}`;
		case 'linkedin':
			return `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`;
		case 'mastodon':
			return `https://${account?.server ?? 'mastodon.social'}/@${user}/${id.slice(0, 18)}`;
		case 'threads':
			return `https://www.threads.net/@${user}/post/${id.slice(0, 11)}`;
		case 'bluesky':
			return `https://bsky.app/profile/${user}/post/${id.slice(0, 13)}`;
		case 'substack':
			return null;
	}
}

export function startPublish(rt: Runtime, draft: DraftRecord, immediate: boolean): void {
	draft.publishState = 'in_progress';
	if (!immediate) {
		const from = draft.status;
		draft.status = 'publishing';
		emitStatusChange(rt, draft, from);
	}
	const storeAtStart = rt.store;
	rt.later(rt.options.publishDelayMs, () => {
		if (rt.store !== storeAtStart || rt.store.drafts.get(draft.id) !== draft) return; // deleted or reset meanwhile
		finishPublish(rt, draft);
	});
}

function finishPublish(rt: Runtime, draft: DraftRecord): void {
	const set = rt.store.socialSets.get(draft.socialSetId);
	if (!set) return;
	const now = rt.clock.now();
	let successes = 0;
	for (const platform of enabledPlatforms(draft)) {
		const failed = fails(draft, platform);
		const result: PublishResult = failed
			? { url: null, at: null, failed: true }
			: { url: publishedUrl(set, draft, platform), at: now, failed: false };
		draft.published[platform] = result;
		if (!failed) successes++;
		// API: Analytics post (draft_id): an X post published through the service names its draft
		if (platform === 'x' && result.url) recordPublishedXPost(rt.store, set, draft, result.url, now);
	}
	const from = draft.status;
	const allOk = successes === enabledPlatforms(draft).length;
	draft.status = allOk ? 'published' : 'error';
	draft.publishState = 'finished';
	if (successes > 0) {
		draft.publishedAt = now;
		set.account.quotaUsed++;
	}
	emitStatusChange(rt, draft, from);
}

/** Scheduled drafts whose date has come start publishing. */
export function publishDue(rt: Runtime): void {
	const now = rt.clock.nowMs();
	for (const draft of rt.store.drafts.values()) {
		if (
			draft.status === 'scheduled' &&
			draft.scheduledDate &&
			draft.scheduledDate.getTime() <= now
		) {
			startPublish(rt, draft, false);
		}
	}
}
