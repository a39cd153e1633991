import type { INodeProperties } from 'n8n-workflow';
import { confirmField, gatedOperations } from '../confirm';
import type { Operations } from '../types';
import * as get from './get.operation';
import * as updateAltText from './updateAltText.operation';
import * as upload from './upload.operation';

export const operations = { upload, get, updateAltText } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['media'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the status, alt text and URLs of a media file',
				action: 'Get a media file',
			},
			{
				name: 'Update Alt Text',
				value: 'updateAltText',
				description: 'Set or clear the alt text of a media file',
				action: 'Update the alt text of a media file',
			},
			{
				name: 'Upload',
				value: 'upload',
				description:
					'Upload a file from a binary property and wait until it is ready to attach to drafts',
				action: 'Upload a media file',
			},
		],
		default: 'upload',
	},
	...upload.description,
	...get.description,
	...updateAltText.description,
	// as an AI agent's tool, the operations that export a `gate` act only when confirmed
	confirmField('Upload from a URL (the URL is read and the file uploaded) acts', {
		resource: ['media'],
		operation: gatedOperations(operations),
		inputSource: ['url'],
	}),
];
