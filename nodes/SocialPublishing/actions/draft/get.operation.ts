import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult } from '../types';
import { draftIdField, excludeMarkersOption } from './fields/draftFields';
import { getDraft, getDraftTarget } from './draftRequests';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['get'] } },
	[
		socialSetLocator,
		draftIdField,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [excludeMarkersOption],
		},
	],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return await getDraft(
		this,
		itemIndex,
		target,
		options.excludeCommentMarkers === true ? { exclude_comment_markers: true } : undefined,
	);
}

export const access: Access = { kind: 'read' };
