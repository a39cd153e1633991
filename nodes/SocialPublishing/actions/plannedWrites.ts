import type { IDataObject } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

/**
 * The bodies an item's writes planned, for Retry On Fail. A write whose body is built from what it reads
 * (Draft > Update merges its edits into the draft as read) cannot build it again after a lost answer: the
 * read would find the edit already made and apply it once more. So the body is noted before it is sent
 * (`planBody`), kept with the item's unknown outcome (memory.ts), and a later try gets it back
 * (`earlierBody`): it adopts the draft that already holds it, or sends that same body.
 */

/** Planned bodies by name (one per write request of the item, e.g. `draft PATCH`). */
export type PlannedBodies = Record<string, IDataObject>;

/** The item being run: what an earlier try planned, and what this try plans. */
export interface ItemPlans {
	earlier: PlannedBodies;
	planned: PlannedBodies;
}

/** Who runs the items of a context (the router's try): the plans of the item being run. */
export interface PlanWatch {
	current: ItemPlans | undefined;
}

const watches = new WeakMap<object, PlanWatch>();

/** From now on `planBody` and `earlierBody` of `context` use `watch.current` (Retry On Fail only). */
export function watchPlans(context: object, watch: PlanWatch): void {
	watches.set(context, watch);
}

/** Notes the body a write is about to send; without Retry On Fail nothing is noted. */
export function planBody(context: object, name: string, body: IDataObject): void {
	const plans = watches.get(context)?.current;
	if (plans) plans.planned[name] = deepCopy(body);
}

/** The body an earlier try of this item planned under `name` and may have sent, or undefined. */
export function earlierBody(context: object, name: string): IDataObject | undefined {
	const body = watches.get(context)?.current?.earlier[name];
	return body === undefined ? undefined : deepCopy(body);
}
