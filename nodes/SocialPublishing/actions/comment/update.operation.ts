import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import {
	commentIdField,
	commentTextField,
	getBoundedText,
	threadLocatorFields,
} from '../commentThread/threadFields';
import type { Access, OperationResult } from '../types';
import { getCommentPath } from './commentPath';
import { COMMENT_TEXT_MAX } from '../../../common/limits';

const fields: INodeProperties[] = [
	...threadLocatorFields(true),
	commentIdField,
	{
		...commentTextField,
		description:
			'The new text of the comment (1 to 10,000 characters); only its author can edit a comment',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['update'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { path } = getCommentPath(this, itemIndex);
	const text = getBoundedText(this, itemIndex, 'text', 'Text', COMMENT_TEXT_MAX);
	return await apiRequest(this, { method: 'PATCH', path, body: { text }, itemIndex });
}

export const access: Access = { kind: 'write', sentAgain: 'PATCH text: the same text again' };
