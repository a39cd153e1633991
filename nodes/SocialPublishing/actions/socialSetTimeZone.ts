import type { IExecuteFunctions } from 'n8n-workflow';
import { apiRequest } from '../../common/transport';
import { endpoints } from '../../common/transport/endpoints';

/** Time zones already read in this execution, per social set: one request per set at most. */
const zoneCache = new WeakMap<object, Map<number, string>>();

/**
 * The social set's time zone. The social set detail has no time zone; the queue schedule does
 * (`timezone`), so it is read there (per the API, that read creates a default schedule if none exists).
 */
export async function socialSetTimeZone(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<string> {
	let zones = zoneCache.get(context);
	if (!zones) zoneCache.set(context, (zones = new Map()));
	const known = zones.get(socialSetId);
	if (known) return known;
	const schedule = await apiRequest<{ timezone?: string }>(context, {
		method: 'GET',
		path: endpoints.queueSchedule(socialSetId),
		itemIndex,
	});
	const zone = String(schedule.timezone ?? '');
	zones.set(socialSetId, zone);
	return zone;
}
