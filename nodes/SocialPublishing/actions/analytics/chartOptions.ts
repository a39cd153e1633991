import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import type { Picture, PictureFormat } from '../../helpers/picture';
import { getPictureFormat, withPicture } from '../pictureFormat';

/** Analytics > Get Followers and Get Posts: the options that add a chart, and the chart on the first item. */

export const followersChartOption: INodeProperties = {
	displayName: 'Followers Chart',
	name: 'followersChart',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the series as a line chart (written as Picture Format says) to the first item, in the binary property 'data'",
};

export const topPostsChartOption: INodeProperties = {
	displayName: 'Top Posts Chart',
	name: 'topPostsChart',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the 10 posts read with the highest engagement rate (engagement / impressions) as a bar chart (written as Picture Format says) to the first item, in the binary property 'data'",
};

/**
 * The format of the chart named by the option when the item asks for it, else undefined. Picture Format is read
 * and checked either way: a value it cannot take stops the item, chart or not.
 */
export function wantedChart(
	context: IExecuteFunctions,
	itemIndex: number,
	option: 'followersChart' | 'topPostsChart',
): PictureFormat | undefined {
	const format = getPictureFormat(context, itemIndex);
	return context.getNodeParameter(`options.${option}`, itemIndex, false) === true
		? format
		: undefined;
}

/**
 * The items with the chart on the first (binary property `data`, as Get Best Times puts its heat map); with no
 * items, `empty` carries it.
 */
export async function withChart(
	context: IExecuteFunctions,
	items: IDataObject[],
	chart: { picture: Picture; base: string },
	empty: IDataObject,
): Promise<INodeExecutionData[]> {
	return await withPicture(context, items, chart, empty);
}
