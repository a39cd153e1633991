import type { INodeProperties } from 'n8n-workflow';
import { confirmField, gatedOperations } from '../confirm';
import type { Operations } from '../types';
import * as getNextFreeSlots from './getNextFreeSlots.operation';
import * as getSchedule from './getSchedule.operation';
import * as getSlots from './getSlots.operation';
import * as updateSchedule from './updateSchedule.operation';

export const operations = {
	getSchedule,
	updateSchedule,
	getSlots,
	getNextFreeSlots,
} satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['queue'] } },
		options: [
			{
				name: 'Get Next Free Slots',
				value: 'getNextFreeSlots',
				description: 'Get the next queue slots that no draft occupies yet',
				action: 'Get next free queue slots',
			},
			{
				name: 'Get Schedule',
				value: 'getSchedule',
				description: 'Get the recurring slot rules of the queue',
				action: 'Get the queue schedule',
			},
			{
				name: 'Get Slots',
				value: 'getSlots',
				description: 'Get the queue slots and scheduled drafts between two dates',
				action: 'Get queue slots',
			},
			{
				name: 'Update Schedule',
				value: 'updateSchedule',
				description: 'Replace the recurring slot rules of the queue',
				action: 'Update the queue schedule',
			},
		],
		default: 'getSchedule',
	},
	...getSchedule.description,
	...updateSchedule.description,
	...getSlots.description,
	...getNextFreeSlots.description,
	// as an AI agent's tool, the operations that export a `gate` act only when confirmed
	confirmField('Update Schedule (it replaces every slot of the queue) acts', {
		resource: ['queue'],
		operation: gatedOperations(operations),
	}),
];
