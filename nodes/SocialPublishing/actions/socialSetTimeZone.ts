import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { runOf } from '../../common/run';
import { echo } from '../../common/text/echo';
import { queueScheduleShape, readAnswer, secretsOf } from '../../common/transport';
import { endpoints } from '../../common/transport/endpoints';

/** Time zones read in this node run, per social set: one request per set at most, shared by the items in flight. */
const zoneCache = new WeakMap<object, Map<number, Promise<string>>>();

/** Characters of a time zone name the node tries (the longest IANA names have about 30). */
const ZONE_NAME_LIMIT = 64;

/** Whether the node can count days and hours in `zone` (an IANA name luxon knows). */
export const isKnownZone = (zone: string): boolean =>
	zone.length <= ZONE_NAME_LIMIT && DateTime.now().setZone(zone).isValid;

/**
 * The social set's time zone as the service gives it (a text, not necessarily a zone the node knows): for the
 * calendar picture, which says when it draws in UTC instead. The social set detail has no time zone; the queue
 * schedule does (`timezone`), so it is read there (per the API, that read creates a default schedule if none exists).
 */
export async function socialSetTimeZoneAsGiven(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<string> {
	const run = runOf(context);
	let zones = zoneCache.get(run);
	if (!zones) zoneCache.set(run, (zones = new Map()));
	const known = zones.get(socialSetId);
	if (known) return await known;
	// an answer that is not the queue schedule stops the item naming it: a zone is never guessed from it
	const reading = readAnswer<{ timezone: string }>(
		context,
		{ method: 'GET', path: endpoints.queueSchedule(socialSetId), itemIndex },
		queueScheduleShape,
	).then((schedule) => schedule.timezone);
	zones.set(socialSetId, reading);
	// a read that failed is not kept: the next item reads again
	reading.catch(() => zones.delete(socialSetId));
	return await reading;
}

/**
 * The social set's time zone, one the node can count days and hours in. Every use of it decides a date (a slot, a
 * day of analytics, a wall-clock date), so a zone the node does not know stops the item with an error naming the
 * answer, the value quoted bounded and without the credential's secrets: it is never quoted whole later on.
 */
export async function socialSetTimeZone(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<string> {
	const zone = await socialSetTimeZoneAsGiven(context, itemIndex, socialSetId);
	if (isKnownZone(zone)) return zone;
	const secrets = await secretsOf(context);
	throw new NodeOperationError(
		context.getNode(),
		`The service's answer to GET ${endpoints.queueSchedule(socialSetId)} could not be read: expected a queue schedule (timezone: a time zone name the node knows); timezone is text ${JSON.stringify(echo(zone, 60, secrets))}, not a time zone the node knows`,
		{
			itemIndex,
			description:
				"The node counts days and hours in the social set's time zone, read from its queue schedule, so it stops here. Set the queue schedule's time zone to an IANA name (such as Europe/Berlin), or ask the service why it answers so.",
		},
	);
}
