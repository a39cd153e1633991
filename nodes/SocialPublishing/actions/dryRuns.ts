import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiRequest } from '../../common/transport';
import { endpoints } from '../../common/transport/endpoints';
import { echo } from '../../common/transport/errors';
import { checkMediaUrl, displayUrl } from '../helpers/mediaFiles';
import type { QueueRule } from '../helpers/queue';
import { paramError } from '../helpers/validation';
import { getCommentPath } from './comment/commentPath';
import { getThreadPath } from './commentThread/threadFields';
import { getIntegerId, getSocialSetId } from './params';
import { readScheduleRules } from './queue/updateSchedule.operation';

/**
 * What the held-back operations other than the draft ones would do, for the tool's dry-run answer
 * (see confirm.ts). Each checks its parameters as the operation does, so bad input fails the same
 * way, and sends no write request.
 */

/** The closing sentence of every dry-run message. */
export const ASK_TO_CONFIRM =
	'Ask the user to confirm, then call this tool again with "confirm" set to true.';

function dryRun(
	resource: string,
	action: string,
	socialSetId: number,
	fields: IDataObject,
	would: string,
): IDataObject {
	return {
		dry_run: true,
		done: false,
		resource,
		action,
		social_set_id: socialSetId,
		...fields,
		message: `Nothing was done. This would ${would} in social set ${socialSetId}. ${ASK_TO_CONFIRM}`,
	};
}

const pad = (n: unknown): string => echo(n, 4).padStart(2, '0');

/** Rules a message lists at most; the rest are counted ("and 3 more"). */
const RULES_LISTED = 20;

/** Rules as a message lists them; the current ones come from the service, so each value is bounded. */
function describeRules(rules: QueueRule[]): string {
	if (!rules.length) return 'no rules';
	const list = rules
		.slice(0, RULES_LISTED)
		.map(
			(rule) =>
				`${pad(rule.h)}:${pad(rule.m)} ${Array.isArray(rule.days) ? echo(rule.days.join(', '), 60) : ''}`,
		);
	const more = rules.length - list.length;
	return `${rules.length} rule${rules.length === 1 ? '' : 's'} (${list.join('; ')}${more > 0 ? `; and ${more} more` : ''})`;
}

/** Queue > Update Schedule: the new rules, and the current ones read with GET (a read only). */
async function updateSchedule(context: IExecuteFunctions, itemIndex: number) {
	const socialSetId = getSocialSetId(context, itemIndex);
	const rules = readScheduleRules(context, itemIndex);
	const current = await apiRequest<{ rules?: QueueRule[] }>(context, {
		method: 'GET',
		path: endpoints.queueSchedule(socialSetId),
		itemIndex,
	});
	const currentRules = Array.isArray(current.rules) ? current.rules : [];
	const would = rules.length
		? `replace the whole queue schedule, now ${describeRules(currentRules)}, with ${describeRules(rules)}: every slot of the current rules goes`
		: `remove every slot of the queue (the schedule now has ${describeRules(currentRules)}), leaving it with no slots`;
	return dryRun(
		'queue',
		'updateSchedule',
		socialSetId,
		{
			rules: rules as unknown as IDataObject[],
			current_rules: currentRules as unknown as IDataObject[],
		},
		would,
	);
}

function deleteComment(context: IExecuteFunctions, itemIndex: number) {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	const { threadId } = getThreadPath(context, itemIndex);
	const { commentId } = getCommentPath(context, itemIndex);
	return dryRun(
		'comment',
		'delete',
		socialSetId,
		{ draft_id: draftId, thread_id: threadId, comment_id: commentId },
		`delete comment ${commentId} of comment thread ${threadId} on draft ${draftId} (if it is the thread's first comment, the whole thread and its markers go with it)`,
	);
}

function deleteThread(context: IExecuteFunctions, itemIndex: number) {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	const { threadId } = getThreadPath(context, itemIndex);
	return dryRun(
		'commentThread',
		'delete',
		socialSetId,
		{ draft_id: draftId, thread_id: threadId },
		`delete comment thread ${threadId} on draft ${draftId} with all its comments`,
	);
}

/** Media > Upload from a URL: the URL is shown without query string or fragment (they may hold tokens). */
function uploadFromUrl(context: IExecuteFunctions, itemIndex: number) {
	const socialSetId = getSocialSetId(context, itemIndex);
	const checked = checkMediaUrl(context.getNodeParameter('mediaUrl', itemIndex, ''));
	if ('problem' in checked) throw paramError(context, itemIndex, 'Media URL', checked.problem);
	const url = echo(displayUrl(checked.url));
	return dryRun(
		'media',
		'upload',
		socialSetId,
		{ url },
		`download ${url} and upload the file as media`,
	);
}

/** The dry-run answer of a held-back operation that is not a draft operation. */
export async function unconfirmedOtherAction(
	context: IExecuteFunctions,
	resource: string,
	itemIndex: number,
): Promise<IDataObject> {
	if (resource === 'queue') return await updateSchedule(context, itemIndex);
	if (resource === 'comment') return deleteComment(context, itemIndex);
	if (resource === 'commentThread') return deleteThread(context, itemIndex);
	if (resource === 'media') return uploadFromUrl(context, itemIndex);
	throw new NodeOperationError(context.getNode(), `No dry run for resource "${resource}"`, {
		itemIndex,
	});
}
