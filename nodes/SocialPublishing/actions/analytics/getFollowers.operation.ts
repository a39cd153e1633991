import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { DateTime } from 'luxon';
import { checkDateRange, getCalendarDate, getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import { inclusiveDays, rangeProblem, todayIn } from '../../helpers/dateRanges';
import { calendarDateField } from '../descriptions/sharedFields';
import { socialSetTimeZone } from '../socialSetTimeZone';
import { apiRequest } from '../../../common/transport';
import type { Access, OperationResult } from '../types';
import { followerRows } from '../../helpers/analyticsRows';
import { analyticsPath, asRows, outputField, platformField, wantsRows } from './analyticsFields';
import { ANALYTICS_MAX_DAYS } from '../../../common/limits';
import { followersChartPicture } from '../../helpers/charts';
import { followersChartOption, wantedChart, withChart } from './chartOptions';
import { pictureFormatOption } from '../pictureFormat';

const fields: INodeProperties[] = [
	socialSetLocator,
	platformField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			calendarDateField(
				'startDate',
				'Start Date',
				'First day of the series; default 29 days before the end date',
				false,
			),
			calendarDateField(
				'endDate',
				'End Date',
				"Last day of the series; default today in the social set's time zone",
				false,
			),
			followersChartOption,
			pictureFormatOption,
		],
	},
	outputField('One row per day of the series'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getFollowers'] } },
	fields,
);

/**
 * With only a Start Date the service ends the series today in the social set's time zone (Analytics: "end_date is
 * today in the social set timezone"), so that range is checked too. Today in any zone is within a day of today in
 * UTC: the zone is read only when the range is near a limit. With only an End Date the series starts 29 days before
 * it, 30 days in all, always within the limit.
 */
async function checkStartToToday(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	start: string,
): Promise<void> {
	const utcToday = DateTime.utc().startOf('day');
	const fits = (end: string) => rangeProblem(start, end, ANALYTICS_MAX_DAYS) === undefined;
	if ([-1, 1].every((days) => fits(utcToday.plus({ days }).toISODate() as string))) return;
	const zone = await socialSetTimeZone(context, itemIndex, socialSetId);
	const today = todayIn(zone || 'UTC');
	if ('problem' in today) return;
	const days = inclusiveDays(start, today.date);
	if (days < 1) {
		throw paramError(
			context,
			itemIndex,
			'Start Date',
			`is after today (${today.date} in ${zone}), the end of the series when End Date is empty; give an End Date or an earlier start`,
		);
	}
	if (days > ANALYTICS_MAX_DAYS) {
		throw paramError(
			context,
			itemIndex,
			'Start Date',
			`makes the range ${start} to today (${today.date} in ${zone}, the end when End Date is empty) span ${days} days; at most ${ANALYTICS_MAX_DAYS} days are allowed (both ends count)`,
		);
	}
}

/**
 * The daily followers series; without dates the service gives the 30 days ending today. With Output "Rows for
 * a Database" one row per date (helpers/analyticsRows). With Followers Chart, the series as a line chart on the first item.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const start = getCalendarDate(this, itemIndex, 'options.startDate', 'Start Date', false);
	const end = getCalendarDate(this, itemIndex, 'options.endDate', 'End Date', false);
	const format = wantedChart(this, itemIndex, 'followersChart');
	if (start && end)
		checkDateRange(
			this,
			itemIndex,
			{ start, end },
			{ endLabel: 'End Date', maxDays: ANALYTICS_MAX_DAYS },
		);
	else if (start) await checkStartToToday(this, itemIndex, socialSetId, start);
	const series = await apiRequest(this, {
		method: 'GET',
		path: analyticsPath(this, itemIndex, socialSetId, 'followers'),
		qs: { start_date: start, end_date: end },
		itemIndex,
	});
	const fetchedAt = new Date().toISOString();
	const items = wantsRows(this, itemIndex)
		? await asRows(this, itemIndex, () => followerRows(series, socialSetId, fetchedAt))
		: series;
	if (!format) return items;
	const range = start || end ? `${start ?? '30 days'} to ${end ?? 'today'}` : 'the last 30 days';
	return await withChart(
		this,
		Array.isArray(items) ? items : [items],
		{
			picture: followersChartPicture(
				series,
				{
					title: `Followers on X, social set ${socialSetId}`,
					subtitle: `${range}; daily count in the social set's time zone`,
				},
				format,
			),
			base: `followers-${socialSetId}${start ? `-${start}` : ''}${end ? `-${end}` : ''}`,
		},
		{ social_set_id: socialSetId, days: 0, message: 'No followers data in this range' },
	);
}

export const access: Access = { kind: 'read' };
