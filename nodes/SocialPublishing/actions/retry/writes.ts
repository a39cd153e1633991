import type { IExecuteFunctions } from 'n8n-workflow';
import type { OperationResult } from '../types';
import {
	reconcileCreate,
	reconcileDelete,
	reconcilePublishNow,
	reconcileStatus,
	reconcileUpdate,
} from './reconcileDrafts';
import {
	reconcileCommentAdd,
	reconcileCommentDelete,
	reconcileResolve,
	reconcileTag,
	reconcileThreadCreate,
	reconcileThreadDelete,
} from './reconcileOthers';

/**
 * After a try whose write may have been acted on: what became of it. A result is the item's output
 * (the write is done); undefined means it did not happen, and the operation runs as usual. `taken`
 * holds the ids other items of the run already put out, which are never adopted again.
 */
export type Reconcile = (
	this: IExecuteFunctions,
	itemIndex: number,
	startedAtMs: number,
	taken: Set<string>,
) => Promise<OperationResult | undefined>;

export interface WriteOperation {
	/** Absent: the write is sent again, which is harmless for it (see docs/retries-and-duplicates.md). */
	reconcile?: Reconcile;
}

/**
 * Every operation that changes something at the service, by resource and operation. Only these are
 * remembered between Retry On Fail tries; every other operation only reads.
 */
export const writeOperations: Record<string, Record<string, WriteOperation>> = {
	draft: {
		create: { reconcile: reconcileCreate },
		update: { reconcile: reconcileUpdate },
		delete: { reconcile: reconcileDelete },
		schedule: { reconcile: reconcileStatus('scheduled') },
		plan: { reconcile: reconcileStatus('planned') },
		publishNow: { reconcile: reconcilePublishNow },
		unschedule: { reconcile: reconcileStatus('draft') },
	},
	media: {
		// no list of media and no idempotency key: an upload whose answer was lost is made again
		upload: {},
		// PATCH alt_text: the same value again
		updateAltText: {},
	},
	tag: { create: { reconcile: reconcileTag } },
	commentThread: {
		create: { reconcile: reconcileThreadCreate },
		delete: { reconcile: reconcileThreadDelete },
		resolve: { reconcile: reconcileResolve },
	},
	comment: {
		add: { reconcile: reconcileCommentAdd },
		// PATCH text: the same text again
		update: {},
		delete: { reconcile: reconcileCommentDelete },
	},
	// PUT of the whole schedule: the same schedule again
	queue: { updateSchedule: {} },
};

export function writeOperation(resource: string, operation: string): WriteOperation | undefined {
	return writeOperations[resource]?.[operation];
}
