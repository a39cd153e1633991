import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import type { OperationResult } from '../types';
import { getThreadPath, threadLocatorFields } from './threadFields';

const fields: INodeProperties[] = [...threadLocatorFields(true)];

export const description = updateDisplayOptions(
	{ show: { resource: ['commentThread'], operation: ['delete'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { path, threadId } = getThreadPath(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path, itemIndex });
	return { deleted: true, id: threadId };
}
