import { iso } from './clock';
import type { Runtime } from './runtime';
import { markerHooks } from './markerHooks';
import { POST_PLATFORMS, PostPlatform } from './platforms';
import { DraftRecord, PlatformsConfig } from './store';

/** Generic marker pattern, used only for the preview (which never shows markers). */
const MARKER = /<\/?svc:comment-thread\b[^>]*>/g;
const PREVIEW_MAX = 100;

export function previewOf(draft: DraftRecord): string {
	let text = '';
	for (const p of POST_PLATFORMS) {
		const cfg = draft.platforms[p];
		if (cfg?.enabled && cfg.posts.length > 0) {
			text = cfg.posts[0].text;
			break;
		}
	}
	if (!text && draft.platforms.x_article?.enabled) {
		text = draft.platforms.x_article.content_markdown
			.replace(/<svc:[^>]*\/>/g, ' ')
			.replace(/[#*_>`[\]]/g, '');
	}
	const plain = text.replace(MARKER, '').replace(/\s+/g, ' ').trim();
	return smartTrim(plain, PREVIEW_MAX);
}

/** Cuts at a word boundary and adds an ellipsis; never longer than `max` characters. */
export function smartTrim(text: string, max: number): string {
	const chars = [...text];
	if (chars.length <= max) return text;
	const cut = chars.slice(0, max - 1).join('');
	const space = cut.lastIndexOf(' ');
	return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

function privateUrl(rt: Runtime, draft: DraftRecord): string {
	return `${rt.baseUrl()}/app/social-sets/${draft.socialSetId}/drafts/${draft.id}`;
}

function shareUrl(rt: Runtime, draft: DraftRecord): string | null {
	return draft.shareToken ? `${rt.baseUrl()}/share/${draft.shareToken}` : null;
}

function renderPlatforms(platforms: PlatformsConfig, strip: boolean): Record<string, unknown> {
	const text = strip ? markerHooks().stripMarkers : (t: string) => t;
	const out: Record<string, unknown> = {};
	for (const p of POST_PLATFORMS) {
		const cfg = platforms[p];
		if (!cfg) continue;
		out[p] = {
			enabled: cfg.enabled,
			posts: cfg.posts.map((post) => ({
				...post,
				text: text(post.text),
				media: (post.media ?? []).map((m) => ({ ...m })),
			})),
			settings: { ...cfg.settings },
		};
	}
	// Platform configuration: "`x_article` object: content_markdown (string), cover_media_id (string media UUID or null)".
	// Its presence is what enables it; `enabled: false` (a sandbox leniency on input) leaves it out of the detail.
	const article = platforms.x_article;
	if (article?.enabled) {
		out.x_article = {
			content_markdown: text(article.content_markdown),
			cover_media_id: article.cover_media_id,
		};
	}
	return out;
}

function perPlatform(
	draft: DraftRecord,
	suffix: 'published_url' | 'post_published_at',
): Record<string, string | null> {
	const out: Record<string, string | null> = {};
	for (const p of POST_PLATFORMS) {
		const result = draft.published[p];
		out[`${p}_${suffix}`] =
			suffix === 'published_url' ? (result?.url ?? null) : iso(result?.at ?? null);
	}
	return out;
}

export interface RenderOptions {
	excludeCommentMarkers?: boolean;
}

export function draftDetail(
	rt: Runtime,
	draft: DraftRecord,
	opts: RenderOptions = {},
): Record<string, unknown> {
	const article = draft.published.x_article;
	return {
		id: draft.id,
		draft_id: draft.id,
		social_set_id: draft.socialSetId,
		status: draft.status,
		publish_state: draft.publishState,
		created_at: iso(draft.createdAt),
		updated_at: iso(draft.updatedAt),
		scheduled_date: iso(draft.scheduledDate),
		published_at: iso(draft.publishedAt),
		draft_title: draft.title,
		tags: [...draft.tags],
		preview: previewOf(draft),
		share_url: shareUrl(rt, draft),
		private_url: privateUrl(rt, draft),
		scratchpad_text: draft.scratchpad,
		platforms: renderPlatforms(draft.platforms, opts.excludeCommentMarkers === true),
		...perPlatform(draft, 'published_url'),
		x_article_published_url: article?.url ?? null,
		...perPlatform(draft, 'post_published_at'),
		x_article_published_at: iso(article?.at ?? null),
	};
}

export function draftSummary(rt: Runtime, draft: DraftRecord): Record<string, unknown> {
	const enabled: Record<string, boolean> = {};
	for (const p of POST_PLATFORMS) enabled[`${p}_post_enabled`] = isEnabled(draft, p);
	const preview = previewOf(draft);
	return {
		id: draft.id,
		social_set_id: draft.socialSetId,
		status: draft.status,
		preview: preview === '' ? null : preview,
		scheduled_date: iso(draft.scheduledDate),
		draft_title: draft.title,
		share_url: shareUrl(rt, draft),
		private_url: privateUrl(rt, draft),
		tags: [...draft.tags],
		created_at: iso(draft.createdAt),
		updated_at: iso(draft.updatedAt),
		published_at: iso(draft.publishedAt),
		...enabled,
		...perPlatform(draft, 'post_published_at'),
		...perPlatform(draft, 'published_url'),
	};
}

export function isEnabled(draft: DraftRecord, p: PostPlatform): boolean {
	return draft.platforms[p]?.enabled === true;
}
