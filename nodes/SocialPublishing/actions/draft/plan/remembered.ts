import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { earlierBody, planBody } from '../../plannedWrites';

/**
 * Update's PATCH as planned, remembered for Retry On Fail (actions/plannedWrites.ts): its body and query, built from
 * the draft as read, are sent unchanged by a later try of the item, or the draft that holds them is adopted.
 */
export const UPDATE_PLAN = 'draft PATCH';

/** The PATCH an Update plans: the body and the query string it is sent with. */
export interface PlannedUpdate {
	body: IDataObject;
	qs?: IDataObject;
}

/** Notes the PATCH about to be sent (with Retry On Fail only). */
export function rememberUpdate(context: IExecuteFunctions, planned: PlannedUpdate): void {
	planBody(context, UPDATE_PLAN, planned as unknown as IDataObject);
}

/** The PATCH an earlier try of this item planned and may have sent (its answer lost), or undefined. */
export function earlierUpdate(context: IExecuteFunctions): PlannedUpdate | undefined {
	return earlierBody(context, UPDATE_PLAN) as PlannedUpdate | undefined;
}
