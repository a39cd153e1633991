import type { IExecuteFunctions } from 'n8n-workflow';
import { getUuid } from '../params';
import { getThreadPath } from '../commentThread/threadFields';
import { endpoints } from '../../../common/transport/endpoints';

/** The path of one comment and its ID. */
export function getCommentPath(
	context: IExecuteFunctions,
	itemIndex: number,
): { path: string; commentId: string } {
	const { socialSetId, draftId, threadId } = getThreadPath(context, itemIndex);
	const commentId = getUuid(context, itemIndex, 'commentId', 'Comment ID');
	return { path: endpoints.threadComment(socialSetId, draftId, threadId, commentId), commentId };
}
