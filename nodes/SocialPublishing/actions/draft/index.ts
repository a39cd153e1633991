import type { INodeProperties } from 'n8n-workflow';
import { confirmField, gatedOperations } from '../confirm';
import type { Operations } from '../types';
import * as create from './create.operation';
import * as deleteDraft from './delete.operation';
import * as duplicate from './duplicate.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as plan from './plan.operation';
import * as publishNow from './publishNow.operation';
import * as schedule from './schedule.operation';
import * as unschedule from './unschedule.operation';
import * as update from './update.operation';

export const operations = {
	create,
	delete: deleteDraft,
	duplicate,
	get,
	getMany,
	plan,
	publishNow,
	schedule,
	unschedule,
	update,
} satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['draft'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a draft (optionally planned, scheduled or published)',
				action: 'Create a draft',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Permanently delete a draft, whatever its status',
				action: 'Delete a draft',
			},
			{
				name: 'Duplicate',
				value: 'duplicate',
				description:
					'Copy a draft (any status, published too) into a new draft, optionally scheduled in the next free slot or at a date',
				action: 'Duplicate a draft',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a draft with its content',
				action: 'Get a draft',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List drafts of a social set',
				action: 'Get many drafts',
			},
			{
				name: 'Plan',
				value: 'plan',
				description: 'Give a draft a date without publishing it; it waits until scheduled',
				action: 'Plan a draft',
			},
			{
				name: 'Publish Now',
				value: 'publishNow',
				description: 'Publish a draft to its platforms immediately',
				action: 'Publish a draft now',
			},
			{
				name: 'Schedule',
				value: 'schedule',
				description:
					'Schedule a draft to be published automatically at a date or the next free queue slot',
				action: 'Schedule a draft',
			},
			{
				name: 'Unschedule',
				value: 'unschedule',
				description: 'Remove the date of a planned or scheduled draft',
				action: 'Unschedule a draft',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the content or fields of a draft',
				action: 'Update a draft',
			},
		],
		default: 'create',
	},
	...create.description,
	...deleteDraft.description,
	...duplicate.description,
	...get.description,
	...getMany.description,
	...plan.description,
	...publishNow.description,
	...schedule.description,
	...unschedule.description,
	...update.description,
	// as an AI agent's tool, the operations that export a `gate` act only when confirmed
	confirmField(
		'Publish Now, Schedule, Unschedule, Delete, Duplicate into a slot or at a date, Create or Update with "Publish At", with "Share" on (a public link) or with Media URLs (each URL is read and the file uploaded), and Update or Plan of a draft that is scheduled or being published act',
		{ resource: ['draft'], operation: gatedOperations(operations) },
	),
];
