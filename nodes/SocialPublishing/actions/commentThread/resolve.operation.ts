import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';
import { getThreadPath, threadLocatorFields } from './threadFields';
import { reconcileResolve } from './reconcile';

const fields: INodeProperties[] = [
	...threadLocatorFields(true),
	{
		displayName:
			'Resolving is one-way: a resolved thread cannot be reopened or get new comments, and its markers are removed from the draft text',
		name: 'resolveNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['commentThread'], operation: ['resolve'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { socialSetId, draftId, threadId } = getThreadPath(this, itemIndex);
	const path = endpoints.threadResolve(socialSetId, draftId, threadId);
	return await apiRequest(this, { method: 'POST', path, itemIndex });
}

export const access: Access = { kind: 'write', reconcile: reconcileResolve };
