import { randomBytes } from 'node:crypto';
import { parseIntId, requireLevel, requireSocialSet } from '../access';
import type { Reply, RouteContext } from '../context';
import { DraftInput, readDraftInput } from '../../domain/draftInput';
import {
	Action,
	actionOf,
	checkAccountActive,
	checkContent,
	checkPlanFeatures,
	checkPublishPolicy,
	checkQuota,
	checkTags,
	draftCount,
	mergePlatforms,
	ResolvedWhen,
	resolveWhen,
} from '../../domain/draftRules';
import { page, readPaging } from '../envelope';
import { badRequest, notFound, unprocessable } from '../../domain/errors';
import { emitDraftEvent, emitStatusChange } from '../../domain/events';
import { markerHooks } from '../../domain/markerHooks';
import { startPublish } from '../../domain/publisher';
import { draftDetail, draftSummary } from '../../domain/render';
import {
	DRAFT_STATUSES,
	DraftRecord,
	DraftStatus,
	PlatformsConfig,
	SocialSetRecord,
} from '../../domain/store';

const ORDER_FIELDS = ['created_at', 'updated_at', 'scheduled_date', 'published_at'] as const;
type OrderField = (typeof ORDER_FIELDS)[number];
const LIST_STATUSES: readonly string[] = DRAFT_STATUSES;

function readExcludeMarkers(ctx: RouteContext): boolean {
	const raw = ctx.query.get('exclude_comment_markers');
	if (raw === null || raw === '' || raw === 'false') return false;
	if (raw === 'true') return true;
	throw unprocessable([{ field: 'exclude_comment_markers', message: 'must be true or false' }]);
}

function findDraft(ctx: RouteContext, set: SocialSetRecord, rawDraftId: string): DraftRecord {
	const id = parseIntId(rawDraftId);
	const draft = id === null ? undefined : ctx.rt.store.drafts.get(id);
	if (!draft || draft.socialSetId !== set.id) throw notFound('Draft');
	return draft;
}

function orderValue(d: DraftRecord, field: OrderField): number | null {
	const map: Record<OrderField, Date | null> = {
		created_at: d.createdAt,
		updated_at: d.updatedAt ?? d.createdAt,
		scheduled_date: d.scheduledDate,
		published_at: d.publishedAt,
	};
	return map[field]?.getTime() ?? null;
}

export function listDrafts(ctx: RouteContext, rawSetId: string): Reply {
	const { set } = requireSocialSet(ctx, rawSetId, 'READ');
	const paging = readPaging(ctx.query);
	const status = ctx.query.get('status');
	const orderBy = ctx.query.get('order_by') ?? '-updated_at';
	const tags = [...ctx.query.getAll('tag'), ...ctx.query.getAll('tag[]')]
		.flatMap((t) => t.split(','))
		.filter(Boolean);
	const issues = [];
	if (status !== null && !LIST_STATUSES.includes(status))
		issues.push({ field: 'status', message: `one of ${DRAFT_STATUSES.join(', ')}` });
	const field = orderBy.replace(/^-/, '') as OrderField;
	if (!ORDER_FIELDS.includes(field))
		issues.push({
			field: 'order_by',
			message: `one of ${ORDER_FIELDS.flatMap((f) => [f, `-${f}`]).join(', ')}`,
		});
	if (issues.length > 0) throw unprocessable(issues);
	const desc = orderBy.startsWith('-');
	const drafts = [...ctx.rt.store.drafts.values()]
		.filter((d) => d.socialSetId === set.id)
		.filter((d) => status === null || d.status === status)
		.filter((d) => tags.length === 0 || tags.some((t) => d.tags.includes(t)))
		.sort((a, b) => {
			const va = orderValue(a, field);
			const vb = orderValue(b, field);
			if (va === null || vb === null) return va === vb ? b.id - a.id : va === null ? 1 : -1; // nulls last
			return (desc ? vb - va : va - vb) || (desc ? b.id - a.id : a.id - b.id);
		});
	// Render only the page, not every draft of the set.
	const envelope = page(drafts, paging, ctx.url);
	return {
		status: 200,
		body: { ...envelope, results: envelope.results.map((d) => draftSummary(ctx.rt, d)) },
	};
}

export function getDraft(ctx: RouteContext, rawSetId: string, rawDraftId: string): Reply {
	const { set } = requireSocialSet(ctx, rawSetId, 'READ');
	const exclude = readExcludeMarkers(ctx);
	const draft = findDraft(ctx, set, rawDraftId);
	return { status: 200, body: draftDetail(ctx.rt, draft, { excludeCommentMarkers: exclude }) };
}

function needsPublish(action: Action): boolean {
	return action.kind === 'schedule' || action.kind === 'publishNow';
}

function newShareToken(): string {
	return randomBytes(9).toString('base64url');
}

/** Applies a plan/schedule/clear action to the draft's status and date (publishNow is started by the caller). */
function applyAction(draft: DraftRecord, action: Action, when: ResolvedWhen | null): void {
	switch (action.kind) {
		case 'plan':
		case 'schedule': {
			if (!when) throw new Error('applyAction: plan/schedule needs a resolved date');
			draft.status = action.kind === 'plan' ? 'planned' : 'scheduled';
			draft.scheduledDate = when.date;
			draft.slotted = when.slotted;
			return;
		}
		case 'clear':
			if (draft.status === 'planned' || draft.status === 'scheduled') {
				draft.status = 'draft';
				draft.scheduledDate = null;
				draft.slotted = false;
			}
			return;
		case 'publishNow':
			draft.status = 'draft';
			draft.scheduledDate = null;
			draft.slotted = false;
			return;
		case 'none':
			return;
	}
}

/**
 * Checks shared by create and update once the platforms are merged; resolves the plan/schedule date
 * once, before anything is changed, so a failing check never leaves a half-applied update.
 */
function checkRequest(
	ctx: RouteContext,
	set: SocialSetRecord,
	platforms: PlatformsConfig,
	input: DraftInput,
	action: Action,
	willBeScheduled: boolean,
	draftId?: number,
): ResolvedWhen | null {
	checkContent(set, platforms);
	if (input.tags) checkTags(ctx.rt.store, set, input.tags);
	const when =
		action.kind === 'plan' || action.kind === 'schedule'
			? resolveWhen(
					ctx.rt,
					set,
					action.kind === 'plan' ? 'plan_at' : 'publish_at',
					action.value,
					draftId,
				)
			: null;
	checkPlanFeatures(set, platforms);
	if (needsPublish(action) || willBeScheduled)
		checkPublishPolicy(platforms, action.kind === 'publishNow');
	if (needsPublish(action)) checkQuota(set);
	return when;
}

export function createDraft(ctx: RouteContext, rawSetId: string): Reply {
	const { set, level } = requireSocialSet(ctx, rawSetId, 'WRITE');
	ctx.takeSocialSetBucket(set.id);
	const input = readDraftInput(ctx.body, 'create');
	const action = actionOf(input);
	if (needsPublish(action)) requireLevel(level, 'PUBLISH');
	checkAccountActive(set);
	const store = ctx.rt.store;
	if (draftCount(store, set.id) >= set.account.draftLimit) {
		throw badRequest('Draft limit reached for this social set', [
			{ field: 'platforms', message: `limit of ${set.account.draftLimit} drafts reached` },
		]);
	}
	const platforms = mergePlatforms(store, set, {}, input.platforms ?? {});
	const when = checkRequest(ctx, set, platforms, input, action, false);
	const draft: DraftRecord = {
		id: store.nextDraftId++,
		socialSetId: set.id,
		status: 'draft',
		publishState: null,
		createdAt: ctx.rt.clock.now(),
		updatedAt: null,
		scheduledDate: null,
		slotted: false,
		publishedAt: null,
		title: input.draft_title ?? null,
		tags: [...new Set(input.tags ?? [])],
		shareToken: input.share ? newShareToken() : null,
		scratchpad: input.scratchpad_text ?? null,
		platforms,
		published: {},
	};
	applyAction(draft, action, when);
	store.drafts.set(draft.id, draft);
	emitDraftEvent(ctx.rt, 'draft.created', draft);
	emitStatusChange(ctx.rt, draft, null);
	if (action.kind === 'publishNow') startPublish(ctx.rt, draft, true);
	return { status: 201, body: draftDetail(ctx.rt, draft) };
}

export function updateDraft(ctx: RouteContext, rawSetId: string, rawDraftId: string): Reply {
	const { set, level } = requireSocialSet(ctx, rawSetId, 'WRITE');
	const exclude = readExcludeMarkers(ctx);
	const draft = findDraft(ctx, set, rawDraftId);
	const input = readDraftInput(ctx.body, 'update');
	if (draft.status === 'published') {
		throw badRequest('A published draft cannot be edited', [
			{ field: 'status', message: 'draft is published' },
		]);
	}
	const action = actionOf(input);
	if (draft.status === 'scheduled' || needsPublish(action)) requireLevel(level, 'PUBLISH');
	if (draft.status === 'publishing' || draft.publishState === 'in_progress') {
		throw badRequest('The draft is being published and cannot be edited now', [
			{ field: 'status', message: 'publishing in progress' },
		]);
	}
	checkAccountActive(set);
	const store = ctx.rt.store;
	const platforms = input.platforms
		? mergePlatforms(store, set, draft.platforms, input.platforms)
		: draft.platforms;
	const willBeScheduled =
		action.kind === 'schedule' || (draft.status === 'scheduled' && action.kind === 'none');
	const when = checkRequest(ctx, set, platforms, input, action, willBeScheduled, draft.id);

	let resolveThreadIds: string[] = [];
	if (input.platforms) {
		const verdict = markerHooks().validate({
			store,
			draft,
			platforms: input.platforms as PlatformsConfig,
			forceOverwriteComments: input.force_overwrite_comments === true,
		});
		// the hook's body is returned as is: COMMENTS_MARKER_MISMATCH carries `missing` beside `details`
		if (!verdict.ok) return { status: verdict.status, body: verdict.body };
		resolveThreadIds = verdict.resolveThreadIds;
	}

	const fromStatus: DraftStatus = draft.status;
	const fromTags = [...draft.tags];
	draft.platforms = platforms;
	if (input.draft_title !== undefined) draft.title = input.draft_title;
	if (input.scratchpad_text !== undefined) draft.scratchpad = input.scratchpad_text;
	if (input.tags !== undefined) draft.tags = [...new Set(input.tags ?? [])];
	if (input.share !== undefined)
		draft.shareToken = input.share ? (draft.shareToken ?? newShareToken()) : null;
	applyAction(draft, action, when);
	draft.updatedAt = ctx.rt.clock.now();
	if (resolveThreadIds.length > 0) markerHooks().resolveThreads(store, draft, resolveThreadIds);

	emitStatusChange(ctx.rt, draft, fromStatus);
	if (fromTags.length !== draft.tags.length || fromTags.some((t) => !draft.tags.includes(t))) {
		emitDraftEvent(ctx.rt, 'draft.tags_changed', draft);
	}
	if (action.kind === 'publishNow') startPublish(ctx.rt, draft, true);
	return { status: 200, body: draftDetail(ctx.rt, draft, { excludeCommentMarkers: exclude }) };
}

export function deleteDraft(ctx: RouteContext, rawSetId: string, rawDraftId: string): Reply {
	const { set } = requireSocialSet(ctx, rawSetId, 'WRITE');
	const draft = findDraft(ctx, set, rawDraftId);
	emitDraftEvent(ctx.rt, 'draft.deleted', draft);
	ctx.rt.store.drafts.delete(draft.id);
	markerHooks().onDraftDeleted(ctx.rt.store, draft.id);
	return { status: 204 };
}
