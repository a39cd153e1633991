import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { returnAllOrLimit, calendarDateField } from '../descriptions/sharedFields';
import { socialSetLocator } from '../../../common/socialSets';
import { getDateRange, getLimit, getSocialSetId } from '../params';
import { apiRequestAllItems } from '../../../common/transport';
import type { Access, OperationResult } from '../types';
import { postRows } from '../../helpers/analyticsRows';
import { analyticsPath, asRows, outputField, platformField, wantsRows } from './analyticsFields';
import { ANALYTICS_MAX_DAYS, ANALYTICS_PAGE_SIZE_MAX } from '../../../common/limits';
import { topPostsChartPicture } from '../../helpers/charts';
import { topPostsChartOption, wantedChart, withChart } from './chartOptions';
import { pictureFormatOption } from '../pictureFormat';

const fields: INodeProperties[] = [
	socialSetLocator,
	platformField,
	calendarDateField('startDate', 'Start Date', 'First day of posts to include'),
	calendarDateField(
		'endDate',
		'End Date',
		'Last day of posts to include; at most 366 days after the start counting both',
	),
	{
		displayName: 'Include Replies',
		name: 'includeReplies',
		type: 'boolean',
		default: false,
		description: 'Whether to include replies as well as posts',
	},
	...returnAllOrLimit(),
	outputField('One row per post'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [topPostsChartOption, pictureFormatOption],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getPosts'] } },
	fields,
);

/**
 * Post metrics in the date range, in pages of up to 100, in the order the service gives them; with Output
 * "Rows for a Database" one flat row per post (helpers/analyticsRows). With Top Posts Chart, the 10 posts read with
 * the highest engagement rate as a bar chart on the first item.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const { start, end } = getDateRange(this, itemIndex, ANALYTICS_MAX_DAYS);
	const includeReplies = this.getNodeParameter('includeReplies', itemIndex, false) as boolean;
	const limit = getLimit(this, itemIndex);
	const format = wantedChart(this, itemIndex, 'topPostsChart');
	const posts = await apiRequestAllItems<IDataObject>(
		this,
		{
			method: 'GET',
			path: analyticsPath(this, itemIndex, socialSetId, 'posts'),
			qs: { start_date: start, end_date: end, include_replies: includeReplies },
			itemIndex,
		},
		{ limit, pageSize: ANALYTICS_PAGE_SIZE_MAX },
	);
	const fetchedAt = new Date().toISOString();
	const items = wantsRows(this, itemIndex)
		? await asRows(this, itemIndex, () => postRows(posts, socialSetId, fetchedAt))
		: posts;
	if (!format) return items;
	return await withChart(
		this,
		items as IDataObject[],
		{
			picture: topPostsChartPicture(
				posts,
				{
					title: `Top posts by engagement rate, social set ${socialSetId}`,
					subtitle: `${start} to ${end}, X${includeReplies ? ', replies included' : ''}`,
				},
				format,
			),
			base: `top-posts-${socialSetId}-${start}-${end}`,
		},
		{ social_set_id: socialSetId, start_date: start, end_date: end, posts: 0 },
	);
}

export const access: Access = { kind: 'read' };
