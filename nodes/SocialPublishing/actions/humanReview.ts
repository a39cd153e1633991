import type { IExecuteFunctions, NodeTypeAndVersion } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

/**
 * n8n's human review of tool calls (n8n 2.6 and later). A review node (a node type whose name ends in
 * `HitlTool`: a "send and wait" node such as Send Email or Slack used as a gate) put between a tool and an
 * AI Agent holds each call of the tool until a person answers. On approval the agent asks n8n's engine to
 * run the tool with the model's original arguments, naming the review node as the run's parent; the engine
 * then runs the tool with that review node as its source. A rejected call never reaches the tool. Such an
 * approval is the user's confirmation: the tool acts on it without the model's "Confirm", so one approval
 * is one action.
 *
 * The proof is read from n8n's engine, never from the model's arguments:
 * - the engine itself put this node on its stack (its execution data names this node), not an agent's
 *   in-process tool call;
 * - the source of this run, set by the engine, is a node that this tool feeds as an AI tool: the review
 *   node for an approved call, the agent itself for a direct call;
 * - that node's type is a review node's (`…HitlTool`) and it is not disabled. Its type is read where the
 *   workflow lists it: among the AI tool inputs of the agent, a node downstream of the agent's own source.
 * Anything else (a direct call, an older n8n without review nodes) still needs "Confirm".
 */

const REVIEW_TYPE_SUFFIX = 'HitlTool';

/** The nodes joined to `nodeName` by an AI tool connection, one step up. */
function toolParents(context: IExecuteFunctions, nodeName: string): NodeTypeAndVersion[] {
	return context.getParentNodes(nodeName, {
		connectionType: NodeConnectionTypes.AiTool,
		depth: 1,
	});
}

/**
 * The node `name` as the workflow lists it among the AI tool inputs of an agent: the agent is `start` (the
 * node the agent's input came from, or the agent itself) or a node after it.
 */
function asToolInput(
	context: IExecuteFunctions,
	start: string,
	name: string,
): NodeTypeAndVersion | undefined {
	const candidates = [start, ...context.getChildNodes(start).map((node) => node.name)];
	for (const candidate of candidates) {
		const found = toolParents(context, candidate).find((node) => node.name === name);
		if (found) return found;
	}
	return undefined;
}

/** Whether n8n's engine shows that a human-review node approved the tool call this node runs for. */
export function approvedByHumanReview(context: IExecuteFunctions): boolean {
	if (typeof context.getExecuteData !== 'function') return false;
	const toolName = context.getNode().name;
	const executeData = context.getExecuteData();
	if (executeData?.node?.name !== toolName) return false;
	const source = executeData.source?.main?.[0]?.previousNode;
	const agentSource = executeData.metadata?.preservedSourceOverwrite?.previousNode;
	if (typeof source !== 'string' || typeof agentSource !== 'string') return false;
	if (!toolParents(context, source).some((node) => node.name === toolName)) return false;
	const gate = asToolInput(context, agentSource, source);
	return gate !== undefined && !gate.disabled && gate.type.endsWith(REVIEW_TYPE_SUFFIX);
}
