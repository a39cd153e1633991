import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { echo } from '../../../common/text/echo';
import { secretsOf } from '../../../common/transport';
import { queueCalendarPicture } from '../../helpers/queueCalendar';
import type { PictureFormat } from '../../helpers/picture';
import { isKnownZone, socialSetTimeZoneAsGiven } from '../socialSetTimeZone';
import { getPictureFormat, withPicture } from '../pictureFormat';

/** Queue > Get Slots and Get Next Free Slots: the option that adds the calendar picture, and the picture on the first item. */

export const calendarPictureOption: INodeProperties = {
	displayName: 'Calendar Picture',
	name: 'calendarPicture',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the days as a calendar picture (in the social set's time zone, written as Picture Format says) to the first item, in the binary property 'data': filled slots with their draft's title and platforms, free slots marked",
};

/**
 * The format of the picture when the item asks for one, else undefined. Picture Format is read and checked either
 * way: a value it cannot take stops the item, picture or not.
 */
export function wantedCalendar(
	context: IExecuteFunctions,
	itemIndex: number,
): PictureFormat | undefined {
	const format = getPictureFormat(context, itemIndex);
	return context.getNodeParameter('options.calendarPicture', itemIndex, false) === true
		? format
		: undefined;
}

/** The social set's time zone for the picture; UTC, said in the picture, when the node cannot read it. */
export async function calendarZone(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<{ zone: string; label: string }> {
	const zone = await socialSetTimeZoneAsGiven(context, itemIndex, socialSetId);
	if (isKnownZone(zone)) return { zone, label: zone };
	const secrets = await secretsOf(context);
	return {
		zone: 'UTC',
		label: `UTC (the social set's time zone "${echo(zone, 60, secrets)}" is not one the node knows)`,
	};
}

export interface CalendarPicture {
	view: unknown;
	socialSetId: number;
	start: string;
	end: string;
	zone: { zone: string; label: string };
	title: string;
	format: PictureFormat;
}

/**
 * The items with the calendar on the first (binary property `data`, as Get Best Times puts its heat map);
 * with no items, one that says so (`empty`) carries it.
 */
export async function withCalendar(
	context: IExecuteFunctions,
	items: IDataObject[],
	picture: CalendarPicture,
	empty: IDataObject,
): Promise<INodeExecutionData[]> {
	const drawn = queueCalendarPicture(
		{
			view: picture.view,
			zone: picture.zone.zone,
			zoneLabel: picture.zone.label,
			title: picture.title,
			nowMs: Date.now(),
		},
		picture.format,
	);
	const base = `queue-${picture.socialSetId}-${picture.start}-${picture.end}`;
	return await withPicture(context, items, { picture: drawn, base }, empty);
}
