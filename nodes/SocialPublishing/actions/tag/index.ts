import type { INodeProperties } from 'n8n-workflow';
import type { Operations } from '../types';
import * as create from './create.operation';
import * as getMany from './getMany.operation';

export const operations = { create, getMany } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tag'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a tag in a social set',
				action: 'Create a tag',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the tags of a social set',
				action: 'Get many tags',
			},
		],
		default: 'create',
	},
	...create.description,
	...getMany.description,
];
