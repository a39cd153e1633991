import type { INodeProperties } from 'n8n-workflow';
import { confirmField, gatedOperations } from '../confirm';
import type { Operations } from '../types';
import * as add from './add.operation';
import * as del from './delete.operation';
import * as update from './update.operation';

export const operations = { add, update, delete: del } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['comment'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a comment to a comment thread; returns the whole thread',
				action: 'Add a comment',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a comment (the first comment of a thread deletes the whole thread)',
				action: 'Delete a comment',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the text of a comment you wrote; returns the whole thread',
				action: 'Update a comment',
			},
		],
		default: 'add',
	},
	...add.description,
	...update.description,
	...del.description,
	// as an AI agent's tool, the operations that export a `gate` act only when confirmed
	confirmField('Delete acts', { resource: ['comment'], operation: gatedOperations(operations) }),
];
