import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../descriptions';
import { checkDateRange, getCalendarDate, getSocialSetId } from '../../helpers/params';
import { calendarDateField } from '../../helpers/ranges';
import { apiRequest } from '../../transport';
import type { OperationResult } from '../types';
import { ANALYTICS_MAX_DAYS, analyticsPath, platformField } from './fields';

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
			calendarDateField('startDate', 'Start Date', 'First day of the series; default 29 days before the end date', false),
			calendarDateField('endDate', 'End Date', 'Last day of the series; default today in the social set\'s time zone', false),
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['analytics'], operation: ['getFollowers'] } }, fields);

/** The daily followers series; without dates the service gives the 30 days ending today. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const start = getCalendarDate(this, itemIndex, 'options.startDate', 'Start Date', false);
	const end = getCalendarDate(this, itemIndex, 'options.endDate', 'End Date', false);
	if (start && end) checkDateRange(this, itemIndex, 'End Date', start, end, ANALYTICS_MAX_DAYS);
	return await apiRequest(this, {
		method: 'GET',
		path: analyticsPath(this, itemIndex, socialSetId, 'followers'),
		qs: { start_date: start, end_date: end },
		itemIndex,
	});
}
