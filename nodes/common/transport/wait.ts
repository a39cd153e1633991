import * as workflow from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { CancelSource } from './caller';
import { cancelSignalOf } from './caller';

type SleepFn = (ms: number, abortSignal?: AbortSignal) => Promise<void>;

/**
 * n8n-workflow 2.8 exports `sleepWithAbort`; newer releases fold the abort signal into `sleep`.
 * The node runs on whichever n8n-workflow its host n8n provides, so it takes the one that exists.
 */
const abortableSleep: SleepFn =
	(workflow as unknown as { sleepWithAbort?: SleepFn }).sleepWithAbort ??
	(workflow.sleep as SleepFn);

/** Waits `ms`, or stops at once with a clear error when the execution is cancelled. */
export async function waitOrCancel(
	context: CancelSource,
	ms: number,
	itemIndex?: number,
): Promise<void> {
	const signal = cancelSignalOf(context);
	if (signal?.aborted) throw cancelled(context, itemIndex);
	if (ms <= 0) return;
	try {
		await abortableSleep(ms, signal);
	} catch (error) {
		if (signal?.aborted) throw cancelled(context, itemIndex);
		throw new NodeOperationError(context.getNode(), error as Error, { itemIndex });
	}
}

/** The error of a cancelled execution: `while` says what was stopped. */
export function cancelled(
	context: CancelSource,
	itemIndex?: number,
	while_ = 'while waiting',
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `The execution was cancelled ${while_}`, {
		itemIndex,
	});
}
