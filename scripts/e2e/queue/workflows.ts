/**
 * The workflows of the queue-mode test besides the examples:
 * - the control of the burst: n8n's own Webhook node (no signature check, no replay memory), answering
 *   on receipt and followed by a No Operation node, under the same burst on the same processes. What it
 *   costs is n8n's share of a webhook delivery in queue mode; the difference is the trigger's;
 * - the trigger example with n8n's Remove Duplicates node after the trigger (QUEUE_REMOVE_DUPLICATES=1);
 * - the trigger example with its trigger node at another version (the node's default).
 */
import { importWorkflow as importOne } from '../prepare';
import { N8nInstance } from '../n8n';
import { activateWorkflow } from '../trigger';

export const CONTROL_WORKFLOW_ID = 'QueueBurstCtrl01';
export const CONTROL_PATH = 'queue-burst-control';

export function controlWorkflow(): { id: string; [key: string]: unknown } {
	return {
		id: CONTROL_WORKFLOW_ID,
		name: 'Queue-mode burst control: n8n Webhook node',
		nodes: [
			{
				id: 'a3c1e0f2-5b6d-4c7e-8f90-1a2b3c4d5e6f',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
				parameters: {
					httpMethod: 'POST',
					path: CONTROL_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: 'b4d2f1a3-6c7e-4d8f-9a01-2b3c4d5e6f70',
				name: 'No Operation',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { Webhook: { main: [[{ node: 'No Operation', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** `n8n import:workflow` of one workflow (replacing a workflow with the same id). */
export async function importWorkflow(n8n: N8nInstance, workflow: { id: unknown }): Promise<void> {
	await importOne(n8n, workflow, 'queue-workflows');
}

/** Imports the control workflow and publishes it (before the server starts, as for the examples). */
export async function importControl(n8n: N8nInstance): Promise<string> {
	await importWorkflow(n8n, controlWorkflow());
	return await activateWorkflow(n8n, CONTROL_WORKFLOW_ID);
}

/**
 * The workflow with n8n's Remove Duplicates node right after the trigger, in its database-backed
 * mode across executions ("Remove Items Processed in Previous Executions"), keyed on event,
 * delivery timestamp and draft id: what a user can add to stop a second run of one delivery.
 */
export function withRemoveDuplicates<
	W extends {
		nodes: Array<{ name: string; position: [number, number] }>;
		connections: Record<string, unknown>;
	},
>(workflow: W, triggerName: string): W {
	const trigger = workflow.nodes.find((node) => node.name === triggerName);
	if (!trigger) throw new Error(`no node "${triggerName}"`);
	const next = workflow.connections[triggerName];
	const dedupe = {
		id: 'c5e3a2b4-7d8f-4e90-8b12-3c4d5e6f7081',
		name: 'Remove Duplicate Deliveries',
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		position: [trigger.position[0] + 110, trigger.position[1] + 160] as [number, number],
		parameters: {
			operation: 'removeItemsSeenInPreviousExecutions',
			logic: 'removeItemsWithAlreadySeenKeyValues',
			dedupeValue: '={{ $json.event }}|{{ $json.timestamp }}|{{ $json.draft.id }}',
			options: {},
		},
	};
	return {
		...workflow,
		nodes: [...workflow.nodes, dedupe],
		connections: {
			...workflow.connections,
			[triggerName]: { main: [[{ node: dedupe.name, type: 'main', index: 0 }]] },
			[dedupe.name]: next,
		},
	};
}

/** The workflow with one node at another type version (the trigger at its default version, where the example file names 1). */
export function withTriggerVersion<
	W extends { nodes: Array<{ name: string; typeVersion: number }> },
>(workflow: W, triggerName: string, typeVersion: number): W {
	if (!workflow.nodes.some((node) => node.name === triggerName))
		throw new Error(`no node "${triggerName}"`);
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.name === triggerName ? { ...node, typeVersion } : node,
		),
	};
}
