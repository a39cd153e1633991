import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';
import type { OperationResult, WriteAccess } from '../types';
import { itemKey, runScope, savedParameters } from './key';
import type { RetryEntry } from './memory';
import { RetryMemory } from './memory';
import { watchWrites } from '../../../common/transport';
import type { WriteWatch } from '../../../common/transport';
import type { PlanWatch, PlannedBodies } from '../plannedWrites';
import { watchPlans } from '../plannedWrites';

/** One memory per process: n8n runs each Retry On Fail try of a node in the process of the try before. */
export const retryMemory = new RetryMemory();

/** How a failed try of a write ended: whether the service may have acted on it, since when, and what it planned. */
interface FailedTry {
	mayHaveActed: boolean;
	startedAtMs: number;
	planned: PlannedBodies;
}

/**
 * One try of a node run, as the router sees it: which items' writes are already done, which may have
 * been acted on, and what each item's write came to.
 */
export class RetryTry {
	private scopeRead = false;
	private scopeValue: string | undefined;
	/** The node's parameters as saved (see `itemKey`): one node, so read once per try. */
	private parameters: string | undefined;
	/** Whether n8n may run this node again (Retry On Fail): else nothing is remembered or watched. */
	private readonly remembers: boolean;
	private failedItems = 0;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly memory: RetryMemory = retryMemory,
	) {
		this.remembers = retriesOnFail(context);
	}

	/** Whether this try reconciles a write of an earlier try whose outcome was unknown. */
	reconciles(): boolean {
		const scope = this.scope;
		return scope !== undefined && this.memory.hasUnknown(scope);
	}

	/** Read at the first write only: nodes that only read pay nothing. */
	private get scope(): string | undefined {
		if (!this.scopeRead) {
			this.scopeValue = this.remembers ? runScope(this.context) : undefined;
			this.scopeRead = true;
		}
		return this.scopeValue;
	}

	/**
	 * Runs one item's write once across tries: the output of an earlier try that stored it, else what
	 * reconciling an unknown outcome finds (when the operation's `access` has a `reconcile`; else it is
	 * sent again, which is harmless for it), else `run`. `lane` is the context the item runs in (one item
	 * at a time): the transport notes its writes, and the operation its planned bodies, in this item's log.
	 */
	async item(
		lane: IExecuteFunctions,
		write: WriteAccess,
		itemIndex: number,
		item: INodeExecutionData,
		run: () => Promise<OperationResult>,
	): Promise<OperationResult> {
		const scope = this.scope;
		if (scope === undefined) return await run();
		this.parameters ??= savedParameters(this.context);
		const key = itemKey(this.context, scope, itemIndex, item, this.parameters);
		const known = this.memory.get(key, Date.now());
		if (known?.state === 'done') return deepCopy(known.output);
		const startedAtMs = Date.now();
		const log = { stored: false, unknown: false };
		const plans = {
			earlier: known?.state === 'unknown' ? (known.planned ?? {}) : {},
			planned: {},
		};
		const planWatch: PlanWatch = { current: plans };
		watchWrites(lane, { current: log } satisfies WriteWatch);
		watchPlans(lane, planWatch);
		let finished = false;
		try {
			let output: OperationResult | undefined;
			if (known?.state === 'unknown' && 'reconcile' in write) {
				const found = await write.reconcile.call(
					lane,
					itemIndex,
					known.startedAtMs,
					idsOf(this.memory.doneOutputs(scope)),
				);
				if (found !== undefined) output = found;
			}
			output ??= await run();
			this.memory.set(scope, key, { state: 'done', output }, Date.now());
			finished = true;
			return output;
		} finally {
			planWatch.current = undefined;
			if (!finished) {
				const planned = { ...plans.earlier, ...plans.planned };
				this.failed(scope, key, known, {
					mayHaveActed: log.stored || log.unknown,
					startedAtMs,
					planned,
				});
			}
		}
	}

	/**
	 * A write that may have been acted on (`mayHaveActed`) is remembered as unknown (from its earliest start), with the
	 * bodies it planned; one that surely was not is forgotten.
	 */
	private failed(
		scope: string,
		key: string,
		known: RetryEntry | undefined,
		{ mayHaveActed, startedAtMs, planned }: FailedTry,
	): void {
		this.failedItems++;
		const withPlans = Object.keys(planned).length > 0 ? { planned } : {};
		if (known?.state === 'unknown') {
			this.memory.set(scope, key, { ...known, ...withPlans }, Date.now());
		} else if (mayHaveActed) {
			this.memory.set(scope, key, { state: 'unknown', startedAtMs, ...withPlans }, Date.now());
		} else {
			this.memory.delete(key);
		}
	}

	/**
	 * A try that ended without an error item: n8n will not run it again, so its memory goes. With an
	 * error item (Continue On Fail) n8n may still try again (it does when the first item is an error).
	 */
	finish(errorItems: number): void {
		if (
			this.scopeRead &&
			this.scopeValue !== undefined &&
			this.failedItems === 0 &&
			errorItems === 0
		)
			this.memory.endRun(this.scopeValue);
	}
}

/**
 * Whether n8n runs this node again after a failed try: only with the node's Retry On Fail (n8n-core's
 * `WorkflowExecute.getRetryParams` gives one try otherwise). Without it no later try can use what a try
 * remembers, so nothing is remembered. False when the context cannot say.
 */
function retriesOnFail(context: IExecuteFunctions): boolean {
	try {
		return context.getNode().retryOnFail === true;
	} catch {
		return false;
	}
}

/** The `id` of every object in these outputs (drafts, threads, comments). */
function idsOf(outputs: OperationResult[]): Set<string> {
	const ids = new Set<string>();
	for (const output of outputs) {
		for (const entry of Array.isArray(output) ? output : [output]) {
			const json = (entry as { json?: unknown }).json ?? entry;
			const id = (json as { id?: unknown }).id;
			if (id !== undefined && id !== null) ids.add(String(id));
		}
	}
	return ids;
}
