import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import { commentIdField, threadLocatorFields } from '../commentThread/threadFields';
import type { OperationResult } from '../types';
import { getCommentPath } from './commentPath';

const fields: INodeProperties[] = [
	...threadLocatorFields(true),
	commentIdField,
	{
		displayName:
			'Deleting the first (root) comment of a thread deletes the whole thread and its markers',
		name: 'rootNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['delete'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { path, commentId } = getCommentPath(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path, itemIndex });
	return { deleted: true, id: commentId };
}
