/**
 * The lane an item runs in when the router runs items in flight together: what the requests of that item
 * tell the router (each try's status and the budget its answer announced, for the parallelism), and what
 * waits for the items before it (a write that takes the next free queue slot).
 */
import type { IDataObject } from 'n8n-workflow';
import type { RateLimitHeaders } from './rateLimit';

export interface Lane {
	/** Runs `send` once every item before this one has taken its slot or finished (item order of slots). */
	inOrder<T>(send: () => Promise<T>): Promise<T>;
	/** After each try of a request: its status (undefined: no answer) and the buckets its answer announced. */
	answered(status: number | undefined, limits: RateLimitHeaders): void;
}

const lanes = new WeakMap<object, Lane>();

/** From now on the requests of `context` (one item's lane) report to `lane`. */
export function watchLane(context: object, lane: Lane): void {
	lanes.set(context, lane);
}

export function laneOf(context: object): Lane | undefined {
	return lanes.get(context);
}

const SLOT = 'next-free-slot';

/**
 * Whether a request takes the next free queue slot of its social set (spec: Draft lifecycle, `publish_at` or
 * `plan_at` = `next-free-slot`): the service gives slots in the order such requests arrive, so their order
 * is the order of the slots.
 */
export function takesSlot(method: string, body: IDataObject | undefined): boolean {
	if (method === 'GET' || method === 'DELETE' || !body) return false;
	return body.publish_at === SLOT || body.plan_at === SLOT;
}
