import '../../scripts/lib/tsResolve';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { rateLimitMemory } from '../../nodes/common/transport';
import { runWorkflow } from '../../test/harness/runWorkflow';
import { NODE, singleNodeWorkflow } from '../../test/harness/workflows';

export interface Target {
	baseUrl: string;
	apiKey: string;
}

export interface NodeOutcome {
	items: INodeExecutionData[];
	/** Items that came out as `{ error }` under Continue On Fail. */
	failed: number;
}

/**
 * Runs one Social Publishing node, as a saved workflow, through n8n-core's WorkflowExecute (the test
 * harness), with "Continue On Fail" on so a failed item is counted instead of stopping the run.
 * The transport's rate-limit memory is process-wide; it is cleared first so every run starts alike.
 */
export async function runNode(
	target: Target,
	parameters: INodeParameters,
	input: INodeExecutionData[] = [{ json: {} }],
): Promise<NodeOutcome> {
	rateLimitMemory.clear();
	const result = await runWorkflow(singleNodeWorkflow(parameters, { continueOnFail: true }), {
		credentials: { socialPublishingApi: { apiKey: target.apiKey, baseUrl: target.baseUrl } },
		input,
	});
	if (result.error) throw new Error(`The node failed: ${result.error.message}`);
	const items = result.output(NODE);
	return { items, failed: items.filter((item) => item.json.error !== undefined).length };
}

export function emptyItems(count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, index) => ({ json: { index } }));
}

/** A resource-locator value picked "By ID". */
export function byId(value: number | string): INodeParameters[string] {
	return { __rl: true, mode: 'id', value: String(value) } as unknown as INodeParameters[string];
}
