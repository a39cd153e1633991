import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * The Options collection of Create, Update, Schedule and Publish Now (waiting for a publish, Require Resolved
 * Comments, …): read once per item by the operations that have it, and handed to whoever needs one of them.
 */
export function readOperationOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return context.getNodeParameter('options', itemIndex, {}) as IDataObject;
}
