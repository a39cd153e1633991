import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** What an operation gives back for one input item: one object, several, or ready-made items (binary output). */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

export type OperationExecute = (
	this: IExecuteFunctions,
	itemIndex: number,
) => Promise<OperationResult>;

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

/**
 * What an operation does at the service. A read is never remembered between Retry On Fail tries. A
 * write is run once across tries (actions/retry), and says what happens when a try's outcome is unknown:
 * `reconcile` asks the service what became of it, or `sentAgain` gives the reason sending it again is
 * harmless (see docs/retries-and-duplicates.md). A write with neither does not compile.
 */
export type Access = { kind: 'read' } | WriteAccess;

export type WriteAccess =
	| { kind: 'write'; reconcile: Reconcile }
	| { kind: 'write'; sentAgain: string };

/** The dry-run answer of a held-back tool call: what it would do; nothing is written. */
export type DryRunAnswer = (context: IExecuteFunctions, itemIndex: number) => Promise<IDataObject>;

/**
 * An operation an AI agent's tool call holds back until "Confirm" is true (actions/confirm.ts): it
 * publishes, schedules, replaces or deletes, or downloads a URL the call gives.
 */
export interface ToolGate {
	/**
	 * Whether this item waits for "Confirm" (read before it, in tool runs only); absent: every item
	 * does. It may refuse bad input as the operation would.
	 */
	holds?: (context: IExecuteFunctions, itemIndex: number) => boolean;
	/** Its answer while unconfirmed. */
	answer: DryRunAnswer;
}

/** One operation module (`<resource>/<operation>.operation.ts`): everything about the operation. */
export interface OperationModule {
	/** Its own fields, shown only for its resource and operation. */
	description: INodeProperties[];
	execute: OperationExecute;
	access: Access;
	/** Present when an AI agent's tool call needs "Confirm" for it. */
	gate?: ToolGate;
}

/** A resource's operation modules by operation value: each resource index checks its own with `satisfies`. */
export interface Operations {
	readonly [operation: string]: OperationModule;
}

export interface ResourceModule {
	/** The operation selector, every operation's fields (each shown only for its operation) and its "Confirm" field. */
	description: INodeProperties[];
	operations: Operations;
}

/** The resources by value: actions/resources.ts checks its list with `satisfies`. */
export interface Resources {
	readonly [resource: string]: ResourceModule;
}
