import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../../../common/text/echo';
import { pageShape, readAnswer } from '../../../common/transport';
import type { Page } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { paramMessage } from '../../helpers/validation';
import type { DraftTarget } from './draftRequests';

/**
 * Review before scheduling: the option "Require Resolved Comments" of Schedule, Publish Now and Update (with
 * Publish At), and its check, one read of the draft's unresolved comment threads before anything is sent
 * (spec: Comment threads, GET with status `unresolved`; Limits: page size max 50).
 */

export const REQUIRE_RESOLVED_LABEL = 'Require Resolved Comments';

export const requireResolvedOption: INodeProperties = {
	displayName: REQUIRE_RESOLVED_LABEL,
	name: 'requireResolvedComments',
	type: 'boolean',
	default: false,
	description:
		'Whether to refuse to publish or schedule the draft while it has unresolved comment threads, naming them; nothing is sent then. Costs one request.',
};

/** Threads named in the error at most (one page of the list, read once); the rest are counted. */
export const MAX_THREADS_NAMED = 5;

interface Thread {
	platform?: unknown;
	selected_text?: unknown;
	comments?: unknown;
}

/** One open thread, bounded: its platform, the text it is anchored on, its last comment and who wrote it. */
function describeThread(thread: Thread): string {
	const comments = Array.isArray(thread.comments) ? (thread.comments as IDataObject[]) : [];
	const last = comments.length ? comments[comments.length - 1] : undefined;
	const anchored =
		typeof thread.selected_text === 'string'
			? `on "${echo(thread.selected_text, 40)}"`
			: 'on the whole post';
	const author = (last?.user as IDataObject | undefined)?.name;
	const said = last
		? `, last comment${author ? ` by ${echo(author, 30)}` : ''}: "${echo(last.text, 60)}"`
		: '';
	return `${echo(thread.platform, 20)} ${anchored}${said}`;
}

/** What one read found: the first threads, and how many are open in all (from `count`, or more than listed). */
export interface OpenThreads {
	listed: Thread[];
	total: number;
	/** The service announced a next page without a count: more are open than listed. */
	more: boolean;
}

/** The answer the check reads (spec: Comment threads, GET; Paged envelope). */
const OPEN_THREADS = pageShape('unresolved comment threads');

/** One page of the draft's unresolved threads (at most MAX_THREADS_NAMED), whatever their number. */
export async function readOpenThreads(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
): Promise<OpenThreads> {
	// an answer that is not the paged list of threads refuses the write: it is not "no open threads"
	const page = await readAnswer<Page<Thread>>(
		context,
		{
			method: 'GET',
			path: endpoints.commentThreads(target.socialSetId, target.draftId),
			qs: { status: 'unresolved', limit: MAX_THREADS_NAMED, offset: 0 },
			itemIndex,
		},
		OPEN_THREADS,
	);
	const listed = page.results.slice(0, MAX_THREADS_NAMED);
	const count = typeof page.count === 'number' ? page.count : undefined;
	return {
		listed,
		total: Math.max(count ?? listed.length, listed.length),
		more: count === undefined && Boolean(page.next),
	};
}

/** The refusal: the parameter, the draft, each thread listed and how many more are open. */
export function openThreadsError(
	context: IExecuteFunctions,
	itemIndex: number,
	draftId: number,
	found: OpenThreads,
): NodeOperationError {
	const { listed, total, more } = found;
	const left = total - listed.length;
	const rest = left > 0 ? `; and ${left} more` : more ? '; and more' : '';
	const count = more ? `more than ${total}` : String(total);
	const problem = `is on and draft ${draftId} has ${count} unresolved comment thread${total === 1 && !more ? '' : 's'}: ${listed.map(describeThread).join('; ')}${rest}`;
	return new NodeOperationError(
		context.getNode(),
		paramMessage(itemIndex, REQUIRE_RESOLVED_LABEL, problem),
		{
			itemIndex,
			description:
				'Nothing was sent. Resolve the threads (Comment Thread > Resolve, or in the service) and run it again, or turn the option off.',
		},
	);
}

/** Refuses, before any write, a draft that has unresolved comment threads. */
export async function checkResolvedComments(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
): Promise<void> {
	const found = await readOpenThreads(context, itemIndex, target);
	if (found.total > 0 || found.more)
		throw openThreadsError(context, itemIndex, target.draftId, found);
}

/** Whether the item asked for the check (the option of its Options collection). */
export const requiresResolved = (options: IDataObject) => options.requireResolvedComments === true;
