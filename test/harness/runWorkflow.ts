import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeTypes,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import { TestCredentialsHelper } from './credentials';
import { buildNodeTypes } from './nodeTypes';

export interface WorkflowJson {
	name?: string;
	nodes: INode[];
	connections: IConnections;
	staticData?: IDataObject;
}

export interface RunOptions {
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Items handed to the start node (default: one empty item). */
	input?: INodeExecutionData[];
	/** Name of the node the run starts at (default: the first node without inputs in the JSON). */
	startNode?: string;
	nodeTypes?: INodeTypes;
	/** Credential types by name (default: the sources' credential; see distPackage.ts for the built one). */
	credentialTypes?: Record<string, ICredentialType>;
	/**
	 * The workflow's id (default: a new one per run). Runs given the same id are runs of one workflow,
	 * as n8n's record of processed items (Remove Duplicates, the trigger's check) tells them apart by it.
	 */
	workflowId?: string;
	/** Called once the run has started, with a function that cancels it (as the editor's Stop button does). */
	onStarted?: (cancel: () => void) => void;
}

export interface RunResult {
	run: IRun;
	/** Items a node put out on its first output, in its last run. */
	output(nodeName: string): INodeExecutionData[];
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string | null };
}

let executionCounter = 0;

export function additionalDataFor(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	workflowData: IWorkflowBase,
	executionId: string,
	credentialTypes?: Record<string, ICredentialType>,
): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper: new TestCredentialsHelper(credentials, credentialTypes),
		hooks: new ExecutionLifecycleHooks('manual', executionId, workflowData),
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not used in these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export function buildWorkflow(
	json: WorkflowJson,
	nodeTypes: INodeTypes = buildNodeTypes(),
	id = `wf-${++executionCounter}`,
): Workflow {
	return new Workflow({
		id,
		name: json.name ?? 'Test workflow',
		nodes: json.nodes,
		connections: json.connections,
		active: false,
		nodeTypes,
		staticData: json.staticData,
		settings: { executionOrder: 'v1' },
	});
}

/** Runs a workflow JSON, as exported from n8n, through n8n-core's WorkflowExecute. */
export async function runWorkflow(
	json: WorkflowJson,
	options: RunOptions = {},
): Promise<RunResult> {
	const workflow = buildWorkflow(json, options.nodeTypes, options.workflowId);
	const startName =
		options.startNode ??
		json.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')?.name ??
		json.nodes[0].name;
	const startNode = workflow.getNode(startName);
	if (!startNode) throw new Error(`No start node ${startName}`);
	const executionId = `exec-${++executionCounter}`;
	const workflowData = {
		id: workflow.id,
		name: workflow.name,
		nodes: json.nodes,
		connections: json.connections,
		active: false,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as unknown as IWorkflowBase;
	const additionalData = additionalDataFor(
		options.credentials ?? {},
		workflowData,
		executionId,
		options.credentialTypes,
	);
	additionalData.executionId = executionId;
	const runData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: startNode, data: { main: [options.input ?? [{ json: {} }]] }, source: null },
			],
		},
	});
	const execute = new WorkflowExecute(additionalData, 'manual', runData);
	const pending = execute.processRunExecutionData(workflow);
	options.onStarted?.(() => pending.cancel());
	let run: IRun;
	try {
		run = await pending;
	} catch (error) {
		const cancelled = error as Error;
		throw new Error(`Run was cancelled or failed outside the engine: ${cancelled.message}`);
	}
	const output = (nodeName: string): INodeExecutionData[] => {
		const runs = run.data.resultData.runData[nodeName];
		if (!runs?.length) return [];
		return runs[runs.length - 1].data?.main?.[0] ?? [];
	};
	return { run, output, error: run.data.resultData.error as RunResult['error'] };
}
