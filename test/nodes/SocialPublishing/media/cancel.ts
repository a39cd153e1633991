import type { INodeParameters } from 'n8n-workflow';
import type { SandboxFixture } from '../../../harness/sandbox';
import type { RunResult } from '../../../harness/runWorkflow';

/** Resolves once `condition` holds, looking every 10 ms. */
export async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Runs the node and cancels the execution, as the editor's Stop button does, once `ready` resolves
 * (something is running: a download, an upload, a wait).
 */
export async function runAndStop(
	fx: SandboxFixture,
	parameters: INodeParameters,
	ready: () => Promise<void>,
	input?: Parameters<SandboxFixture['runNode']>[1] extends infer O
		? O extends { input?: infer I }
			? I
			: never
		: never,
): Promise<RunResult> {
	let cancel: (() => void) | undefined;
	const run = fx.runNode(parameters, { input, onStarted: (stop) => (cancel = stop) });
	await ready();
	cancel!();
	return await run;
}
