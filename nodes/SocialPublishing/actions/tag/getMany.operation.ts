import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { returnAllOrLimit } from '../descriptions/sharedFields';
import { socialSetLocator } from '../../../common/socialSets';
import { getLimit, getSocialSetId } from '../params';
import { apiRequestAllItems } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';

const fields: INodeProperties[] = [socialSetLocator, ...returnAllOrLimit()];

export const description = updateDisplayOptions(
	{ show: { resource: ['tag'], operation: ['getMany'] } },
	fields,
);

/** Tags of the social set, ordered by slug, in pages of up to 50. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const limit = getLimit(this, itemIndex);
	return await apiRequestAllItems<IDataObject>(
		this,
		{ method: 'GET', path: endpoints.tags(socialSetId), itemIndex },
		{ limit },
	);
}

export const access: Access = { kind: 'read' };
