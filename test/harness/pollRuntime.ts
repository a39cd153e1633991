/**
 * Runs a polling trigger the way n8n runs an active workflow's poller: each poll gets a fresh `PollContext`
 * from n8n-core over a workflow built from the stored static data (n8n keeps it as JSON with the workflow),
 * and what the poll leaves in the static data is stored again for the next poll. Items a poll returns start
 * a run from the poll node in "trigger" mode through `WorkflowExecute`, as n8n's `__emit` does.
 */
import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeTypes,
	type IRun,
	type IWorkflowBase,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { additionalDataFor } from './runWorkflow';

export interface PollWorkflow {
	nodes: INode[];
	connections: IConnections;
	name?: string;
}

export interface PollRunnerOptions {
	workflow: PollWorkflow;
	/** Name of the polling node. */
	pollNode: string;
	nodeTypes: INodeTypes;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	credentialTypes?: Record<string, ICredentialType>;
	/** Static data the workflow starts with (as stored), default none. */
	staticData?: IDataObject;
	/** The poll budget n8n gives each poll (`getPollBudgetMs`), default n8n-core's. */
	pollBudgetMs?: number;
}

export interface PollOutcome {
	/** What poll() returned: the items of its one output, or null for "nothing new". */
	items: INodeExecutionData[] | null;
	error?: Error & { description?: string; httpCode?: string | null };
}

export interface PollRunner {
	/** One poll: 'trigger' as an active workflow's schedule runs it, 'manual' as the editor's Fetch Test Event does. */
	poll(mode?: 'trigger' | 'manual'): Promise<PollOutcome>;
	/** The static data as n8n would store it after the polls so far (JSON). */
	staticData(): IDataObject;
	/** Replaces the stored static data (as if edited in the database, or another workflow version). */
	setStaticData(data: IDataObject): void;
	/** Runs the workflow from the poll node with these items, as n8n does when a poll returns items. */
	runFrom(items: INodeExecutionData[]): Promise<IRun>;
}

function workflowData(options: PollRunnerOptions, id: string): IWorkflowBase {
	return {
		id,
		name: options.workflow.name ?? 'Poll test workflow',
		active: true,
		activeVersionId: null,
		isArchived: false,
		nodes: options.workflow.nodes,
		connections: options.workflow.connections,
		settings: { executionOrder: 'v1' },
		staticData: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as unknown as IWorkflowBase;
}

/** A JSON copy without n8n's change marker: what the database would hold. */
function stored(data: IDataObject): IDataObject {
	const copy = JSON.parse(JSON.stringify(data ?? {})) as IDataObject;
	delete copy.__dataChanged;
	return copy;
}

export function createPollRunner(options: PollRunnerOptions): PollRunner {
	const id = `wf-poll-${randomUUID().slice(0, 8)}`;
	const base = workflowData(options, id);
	let staticData = stored(options.staticData ?? {});

	const build = (): Workflow =>
		new Workflow({
			id,
			name: base.name,
			nodes: options.workflow.nodes,
			connections: options.workflow.connections,
			active: true,
			nodeTypes: options.nodeTypes,
			staticData: stored(staticData),
			settings: { executionOrder: 'v1' },
		});

	const additionalData = () => {
		const data = additionalDataFor(
			options.credentials,
			base,
			randomUUID(),
			options.credentialTypes,
		);
		return { ...data, workflowId: id };
	};

	return {
		async poll(mode = 'trigger') {
			const workflow = build();
			const node = workflow.getNode(options.pollNode);
			if (!node) throw new Error(`No node ${options.pollNode}`);
			const nodeType = options.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
			if (!nodeType.poll) throw new Error(`${node.type} has no poll()`);
			const context =
				options.pollBudgetMs === undefined
					? new PollContext(
							workflow,
							node,
							additionalData(),
							mode,
							mode === 'manual' ? 'manual' : 'activate',
						)
					: new PollContext(
							workflow,
							node,
							additionalData(),
							mode,
							mode === 'manual' ? 'manual' : 'activate',
							undefined,
							undefined,
							undefined,
							undefined,
							undefined,
							() => options.pollBudgetMs as number,
						);
			try {
				const result = await nodeType.poll.call(context);
				return { items: result === null ? null : (result[0] ?? []) };
			} catch (error) {
				return { items: null, error: error as PollOutcome['error'] };
			} finally {
				// n8n keeps an active workflow's static data in memory from poll to poll, also after a failed poll,
				// and saves it with the workflow; kept after manual tests too, so a test sees what the node changed.
				staticData = stored(workflow.staticData);
			}
		},
		staticData: () => stored(staticData),
		setStaticData(data) {
			staticData = stored(data);
		},
		async runFrom(items) {
			const workflow = build();
			const node = workflow.getNode(options.pollNode);
			if (!node) throw new Error(`No node ${options.pollNode}`);
			const mode: WorkflowExecuteMode = 'trigger';
			const runData = createRunExecutionData({
				executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
			});
			const runAdditionalData = {
				...additionalData(),
				executionId: randomUUID(),
				hooks: new ExecutionLifecycleHooks(mode, randomUUID(), base),
			};
			return await new WorkflowExecute(runAdditionalData, mode, runData).processRunExecutionData(
				workflow,
			);
		},
	};
}

/** Items a node put out on its first output in a run. */
export function runOutput(run: IRun, nodeName: string): INodeExecutionData[] {
	const runs = run.data.resultData.runData[nodeName];
	return runs?.[runs.length - 1]?.data?.main?.[0] ?? [];
}
