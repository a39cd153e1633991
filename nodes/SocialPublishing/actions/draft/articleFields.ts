import type { INodeProperties } from 'n8n-workflow';
import { autoSplitField, checkLengthField, lengthLimitsField, numberPostsField } from './lengths';

/** X Article and raw Platforms JSON content fields of Create and Update. */
export const articleAndJsonFields: INodeProperties[] = [
	{
		displayName: 'Article Markdown',
		name: 'articleMarkdown',
		type: 'string',
		typeOptions: { rows: 10 },
		default: '',
		required: true,
		description: 'The X Article in Markdown; embeds use self-closing svc:media (media_id) and svc:x-post (URL) tags',
		displayOptions: { show: { contentType: ['xArticle'] } },
	},
	{
		displayName: 'Article Options',
		name: 'articleOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { contentType: ['xArticle'] } },
		options: [
			{ displayName: 'Cover Binary Property', name: 'coverBinaryProperty', type: 'string', default: '', description: 'Binary property of the input item to upload and use as the cover' },
			{ displayName: 'Cover Media ID', name: 'coverMediaId', type: 'string', default: '', description: 'ID (UUID) of uploaded media used as the cover' },
		],
	},
	{
		displayName: 'Platforms JSON',
		name: 'platformsJson',
		type: 'json',
		default: '{\n  "x": { "enabled": true, "posts": [{ "text": "Hello" }], "settings": {} }\n}',
		required: true,
		description: 'The platforms object as the API specification defines it (Platform configuration)',
		displayOptions: { show: { contentType: ['json'] } },
	},
];

const notForJson = { hide: { '/contentType': ['json'] } };

/** Thread separator, alt texts of uploaded files, the upload timeout, and the length check and Auto-Split. */
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
