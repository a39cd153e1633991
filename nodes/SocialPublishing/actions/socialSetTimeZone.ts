import type { IExecuteFunctions } from 'n8n-workflow';
import { runOf } from '../../common/run';
import { queueScheduleShape, readAnswer } from '../../common/transport';
import { endpoints } from '../../common/transport/endpoints';

/** Time zones read in this node run, per social set: one request per set at most, shared by the items in flight. */
const zoneCache = new WeakMap<object, Map<number, Promise<string>>>();

/**
 * The social set's time zone. The social set detail has no time zone; the queue schedule does
 * (`timezone`), so it is read there (per the API, that read creates a default schedule if none exists).
 */
export async function socialSetTimeZone(
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
