import type { IExecuteFunctions } from 'n8n-workflow';
import { getUuid } from '../params';
import { getThreadPath } from '../commentThread/common';

/** The path of one comment and its ID. */
export function getCommentPath(
	context: IExecuteFunctions,
	itemIndex: number,
): { path: string; commentId: string } {
	const { path } = getThreadPath(context, itemIndex);
	const commentId = getUuid(context, itemIndex, 'commentId', 'Comment ID');
	return { path: `${path}/comments/${commentId}`, commentId };
}
