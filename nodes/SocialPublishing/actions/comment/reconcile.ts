import type { IExecuteFunctions } from 'n8n-workflow';
import { getBoundedText } from '../commentThread/threadFields';
import { commentsOf, threadById } from '../commentThread/reconcile';
import type { OperationResult } from '../types';
import { deleteOrGone, since } from '../retryOnFail/reconcileCommon';
import { getCommentPath } from './commentPath';

/** Comment Add: the thread already has a comment with that text, made since the try began. */
export async function reconcileCommentAdd(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
): Promise<OperationResult | undefined> {
	const text = getBoundedText(this, itemIndex, 'text', 'Text', Number.MAX_SAFE_INTEGER);
	const thread = await threadById(this, itemIndex);
	const added = commentsOf(thread ?? {}).some(
		(comment) => comment.text === text && since(comment.created_at, startedAtMs),
	);
	return added ? thread : undefined;
}

/** Comment Delete: sent again; 404 counts as done. */
export async function reconcileCommentDelete(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const { path, commentId } = getCommentPath(this, itemIndex);
	await deleteOrGone(this, itemIndex, path);
	return { deleted: true, id: commentId };
}
