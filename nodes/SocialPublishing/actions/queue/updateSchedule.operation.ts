import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { DAY_CODES } from '../../helpers/queue';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult, ToolGate } from '../types';
import { updateScheduleDryRun } from './scheduleDryRun';
import { toolGate } from '../toolRule';
import { planSchedule } from './schedulePlan';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const fields: INodeProperties[] = [
	socialSetLocator,
	{
		displayName:
			'This replaces the whole queue schedule and needs ADMIN access to the social set. An empty rule list is allowed and removes every slot: the queue then has no slots.',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Rules Input',
		name: 'rulesInput',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: 'Add one rule per time of day' },
			{
				name: 'Using JSON',
				value: 'json',
				description: 'Give the rules as JSON, e.g. from Get Schedule',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Rules',
		name: 'rules',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Rule',
		default: {},
		description:
			"Times of day with the weekdays they repeat on, in the social set's time zone; with no rules the queue has no slots",
		displayOptions: { show: { rulesInput: ['fields'] } },
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					{
						displayName: 'Hour',
						name: 'hour',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 23, numberPrecision: 0 },
						default: 9,
						description: 'Hour of the slot, 0 to 23',
					},
					{
						displayName: 'Minute',
						name: 'minute',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 59, numberPrecision: 0 },
						default: 0,
						description: 'Minute of the slot, 0 to 59',
					},
					{
						displayName: 'Days',
						name: 'days',
						type: 'multiOptions',
						options: DAY_CODES.map((code, index) => ({ name: DAY_NAMES[index], value: code })),
						default: ['mon', 'tue', 'wed', 'thu', 'fri'],
						description: 'Weekdays the slot repeats on',
					},
				],
			},
		],
	},
	{
		displayName: 'Rules (JSON)',
		name: 'rulesJson',
		type: 'json',
		default: '[\n  { "h": 9, "m": 30, "days": ["mon", "tue", "wed", "thu", "fri"] }\n]',
		description:
			'A list of rules with h (0-23), m (0-59) and days (mon to sun), or a whole schedule as Get Schedule returns it',
		hint: 'An empty list [] removes every slot',
		displayOptions: { show: { rulesInput: ['json'] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['queue'], operation: ['updateSchedule'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { socialSetId, rules } = planSchedule(this, itemIndex);
	return await apiRequest(this, {
		method: 'PUT',
		path: endpoints.queueSchedule(socialSetId),
		body: { rules },
		itemIndex,
	});
}

export const access: Access = {
	kind: 'write',
	sentAgain: 'PUT of the whole schedule: the same schedule again',
};

/** As an AI agent's tool: it replaces every slot of the queue, so it is held back. */
export const gate: ToolGate = toolGate({ replacesQueue: true }, updateScheduleDryRun);
