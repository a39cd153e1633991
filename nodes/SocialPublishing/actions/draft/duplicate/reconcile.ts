import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { endpoints } from '../../../../common/transport/endpoints';
import { draftDifference } from '../../retryOnFail/sameDraft';
import type { OperationResult } from '../../types';
import { getDraft } from '../draftRequests';
import { draftsCreatedSince } from '../reconcile';
import { planDuplicate } from './plan';

/**
 * Duplicate after a try whose POST may have been stored: as Create (draft/reconcile.ts), the copy is among
 * the social set's drafts created since that try began, and is the draft the item's Create body would make
 * (retry/sameDraft.ts), the source read again. The source itself (which the copy matches field by field
 * while it is a plain draft) and drafts other items of the run put out are never adopted.
 */
export async function reconcileDuplicate(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
	taken: Set<string>,
): Promise<OperationResult | undefined> {
	// a copy the lost try stored is adopted whatever the source's threads are now: no review check again
	const { source, body, tags, dates } = await planDuplicate(this, itemIndex, false);
	const ours: IDataObject = { ...body, tags: tags.planned, ...dates };
	const title = ours.draft_title ?? null;
	const recent = await draftsCreatedSince(this, itemIndex, source.socialSetId, startedAtMs);
	const candidates = recent.filter(
		(draft) =>
			String(draft.id) !== String(source.draftId) &&
			!taken.has(String(draft.id)) &&
			(draft.draft_title ?? null) === title,
	);
	for (const candidate of candidates) {
		const target = {
			socialSetId: source.socialSetId,
			draftId: Number(candidate.id),
			path: endpoints.draft(source.socialSetId, String(candidate.id)),
		};
		const draft = await getDraft(this, itemIndex, target);
		if (draftDifference(ours, draft) === undefined) return draft;
	}
	return undefined;
}
