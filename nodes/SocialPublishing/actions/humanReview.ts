import type { IExecuteFunctions, NodeTypeAndVersion } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

/**
 * n8n's human review of tool calls (n8n 2.6 and later). A review node (a node type whose name ends in
 * `HitlTool`, such as the "send and wait" nodes used as a gate) put between a tool and an AI Agent holds
 * each call of the tool until a person approves it. The agent then asks n8n's engine to run the tool with
 * the model's original arguments, under the call id `hitl_approved_<id of the reviewed call>`; a rejected
 * call never reaches the tool. Such an approval is the user's confirmation: the tool acts on it without
 * the model's "Confirm", so one approval is one action.
 *
 * The proof is read from n8n's engine, never from the model's arguments:
 * - the engine itself put this node on its stack for an agent's request (its execution data names this
 *   node and the requesting node as its source), not the agent's in-process tool call;
 * - the call id on the item is the approval's (the engine writes `toolCallId` over the model's arguments);
 * - the workflow joins this tool to the requesting agent only through review nodes: a tool also wired
 *   to the agent directly can be called without review, so there it still needs "Confirm".
 * Older n8n versions, without review nodes, never pass these checks.
 */

const APPROVED_CALL_PREFIX = 'hitl_approved_';
const REVIEW_TYPE_SUFFIX = 'HitlTool';

function isReviewNode(node: NodeTypeAndVersion): boolean {
	return !node.disabled && node.type.endsWith(REVIEW_TYPE_SUFFIX);
}

/** The nodes joined to `nodeName` by an AI tool connection, one step up. */
function toolParents(context: IExecuteFunctions, nodeName: string): NodeTypeAndVersion[] {
	return context.getParentNodes(nodeName, {
		connectionType: NodeConnectionTypes.AiTool,
		depth: 1,
	});
}

/** Whether n8n's engine shows that a human-review gate approved the tool call of this item. */
export function approvedByHumanReview(context: IExecuteFunctions, itemIndex: number): boolean {
	const toolName = context.getNode().name;
	const executeData =
		typeof context.getExecuteData === 'function' ? context.getExecuteData() : undefined;
	if (executeData?.node?.name !== toolName) return false;
	const requester = executeData.source?.main?.[0]?.previousNode;
	if (typeof requester !== 'string') return false;

	const callId: unknown = context.getInputData()[itemIndex]?.json?.toolCallId;
	if (
		typeof callId !== 'string' ||
		!callId.startsWith(APPROVED_CALL_PREFIX) ||
		callId.length === APPROVED_CALL_PREFIX.length
	)
		return false;

	const isThisTool = (node: NodeTypeAndVersion) => node.name === toolName;
	const direct = toolParents(context, requester);
	if (direct.some(isThisTool)) return false;
	return direct.some(
		(gate) => isReviewNode(gate) && toolParents(context, gate.name).some(isThisTool),
	);
}
