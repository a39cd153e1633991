import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult, ToolGate } from '../types';
import { getThreadPath, threadLocatorFields } from './threadFields';
import { dryRunAnswer } from '../confirm';
import { getIntegerId, getSocialSetId } from '../params';
import { reconcileResolve } from './reconcile';
import { toolGate } from '../toolRule';

const fields: INodeProperties[] = [
	...threadLocatorFields(true),
	{
		displayName:
			'Resolving is one-way: a resolved thread cannot be reopened or get new comments, and its markers are removed from the draft text',
		name: 'resolveNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['commentThread'], operation: ['resolve'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { socialSetId, draftId, threadId } = getThreadPath(this, itemIndex);
	const path = endpoints.threadResolve(socialSetId, draftId, threadId);
	return await apiRequest(this, { method: 'POST', path, itemIndex });
}

export const access: Access = { kind: 'write', reconcile: reconcileResolve };

/** Why Resolve waits, in its dry-run answer. */
const REVIEW_ENDS =
	'Resolving is one-way, and a draft whose threads are all resolved may be scheduled: a review ends when people say so.';

/**
 * As an AI agent's tool: held back, as a publish is (actions/toolRule.ts, `endsReview`). Resolving is one-way,
 * and the last open thread resolved lets the draft be scheduled under Require Resolved Comments and starts a
 * workflow waiting on Comments All Resolved: whether a review is over is for people to say, not the model.
 */
export const gate: ToolGate = toolGate({ endsReview: true }, async (context, itemIndex) => {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	const { threadId } = getThreadPath(context, itemIndex);
	return dryRunAnswer(
		'commentThread',
		'resolve',
		socialSetId,
		{ draft_id: draftId, thread_id: threadId },
		{
			would: `resolve comment thread ${threadId} of draft ${draftId}`,
			why: REVIEW_ENDS,
		},
	);
});
