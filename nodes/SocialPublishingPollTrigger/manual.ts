import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Query } from '../common/transport';
import { changeTime, timeOf, type DraftView } from './changes';
import { ANY_STATUS, POLL_EVENTS, type PollEvent } from './description';
import { eventItem } from './output';
import type { PollParams } from './poll';
import { getDraftDetail, listDrafts } from './draftPages';

interface Sample {
	event: PollEvent;
	draft: DraftView & IDataObject;
	at: number;
}

/** Per selected event: the list query whose first draft is the latest example of it, and the time that orders them. */
function sampleQueries(
	params: PollParams,
): Array<{ event: PollEvent; qs: Query; at: (draft: DraftView) => number }> {
	const { events, toStatus } = params.selection;
	const queries: Array<{ event: PollEvent; qs: Query; at: (draft: DraftView) => number }> = [];
	if (events.includes(POLL_EVENTS.created)) {
		queries.push({
			event: POLL_EVENTS.created,
			qs: { order_by: '-created_at' },
			at: (d) => timeOf(d.created_at) ?? 0,
		});
	}
	if (events.includes(POLL_EVENTS.published)) {
		queries.push({
			event: POLL_EVENTS.published,
			qs: { status: 'published', order_by: '-published_at' },
			at: (d) => timeOf(d.published_at) ?? changeTime(d),
		});
	}
	if (events.includes(POLL_EVENTS.failed)) {
		queries.push({
			event: POLL_EVENTS.failed,
			qs: { status: 'error', order_by: '-updated_at' },
			at: changeTime,
		});
	}
	if (events.includes(POLL_EVENTS.commentsResolved)) {
		// a sample of the item's shape: which drafts had their last thread resolved only polls tell
		queries.push({
			event: POLL_EVENTS.commentsResolved,
			qs: { order_by: '-updated_at' },
			at: changeTime,
		});
	}
	if (events.includes(POLL_EVENTS.statusChanged)) {
		const qs: Query =
			toStatus === ANY_STATUS
				? { order_by: '-updated_at' }
				: { status: toStatus, order_by: '-updated_at' };
		queries.push({ event: POLL_EVENTS.statusChanged, qs, at: changeTime });
	}
	return queries;
}

/**
 * A manual test (Fetch Test Event): the latest draft that fits one of the chosen events, as one item shaped
 * like a real event, so the next nodes can be set up. It reads and changes nothing of the active trigger's state.
 */
export async function latestSample(
	ctx: IPollFunctions,
	params: PollParams,
): Promise<INodeExecutionData[][]> {
	let best: Sample | undefined;
	for (const query of sampleQueries(params)) {
		const { results } = await listDrafts(ctx, params.socialSetId, { ...query.qs, limit: 1 });
		const draft = results[0];
		if (!draft) continue;
		const at = query.at(draft);
		if (!best || at > best.at) best = { event: query.event, draft, at };
	}
	if (!best) {
		throw new NodeOperationError(
			ctx.getNode(),
			`No draft in social set ${params.socialSetId} fits the chosen events yet`,
			{
				description:
					'Create, publish or change a draft in this social set (or choose other events), then fetch a test event again.',
			},
		);
	}
	const detail =
		params.draftOutput === 'detail'
			? await getDraftDetail(ctx, params.socialSetId, best.draft.id)
			: undefined;
	return [
		[eventItem(best.event, detail ?? best.draft, new Date().toISOString(), params.rawPayload)],
	];
}
