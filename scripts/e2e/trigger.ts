/**
 * The trigger example against a real n8n server: activate it, let the sandbox deliver a signed
 * draft.published event to the production webhook URL, and check that exactly one execution ran with
 * the right data; then a badly signed delivery must get 401 and start nothing.
 */
import type { Sandbox } from '../../sandbox';
import { Example, loadExample, ensure } from '../examples/catalog';
import { waitFor } from '../lib/processes';
import { N8nInstance } from './n8n';
import { isStartingUp } from './ready';
import {
	ExecutionSummary,
	Session,
	getExecution,
	listExecutions,
	nodeOutput,
	ownerSession,
} from './rest';

export interface TriggerCheck {
	n8n: N8nInstance;
	sandbox: Sandbox;
	example: Example;
	step(name: string, fn: () => Promise<string[] | void>): Promise<boolean>;
}

/** Marks the workflow active in the database before the server starts: publish:workflow on 2.x, update:workflow before it. */
export async function activateWorkflow(n8n: N8nInstance, workflowId: string): Promise<string> {
	const publish = await n8n.cli(['publish:workflow', `--id=${workflowId}`]);
	if (publish.code === 0 && !/not found|unknown command|error/i.test(publish.output))
		return 'publish:workflow';
	const update = await n8n.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
	if (update.code !== 0)
		throw new Error(
			`Could not activate ${workflowId}:\n${publish.output.slice(-1500)}\n${update.output.slice(-1500)}`,
		);
	return 'update:workflow --active=true';
}

export function productionWebhookUrl(n8n: N8nInstance, example: Example): string {
	const trigger = loadExample(example).nodes.find((node) => node.webhookId);
	if (!trigger?.webhookId) throw new Error(`${example.file} has no node with a webhookId`);
	return `${n8n.baseUrl}/webhook/${trigger.webhookId}/webhook`;
}

/** Publishes a fresh X + LinkedIn draft now, so that the sandbox sends draft.published when it finishes. */
export async function publishDraftNow(sandbox: Sandbox, text: string): Promise<number> {
	const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/101/drafts`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sandbox.keys.admin}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			platforms: {
				x: { enabled: true, posts: [{ text }], settings: {} },
				linkedin: { enabled: true, posts: [{ text }], settings: {} },
			},
			publish_at: 'now',
		}),
	});
	const body = (await res.json()) as { id?: number };
	if (res.status !== 201 || typeof body.id !== 'number')
		throw new Error(`Creating the draft answered ${res.status}: ${JSON.stringify(body)}`);
	return body.id;
}

/** The headers of a real delivery with its signature replaced by a wrong one of the right shape. */
export function badlySigned(headers: Record<string, string>): Record<string, string> {
	const out: Record<string, string> = { 'content-type': 'application/json' };
	for (const [name, value] of Object.entries(headers))
		if (/^x-service-/i.test(name)) out[name.toLowerCase()] = value;
	ensure(
		out['x-service-signature'],
		`the delivery should carry a signature header, had ${Object.keys(headers).join(', ')}`,
	);
	out['x-service-signature'] = `sha256=${'0'.repeat(64)}`;
	return out;
}

async function executionsOf(session: Session, workflowId: string): Promise<ExecutionSummary[]> {
	return await listExecutions(session, workflowId);
}

export async function checkTrigger({ n8n, sandbox, example, step }: TriggerCheck): Promise<void> {
	const workflow = loadExample(example);
	const url = productionWebhookUrl(n8n, example);
	let session: Session | undefined;
	let delivered: { body: string; headers: Record<string, string> } | undefined;
	let draftId = 0;

	const active = await step(`activate "${workflow.name}" and start the n8n server`, async () => {
		const how = await activateWorkflow(n8n, workflow.id);
		await n8n.startServer();
		// The production webhook answers 404 until the workflow's webhook is registered (and n8n's start-up
		// text, 200, while its database migrates); an unsigned POST then gets 401.
		const status = await waitFor(
			'the trigger webhook to be registered',
			async () => {
				const res = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: '{}',
				});
				await res.arrayBuffer();
				return res.status === 404 || isStartingUp(res) ? undefined : res.status;
			},
			60_000,
		);
		ensure(status === 401, `an unsigned delivery should get 401 from the trigger, got ${status}`);
		session = await ownerSession(n8n.baseUrl);
		return [`activated with ${how}; production URL ${url}; unsigned POST answered 401`];
	});
	if (!active || !session) return;
	const rest = session;

	await step(
		'a signed draft.published delivery from the sandbox starts exactly one execution',
		async () => {
			ensure(
				(await executionsOf(rest, workflow.id)).length === 0,
				'no execution should exist before the delivery',
			);
			sandbox.addWebhook({ url, events: ['draft.published'] });
			draftId = await publishDraftNow(sandbox, `End-to-end check ${Date.now()}`);
			const delivery = await waitFor(
				'the sandbox to deliver draft.published',
				async () => sandbox.deliveries.find((d) => d.url === url && d.event === 'draft.published'),
				30_000,
				200,
			);
			ensure(
				delivery.status === 200,
				`n8n should answer the signed delivery with 200, answered ${delivery.status} ${delivery.error ?? ''}`,
			);
			delivered = delivery;
			const executions = await waitFor(
				'the execution to finish',
				async () => {
					const list = await executionsOf(rest, workflow.id);
					return list.length > 0 && list.every((e) => e.status !== 'running' && e.status !== 'new')
						? list
						: undefined;
				},
				60_000,
			);
			ensure(
				executions.length === 1,
				`exactly one execution should run, found ${executions.length}`,
			);
			ensure(
				executions[0].status === 'success',
				`the execution should succeed, status "${executions[0].status}"`,
			);
			const detail = await getExecution(rest, n8n.install, executions[0].id);
			const lines = example.check((node) => nodeOutput(detail, node));
			const collected = nodeOutput(detail, 'Collect Published URLs')[0];
			ensure(
				Number(collected?.draft_id) === draftId,
				`the execution should be about draft ${draftId}, was about ${String(collected?.draft_id)}`,
			);
			return [`execution ${executions[0].id} (${executions[0].mode}): ${lines.join('; ')}`];
		},
	);

	await step('a badly signed delivery gets 401 and starts no execution', async () => {
		ensure(delivered, 'needs the signed delivery of the previous step');
		const before = (await executionsOf(rest, workflow.id)).length;
		const res = await fetch(url, {
			method: 'POST',
			headers: badlySigned(delivered.headers),
			body: delivered.body,
		});
		ensure(res.status === 401, `a bad signature should get 401, got ${res.status}`);
		await new Promise((resolve) => setTimeout(resolve, 2000));
		const after = (await executionsOf(rest, workflow.id)).length;
		ensure(
			after === before,
			`no execution should start, executions went from ${before} to ${after}`,
		);
		return [`answered 401; executions stayed at ${after}`];
	});
}
