import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** Analytics > Get Followers and Get Posts: the options that add a chart, and the chart on the first item. */

export const followersChartOption: INodeProperties = {
	displayName: 'Followers Chart',
	name: 'followersChart',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the series as a line chart (SVG) to the first item, in the binary property 'data'",
};

export const topPostsChartOption: INodeProperties = {
	displayName: 'Top Posts Chart',
	name: 'topPostsChart',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the 10 posts read with the highest engagement rate (engagement / impressions) as a bar chart (SVG) to the first item, in the binary property 'data'",
};

/** Whether the item asks for the chart named by the option. */
export function wantsChart(
	context: IExecuteFunctions,
	itemIndex: number,
	option: 'followersChart' | 'topPostsChart',
): boolean {
	return context.getNodeParameter(`options.${option}`, itemIndex, false) === true;
}

/**
 * The items with the chart on the first (binary property `data`, as Get Best Times puts its heat map); with no
 * items, `empty` carries it.
 */
export async function withChart(
	context: IExecuteFunctions,
	items: IDataObject[],
	chart: { svg: string; fileName: string },
	empty: IDataObject,
): Promise<INodeExecutionData[]> {
	const binary = {
		data: await context.helpers.prepareBinaryData(
			Buffer.from(chart.svg, 'utf8'),
			chart.fileName,
			'image/svg+xml',
		),
	};
	const list = items.length > 0 ? items : [empty];
	return list.map((json, index) => (index === 0 ? { json, binary } : { json }));
}
