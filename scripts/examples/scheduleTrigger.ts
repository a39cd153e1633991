/**
 * Stand-in for n8n's Schedule Trigger (v1.2), so that a workflow started by a schedule loads in-process
 * (`npm start`, the example tests). It knows the rule the examples set (weeks: weekdays and hour) and runs
 * no schedule: the examples that have one also have a Manual Trigger, which is where n8n's `execute`
 * command, `npm start` and the tests start them. Activated in real n8n, the real node runs the schedule.
 */
import type { INodeType, ITriggerFunctions, ITriggerResponse } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { describe } from './standIn';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export class ScheduleTriggerStandIn implements INodeType {
	description = describe({
		displayName: 'Schedule Trigger',
		name: 'scheduleTrigger',
		group: ['trigger', 'schedule'],
		version: [1, 1.1, 1.2],
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Trigger Rules',
				name: 'rule',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: { interval: [{ field: 'days' }] },
				options: [
					{
						displayName: 'Trigger Interval',
						name: 'interval',
						values: [
							{
								displayName: 'Trigger Interval',
								name: 'field',
								type: 'options',
								options: [{ name: 'Weeks', value: 'weeks' }],
								default: 'days',
							},
							{
								displayName: 'Weeks Between Triggers',
								name: 'weeksInterval',
								type: 'number',
								displayOptions: { show: { field: ['weeks'] } },
								default: 1,
							},
							{
								displayName: 'Trigger on Weekdays',
								name: 'triggerAtDay',
								type: 'multiOptions',
								displayOptions: { show: { field: ['weeks'] } },
								options: WEEKDAYS.map((name, value) => ({ name, value })),
								default: [0],
							},
							{
								displayName: 'Trigger at Hour',
								name: 'triggerAtHour',
								type: 'options',
								options: Array.from({ length: 24 }, (_, hour) => ({
									name: `${hour}:00`,
									value: hour,
								})),
								default: 0,
							},
						],
					},
				],
			},
		],
	});

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		throw new NodeOperationError(
			this.getNode(),
			'The in-process stand-in for "n8n-nodes-base.scheduleTrigger" runs no schedule; start the workflow from its Manual Trigger, or activate it in n8n',
		);
	}
}
