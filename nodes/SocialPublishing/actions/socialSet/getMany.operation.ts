import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { returnAllOrLimit } from '../descriptions/sharedFields';
import { getLimit } from '../params';
import { apiRequestAllItems } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';

const fields: INodeProperties[] = [...returnAllOrLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['socialSet'], operation: ['getMany'] } },
	fields,
);

/** Every social set the key can see (owned or through a team), in pages of up to 50. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const limit = getLimit(this, itemIndex);
	return await apiRequestAllItems<IDataObject>(
		this,
		{ method: 'GET', path: endpoints.socialSets(), itemIndex },
		{ limit },
	);
}

export const access: Access = { kind: 'read' };
