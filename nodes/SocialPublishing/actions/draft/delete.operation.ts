import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { apiRequest } from '../../../common/transport';
import type { Access, OperationResult, ToolGate } from '../types';
import { draftIdField } from './fields/draftFields';
import { getDraftTarget } from './draftRequests';
import { deleteDryRun } from './dryRuns';
import { reconcileDelete } from './reconcile';
import { toolGate } from '../toolRule';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['delete'] } },
	[
		socialSetLocator,
		{ ...draftIdField, description: 'ID of the draft to delete permanently, whatever its status' },
		{
			displayName: 'The draft is deleted permanently, whatever its status; this cannot be undone',
			name: 'deleteNotice',
			type: 'notice',
			default: '',
		},
	],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path: target.path, itemIndex });
	return { deleted: true, id: target.draftId };
}

export const access: Access = { kind: 'write', reconcile: reconcileDelete };

export const gate: ToolGate = toolGate({ deletes: true }, deleteDryRun);
