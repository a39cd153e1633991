import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { getSocialSetId } from '../params';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';

const fields: INodeProperties[] = [socialSetLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['socialSet'], operation: ['get'] } },
	fields,
);

/** The social set detail: list fields plus every platform account and the publishing quota. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	return await apiRequest(this, {
		method: 'GET',
		path: endpoints.socialSet(socialSetId),
		itemIndex,
	});
}

export const access: Access = { kind: 'read' };
