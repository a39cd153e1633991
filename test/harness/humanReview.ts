import type {
	EngineRequest,
	EngineResponse,
	IDataObject,
	INodeParameters,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { buildNodeTypes, sourceNodeTypes } from './nodeTypes';
import type { WorkflowJson } from './runWorkflow';
import { toolVariant, TOOL_NODE } from './toolNode';
import type { Edge } from './workflows';
import { buildWorkflow, CREDENTIAL, START, startNode } from './workflows';

/**
 * n8n's human review of tool calls, reproduced for the engine tests: a review node between the tool and the
 * agent, and an agent that calls its tools the way n8n's AI Agent (version 3) does in n8n 2.41.
 *
 * n8n-core's own `getInputConnectionData` sees the review node (its type name ends in `HitlTool`) and hands the
 * agent a toolkit whose tools name the review node as `sourceNodeName` and the tool as `gatedToolNodeName`.
 * The agent sends the model's call to the review node (`toolParameters` holding the model's arguments, the
 * review parameters spread beside them, `metadata.hitl` naming the gated tool); when the review answers
 * `{ data: { approved: true } }` the agent asks the engine to run the gated tool with `{ tool, ...original
 * arguments }` under the same call id, with `metadata.parentNodeName` naming the review node (so the engine
 * gives the tool's run the review node as its source); a rejection goes back to the model as an answer and
 * the tool never runs. (n8n 2.41.1's `createEngineRequests` and `processHitlResponses` in
 * @n8n/n8n-nodes-langchain, dist/utils/agent-execution.)
 */

export const REVIEW_NODE = 'Human Review';
export const REVIEW_AGENT = 'Agent';

interface HitlMetadata {
	gatedToolNodeName: string;
	toolName: string;
	originalInput: IDataObject;
}

/** Metadata of the agent's actions (`itemIndex`, `hitl`, …) and of its requests (`answers` so far). */
interface Metadata {
	itemIndex?: number;
	hitl?: HitlMetadata;
	toolName?: string;
	parentNodeName?: string;
	answers?: Record<string, IDataObject>;
}

interface ConnectedTool {
	name: string;
	metadata?: { sourceNodeName?: string; gatedToolNodeName?: string };
}

/** The tools the agent is given: a tool, or a toolkit (n8n's StructuredToolkit, as for a review node). */
function connectedTools(supplied: unknown): ConnectedTool[] {
	const list = Array.isArray(supplied) ? supplied : [supplied];
	return list.flatMap((entry) =>
		entry && typeof entry === 'object' && Array.isArray((entry as { tools?: unknown }).tools)
			? ((entry as { tools: ConnectedTool[] }).tools ?? [])
			: entry
				? [entry as ConnectedTool]
				: [],
	);
}

/** Approved as n8n's AI Agent reads it from a review node's answer (`approved`, or `data.approved`). */
function approval(json: IDataObject | undefined): boolean | undefined {
	if (!json) return undefined;
	if (typeof json.approved === 'boolean') return json.approved;
	const data = json.data as IDataObject | undefined;
	return typeof data?.approved === 'boolean' ? data.approved : undefined;
}

/**
 * Stands in for n8n's AI Agent with a scripted model: each input item is one tool call of the model, with
 * `item.json.toolArgs` as its arguments and optionally `item.json.via`, the node whose tool it calls (default
 * the first), and `item.json.parentNodeName`, a parent a direct call names (as no n8n agent does). It puts out, per call, the answer the model would get back.
 */
export class ReviewingAgentStandIn implements INodeType {
	description = {
		displayName: 'Reviewing Agent Stand-In',
		name: 'reviewingAgentStandIn',
		group: ['transform'],
		version: 1,
		description: 'Calls its tools the way n8n AI Agent v3 does, human review included',
		defaults: { name: REVIEW_AGENT },
		inputs: [NodeConnectionTypes.Main, { type: NodeConnectionTypes.AiTool, displayName: 'Tools' }],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	} as unknown as INodeTypeDescription;

	async execute(
		this: IExecuteFunctions,
		response?: EngineResponse<Metadata>,
	): Promise<INodeExecutionData[][] | EngineRequest<Metadata>> {
		const items = this.getInputData();
		if (!response?.actionResponses.length) {
			const tools = connectedTools(
				await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0),
			);
			if (!tools.length) throw new Error('No tool connected');
			return {
				actions: items.map((item, itemIndex) => {
					const args = (item.json.toolArgs ?? {}) as IDataObject;
					// `via`: the node the model's tool comes from, when the tool is wired more than one way
					const tool =
						tools.find((entry) => entry.metadata?.sourceNodeName === item.json.via) ?? tools[0];
					const sourceNodeName = tool.metadata?.sourceNodeName;
					if (!sourceNodeName) throw new Error('The tool names no node');
					const gated = tool.metadata?.gatedToolNodeName;
					const id = `call_${itemIndex}`;
					if (!gated) {
						// a direct call; `parentNodeName` stands for an agent that would name another parent
						const parentNodeName = item.json.parentNodeName as string | undefined;
						return {
							actionType: 'ExecutionNodeAction' as const,
							nodeName: sourceNodeName,
							input: args,
							type: NodeConnectionTypes.AiTool,
							id,
							metadata: {
								itemIndex,
								toolName: tool.name,
								...(parentNodeName ? { parentNodeName } : {}),
							},
						};
					}
					// behind review the model answers the wrapped schema: { toolParameters, hitlParameters }
					const hitl: HitlMetadata = {
						gatedToolNodeName: gated,
						toolName: tool.name,
						originalInput: args,
					};
					return {
						actionType: 'ExecutionNodeAction' as const,
						nodeName: sourceNodeName,
						input: { toolParameters: args },
						type: NodeConnectionTypes.AiTool,
						id,
						metadata: { itemIndex, hitl, toolName: tool.name },
					};
				}),
				metadata: {},
			};
		}

		const answers: Record<string, IDataObject> = {
			...(response.metadata?.answers ?? {}),
		};
		const followUps: EngineRequest<Metadata>['actions'] = [];
		for (const result of response.actionResponses) {
			const { action } = result;
			const output = result.data.data?.ai_tool?.[0] ?? [];
			const hitl = action.metadata.hitl;
			const key = String(action.metadata.itemIndex);
			if (hitl && approval(output[0]?.json) === true) {
				// n8n 2.41: the same call id, the tool's name beside the original arguments, the review node as parent
				followUps.push({
					actionType: 'ExecutionNodeAction',
					nodeName: hitl.gatedToolNodeName,
					input: { tool: hitl.toolName, ...hitl.originalInput },
					type: NodeConnectionTypes.AiTool,
					id: action.id,
					metadata: { itemIndex: action.metadata.itemIndex, parentNodeName: action.nodeName },
				});
				answers[key] = { toolCallId: action.id, review: output.map((item) => item.json) };
			} else if (hitl) {
				answers[key] = {
					toolCallId: action.id,
					denied: true,
					answer: [
						{
							output: `User rejected the tool call to ${hitl.gatedToolNodeName} (id: ${action.id}). STOP what you are doing and wait for the user to tell you how to proceed. The tool is still available if needed.`,
						},
					],
				};
			} else {
				answers[key] = {
					...answers[key],
					toolCallId: action.id,
					answer: output.map((item) => item.json),
				};
			}
		}
		if (followUps.length) return { actions: followUps, metadata: { answers } };
		return [items.map((_, itemIndex) => ({ json: answers[String(itemIndex)] ?? {} }))];
	}
}

/**
 * Stands in for one of n8n's review nodes (`…HitlTool`: a "send and wait" node as a tool gate). The real one
 * sends the reviewer a message and waits; the person's click resumes it with `{ data: { approved } }`. Here
 * the person's decision is the node's `decision` parameter, and what the person was shown (the call's
 * arguments) goes out beside it.
 */
export class ReviewGateStandIn implements INodeType {
	description = {
		displayName: 'Review Gate Stand-In',
		name: 'reviewGateHitlTool',
		group: ['transform'],
		version: 1,
		description: 'Answers a tool call review as a person would',
		defaults: { name: REVIEW_NODE },
		inputs: [{ type: NodeConnectionTypes.AiTool, displayName: 'Tool', maxConnections: 1 }],
		outputs: [NodeConnectionTypes.AiTool],
		properties: [
			{
				displayName: 'Decision',
				name: 'decision',
				type: 'options',
				options: [
					{ name: 'Approve', value: 'approve' },
					{ name: 'Reject', value: 'reject' },
				],
				default: 'approve',
			},
		],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((item, itemIndex) => ({
				json: {
					data: { approved: this.getNodeParameter('decision', itemIndex) === 'approve' },
					shown: item.json.toolParameters as IDataObject,
				},
			})),
		];
	}
}

const TYPE_PREFIX = 'n8n-nodes-social-publishing';

/** Node types for review runs: the agent and review stand-ins, the package's nodes and the tool variant. */
export function reviewNodeTypes(): INodeTypes {
	return buildNodeTypes(
		{
			'test.reviewingAgentStandIn': new ReviewingAgentStandIn(),
			'test.reviewGateHitlTool': new ReviewGateStandIn(),
			'test.reviewGateLookalike': new ReviewGateStandIn(),
		},
		{ ...sourceNodeTypes(), socialPublishingTool: toolVariant(new SocialPublishing()) },
	);
}

export interface ReviewSetup {
	/** The review node between tool and agent; omitted: the tool is wired to the agent directly. */
	review?: { decision: 'approve' | 'reject'; type?: string; disabled?: boolean; gatesTool?: false };
	/** Also wire the tool to the agent directly, beside the review node (`review.gatesTool` false: only directly). */
	alsoDirect?: boolean;
}

/** Start → Agent; the Social Publishing tool behind a review node, or wired to the agent directly. */
export function reviewedToolWorkflow(parameters: IDataObject, setup: ReviewSetup): WorkflowJson {
	const { review } = setup;
	const edges: Edge[] = [{ from: START, to: REVIEW_AGENT }];
	if (review) edges.push({ from: REVIEW_NODE, to: REVIEW_AGENT, type: 'ai_tool' });
	if (review && review.gatesTool !== false)
		edges.push({ from: TOOL_NODE, to: REVIEW_NODE, type: 'ai_tool' });
	if (!review || setup.alsoDirect)
		edges.push({ from: TOOL_NODE, to: REVIEW_AGENT, type: 'ai_tool' });
	return buildWorkflow(
		[
			startNode(),
			{ name: REVIEW_AGENT, type: 'test.reviewingAgentStandIn', position: [200, 0] },
			...(review
				? [
						{
							name: REVIEW_NODE,
							type: review.type ?? 'test.reviewGateHitlTool',
							position: [200, 200] as [number, number],
							parameters: { decision: review.decision },
							extra: review.disabled ? { disabled: true } : {},
						},
					]
				: []),
			{
				name: TOOL_NODE,
				type: `${TYPE_PREFIX}.socialPublishingTool`,
				position: [200, 400],
				parameters: parameters as INodeParameters,
				credentials: CREDENTIAL,
			},
		],
		edges,
	);
}
