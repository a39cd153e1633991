import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest, draftShape, readAnswer } from '../../../common/transport';
import type { Query } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { getIntegerId, getSocialSetId } from '../params';

export interface DraftTarget {
	socialSetId: number;
	draftId: number;
	path: string;
}

/** Social set and draft ID of the item, both checked to be whole numbers before any request. */
export function getDraftTarget(context: IExecuteFunctions, itemIndex: number): DraftTarget {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	return { socialSetId, draftId, path: endpoints.draft(socialSetId, draftId) };
}

/**
 * The draft as the service has it. Every reader decides from it (the AI tool's gate from its status, a reconcile
 * whether it holds a write, Update and Duplicate what they send), so an answer that is not a draft stops the item
 * naming the answer (transport/answer.ts), never reads as a draft without a status.
 */
export async function getDraft(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
	qs?: Query,
): Promise<IDataObject> {
	return await readAnswer(context, { method: 'GET', path: target.path, qs, itemIndex }, draftShape);
}

/** The item's draft as the service returns it: the read the AI tool's rule gets from Update and Plan. */
export async function readTargetDraft(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	return await getDraft(context, itemIndex, getDraftTarget(context, itemIndex));
}

export async function patchDraft(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
	body: IDataObject,
	qs?: Query,
): Promise<IDataObject> {
	return await apiRequest(context, { method: 'PATCH', path: target.path, body, qs, itemIndex });
}
