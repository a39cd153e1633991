import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import { commentIdField, getThreadPath, threadLocatorFields } from '../commentThread/threadFields';
import type { Access, OperationResult, ToolGate } from '../types';
import { getCommentPath } from './commentPath';
import { dryRunAnswer } from '../confirm';
import { getSocialSetId, getIntegerId } from '../params';
import { reconcileCommentDelete } from './reconcile';
import { toolGate } from '../toolRule';

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

export const access: Access = { kind: 'write', reconcile: reconcileCommentDelete };

/** As an AI agent's tool: the comment it would delete (a thread's first takes the whole thread). */
export const gate: ToolGate = toolGate({ deletes: true }, async (context, itemIndex) => {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	const { threadId } = getThreadPath(context, itemIndex);
	const { commentId } = getCommentPath(context, itemIndex);
	return dryRunAnswer(
		'comment',
		'delete',
		socialSetId,
		{ draft_id: draftId, thread_id: threadId, comment_id: commentId },
		`delete comment ${commentId} of comment thread ${threadId} on draft ${draftId} (if it is the thread's first comment, the whole thread and its markers go with it)`,
	);
});
