import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** The six post platforms of a draft (X Article is a content type of its own). */
export const POST_PLATFORM_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Bluesky', value: 'bluesky' },
	{ name: 'LinkedIn', value: 'linkedin' },
	{ name: 'Mastodon', value: 'mastodon' },
	{ name: 'Substack', value: 'substack' },
	{ name: 'Threads', value: 'threads' },
	{ name: 'X', value: 'x' },
];

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Analytics', value: 'analytics' },
		{ name: 'Comment', value: 'comment' },
		{ name: 'Comment Thread', value: 'commentThread' },
		{ name: 'Draft', value: 'draft' },
		{ name: 'Media', value: 'media' },
		{ name: 'Queue', value: 'queue' },
		{ name: 'Social Set', value: 'socialSet' },
		{ name: 'Tag', value: 'tag' },
		{ name: 'User', value: 'user' },
	],
	default: 'draft',
};

/** Return All / Limit for a Get Many operation (Limit defaults to 50, as n8n's lint rules ask). */
export function returnAllOrLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** A date field of the queue and analytics operations: the date picker, YYYY-MM-DD typed in, or an expression. */
export function calendarDateField(
	name: string,
	displayName: string,
	description: string,
	required = true,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		required,
		default: '',
		placeholder: 'e.g. 2026-03-01',
		description,
		hint: "Only the calendar date counts (YYYY-MM-DD); the service reads it in the social set's time zone",
	};
}
