import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { PlatformEntry, PostPlatform } from '../../common/platforms';
import { platformEntry, platformsWhere, postPlatforms } from '../../common/platforms';

/** Platform pickers: the given platforms by name, sorted by name (as n8n's lint asks). */
export function platformOptions(platforms: readonly PostPlatform[]): INodePropertyOptions[] {
	return platforms
		.map((platform) => ({ name: platformEntry(platform).name, value: platform }))
		.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every post platform of a draft (X Article is a content type of its own). */
export const POST_PLATFORM_OPTIONS: INodePropertyOptions[] = platformOptions(postPlatforms());

/** Smallest first, none last; ties keep the table's order. */
function byLimit(a: number | undefined, b: number | undefined): number {
	return (a ?? Infinity) - (b ?? Infinity) || 0;
}

function entries(): PlatformEntry[] {
	return postPlatforms().map(platformEntry);
}

/** "X 280 (weighted), Bluesky 300, …, Substack none": each default length limit, smallest first. */
export const LENGTH_LIMITS_HELP = entries()
	.sort((a, b) => byLimit(a.length.limit, b.length.limit))
	.map(
		({ name, length: { limit, note } }) => `${name} ${limit ?? 'none'}${note ? ` (${note})` : ''}`,
	)
	.join(', ');

/** "X 4 images or 1 video or GIF, …, Substack none": each media rule, fewest media first (then by length limit). */
export const MEDIA_LIMITS_HELP = entries()
	.sort((a, b) => byLimit(a.media.max, b.media.max) || byLimit(a.length.limit, b.length.limit))
	.map(({ name, media }) => `${name} ${media.help}`)
	.join(', ');

/** "LinkedIn and Substack": the platforms that take a single post. */
export const SINGLE_POST_NAMES = joinNames(
	platformsWhere((entry) => entry.singlePost).map((platform) => platformEntry(platform).name),
);

function joinNames(names: string[]): string {
	return names.length <= 1
		? (names[0] ?? '')
		: `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

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
