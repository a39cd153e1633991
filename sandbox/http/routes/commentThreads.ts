/**
 * Comment-thread endpoints under /v2/social-sets/{id}/drafts/{draft_id}/comment-threads.
 * The router has already checked READ on the social set and that the draft belongs to it.
 * Success statuses: list 200, create thread 201, add comment 201, resolve 200, edit comment 200,
 * deletes 204. See sandbox/README.md, "Comment threads and markers".
 */
import { randomUUID } from 'node:crypto';
import type { SocialSetAccess } from '../access';
import {
	COMMENT_LIMITS,
	commentablePlatforms,
	deleteThreads,
	isAnyPlatform,
	isAutoSynced,
	isEnabledOn,
	platformTexts,
	resolveThreads,
	threadView,
	threadsOfDraft,
} from '../../domain/commentThreadModel';
import type { CommentThreadRecord } from '../../domain/commentThreadRecords';
import { Reply, RouteContext, json } from '../context';
import { page, readPaging } from '../envelope';
import {
	ApiError,
	badRequest,
	forbidden,
	insufficient,
	notFound,
	unprocessable,
} from '../../domain/errors';
import { installCommentMarkerHooks } from '../../domain/markerValidation';
import { InsertResult, insertArticleSpanMarker, insertSpanMarker } from '../../domain/markers';
import { ALL_PLATFORMS, AnyPlatform } from '../../domain/platforms';
import { DraftRecord, hasLevel } from '../../domain/store';
import { Issues, isObject } from '../../domain/validate';

// draft PATCH marker rules and exclude_comment_markers rendering come with this module
installCommentMarkerHooks();

/** What the router hands over for every path under .../drafts/{draft_id}/comment-threads. */
export interface CommentThreadTarget extends SocialSetAccess {
	/** the draft, already checked to exist in this social set */
	draft: DraftRecord;
	/** path segments after `comment-threads` (empty for the base path) */
	rest: string[];
}

const STATUS_FILTERS = ['unresolved', 'resolved', 'all'] as const;

const conflict = (message: string): ApiError => new ApiError(409, 'CONFLICT', message);

export function handleCommentThreads(ctx: RouteContext, target: CommentThreadTarget): Reply {
	const { rest } = target;
	const key = `${ctx.method} ${rest.length}${rest[1] ? ` ${rest[1]}` : ''}`;
	if (key === 'GET 0') return listThreads(ctx, target);
	if (key === 'POST 0') return createThread(ctx, target);
	const thread = findThread(ctx, target, rest[0]);
	switch (key) {
		case 'DELETE 1':
			return deleteThread(ctx, target, thread);
		case 'POST 2 comments':
			return addComment(ctx, target, thread);
		case 'POST 2 resolve':
			return resolve(ctx, target, thread);
		case 'PATCH 3 comments':
			return editComment(ctx, thread, rest[2]);
		case 'DELETE 3 comments':
			return deleteComment(ctx, target, thread, rest[2]);
		default:
			throw notFound('Resource');
	}
}

function findThread(
	ctx: RouteContext,
	target: CommentThreadTarget,
	id: string,
): CommentThreadRecord {
	const thread = ctx.rt.store.commentThreads.get(id);
	if (!thread || thread.draftId !== target.draft.id) throw notFound('Comment thread');
	return thread;
}

const canWrite = (target: CommentThreadTarget): boolean => hasLevel(target.level, 'WRITE');

function requireWrite(target: CommentThreadTarget): void {
	if (!canWrite(target)) throw insufficient('WRITE');
}

function requireAuthorOrWrite(
	ctx: RouteContext,
	target: CommentThreadTarget,
	authorId: number,
): void {
	if (authorId !== ctx.user.id && !canWrite(target)) throw insufficient('WRITE');
}

const view = (ctx: RouteContext, thread: CommentThreadRecord): Record<string, unknown> =>
	threadView(ctx.rt.store, thread);

function listThreads(ctx: RouteContext, target: CommentThreadTarget): Reply {
	const issues = new Issues();
	const platform = ctx.query.get('platform');
	if (platform !== null && !isAnyPlatform(platform))
		issues.add('platform', `must be one of ${ALL_PLATFORMS.join(', ')}`);
	const status = ctx.query.get('status') ?? 'unresolved';
	if (!(STATUS_FILTERS as readonly string[]).includes(status))
		issues.add('status', `must be one of ${STATUS_FILTERS.join(', ')}`);
	if (issues.any) throw unprocessable(issues.list);
	const paging = readPaging(ctx.query);
	const threads = threadsOfDraft(ctx.rt.store, target.draft.id)
		.filter((t) => platform === null || t.platform === platform)
		.filter((t) => status === 'all' || t.status === status)
		.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
	return json(
		200,
		page(
			threads.map((t) => view(ctx, t)),
			paging,
			ctx.url,
		),
	);
}

const charCount = (s: string): number => [...s].length;

/** Reads a required string field with a length range (in characters). */
function readString(
	body: Record<string, unknown>,
	key: string,
	max: number,
	issues: Issues,
): string {
	const value = body[key];
	if (typeof value !== 'string') {
		issues.add(key, value === undefined ? 'is required' : 'must be a string');
		return '';
	}
	const n = charCount(value);
	if (n < 1 || n > max) issues.add(key, `must be 1 to ${max} characters`);
	return value;
}

/** Reads an optional integer field in [min, max]. */
function readInteger(
	body: Record<string, unknown>,
	key: string,
	min: number,
	max: number,
	issues: Issues,
): number | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
		issues.add(key, `must be an integer from ${min} to ${max}`);
		return undefined;
	}
	return value as number;
}

function bodyObject(ctx: RouteContext): Record<string, unknown> {
	if (!isObject(ctx.body))
		throw unprocessable([{ field: 'body', message: 'must be a JSON object' }]);
	return ctx.body;
}

function readCommentText(ctx: RouteContext): string {
	const issues = new Issues();
	const text = readString(bodyObject(ctx), 'text', COMMENT_LIMITS.textMax, issues);
	if (issues.any) throw unprocessable(issues.list);
	return text;
}

interface CreateInput {
	text: string;
	selectedText: string;
	occurrence: number;
	postIndex: number | undefined;
	platform: AnyPlatform | undefined;
}

function readCreateInput(ctx: RouteContext): CreateInput {
	const body = bodyObject(ctx);
	const issues = new Issues();
	const text = readString(body, 'text', COMMENT_LIMITS.textMax, issues);
	const selectedText = readString(body, 'selected_text', COMMENT_LIMITS.selectedTextMax, issues);
	const occurrence = readInteger(body, 'occurrence', 0, COMMENT_LIMITS.occurrenceMax, issues) ?? 0;
	const postIndex = readInteger(body, 'post_index', 0, Number.MAX_SAFE_INTEGER, issues);
	const rawPlatform = body.platform;
	let platform: AnyPlatform | undefined;
	if (rawPlatform !== undefined && rawPlatform !== null) {
		if (typeof rawPlatform === 'string' && isAnyPlatform(rawPlatform)) platform = rawPlatform;
		else issues.add('platform', `must be one of ${ALL_PLATFORMS.join(', ')}`);
	}
	if (issues.any) throw unprocessable(issues.list);
	return { text, selectedText, occurrence, postIndex, platform };
}

/** The platform named in the body, or the draft's only commentable platform. */
function pickPlatform(draft: DraftRecord, requested: AnyPlatform | undefined): AnyPlatform {
	if (requested !== undefined) {
		if (!isEnabledOn(draft, requested)) {
			throw badRequest(`The draft has no enabled ${requested} content`, [
				{ field: 'platform', message: 'not enabled on this draft' },
			]);
		}
		if (isAutoSynced(draft, requested))
			throw conflict(`Threads cannot be created on the auto-synced platform ${requested}`);
		return requested;
	}
	const candidates = commentablePlatforms(draft);
	if (candidates.length === 1) return candidates[0];
	if (candidates.length > 1) {
		throw unprocessable([
			{
				field: 'platform',
				message: `required when the draft has several commentable platforms (${candidates.join(', ')})`,
			},
		]);
	}
	if (ALL_PLATFORMS.some((p) => isEnabledOn(draft, p)))
		throw conflict('Threads cannot be created on auto-synced platforms');
	throw badRequest('The draft has no commentable platform');
}

function anchorFailure(result: Exclude<InsertResult, { ok: true }>): ApiError {
	return badRequest(`Cannot anchor the comment: ${result.message}`, [
		{ field: 'selected_text', message: result.message, reason: result.reason },
	]);
}

function createThread(ctx: RouteContext, target: CommentThreadTarget): Reply {
	requireWrite(target);
	const input = readCreateInput(ctx);
	const { draft } = target;
	const platform = pickPlatform(draft, input.platform);
	const texts = platformTexts(draft, platform);
	let postIndex = input.postIndex;
	if (platform === 'x_article') {
		if (postIndex !== undefined && postIndex !== 0) {
			throw badRequest('post_index must be omitted or 0 for x_article', [
				{ field: 'post_index', message: 'must be omitted or 0' },
			]);
		}
		postIndex = 0;
	} else if (postIndex === undefined) {
		throw unprocessable([{ field: 'post_index', message: 'is required' }]);
	}
	const item = texts[postIndex];
	if (!item) {
		throw badRequest(`The ${platform} content has no post ${postIndex}`, [
			{ field: 'post_index', message: `must be below ${texts.length}` },
		]);
	}
	if (threadsOfDraft(ctx.rt.store, draft.id).length >= COMMENT_LIMITS.threadsPerDraft) {
		throw badRequest(`A draft holds at most ${COMMENT_LIMITS.threadsPerDraft} comment threads`);
	}
	const id = randomUUID();
	const result =
		platform === 'x_article'
			? insertArticleSpanMarker(item.text, id, input.selectedText, input.occurrence)
			: insertSpanMarker(item.text, id, input.selectedText, input.occurrence, {
					mentions: platform === 'linkedin',
				});
	if (!result.ok) throw anchorFailure(result);
	item.set(result.text);
	const now = ctx.rt.clock.now();
	const thread: CommentThreadRecord = {
		id,
		draftId: draft.id,
		platform,
		postIndex,
		status: 'unresolved',
		selectedText: input.selectedText,
		authorId: ctx.user.id,
		createdAt: now,
		comments: [{ id: randomUUID(), text: input.text, userId: ctx.user.id, createdAt: now }],
	};
	ctx.rt.store.commentThreads.set(id, thread);
	return json(201, view(ctx, thread));
}

function addComment(
	ctx: RouteContext,
	target: CommentThreadTarget,
	thread: CommentThreadRecord,
): Reply {
	requireWrite(target);
	const text = readCommentText(ctx);
	if (thread.status === 'resolved') throw conflict('The comment thread is resolved');
	if (isAutoSynced(target.draft, thread.platform))
		throw conflict(`The thread is on the auto-synced platform ${thread.platform}`);
	if (thread.comments.length >= COMMENT_LIMITS.commentsPerThread) {
		throw badRequest(`A comment thread holds at most ${COMMENT_LIMITS.commentsPerThread} comments`);
	}
	thread.comments.push({
		id: randomUUID(),
		text,
		userId: ctx.user.id,
		createdAt: ctx.rt.clock.now(),
	});
	return json(201, view(ctx, thread));
}

function resolve(
	ctx: RouteContext,
	target: CommentThreadTarget,
	thread: CommentThreadRecord,
): Reply {
	requireAuthorOrWrite(ctx, target, thread.authorId);
	if (thread.status === 'unresolved') resolveThreads(target.draft, [thread]);
	return json(200, view(ctx, thread));
}

function findComment(thread: CommentThreadRecord, commentId: string): number {
	const index = thread.comments.findIndex((c) => c.id === commentId);
	if (index === -1) throw notFound('Comment');
	return index;
}

function editComment(ctx: RouteContext, thread: CommentThreadRecord, commentId: string): Reply {
	const comment = thread.comments[findComment(thread, commentId)];
	if (comment.userId !== ctx.user.id) throw forbidden('Only the author of a comment can edit it');
	comment.text = readCommentText(ctx);
	return json(200, view(ctx, thread));
}

function deleteComment(
	ctx: RouteContext,
	target: CommentThreadTarget,
	thread: CommentThreadRecord,
	commentId: string,
): Reply {
	const index = findComment(thread, commentId);
	requireAuthorOrWrite(ctx, target, thread.comments[index].userId);
	if (index === 0) deleteThreads(ctx.rt.store, target.draft, [thread]);
	else thread.comments.splice(index, 1);
	return { status: 204 };
}

function deleteThread(
	ctx: RouteContext,
	target: CommentThreadTarget,
	thread: CommentThreadRecord,
): Reply {
	requireAuthorOrWrite(ctx, target, thread.authorId);
	deleteThreads(ctx.rt.store, target.draft, [thread]);
	return { status: 204 };
}
