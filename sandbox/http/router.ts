import { parseIntId, requireSocialSet } from './access';
import type { Reply, RouteContext } from './context';
import { notFound } from '../domain/errors';
import { handleCommentThreads } from './routes/commentThreads';
import { analyticsFollowers, analyticsPosts } from './routes/analytics';
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from './routes/drafts';
import { getQueue, getSchedule, putSchedule } from './routes/queue';
import { createTag, listTags } from './routes/tags';
import { createUpload, getMedia, updateMedia } from './routes/media';
import {
	getMe,
	getSocialSet,
	listSocialSets,
	resolveLinkedInOrganization,
} from './routes/socialSets';

type Handler = (ctx: RouteContext, params: string[]) => Reply | Promise<Reply>;

interface RouteDef {
	method: string;
	/** segments after /v2; ':x' captures one segment */
	pattern: string[];
	handler: Handler;
}

const r = (method: string, path: string, handler: Handler): RouteDef => ({
	method,
	pattern: path.split('/').filter(Boolean),
	handler,
});

const ROUTES: RouteDef[] = [
	r('GET', 'me', (ctx) => getMe(ctx)),
	r('GET', 'social-sets', (ctx) => listSocialSets(ctx)),
	r('GET', 'social-sets/:id', (ctx, [id]) => getSocialSet(ctx, id)),
	r('GET', 'social-sets/:id/linkedin/organizations/resolve', (ctx, [id]) =>
		resolveLinkedInOrganization(ctx, id),
	),
	r('GET', 'social-sets/:id/drafts', (ctx, [id]) => listDrafts(ctx, id)),
	r('POST', 'social-sets/:id/drafts', (ctx, [id]) => createDraft(ctx, id)),
	r('GET', 'social-sets/:id/drafts/:draftId', (ctx, [id, d]) => getDraft(ctx, id, d)),
	r('PATCH', 'social-sets/:id/drafts/:draftId', (ctx, [id, d]) => updateDraft(ctx, id, d)),
	r('DELETE', 'social-sets/:id/drafts/:draftId', (ctx, [id, d]) => deleteDraft(ctx, id, d)),
	r('GET', 'social-sets/:id/tags', (ctx, [id]) => listTags(ctx, id)),
	r('POST', 'social-sets/:id/tags', (ctx, [id]) => createTag(ctx, id)),
	r('GET', 'social-sets/:id/queue/schedule', (ctx, [id]) => getSchedule(ctx, id)),
	r('PUT', 'social-sets/:id/queue/schedule', (ctx, [id]) => putSchedule(ctx, id)),
	r('GET', 'social-sets/:id/queue', (ctx, [id]) => getQueue(ctx, id)),
	r('GET', 'social-sets/:id/analytics/:platform/posts', (ctx, [id, p]) =>
		analyticsPosts(ctx, id, p),
	),
	r('GET', 'social-sets/:id/analytics/:platform/followers', (ctx, [id, p]) =>
		analyticsFollowers(ctx, id, p),
	),
	r('POST', 'social-sets/:id/media/upload', (ctx, [id]) => createUpload(ctx, id)),
	r('GET', 'social-sets/:id/media/:mediaId', (ctx, [id, mediaId]) => getMedia(ctx, id, mediaId)),
	r('PATCH', 'social-sets/:id/media/:mediaId', (ctx, [id, mediaId]) =>
		updateMedia(ctx, id, mediaId),
	),
];

function match(pattern: string[], segments: string[]): string[] | null {
	if (pattern.length !== segments.length) return null;
	const params: string[] = [];
	for (let i = 0; i < pattern.length; i++) {
		if (pattern[i].startsWith(':')) params.push(segments[i]);
		else if (pattern[i] !== segments[i]) return null;
	}
	return params;
}

/** `segments` are the path segments after `v2`. */
export async function route(ctx: RouteContext, segments: string[]): Promise<Reply> {
	const comment = commentThreadTarget(segments);
	if (comment) {
		const access = requireSocialSet(ctx, comment.setId, 'READ');
		const draftId = parseIntId(comment.draftId);
		const draft = draftId === null ? undefined : ctx.rt.store.drafts.get(draftId);
		if (!draft || draft.socialSetId !== access.set.id) throw notFound('Draft');
		return handleCommentThreads(ctx, { ...access, draft, rest: comment.rest });
	}
	for (const def of ROUTES) {
		if (def.method !== ctx.method) continue;
		const params = match(def.pattern, segments);
		if (params) return def.handler(ctx, params);
	}
	throw notFound('Resource');
}

function commentThreadTarget(
	segments: string[],
): { setId: string; draftId: string; rest: string[] } | null {
	if (segments.length < 5) return null;
	const [a, setId, b, draftId, c] = segments;
	if (a !== 'social-sets' || b !== 'drafts' || c !== 'comment-threads') return null;
	return { setId, draftId, rest: segments.slice(5) };
}
