import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequestAllItems, draftShape } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { stopAtFirstChecks } from './plan/checks';
import { planCreate, plannedCreateBody } from './plan/create';
import { readDraftFields } from './fields/draftFields';
import { afterPublishNow, waitSettings, waitUntilFinished } from './publish';
import { getDraft, getDraftTarget } from './draftRequests';
import { getSocialSetId } from '../params';
import type { OperationResult } from '../types';
import { deleteOrGone, since } from '../retryOnFail/reconcileCommon';
import { draftDifference, updateDifference } from '../retryOnFail/sameDraft';
import { earlierUpdate } from './plan/remembered';
import type { Query } from '../../../common/transport';
import { PAGE_SIZE_MAX } from '../../../common/limits';

/** Drafts per page when Create looks for the one an earlier try stored (Limits: page size max 50). */
export const RECONCILE_PAGE_SIZE = PAGE_SIZE_MAX;

/** Pages Create reads at most: 1,000 drafts created in the social set since the earlier try began. */
export const RECONCILE_MAX_PAGES = 20;

/**
 * The social set's drafts created since a try began, newest first: page after page (`-created_at`, the
 * transport's paging) until a page reaches an older draft or the list ends, at most `RECONCILE_MAX_PAGES` pages.
 */
export async function draftsCreatedSince(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	startedAtMs: number,
): Promise<IDataObject[]> {
	const isNewer = (draft: IDataObject) => since(draft.created_at, startedAtMs);
	const drafts = await apiRequestAllItems<IDataObject>(
		context,
		{
			method: 'GET',
			path: endpoints.drafts(socialSetId),
			qs: { order_by: '-created_at' },
			itemIndex,
		},
		{
			limit: RECONCILE_MAX_PAGES * RECONCILE_PAGE_SIZE,
			pageSize: RECONCILE_PAGE_SIZE,
			lastPage: (page) => !page.every(isNewer),
			entry: draftShape,
		},
	);
	return drafts.filter(isNewer);
}

/**
 * Create: the draft an earlier try may have stored is among the social set's drafts created after that try
 * began, and is the one the item's request body would make: every field it sets matches (sameDraft.ts). It
 * is adopted (and waited for, with Publish At "now" and Wait for Completion) instead of creating a second
 * one. A draft another item of the run put out is never adopted.
 */
export async function reconcileCreate(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
	taken: Set<string>,
): Promise<OperationResult | undefined> {
	const plan = await planCreate(this, itemIndex, stopAtFirstChecks);
	const { socialSetId, dates } = plan;
	const ours = plannedCreateBody(plan);
	const title = ours.draft_title ?? null;
	const recent = await draftsCreatedSince(this, itemIndex, socialSetId, startedAtMs);
	const candidates = recent.filter(
		(draft) => !taken.has(String(draft.id)) && (draft.draft_title ?? null) === title,
	);
	for (const candidate of candidates) {
		const target = {
			socialSetId,
			draftId: Number(candidate.id),
			path: endpoints.draft(socialSetId, String(candidate.id)),
		};
		const draft = await getDraft(this, itemIndex, target);
		if (draftDifference(ours, draft) !== undefined) continue;
		return await afterPublishNow(this, itemIndex, dates, target, draft);
	}
	return undefined;
}

function isPublishing(draft: IDataObject): boolean {
	return (
		draft.publish_state === 'in_progress' ||
		draft.publish_state === 'finished' ||
		draft.status === 'publishing' ||
		draft.status === 'published'
	);
}

/** Publish Now: a draft already publishing or published is done; the wait, when asked, goes on from there. */
export async function reconcilePublishNow(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const target = getDraftTarget(this, itemIndex);
	const draft = await getDraft(this, itemIndex, target);
	if (!isPublishing(draft)) return undefined;
	if (!this.getNodeParameter('waitForCompletion', itemIndex, true)) return draft;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return await waitUntilFinished(
		this,
		itemIndex,
		target,
		draft,
		waitSettings(this, itemIndex, options),
	);
}

/** Schedule, Plan, Unschedule: the draft already in the status asked for, changed since the try began. */
export function reconcileStatus(status: string) {
	return async function (
		this: IExecuteFunctions,
		itemIndex: number,
		startedAtMs: number,
	): Promise<OperationResult | undefined> {
		const target = getDraftTarget(this, itemIndex);
		const draft = await getDraft(this, itemIndex, target);
		const changed = since(draft.updated_at ?? draft.created_at, startedAtMs);
		return draft.status === status && changed ? draft : undefined;
	};
}

/**
 * Update: a publish started by it is reconciled as Publish Now. Any other change: the draft that already
 * holds the PATCH the earlier try planned (actions/plannedWrites.ts) is adopted; else the operation sends that
 * same PATCH again (never one built from the draft as it is now, which may hold the edit already).
 */
export async function reconcileUpdate(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
): Promise<OperationResult | undefined> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const fields = readDraftFields(this, itemIndex, socialSetId, true);
	const target = getDraftTarget(this, itemIndex);
	if (fields.publishKind !== 'publishNow') {
		const earlier = earlierUpdate(this);
		if (!earlier) return undefined;
		const draft = await getDraft(this, itemIndex, target, earlier.qs as Query | undefined);
		return updateDifference(earlier.body, draft) === undefined ? draft : undefined;
	}
	const draft = await getDraft(this, itemIndex, target);
	if (!isPublishing(draft) || !since(draft.updated_at ?? draft.created_at, startedAtMs))
		return undefined;
	return await afterPublishNow(this, itemIndex, { publish_at: 'now' }, target, draft);
}

/** Delete: sent again; 404 (already gone) counts as done. */
export async function reconcileDelete(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const target = getDraftTarget(this, itemIndex);
	await deleteOrGone(this, itemIndex, target.path);
	return { deleted: true, id: target.draftId };
}
