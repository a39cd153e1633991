import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../../common/transport';
import { getBoundedText, getThreadPath, getThreadsPath } from './threadFields';
import type { OperationResult } from '../types';
import { deleteOrGone, since } from '../retryOnFail/reconcileCommon';

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

/** The comments of a thread as the service lists them. */
export const commentsOf = (thread: IDataObject) => (thread.comments ?? []) as IDataObject[];

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
		const first = commentsOf(thread)[0];
		return (
			!taken.has(String(thread.id)) &&
			thread.selected_text === selected &&
			first?.text === text &&
			since(first.created_at, startedAtMs)
		);
	});
}

/** The thread the item names, among its draft's threads (resolved ones included); undefined when gone. */
export async function threadById(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const { threadId } = getThreadPath(context, itemIndex);
	const threads = await threadsOf(context, itemIndex, getThreadsPath(context, itemIndex));
	return threads.find((thread) => thread.id === threadId);
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
