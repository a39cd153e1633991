import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { calendarDateField } from '../descriptions/sharedFields';
import { socialSetLocator } from '../../../common/socialSets';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult, ToolGate } from '../types';
import { toolGate } from '../toolRule';
import { platformField } from './analyticsFields';
import {
	MAX_POSTS_LIMIT,
	WEEK_SLOTS,
	computeBestTimes,
	heatMapOf,
	notEnoughItem,
	readBestTimesRequest,
	rulesToApply,
	slotItem,
} from './bestTimes';
import { bestTimesDryRun } from './bestTimesDryRun';
import { getPictureFormat, pictureBinary, pictureFormatOption } from '../pictureFormat';

const fields: INodeProperties[] = [
	socialSetLocator,
	platformField,
	calendarDateField('startDate', 'Start Date', 'First day of posts to learn from'),
	calendarDateField(
		'endDate',
		'End Date',
		'Last day of posts to learn from; at most 366 days after the start counting both',
	),
	{
		displayName: 'Minimum Posts Per Slot',
		name: 'minPostsPerSlot',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_POSTS_LIMIT, numberPrecision: 0 },
		default: 3,
		description:
			'Weekday-hour slots with fewer posts than this are not ranked: a median of one or two posts is no answer',
	},
	{
		displayName: 'Apply as Queue Schedule',
		name: 'applyToQueue',
		type: 'boolean',
		default: false,
		description:
			'Whether to replace the queue schedule with the best slots, as Queue > Update Schedule does (needs ADMIN access)',
	},
	{
		displayName:
			'This replaces the whole queue schedule with the best slots, each on the hour: every current rule goes. If fewer slots qualify than asked for, nothing is written and the node stops with an error.',
		name: 'applyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { applyToQueue: [true] } },
	},
	{
		displayName: 'Number of Slots',
		name: 'numberOfSlots',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: WEEK_SLOTS, numberPrecision: 0 },
		default: 5,
		description: 'How many of the best weekday-hour slots become the queue schedule',
		displayOptions: { show: { applyToQueue: [true] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Replies',
				name: 'includeReplies',
				type: 'boolean',
				default: false,
				description: 'Whether replies count as well as posts',
			},
			{
				displayName: 'Max Posts',
				name: 'maxPosts',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_POSTS_LIMIT, numberPrecision: 0 },
				default: 5000,
				description:
					'Most posts to read (in pages of 100); a range holding more stops with an error instead of ranking part of it',
			},
			pictureFormatOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getBestTimes'] } },
	fields,
);

/**
 * The weekday-hour slots of the range ranked by median engagement rate, one item each, the heat map on the
 * first (binary property `data`, PNG or SVG as Picture Format says); with Apply as Queue Schedule, the best Number of Slots slots are written as the
 * queue schedule with Queue > Update Schedule's request (`PUT .../queue/schedule`, body `rules`).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const request = readBestTimesRequest(this, itemIndex);
	const format = getPictureFormat(this, itemIndex);
	const result = await computeBestTimes(this, itemIndex, request);
	const rules =
		request.apply === undefined ? undefined : rulesToApply(this, itemIndex, result, request.apply);
	const binary = await pictureBinary(
		this,
		heatMapOf(result, format),
		`best-times-${request.socialSetId}-${request.start}-${request.end}`,
	);
	if (result.ranked.length === 0) return [{ json: notEnoughItem(result), binary }];
	const items: IDataObject[] = result.ranked.map((slot, index) =>
		slotItem(slot, index + 1, result.zone),
	);
	if (rules && request.apply !== undefined) {
		const schedule = await apiRequest<IDataObject>(this, {
			method: 'PUT',
			path: endpoints.queueSchedule(request.socialSetId),
			body: { rules },
			itemIndex,
		});
		items.forEach((item, index) => (item.in_queue_schedule = index < (request.apply as number)));
		items[0].queue_schedule = schedule;
	}
	return items.map((json, index) => (index === 0 ? { json, binary } : { json }));
}

/** A read unless Apply as Queue Schedule is on; then a PUT of the whole schedule, as Queue > Update Schedule. */
export const access: Access = {
	kind: 'write',
	sentAgain:
		'PUT of the whole schedule (only with Apply as Queue Schedule): the same schedule again',
};

/** As an AI agent's tool, Apply as Queue Schedule replaces every slot of the queue, so it is held back. */
export const gate: ToolGate = toolGate(
	{
		replacesQueue: (context, itemIndex) =>
			context.getNodeParameter('applyToQueue', itemIndex, false) === true,
	},
	bestTimesDryRun,
);
