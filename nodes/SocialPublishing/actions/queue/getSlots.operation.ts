import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { getDateRange, getSocialSetId } from '../params';
import { readQueueView } from './queueView';
import { flattenQueueView } from '../../helpers/queue';
import { calendarDateField } from '../descriptions/sharedFields';
import type { Access, OperationResult } from '../types';
import { QUEUE_MAX_DAYS } from '../../../common/limits';
import { calendarPictureOption, calendarZone, wantedCalendar, withCalendar } from './calendar';
import { pictureFormatOption } from '../pictureFormat';

const fields: INodeProperties[] = [
	socialSetLocator,
	calendarDateField('startDate', 'Start Date', 'First day to show (included)'),
	calendarDateField(
		'endDate',
		'End Date',
		'Last day to show (included); at most 62 days after the start counting both',
	),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{
						name: 'One Item per Day',
						value: 'day',
						description: 'Each day with its slots and scheduled drafts',
					},
					{
						name: 'One Item per Slot',
						value: 'slot',
						description: 'Each slot or scheduled draft with its date',
					},
				],
				default: 'day',
			},
			calendarPictureOption,
			pictureFormatOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['queue'], operation: ['getSlots'] } },
	fields,
);

/**
 * The queue view: slots from the schedule (free when `draft` is null) and custom-time drafts, day by day; with
 * Calendar Picture, the days drawn as a calendar on the first item (the time zone read from the queue schedule).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const { start, end } = getDateRange(this, itemIndex, QUEUE_MAX_DAYS);
	const output = this.getNodeParameter('options.output', itemIndex, 'day') as string;
	const format = wantedCalendar(this, itemIndex);
	const view = await readQueueView(this, itemIndex, socialSetId, start, end);
	const items =
		output === 'slot'
			? flattenQueueView(view)
			: (view.days ?? []).map(
					(day) => ({ social_set_id: view.social_set_id, ...day }) as unknown as IDataObject,
				);
	if (!format) return items;
	return await withCalendar(
		this,
		items,
		{
			view,
			socialSetId,
			start,
			end,
			zone: await calendarZone(this, itemIndex, socialSetId),
			title: `Queue of social set ${socialSetId}`,
			format,
		},
		{ social_set_id: socialSetId, start_date: start, end_date: end, slots: 0 },
	);
}

export const access: Access = { kind: 'read' };
