import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult } from '../types';
import { getMediaId, mediaIdField } from './mediaIdField';

const fields: INodeProperties[] = [
	socialSetLocator,
	mediaIdField,
	{
		displayName: 'Clear Alt Text',
		name: 'clearAltText',
		type: 'boolean',
		default: false,
		description: 'Whether to remove the alt text from the media instead of setting a new one',
	},
	{
		displayName: 'Alt Text',
		name: 'altText',
		type: 'string',
		typeOptions: { rows: 2 },
		required: true,
		default: '',
		description: 'Text that describes the media for people using screen readers',
		hint: 'Drafts copy alt text when media is attached: to change it on attached media, update the draft content again afterwards',
		displayOptions: { show: { clearAltText: [false] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['updateAltText'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const mediaId = getMediaId(this, itemIndex);
	const clear = this.getNodeParameter('clearAltText', itemIndex, false) as boolean;
	let altText: string | null = null;
	if (!clear) {
		altText = String(this.getNodeParameter('altText', itemIndex, '') ?? '');
		if (altText.trim() === '') {
			throw paramError(
				this,
				itemIndex,
				'Alt Text',
				'must not be empty; turn on "Clear Alt Text" to remove the alt text',
			);
		}
	}
	return await apiRequest(this, {
		method: 'PATCH',
		path: endpoints.media(socialSetId, mediaId),
		body: { alt_text: altText },
		itemIndex,
	});
}

export const access: Access = { kind: 'write', sentAgain: 'PATCH alt_text: the same value again' };
