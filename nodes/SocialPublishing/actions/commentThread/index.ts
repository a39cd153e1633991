import type { INodeProperties } from 'n8n-workflow';
import { confirmField, gatedOperations } from '../confirm';
import type { Operations } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getMany from './getMany.operation';
import * as resolve from './resolve.operation';

export const operations = { create, getMany, resolve, delete: del } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['commentThread'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Start a comment thread anchored to text in a draft post',
				action: 'Create a comment thread',
			},
			{
				name: 'Delete',
				value: 'delete',
				description:
					'Delete a comment thread with all its comments and remove its markers from the draft text',
				action: 'Delete a comment thread',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the comment threads of a draft',
				action: 'Get many comment threads',
			},
			{
				name: 'Resolve',
				value: 'resolve',
				description: 'Mark a comment thread as resolved and remove its markers from the draft text',
				action: 'Resolve a comment thread',
			},
		],
		default: 'create',
	},
	...create.description,
	...getMany.description,
	...resolve.description,
	...del.description,
	// as an AI agent's tool, the operations that export a `gate` act only when confirmed
	confirmField(
		'Resolve (one-way: it can end the review of the draft) and Delete (it removes the thread with all its comments) act',
		{
			resource: ['commentThread'],
			operation: gatedOperations(operations),
		},
	),
];
