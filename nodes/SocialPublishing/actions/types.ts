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

/** The draft an item writes, as the service returns it (one GET): how the rule reads its status. */
export type TargetDraftRead = (
	context: IExecuteFunctions,
	itemIndex: number,
) => Promise<IDataObject>;

/** A fact about an operation that holds for every item (`true`), or for the items this function says. */
export type ItemFact = true | ((context: IExecuteFunctions, itemIndex: number) => boolean);

/**
 * What an operation does to what is public or will become public by itself: the facts the AI tool's rule
 * (actions/toolRule.ts) reads, and nothing else. Each operation module states its own.
 */
export interface PublicEffects {
	/** publishes a draft, now or at a date (schedules it) */
	publishes?: ItemFact;
	/** removes a draft's date (Unschedule): a scheduled draft stops publishing, a planned one loses its plan */
	undates?: ItemFact;
	/** deletes something for good: a draft, a comment thread, a comment */
	deletes?: ItemFact;
	/** replaces the queue schedule, the slots queued drafts publish in */
	replacesQueue?: ItemFact;
	/** downloads a URL the call gives */
	downloads?: ItemFact;
	/** makes a draft readable by anyone with its link (Share: a public share URL) */
	shares?: ItemFact;
	/**
	 * may end a draft's review: resolves a comment thread (Resolve, one-way; Update with Force Overwrite
	 * Comments resolves the threads whose markers its text drops). A draft with no open thread left may be
	 * scheduled (Require Resolved Comments, the poll trigger's Comments All Resolved): people, not the model,
	 * decide when that is. Deleting a thread or its first comment ends one too, and waits as a delete does
	 */
	endsReview?: ItemFact;
	/**
	 * writes the target draft itself (its content, fields or date): public when that draft is scheduled or
	 * being published, so the rule reads its status with this read, the draft resource's own request (the
	 * rule imports no resource)
	 */
	writesTargetDraft?: TargetDraftRead;
}

/**
 * An operation an AI agent's tool call holds back until "Confirm" is true (actions/confirm.ts), built by
 * `toolGate` (actions/toolRule.ts) from the operation's `PublicEffects`: it publishes, unschedules,
 * deletes, replaces the queue, downloads a URL the call gives, shares a draft, may end a draft's review, or
 * writes a draft that is scheduled or being published.
 */
export interface ToolGate {
	/** What the operation does to what is public: the facts `holds` is decided from. */
	effects: PublicEffects;
	/**
	 * Whether this item waits for "Confirm" (read in unconfirmed tool runs only; it may read the target
	 * draft's status with one GET); absent: every item does. It may refuse bad input as the operation would.
	 */
	holds?: (context: IExecuteFunctions, itemIndex: number) => Promise<boolean>;
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
