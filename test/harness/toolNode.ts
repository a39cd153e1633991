import type {
	EngineRequest,
	EngineResponse,
	IDataObject,
	INodeParameters,
	IExecuteFunctions,
	INodeExecutionData,
	INodeTypes,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, deepCopy } from 'n8n-workflow';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { buildNodeTypes, sourceNodeTypes } from './nodeTypes';
import type { WorkflowJson } from './runWorkflow';
import type { SandboxFixture } from './sandbox';
import { buildWorkflow, CREDENTIAL, START, startNode } from './workflows';

/**
 * The tool variant n8n makes of a node with `usableAsTool` (n8n's `convertNodeToAiTool`, run when it loads
 * node types): a copy whose type name ends in `Tool`, with no main input and an `ai_tool` output, running
 * the node's own `execute`.
 */
export function toolVariant(type: INodeType): INodeType {
	const description = deepCopy(type.description) as INodeTypeDescription;
	description.name += 'Tool';
	description.displayName += ' Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	delete description.usableAsTool;
	description.properties.push({
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: description.description,
	});
	return { description, methods: type.methods, execute: type.execute } as INodeType;
}

/**
 * Stands in for n8n's AI Agent (version 3): it asks the engine to run its connected tool once per input
 * item, with `item.json.toolArgs` as the arguments the model chose (an engine request, as the agent sends
 * for a tool call), and puts out what each tool call answered.
 */
export class AgentStandIn implements INodeType {
	description = {
		displayName: 'Agent Stand-In',
		name: 'agentStandIn',
		group: ['transform'],
		version: 1,
		description: 'Calls its tool the way an AI agent does',
		defaults: { name: 'Agent' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tool', maxConnections: 1 },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	} as unknown as INodeTypeDescription;

	async execute(
		this: IExecuteFunctions,
		response?: EngineResponse,
	): Promise<INodeExecutionData[][] | EngineRequest> {
		if (response?.actionResponses.length) {
			return [
				response.actionResponses.map((result) => {
					const answer = result.data.data?.ai_tool?.[0] ?? [];
					return {
						json: { toolCallId: result.action.id, answer: answer.map((item) => item.json) },
					};
				}),
			];
		}
		const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as {
			name: string;
			metadata?: { sourceNodeName?: string };
		};
		const nodeName = tools.metadata?.sourceNodeName;
		if (!nodeName) throw new Error('No tool connected');
		return {
			actions: this.getInputData().map((item, itemIndex) => ({
				actionType: 'ExecutionNodeAction' as const,
				nodeName,
				input: (item.json.toolArgs ?? {}) as IDataObject,
				type: NodeConnectionTypes.AiTool,
				id: `call_${itemIndex}`,
				metadata: { itemIndex },
			})),
			metadata: {},
		};
	}
}

export const TOOL_NODE = 'Social Publishing Tool';
export const AGENT = 'Agent';

/** Start → Agent, with the Social Publishing tool variant (these parameters) connected as the agent's tool. */
export function agentWithToolWorkflow(parameters: IDataObject): WorkflowJson {
	return buildWorkflow(
		[
			startNode(),
			{ name: AGENT, type: 'test.agentStandIn' },
			{
				name: TOOL_NODE,
				type: 'n8n-nodes-social-publishing.socialPublishingTool',
				position: [200, 200],
				parameters: parameters as INodeParameters,
				credentials: CREDENTIAL,
			},
		],
		[
			{ from: START, to: AGENT },
			{ from: TOOL_NODE, to: AGENT, type: 'ai_tool' },
		],
	);
}

/** Node types for a tool run: the agent stand-in, the package's nodes and the Social Publishing tool variant. */
export function toolNodeTypes(): INodeTypes {
	return buildNodeTypes(
		{ 'test.agentStandIn': new AgentStandIn() },
		{ ...sourceNodeTypes(), socialPublishingTool: toolVariant(new SocialPublishing()) },
	);
}

/**
 * Runs the agent with one tool call per entry of `calls` (the model's arguments, for `$fromAI`) and
 * returns each call's answer with the API requests the sandbox received during the run.
 */
export async function callTool(
	fx: SandboxFixture,
	nodeTypes: INodeTypes,
	parameters: IDataObject,
	calls: IDataObject[],
): Promise<{ answers: IDataObject[][]; requests: ReturnType<SandboxFixture['apiRequests']> }> {
	fx.sandbox.clearRequests();
	const result = await fx.run(agentWithToolWorkflow(parameters), {
		nodeTypes,
		input: calls.map((toolArgs) => ({ json: { toolArgs } })),
	});
	if (result.error) throw result.error;
	const answers = result.output(AGENT).map((item) => item.json.answer as IDataObject[]);
	return { answers, requests: fx.apiRequests() };
}
