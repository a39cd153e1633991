import type { INodeProperties } from 'n8n-workflow';
import type { Operations } from '../types';
import * as getCurrent from './getCurrent.operation';

export const operations = { getCurrent } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Get Current',
				value: 'getCurrent',
				description: 'Get the user the API key belongs to',
				action: 'Get the current user',
			},
		],
		default: 'getCurrent',
	},
	...getCurrent.description,
];
