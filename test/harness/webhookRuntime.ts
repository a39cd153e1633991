/**
 * The n8n runtime pieces a webhook trigger needs, built from n8n-core and
 * n8n-workflow the way n8n's webhook server uses them: node types, additional
 * data with a credentials helper, activation through `HookContext`, the
 * webhook call through `WebhookContext`, and the run through `WorkflowExecute`.
 */
import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, HookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeConnectionTypes,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type IRun,
	type IWebhookData,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { buildNodeTypes } from './nodeTypes';
import { additionalDataFor } from './runWorkflow';

export const CAPTURE_NODE_NAME = 'Capture';
const CAPTURE_TYPE = 'test.capture';

/** A pass-through node after the trigger: proves the run continued past the trigger. */
class CaptureNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Capture',
		name: 'capture',
		group: ['transform'],
		version: 1,
		description: 'Passes items through',
		defaults: { name: 'Capture' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

export function makeNodeTypes(types: Record<string, INodeType>): INodeTypes {
	return buildNodeTypes({ ...types, [CAPTURE_TYPE]: new CaptureNode() });
}

/** The workflow harness's additional data, with the base URLs pointed at the loopback webhook server. */
export function makeAdditionalData(opts: {
	credentials: Record<string, ICredentialDataDecryptedObject>;
	webhookBaseUrl: string;
	workflowData: IWorkflowBase;
}): IWorkflowExecuteAdditionalData {
	const base = opts.webhookBaseUrl.replace(/\/$/, '');
	return {
		...additionalDataFor(opts.credentials, opts.workflowData, randomUUID()),
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		workflowId: opts.workflowData.id,
	};
}

export interface TriggerWorkflowSpec {
	nodeTypeName: string;
	nodeType: INodeType;
	/** Parameters as a user would set them; defaults are filled in the way n8n does. */
	parameters: IDataObject;
	credentialType: string;
}

export interface TriggerWorkflow {
	workflowData: IWorkflowBase;
	triggerNode: INode;
	nodeTypes: INodeTypes;
}

export function buildTriggerWorkflow(spec: TriggerWorkflowSpec): TriggerWorkflow {
	const nodeTypes = makeNodeTypes({ [spec.nodeTypeName]: spec.nodeType });
	const triggerNode: INode = {
		id: randomUUID(),
		name: 'Trigger',
		type: spec.nodeTypeName,
		typeVersion: 1,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: {},
		credentials: { [spec.credentialType]: { id: '1', name: 'Test account' } },
	};
	triggerNode.parameters =
		NodeHelpers.getNodeParameters(
			spec.nodeType.description.properties,
			spec.parameters as never,
			true,
			false,
			triggerNode,
			spec.nodeType.description,
		) ?? {};
	const capture: INode = {
		id: randomUUID(),
		name: CAPTURE_NODE_NAME,
		type: CAPTURE_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters: {},
	};
	const workflowData = {
		id: `wf-${randomUUID().slice(0, 8)}`,
		name: 'Trigger test workflow',
		active: true,
		activeVersionId: null,
		isArchived: false,
		nodes: [triggerNode, capture],
		connections: {
			[triggerNode.name]: {
				main: [[{ node: CAPTURE_NODE_NAME, type: 'main' as const, index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' as const },
		staticData: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as IWorkflowBase;
	return { workflowData, triggerNode, nodeTypes };
}

export function instantiate(tw: TriggerWorkflow, staticData: IDataObject): Workflow {
	return new Workflow({
		id: tw.workflowData.id,
		name: tw.workflowData.name,
		nodes: tw.workflowData.nodes,
		connections: tw.workflowData.connections,
		active: true,
		nodeTypes: tw.nodeTypes,
		staticData,
		settings: tw.workflowData.settings,
	});
}

export function webhookDataFor(
	tw: TriggerWorkflow,
	additionalData: IWorkflowExecuteAdditionalData,
): IWebhookData {
	const description = tw.nodeTypes.getByNameAndVersion(tw.triggerNode.type).description
		.webhooks?.[0];
	if (!description) throw new Error('The trigger has no webhook');
	return {
		httpMethod: description.httpMethod as IWebhookData['httpMethod'],
		node: tw.triggerNode.name,
		path: `${tw.triggerNode.webhookId}/${String(description.path)}`,
		webhookDescription: description,
		workflowId: tw.workflowData.id,
		workflowExecuteAdditionalData: additionalData,
	};
}

/** Activation as n8n does it: `checkExists`, then `create` when it reported false. */
export async function activateWebhook(
	workflow: Workflow,
	tw: TriggerWorkflow,
	additionalData: IWorkflowExecuteAdditionalData,
	activation: WorkflowActivateMode = 'activate',
): Promise<void> {
	const nodeType = tw.nodeTypes.getByNameAndVersion(tw.triggerNode.type);
	const methods = nodeType.webhookMethods?.default;
	if (!methods) return;
	const webhookData = webhookDataFor(tw, additionalData);
	const context = () =>
		new HookContext(workflow, tw.triggerNode, additionalData, 'webhook', activation, webhookData);
	const exists = await methods.checkExists.call(context());
	if (!exists) await methods.create.call(context());
}

/** Runs the workflow from the trigger with the items its webhook returned, as n8n does after a webhook call. */
export async function runFromTrigger(
	workflow: Workflow,
	tw: TriggerWorkflow,
	additionalData: IWorkflowExecuteAdditionalData,
	main: INodeExecutionData[][],
	mode: WorkflowExecuteMode = 'webhook',
): Promise<IRun> {
	const runData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: tw.triggerNode, data: { main }, source: null }] },
	});
	const runAdditionalData: IWorkflowExecuteAdditionalData = {
		...additionalData,
		executionId: randomUUID(),
		hooks: new ExecutionLifecycleHooks(mode, randomUUID(), tw.workflowData),
	};
	return await new WorkflowExecute(runAdditionalData, mode, runData).processRunExecutionData(
		workflow,
	);
}

/** Items a node put out on its first output in a run. */
export function outputOf(run: IRun, nodeName: string): INodeExecutionData[] {
	return run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [];
}
