/**
 * The control of the burst: n8n's own Webhook node (no signature check, no replay memory), answering
 * on receipt and followed by a No Operation node, under the same burst on the same processes. What it
 * costs is n8n's share of a webhook delivery in queue mode; the difference is the trigger's.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { N8nInstance } from '../n8n';
import { activateWorkflow } from '../trigger';

export const CONTROL_WORKFLOW_ID = 'QueueBurstCtrl01';
export const CONTROL_PATH = 'queue-burst-control';

export function controlWorkflow(): Record<string, unknown> {
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
				parameters: { httpMethod: 'POST', path: CONTROL_PATH, responseMode: 'onReceived', options: {} },
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

/** Imports the control workflow and publishes it (before the server starts, as for the examples). */
export async function importControl(n8n: N8nInstance): Promise<string> {
	const dir = join(n8n.userFolder, 'control');
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `${CONTROL_WORKFLOW_ID}.json`);
	writeFileSync(file, JSON.stringify(controlWorkflow(), null, 2));
	const res = await n8n.cli(['import:workflow', `--input=${file}`]);
	if (res.code !== 0) throw new Error(`Importing the control workflow failed (exit ${res.code}):\n${res.output.slice(-2000)}`);
	return await activateWorkflow(n8n, CONTROL_WORKFLOW_ID);
}
