import { DateTime } from 'luxon';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { getLimit, getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import { readQueueView } from './queueView';
import { freeSlots } from '../../helpers/queue';
import { endOfSpan, todayIn } from '../../helpers/dateRanges';
import { socialSetTimeZone } from '../socialSetTimeZone';
import type { Access, OperationResult } from '../types';
import { QUEUE_MAX_DAYS } from '../../../common/limits';
import { calendarPictureOption, calendarZone, wantedCalendar, withCalendar } from './calendar';
import { pictureFormatOption } from '../pictureFormat';

const fields: INodeProperties[] = [
	socialSetLocator,
	{
		displayName: 'Days to Look Ahead',
		name: 'days',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: QUEUE_MAX_DAYS, numberPrecision: 0 },
		default: 14,
		description: 'How many days, today included, to search for free slots (at most 62)',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [calendarPictureOption, pictureFormatOption],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['queue'], operation: ['getNextFreeSlots'] } },
	fields,
);

/**
 * Free queue slots from now on: reads the schedule for the social set's time zone, then the queue view
 * from today (in that zone) for the chosen number of days, and keeps the slots with no draft that are
 * still ahead. One item per slot, earliest first; with Calendar Picture, the days drawn as a calendar on the first
 * item (an item saying there is no free slot carries it when none is left).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const days = Number(this.getNodeParameter('days', itemIndex, 14));
	if (!Number.isInteger(days) || days < 1 || days > QUEUE_MAX_DAYS) {
		throw paramError(
			this,
			itemIndex,
			'Days to Look Ahead',
			`must be a whole number from 1 to ${QUEUE_MAX_DAYS}, got ${days}`,
		);
	}
	const limit = getLimit(this, itemIndex);
	const format = wantedCalendar(this, itemIndex);
	const timezone = await socialSetTimeZone(this, itemIndex, socialSetId);
	const today = todayIn(timezone);
	if ('problem' in today)
		throw paramError(
			this,
			itemIndex,
			'Social Set',
			`has a time zone the node cannot read: ${today.problem}`,
		);
	const view = await readQueueView(
		this,
		itemIndex,
		socialSetId,
		today.date,
		endOfSpan(today.date, days),
	);
	const items = freeSlots(view, Date.now(), limit).map((slot) => ({
		social_set_id: view.social_set_id ?? socialSetId,
		timezone,
		date: slot.date,
		at: slot.at,
		local_time: DateTime.fromISO(slot.at, { zone: timezone }).toISO({ suppressMilliseconds: true }),
	}));
	if (!format) return items;
	const end = endOfSpan(today.date, days);
	return await withCalendar(
		this,
		items,
		{
			view,
			socialSetId,
			start: today.date,
			end,
			zone: await calendarZone(this, itemIndex, socialSetId),
			title: `Free slots of social set ${socialSetId}, next ${days} days`,
			format,
		},
		{
			social_set_id: socialSetId,
			timezone,
			free_slots: 0,
			message: `No free slot from ${today.date} to ${end}`,
		},
	);
}

export const access: Access = { kind: 'read' };
