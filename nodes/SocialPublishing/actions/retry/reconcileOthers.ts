import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { foldCase } from '../../helpers/validation';
import { getCommentPath } from '../comment/commentPath';
import { getBoundedText, getThreadPath, getThreadsPath } from '../commentThread/threadFields';
import { getSocialSetId } from '../params';
import type { OperationResult } from '../types';
import { deleteOrGone, since } from './reconcileCommon';

/** Tag Create: a tag of that name (names are unique per social set) is the one an earlier try made. */
export async function reconcileTag(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	const tags = await apiRequestAllItems<IDataObject>(this, {
		method: 'GET',
		path: endpoints.tags(socialSetId),
		itemIndex,
	});
	return tags.find((tag) => foldCase(String(tag.name)) === foldCase(name));
}

async function threadsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string,
): Promise<IDataObject[]> {
	return await apiRequestAllItems<IDataObject>(context, {
		method: 'GET',
		path,
		qs: { status: 'all' },
		itemIndex,
	});
}

const comments = (thread: IDataObject) => (thread.comments ?? []) as IDataObject[];

/** Comment Thread Create: a thread on that text whose first comment has the same text, made since the try began. */
export async function reconcileThreadCreate(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
	taken: Set<string>,
): Promise<OperationResult | undefined> {
	const path = getThreadsPath(this, itemIndex);
	const selected = this.getNodeParameter('selectedText', itemIndex, '') as string;
	const text = getBoundedText(this, itemIndex, 'text', 'Text', Number.MAX_SAFE_INTEGER);
	return (await threadsOf(this, itemIndex, path)).find((thread) => {
		const first = comments(thread)[0];
		return (
			!taken.has(String(thread.id)) &&
			thread.selected_text === selected &&
			first?.text === text &&
			since(first.created_at, startedAtMs)
		);
	});
}

async function threadById(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const { threadId } = getThreadPath(context, itemIndex);
	const threads = await threadsOf(context, itemIndex, getThreadsPath(context, itemIndex));
	return threads.find((thread) => thread.id === threadId);
}

/** Comment Add: the thread already has a comment with that text, made since the try began. */
export async function reconcileCommentAdd(
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
): Promise<OperationResult | undefined> {
	const text = getBoundedText(this, itemIndex, 'text', 'Text', Number.MAX_SAFE_INTEGER);
	const thread = await threadById(this, itemIndex);
	const added = comments(thread ?? {}).some(
		(comment) => comment.text === text && since(comment.created_at, startedAtMs),
	);
	return added ? thread : undefined;
}

/** Comment Thread Resolve: a thread already resolved is done. */
export async function reconcileResolve(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const thread = await threadById(this, itemIndex);
	return thread?.status === 'resolved' ? thread : undefined;
}

/** Comment Thread Delete: sent again; 404 counts as done. */
export async function reconcileThreadDelete(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const { path, threadId } = getThreadPath(this, itemIndex);
	await deleteOrGone(this, itemIndex, path);
	return { deleted: true, id: threadId };
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
