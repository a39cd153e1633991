import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DEFAULT_SEPARATOR } from '../../../helpers/content';
import { autoSplitField, checkLengthField, lengthLimitsField, numberPostsField } from './lengths';
import type { UploadSettings } from './media';
import { readUploadSettings } from './media';

const notForJson = { hide: { '/contentType': ['json'] } };

/** Content Options: the thread separator, alt texts of uploaded files, the upload timeout, the length check and Auto-Split. */
export const contentOptionsField: INodeProperties = {
	displayName: 'Content Options',
	name: 'contentOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { contentType: ['posts', 'xArticle', 'json'] } },
	options: [
		{
			displayName: 'Alt Texts',
			name: 'altTexts',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Alt Text',
			default: {},
			description: 'Alt text for files uploaded from binary properties',
			displayOptions: notForJson,
			options: [
				{
					displayName: 'Alt Text',
					name: 'altText',
					values: [
						{ displayName: 'Binary Property', name: 'binaryProperty', type: 'string', default: 'data' },
						{ displayName: 'Alt Text', name: 'altText', type: 'string', default: '' },
					],
				},
			],
		},
		autoSplitField,
		checkLengthField,
		lengthLimitsField,
		{
			displayName: 'Media Upload Timeout (Seconds)',
			name: 'uploadTimeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 120,
			description: 'How long to wait for each uploaded file to be processed',
			displayOptions: notForJson,
		},
		numberPostsField,
		{
			displayName: 'Thread Separator',
			name: 'threadSeparator',
			type: 'string',
			default: '---',
			description: 'A line holding only this text starts the next post (also used for Platform Texts). It must not start with "=", which n8n reads as an expression.',
			displayOptions: notForJson,
		},
	],
};

export interface ContentOptions {
	separator: string;
	upload: UploadSettings;
}

/** The thread separator and the upload settings of one item (the length options: lengths.ts). */
export function readContentOptions(context: IExecuteFunctions, itemIndex: number): ContentOptions {
	const options = context.getNodeParameter('contentOptions', itemIndex, {}) as IDataObject;
	const separator = typeof options.threadSeparator === 'string' && options.threadSeparator.trim() ? options.threadSeparator : DEFAULT_SEPARATOR;
	return { separator, upload: readUploadSettings(options) };
}
