import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { getSocialSetId } from '../params';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult } from '../types';
import { getMediaId, mediaIdField } from './mediaIdField';

const fields: INodeProperties[] = [socialSetLocator, mediaIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['get'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const mediaId = getMediaId(this, itemIndex);
	return await apiRequest(this, {
		method: 'GET',
		path: endpoints.media(socialSetId, mediaId),
		itemIndex,
	});
}

export const access: Access = { kind: 'read' };
