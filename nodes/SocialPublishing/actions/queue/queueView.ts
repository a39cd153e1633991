import type { IExecuteFunctions } from 'n8n-workflow';
import { queueViewShape, readAnswer } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { QueueView } from '../../helpers/queue';

/**
 * The queue view of a social set from `start` to `end` (spec: Queue view, both dates inclusive, in the set's time
 * zone), read in its shape: Get Slots, Get Next Free Slots and Validate Only's next free slot decide from it.
 */
export async function readQueueView(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: Parameters<typeof endpoints.queue>[0],
	start: string,
	end: string,
): Promise<QueueView> {
	return await readAnswer<QueueView>(
		context,
		{
			method: 'GET',
			path: endpoints.queue(socialSetId),
			qs: { start_date: start, end_date: end },
			itemIndex,
		},
		queueViewShape,
	);
}
