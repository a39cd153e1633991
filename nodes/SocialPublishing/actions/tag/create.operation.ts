import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';
import { TAG_NAME_MAX } from '../../../common/limits';
import { reconcileTag } from './reconcile';

const fields: INodeProperties[] = [
	socialSetLocator,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Weekly Tips',
		description:
			'Name of the tag, 1 to 32 characters, unique in the social set. The service derives the slug drafts use from it.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['tag'], operation: ['create'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	const length = [...name].length;
	if (length < 1 || length > TAG_NAME_MAX) {
		throw paramError(
			this,
			itemIndex,
			'Name',
			`must be 1 to ${TAG_NAME_MAX} characters long, got ${length}`,
		);
	}
	return await apiRequest(this, {
		method: 'POST',
		path: endpoints.tags(socialSetId),
		body: { name },
		itemIndex,
	});
}

export const access: Access = { kind: 'write', reconcile: reconcileTag };
