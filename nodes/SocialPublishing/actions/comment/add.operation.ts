import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import {
	commentTextField,
	getBoundedText,
	getThreadPath,
	threadLocatorFields,
} from '../commentThread/threadFields';
import type { Access, OperationResult } from '../types';
import { reconcileCommentAdd } from './reconcile';
import { COMMENT_TEXT_MAX } from '../../../common/limits';

const fields: INodeProperties[] = [...threadLocatorFields(true), commentTextField];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['add'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { socialSetId, draftId, threadId } = getThreadPath(this, itemIndex);
	const text = getBoundedText(this, itemIndex, 'text', 'Text', COMMENT_TEXT_MAX);
	return await apiRequest(this, {
		method: 'POST',
		path: endpoints.threadComments(socialSetId, draftId, threadId),
		body: { text },
		itemIndex,
	});
}

export const access: Access = { kind: 'write', reconcile: reconcileCommentAdd };
