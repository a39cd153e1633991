import type { NodeOperationError } from 'n8n-workflow';

/**
 * What a check does with a problem it finds: stop the item (the default), or, for Validate Only, note it and go
 * on so that every problem of the item is listed.
 */
export type Report = (error: NodeOperationError) => void;

export const stopAtFirst: Report = (error) => {
	throw error;
};
