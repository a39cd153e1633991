import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { earlierBody } from '../retry/planned';

/**
 * The name Update's PATCH is planned under for Retry On Fail (retry/planned.ts): its body and query, built
 * from the draft as read, are sent unchanged by a later try of the item.
 */
export const UPDATE_PLAN = 'draft PATCH';

/** The PATCH an Update plans: the body and the query string it is sent with. */
export interface PlannedUpdate {
	body: IDataObject;
	qs?: IDataObject;
}

/** The PATCH an earlier try of this item planned and may have sent (its answer lost), or undefined. */
export function earlierUpdate(context: IExecuteFunctions): PlannedUpdate | undefined {
	return earlierBody(context, UPDATE_PLAN) as PlannedUpdate | undefined;
}
