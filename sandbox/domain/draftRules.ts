import type { Runtime } from './runtime';
import type { DraftInput, PlatformsInput } from './draftInput';
import { ApiError, FieldIssue, badRequest, forbidden } from './errors';
import { nextFreeSlot } from './queueSlots';
import { POST_PLATFORMS } from './platforms';
import {
	AttachedMedia,
	PlatformsConfig,
	PostPlatformConfig,
	PostRecord,
	SocialSetRecord,
	Store,
} from './store';

/** Business rules of draft content and dates (400 VALIDATION_ERROR, 402/403 policies). */

/** Copies alt text and mime from the media records into the posts (rule 4: at attach time). */
function attach(
	store: Store,
	set: SocialSetRecord,
	posts: PostRecord[],
	path: string,
	issues: FieldIssue[],
): PostRecord[] {
	return posts.map((post, i) => {
		const media: AttachedMedia[] = [];
		(post.media_ids ?? []).forEach((id, j) => {
			const field = `${path}.posts[${i}].media_ids[${j}]`;
			const record = store.media.get(id);
			if (!record || record.socialSetId !== set.id)
				issues.push({ field, message: 'unknown media id' });
			else if (record.status === 'processing')
				issues.push({ field, message: 'media is still processing' });
			else if (record.status === 'failed')
				issues.push({ field, message: 'media failed to process' });
			else media.push({ media_id: id, alt_text: record.altText, mime: record.mime });
		});
		const { media: _ignored, ...rest } = post;
		return { ...rest, media } as PostRecord;
	});
}

/**
 * Applies the submitted platforms onto the stored ones: only supplied platforms change, and inside
 * one only the supplied keys (enabled, posts, settings). A platform object given without `enabled`
 * counts as enabled when new.
 */
export function mergePlatforms(
	store: Store,
	set: SocialSetRecord,
	existing: PlatformsConfig,
	input: PlatformsInput,
): PlatformsConfig {
	const issues: FieldIssue[] = [];
	const out: PlatformsConfig = { ...existing };
	for (const p of POST_PLATFORMS) {
		const given = input[p];
		if (!given) continue;
		const before: PostPlatformConfig | undefined = existing[p];
		out[p] = {
			enabled: given.enabled ?? before?.enabled ?? true,
			posts: given.posts
				? attach(store, set, given.posts, `platforms.${p}`, issues)
				: (before?.posts ?? []),
			settings: given.settings ?? before?.settings ?? {},
		};
	}
	if (input.x_article) {
		const given = input.x_article;
		const before = existing.x_article;
		const cover =
			given.cover_media_id === undefined ? (before?.cover_media_id ?? null) : given.cover_media_id;
		if (given.cover_media_id) {
			const record = store.media.get(given.cover_media_id);
			if (!record || record.socialSetId !== set.id)
				issues.push({ field: 'platforms.x_article.cover_media_id', message: 'unknown media id' });
			else if (record.status !== 'ready')
				issues.push({
					field: 'platforms.x_article.cover_media_id',
					message: `media is ${record.status}`,
				});
		}
		out.x_article = {
			enabled: given.enabled ?? before?.enabled ?? true,
			content_markdown: given.content_markdown ?? before?.content_markdown ?? '',
			cover_media_id: cover,
		};
	}
	if (issues.length > 0) throw badRequest('Media still processing or unknown', issues);
	return out;
}

/** Content rules of the spec, checked on the merged platforms. */
export function checkContent(set: SocialSetRecord, platforms: PlatformsConfig): void {
	const issues: FieldIssue[] = [];
	const enabledPosts = POST_PLATFORMS.filter((p) => platforms[p]?.enabled);
	const articleOn = platforms.x_article?.enabled === true;
	if (enabledPosts.length === 0 && !articleOn) {
		throw badRequest('At least one platform must be enabled', [
			{ field: 'platforms', message: 'no platform enabled' },
		]);
	}
	if (articleOn && enabledPosts.length > 0) {
		issues.push({
			field: 'platforms.x_article',
			message: 'x_article is standalone and cannot be combined with other platforms',
		});
	}
	if (articleOn && !platforms.x_article!.content_markdown) {
		issues.push({
			field: 'platforms.x_article.content_markdown',
			message: 'required when x_article is enabled',
		});
	}
	for (const p of enabledPosts) {
		const cfg = platforms[p]!;
		if (!set.platforms[p])
			issues.push({
				field: `platforms.${p}`,
				message: `no ${p} account is connected to this social set`,
			});
		if (cfg.posts.length === 0)
			issues.push({
				field: `platforms.${p}.posts`,
				message: 'at least one post is needed when enabled',
			});
	}
	if (articleOn && !set.platforms.x)
		issues.push({
			field: 'platforms.x_article',
			message: 'no x account is connected to this social set',
		});
	if (platforms.linkedin?.enabled && platforms.linkedin.posts.length > 1) {
		issues.push({
			field: 'platforms.linkedin.posts',
			message: 'only one post may be given for linkedin',
		});
	}
	if (issues.length > 0) throw badRequest(issues[0].message, issues);
}

export function checkTags(store: Store, set: SocialSetRecord, tags: string[]): void {
	const known = new Set((store.tags.get(set.id) ?? []).map((t) => t.slug));
	const issues = tags.flatMap((t, i) =>
		known.has(t) ? [] : [{ field: `tags[${i}]`, message: `unknown tag slug "${t}"` }],
	);
	if (issues.length > 0) throw badRequest('Tags must exist in the social set', issues);
}

const URL_IN_TEXT = /\bhttps?:\/\/\S|\bwww\.[a-z0-9-]+\.[a-z]/i;

/**
 * Platform policy, Rules on platform content 5: "publishing or scheduling replies through the API is blocked
 * (403 FORBIDDEN). Direct publishing of `x` drafts containing URLs is also blocked (403 FORBIDDEN)."
 * Replies are refused for both; a URL in an X post text only when publishing now (scheduling it is allowed).
 */
export function checkPublishPolicy(platforms: PlatformsConfig, publishingNow: boolean): void {
	const x = platforms.x;
	if (!x?.enabled) return;
	const replyTo = x.settings.reply_to_url;
	if (typeof replyTo === 'string' && replyTo.trim() !== '') {
		throw forbidden(
			'Publishing or scheduling replies through the API is blocked by platform policy',
		);
	}
	if (publishingNow && x.posts.some((p) => URL_IN_TEXT.test(p.text))) {
		throw forbidden(
			'Direct publishing of x drafts containing URLs is blocked by platform policy; schedule the draft instead',
		);
	}
}

/** Plan features: X communities need a plan that includes them (403 MONETIZATION_ERROR). */
export function checkPlanFeatures(set: SocialSetRecord, platforms: PlatformsConfig): void {
	const community = platforms.x?.enabled ? platforms.x.settings.community_id : undefined;
	if (typeof community === 'string' && community !== '' && !set.account.features.communities) {
		throw new ApiError(403, 'MONETIZATION_ERROR', 'X communities need a plan upgrade');
	}
}

export function checkAccountActive(set: SocialSetRecord): void {
	if (set.account.paused)
		throw new ApiError(
			402,
			'MONETIZATION_ERROR',
			'The account is paused; upgrade the plan to create or edit drafts',
		);
}

export function checkQuota(set: SocialSetRecord): void {
	if (set.account.quotaUsed >= set.account.quotaLimit) {
		throw new ApiError(
			402,
			'MONETIZATION_ERROR',
			'Publishing quota exhausted; upgrade the plan or wait for the reset',
		);
	}
}

export interface ResolvedWhen {
	date: Date;
	slotted: boolean;
}

/** `next-free-slot` or a future date-time; past dates and a missing free slot are 400. */
export function resolveWhen(
	rt: Runtime,
	set: SocialSetRecord,
	field: 'publish_at' | 'plan_at',
	value: string,
	draftId?: number,
): ResolvedWhen {
	const now = rt.clock.now();
	if (value === 'next-free-slot') {
		const slot = nextFreeSlot(rt.store, set, now, draftId);
		if (!slot)
			throw badRequest('No free queue slot available', [
				{ field, message: 'the queue schedule has no free slot' },
			]);
		return { date: slot, slotted: true };
	}
	const date = new Date(value);
	if (date.getTime() <= now.getTime())
		throw badRequest(`${field} must be in the future`, [{ field, message: 'date is in the past' }]);
	return { date, slotted: false };
}

/** What a request asks of the lifecycle, decided from plan_at / publish_at. */
export type Action =
	| { kind: 'none' }
	| { kind: 'clear' }
	| { kind: 'plan'; value: string }
	| { kind: 'schedule'; value: string }
	| { kind: 'publishNow' };

export function actionOf(input: DraftInput): Action {
	if (typeof input.publish_at === 'string')
		return input.publish_at === 'now'
			? { kind: 'publishNow' }
			: { kind: 'schedule', value: input.publish_at };
	if (typeof input.plan_at === 'string') return { kind: 'plan', value: input.plan_at };
	if (input.publish_at === null || input.plan_at === null) return { kind: 'clear' };
	return { kind: 'none' };
}

export function draftCount(store: Store, setId: number): number {
	let n = 0;
	for (const d of store.drafts.values()) if (d.socialSetId === setId) n++;
	return n;
}
