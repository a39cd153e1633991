/**
 * Runs a node run's items in flight together, bounded by the Pacer, each in a lane of its own (a view of
 * the node's context, so what the transport and Retry On Fail note per request stays with its item). Items
 * start in item order; their outputs are put back in item order by the router. The first error of an item
 * (without Continue On Fail) starts no more items, lets those in flight end, and is thrown: the error of the
 * lowest item among those that failed. n8n's Stop rejects every item still waiting at once.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { newLane } from '../../../common/run';
import { cancelSignalOf, cancelled, watchLane } from '../../../common/transport';
import type { Lane } from '../../../common/transport';
import { Pacer } from './pacer';
import { Turnstile } from './turnstile';

/** Runs one item in `lane` (its context); throws when the item fails. */
export type RunItem = (lane: IExecuteFunctions, itemIndex: number) => Promise<void>;

export interface InFlightOptions {
	/** Most items in flight at once (Max Parallel Requests). */
	bound: number;
	/** What an item changes in place (target.ts): items with the same target run one after the other, in item order. */
	targetOf?: (itemIndex: number) => string | undefined;
}

export async function runInFlight(
	context: IExecuteFunctions,
	count: number,
	{ bound, targetOf }: InFlightOptions,
	runItem: RunItem,
): Promise<void> {
	const pacer = new Pacer(bound);
	const targets = new TargetQueue();
	const turnstile = new Turnstile();
	const signal = cancelSignalOf(context);
	const run: { failed?: { itemIndex: number; error: unknown } } = {};
	/** Keeps the error of the lowest item that failed. */
	const fail = (itemIndex: number, error: unknown) => {
		if (!run.failed || itemIndex < run.failed.itemIndex) run.failed = { itemIndex, error };
	};
	const onAbort = () => {
		const error = cancelled(context, undefined, 'while items waited to be sent');
		pacer.stop(error);
		turnstile.stop(error);
	};
	signal?.addEventListener('abort', onAbort, { once: true });
	const lanes: IExecuteFunctions[] = [];
	const laneFor = (slot: number) => (lanes[slot] ??= bound === 1 ? context : newLane(context));
	let nextItem = 0;
	const worker = async (slot: number) => {
		const lane = laneFor(slot);
		for (;;) {
			await pacer.acquire();
			if (run.failed || nextItem >= count) {
				pacer.release();
				return;
			}
			const itemIndex = nextItem++;
			watchLane(lane, laneHooks(pacer, turnstile, itemIndex));
			const turn = targets.join(bound > 1 ? targetOf?.(itemIndex) : undefined);
			try {
				await turn.ready;
				// One that waited for an item with the same target starts only if no item failed meanwhile:
				// the run ends with that error, as it did when items went one at a time.
				if (!run.failed) await runItem(lane, itemIndex);
			} catch (error) {
				fail(itemIndex, error);
				pacer.stop(error as Error);
			} finally {
				turn.done();
				turnstile.pass(itemIndex);
				pacer.release();
			}
		}
	};
	try {
		const workers = Array.from({ length: Math.min(bound, count) }, async (_, slot) => {
			try {
				await worker(slot);
			} catch (error) {
				// a wait for a place rejected by Stop or by another item's error
				fail(count, error);
			}
		});
		await Promise.all(workers);
	} finally {
		signal?.removeEventListener('abort', onAbort);
	}
	if (run.failed) throw run.failed.error;
}

/** Items with the same target, one after the other in the order they joined. */
class TargetQueue {
	private readonly last = new Map<string, Promise<void>>();

	join(target: string | undefined): { ready: Promise<void> | undefined; done: () => void } {
		if (target === undefined) return { ready: undefined, done: () => {} };
		const ready = this.last.get(target);
		let done = () => {};
		const mine = new Promise<void>((resolve) => (done = resolve));
		this.last.set(target, mine);
		return {
			ready,
			done: () => {
				done();
				if (this.last.get(target) === mine) this.last.delete(target);
			},
		};
	}
}

function laneHooks(pacer: Pacer, turnstile: Turnstile, itemIndex: number): Lane {
	return {
		inOrder: async (send) => await turnstile.inOrder(itemIndex, send),
		answered: (status, limits) => pacer.answered(status, limits),
	};
}
