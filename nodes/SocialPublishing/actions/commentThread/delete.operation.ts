import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import type { Access, OperationResult, ToolGate } from '../types';
import { getThreadPath, threadLocatorFields } from './threadFields';
import { dryRunAnswer } from '../confirm';
import { getSocialSetId, getIntegerId } from '../params';
import { reconcileThreadDelete } from './reconcile';
import { toolGate } from '../toolRule';

const fields: INodeProperties[] = [...threadLocatorFields(true)];

export const description = updateDisplayOptions(
	{ show: { resource: ['commentThread'], operation: ['delete'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { path, threadId } = getThreadPath(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path, itemIndex });
	return { deleted: true, id: threadId };
}

export const access: Access = { kind: 'write', reconcile: reconcileThreadDelete };

/** As an AI agent's tool: the thread it would delete, with all its comments. */
export const gate: ToolGate = toolGate({ deletes: true }, async (context, itemIndex) => {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	const { threadId } = getThreadPath(context, itemIndex);
	return dryRunAnswer(
		'commentThread',
		'delete',
		socialSetId,
		{ draft_id: draftId, thread_id: threadId },
		`delete comment thread ${threadId} on draft ${draftId} with all its comments`,
	);
});
