import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { getUuid } from '../params';

/** The Media ID field shared by Get and Update Alt Text. */
export const mediaIdField: INodeProperties = {
	displayName: 'Media ID',
	name: 'mediaId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b',
	description: 'The media UUID, as returned by Upload',
};

export function getMediaId(context: IExecuteFunctions, itemIndex: number): string {
	return getUuid(context, itemIndex, 'mediaId', 'Media ID');
}
