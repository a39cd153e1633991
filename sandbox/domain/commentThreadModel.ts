/** Comment-thread helpers shared by the comment-thread routes and the draft PATCH marker hooks. */
import { iso } from './clock';
import type { CommentRecord, CommentThreadRecord } from './commentThreadRecords';
import { removeMarkers } from './markers';
import { ALL_PLATFORMS, AnyPlatform, POST_PLATFORMS, PostPlatform } from './platforms';
import { DraftRecord, Store } from './store';

export const COMMENT_LIMITS = {
	threadsPerDraft: 5000,
	commentsPerThread: 500,
	textMax: 10000,
	selectedTextMax: 50000,
	occurrenceMax: 10000,
} as const;

/** One text field of a draft that can carry markers, with its API field path. */
export interface MarkedText {
	field: string;
	postIndex: number;
	text: string;
	set(text: string): void;
}

export function isPostPlatform(p: string): p is PostPlatform {
	return (POST_PLATFORMS as readonly string[]).includes(p);
}

export function isAnyPlatform(p: string): p is AnyPlatform {
	return (ALL_PLATFORMS as readonly string[]).includes(p);
}

/** The marker-bearing texts of one platform of a draft (posts[*].text or content_markdown). */
export function platformTexts(draft: DraftRecord, platform: AnyPlatform): MarkedText[] {
	if (platform === 'x_article') {
		const article = draft.platforms.x_article;
		if (!article) return [];
		return [
			{
				field: 'platforms.x_article.content_markdown',
				postIndex: 0,
				text: article.content_markdown,
				set: (text) => (article.content_markdown = text),
			},
		];
	}
	const cfg = draft.platforms[platform];
	if (!cfg) return [];
	return cfg.posts.map((post, i) => ({
		field: `platforms.${platform}.posts[${i}].text`,
		postIndex: i,
		text: post.text,
		set: (text: string) => (post.text = text),
	}));
}

/**
 * "Auto-synced platform" in the sandbox: a post platform whose `settings.auto_sync` is true, standing
 * in for the web app's mode where a platform's content follows another platform automatically.
 * `x_article` is never auto-synced.
 */
export function isAutoSynced(draft: DraftRecord, platform: AnyPlatform): boolean {
	if (platform === 'x_article') return false;
	return draft.platforms[platform]?.settings?.auto_sync === true;
}

export function isEnabledOn(draft: DraftRecord, platform: AnyPlatform): boolean {
	return platform === 'x_article'
		? draft.platforms.x_article?.enabled === true
		: draft.platforms[platform]?.enabled === true;
}

/** Platforms a thread may be created on without naming one: enabled and not auto-synced. */
export function commentablePlatforms(draft: DraftRecord): AnyPlatform[] {
	return ALL_PLATFORMS.filter((p) => isEnabledOn(draft, p) && !isAutoSynced(draft, p));
}

export function threadsOfDraft(store: Store, draftId: number): CommentThreadRecord[] {
	return [...store.commentThreads.values()].filter((t) => t.draftId === draftId);
}

/** Removes the markers of the given threads from every text of their platforms. */
export function removeThreadMarkers(draft: DraftRecord, threads: CommentThreadRecord[]): void {
	const byPlatform = new Map<AnyPlatform, string[]>();
	for (const t of threads)
		byPlatform.set(t.platform, [...(byPlatform.get(t.platform) ?? []), t.id]);
	for (const [platform, ids] of byPlatform) {
		for (const item of platformTexts(draft, platform)) {
			const next = removeMarkers(item.text, ids);
			if (next !== item.text) item.set(next);
		}
	}
}

/** Resolves threads (one-way) and removes their anchors. */
export function resolveThreads(draft: DraftRecord, threads: CommentThreadRecord[]): void {
	for (const t of threads) t.status = 'resolved';
	removeThreadMarkers(draft, threads);
}

/** Deletes threads with their comments and anchors. */
export function deleteThreads(
	store: Store,
	draft: DraftRecord,
	threads: CommentThreadRecord[],
): void {
	removeThreadMarkers(draft, threads);
	for (const t of threads) store.commentThreads.delete(t.id);
}

function userView(
	store: Store,
	userId: number,
): { id: number; name: string; profile_image_url: string | null } {
	const user = store.users.get(userId);
	return {
		id: userId,
		name: user?.name ?? `User ${userId}`,
		profile_image_url: user?.profileImageUrl ?? null,
	};
}

function commentView(store: Store, c: CommentRecord): Record<string, unknown> {
	return { id: c.id, text: c.text, created_at: iso(c.createdAt), user: userView(store, c.userId) };
}

/** The Comment thread resource. */
export function threadView(store: Store, t: CommentThreadRecord): Record<string, unknown> {
	return {
		id: t.id,
		draft_id: t.draftId,
		platform: t.platform,
		status: t.status,
		selected_text: t.selectedText,
		comments: t.comments.map((c) => commentView(store, c)),
	};
}
