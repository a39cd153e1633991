import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readQueueView } from '../../queue/queueView';
import { freeSlots } from '../../../helpers/queue';
import { paramError } from '../../../helpers/validation';
import { DATE_LABELS } from '../fields/draftFields';
import { endOfSpan, todayIn } from '../../../helpers/dateRanges';
import { QUEUE_MAX_DAYS } from '../../../../common/limits';
import { socialSetTimeZone } from '../../socialSetTimeZone';

/**
 * The date a Create or Update would give the draft: `publish_at` or `plan_at` as they would be sent, and the date
 * they stand for. "next-free-slot" is looked up in the queue (the free slots of the next 62 days, Queue view);
 * none free there gives null: the service looks further ahead, so slots all taken for 62 days are not a
 * problem. A queue with no slot at all in those days (taken or free) is one: the schedule's rules recur
 * weekly, so it has none, and the service refuses the next free slot of a schedule without rules (Queue
 * schedule: "an empty array ... means no slots").
 */
export async function resolvedWhen(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	dates: IDataObject,
): Promise<IDataObject> {
	const field = 'publish_at' in dates ? 'publish_at' : 'plan_at' in dates ? 'plan_at' : undefined;
	if (!field) return { date: null };
	const value = String(dates[field]);
	if (value === 'now') return { [field]: value, date: 'now' };
	if (value !== 'next-free-slot') return { [field]: value, date: value };
	const zone = await socialSetTimeZone(context, itemIndex, socialSetId);
	const today = todayIn(zone);
	if ('problem' in today) return { [field]: value, date: null };
	const view = await readQueueView(
		context,
		itemIndex,
		socialSetId,
		today.date,
		endOfSpan(today.date, QUEUE_MAX_DAYS),
	);
	const slots = (view.days ?? []).some((day) =>
		(day.items ?? []).some((item) => item.kind === 'queue_slot'),
	);
	if (!slots)
		throw paramError(
			context,
			itemIndex,
			DATE_LABELS[field],
			`is next-free-slot, but the queue of social set ${socialSetId} has no slots: the service would refuse the draft ("No free queue slot available"). Add slots with Queue > Update Schedule, or give a date`,
		);
	return { [field]: value, date: freeSlots(view, Date.now(), 1)[0]?.at ?? null };
}
