import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { runOf } from '../../../../common/run';
import { echo } from '../../../../common/text/echo';
import { apiRequest } from '../../../../common/transport';
import { endpoints } from '../../../../common/transport/endpoints';
import { getSocialSetId } from '../../params';

/**
 * The social set's publishing quota as Validate Only sees it over a node run: which items of the run would
 * schedule or publish in which social set (Publish At given: a date, next-free-slot or now), in item order,
 * and each set's quota read once per run (spec: Social set detail, `publishing_quota`, optional).
 */

/** Spec, Social set detail: `publishing_quota` `{used, remaining, resets_at}`, optional. */
export interface PublishingQuota {
	used: number;
	remaining: number;
	resets_at: string;
}

/** A quota read: the quota, none (the detail has no `publishing_quota`), or why it could not be read. */
export type QuotaRead = { quota?: PublishingQuota } | { unread: string };

interface RunQuotas {
	/** Per social set, the indexes of the items that would schedule or publish there, in item order. */
	publishers: Map<number, number[]>;
	reads: Map<number, Promise<QuotaRead>>;
}

const runQuotas = new WeakMap<object, RunQuotas>();

function isSet(value: unknown): boolean {
	return (
		value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')
	);
}

/** The social set an item's Create would schedule or publish in, or undefined (no Publish At, or unreadable). */
function publishingSet(context: IExecuteFunctions, itemIndex: number): number | undefined {
	try {
		const fields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		return isSet(fields.publishAt) ? getSocialSetId(context, itemIndex) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The run's table, made once, from every item's parameters: items run in flight together, so a place is
 * counted from item order, never from the order items happen to run.
 */
function quotasOf(context: IExecuteFunctions): RunQuotas {
	const run = runOf(context);
	const known = runQuotas.get(run);
	if (known) return known;
	const publishers = new Map<number, number[]>();
	const count = context.getInputData().length;
	for (let index = 0; index < count; index++) {
		const socialSetId = publishingSet(context, index);
		if (socialSetId === undefined) continue;
		const list = publishers.get(socialSetId) ?? [];
		list.push(index);
		publishers.set(socialSetId, list);
	}
	const made: RunQuotas = { publishers, reads: new Map() };
	runQuotas.set(run, made);
	return made;
}

/**
 * Where the item stands among the run's items that would schedule or publish in `socialSetId`: its place
 * (1 for the first) and how many there are; undefined when this item would not.
 */
export function placeInRun(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): { place: number; total: number } | undefined {
	const items = quotasOf(context).publishers.get(socialSetId) ?? [];
	const at = items.indexOf(itemIndex);
	return at < 0 ? undefined : { place: at + 1, total: items.length };
}

function quotaIn(detail: IDataObject): PublishingQuota | undefined {
	const quota = detail.publishing_quota as IDataObject | undefined | null;
	if (typeof quota !== 'object' || quota === null) return undefined;
	const { used, remaining, resets_at } = quota;
	if (typeof used !== 'number' || typeof remaining !== 'number') return undefined;
	// a text of the service, copied into a problem: bounded
	return { used, remaining, resets_at: echo(resets_at, 80) };
}

/**
 * The social set's publishing quota, read once per node run (GET social set detail); the items in flight
 * share one read. A read that failed is kept for the run too, so the items do not each try again.
 */
export async function readQuota(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<QuotaRead> {
	const { reads } = quotasOf(context);
	let reading = reads.get(socialSetId);
	if (!reading) {
		reading = apiRequest(context, {
			method: 'GET',
			path: endpoints.socialSet(socialSetId),
			itemIndex,
		}).then(
			(detail): QuotaRead => ({ quota: quotaIn(detail) }),
			(error: unknown): QuotaRead => ({
				unread: echo(error instanceof Error ? error.message : String(error), 500),
			}),
		);
		reads.set(socialSetId, reading);
	}
	return await reading;
}
