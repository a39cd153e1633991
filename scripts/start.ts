/**
 * npm start: builds the package, starts the sandbox on loopback, and runs every example workflow through
 * n8n's engine (n8n-core's WorkflowExecute) with the BUILT node classes from dist/; the trigger example is
 * fed a real signed delivery from the sandbox over HTTP; the poll trigger example is activated and polls the
 * sandbox. Prints what each step did and exits 0 when all worked.
 */
// First, before anything loads n8n-core: its settings go to a throwaway user folder, never to ~/.n8n.
import { N8N_USER_FOLDER } from './lib/n8nUserFolder';
import { existsSync } from 'fs';
import { join } from 'path';
import { Container } from '@n8n/di';
import { InstanceSettings } from 'n8n-core';
import type { IConnections, INode, INodeExecutionData, IRun, IWorkflowBase } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../sandbox';
import { loadDistPackage, type DistPackage } from '../test/harness/distPackage';
import { buildNodeTypes } from '../test/harness/nodeTypes';
import { runWorkflow } from '../test/harness/runWorkflow';
import { startTriggerServer } from '../test/harness/webhookServer';
import { EXAMPLES, Example, Json, ensure, loadExample, sandboxApi } from './examples/catalog';
import { coreNodeTypes } from './examples/coreNodes';
import { OUTBOX } from './examples/emailSend';
import { runPollExample } from './examples/pollExample';
import { buildPackage } from './lib/pack';
import { waitFor } from './lib/processes';
import { badlySigned, publishDraftNow } from './e2e/trigger';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function outputReader(run: IRun) {
	return (node: string): Json[] => {
		const runs = run.data.resultData.runData[node];
		const items: INodeExecutionData[] = runs?.length
			? (runs[runs.length - 1].data?.main?.[0] ?? [])
			: [];
		return items.map((item) => item.json as Json);
	};
}

/** The nodes that ran, in order, with how many items each put out. */
function trace(run: IRun): string {
	return Object.entries(run.data.resultData.runData)
		.map(([node, runs]) => `${node} (${runs[runs.length - 1].data?.main?.[0]?.length ?? 0})`)
		.join(' -> ');
}

interface Context {
	dist: DistPackage;
	core: ReturnType<typeof coreNodeTypes>;
	sandbox: Sandbox;
	credentials: { socialPublishingApi: { apiKey: string; baseUrl: string; webhookSecret: string } };
}

async function runManualExample(ctx: Context, example: Example): Promise<string[]> {
	const workflow = loadExample(example);
	const runOnce = async () => {
		const result = await runWorkflow(
			{
				name: workflow.name,
				nodes: workflow.nodes as unknown as INode[],
				connections: workflow.connections as unknown as IConnections,
			},
			{
				nodeTypes: buildNodeTypes(ctx.core.types, ctx.dist.nodeTypes),
				credentialTypes: ctx.dist.credentialTypes,
				credentials: ctx.credentials,
				// One workflow run twice: n8n's record of processed items tells workflows apart by id.
				workflowId: workflow.id,
			},
		);
		if (result.error)
			throw new Error(
				`${result.error.message}${result.error.description ? ` (${result.error.description})` : ''}`,
			);
		return result.run;
	};
	const api = sandboxApi(ctx.sandbox.baseUrl, ctx.credentials.socialPublishingApi.apiKey);
	const setupLines = example.setup ? await example.setup(api) : [];
	const mailsBefore = OUTBOX.length;
	const run = await runOnce();
	const out = outputReader(run);
	const lines = [...setupLines, trace(run), ...example.check(out)];
	if (example.mailCheck)
		lines.push(...(await example.mailCheck(OUTBOX.slice(mailsBefore), out, api)));
	if (example.again) {
		const second = await runOnce();
		lines.push(trace(second), ...example.again.check(outputReader(second), out));
	}
	const sandboxLines = example.sandboxCheck ? await example.sandboxCheck(out, api) : [];
	return [...lines, ...sandboxLines];
}

/**
 * A second execution of a delivery that got past the trigger's checks, as a second worker runs one in
 * queue mode: the workflow run again from the trigger node with the item it put out (a manual run, so
 * the trigger's own checks let it through, as they can on a second worker).
 */
async function runAgainFromTrigger(
	ctx: Context,
	example: Example,
	triggerName: string,
	item: Json,
): Promise<IRun> {
	const workflow = loadExample(example);
	const result = await runWorkflow(
		{
			name: workflow.name,
			nodes: workflow.nodes as unknown as INode[],
			connections: workflow.connections as unknown as IConnections,
		},
		{
			nodeTypes: buildNodeTypes(ctx.core.types, ctx.dist.nodeTypes),
			credentialTypes: ctx.dist.credentialTypes,
			credentials: ctx.credentials,
			workflowId: workflow.id,
			startNode: triggerName,
			input: [{ json: item as INodeExecutionData['json'] }],
		},
	);
	if (result.error) throw new Error(result.error.message);
	return result.run;
}

/** Serves the trigger example's production webhook on loopback, registers it with the sandbox and publishes a draft. */
async function runTriggerExample(ctx: Context, example: Example): Promise<string[]> {
	const workflow = loadExample(example);
	const trigger = workflow.nodes.find((node) => node.webhookId);
	ensure(trigger, `${example.file} has no trigger node`);
	const nodeTypes = buildNodeTypes(ctx.core.types, ctx.dist.nodeTypes);
	const workflowData = {
		...workflow,
		active: true,
		activeVersionId: null,
		isArchived: false,
		staticData: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as unknown as IWorkflowBase;
	const server = await startTriggerServer({
		nodeType: ctx.dist.nodeTypes.socialPublishingTrigger,
		nodeTypeName: trigger.type,
		parameters: {},
		credentials: ctx.credentials.socialPublishingApi,
		workflow: { workflowData, triggerNode: trigger as unknown as INode, nodeTypes },
	});
	try {
		ctx.sandbox.addWebhook({ url: server.url, events: ['draft.published'] });
		const draftId = await publishDraftNow(
			ctx.sandbox,
			'Launch day: the scheduler is live for everyone.',
		);
		const lines = [
			`webhook ${server.url} registered with the sandbox; draft ${draftId} published now`,
		];
		const delivery = await waitFor(
			'the signed draft.published delivery',
			async () => ctx.sandbox.deliveries.find((d) => d.url === server.url),
			30_000,
			100,
		);
		ensure(
			delivery.status === 200,
			`the trigger should accept the signed delivery, answered ${delivery.status}`,
		);
		await waitFor(
			'the run started by the delivery',
			async () => (server.runs.length ? true : undefined),
			30_000,
			100,
		);
		await server.idle();
		ensure(
			server.runs.length === 1,
			`one delivery should start one run, started ${server.runs.length}`,
		);
		const { run } = server.runs[0];
		if (run.data.resultData.error) throw new Error(run.data.resultData.error.message);
		const out = outputReader(run);
		lines.push(
			`signed delivery (${delivery.event}) answered ${delivery.status}`,
			trace(run),
			...example.check(out),
		);
		if (example.again) {
			const again = await runAgainFromTrigger(ctx, example, trigger.name, out(trigger.name)[0]);
			lines.push(trace(again), ...example.again.check(outputReader(again), out));
		}

		const forged = await fetch(server.url, {
			method: 'POST',
			headers: badlySigned(delivery.headers),
			body: delivery.body,
		});
		ensure(forged.status === 401, `a badly signed delivery should get 401, got ${forged.status}`);
		await server.idle();
		ensure(server.runs.length === 1, 'a badly signed delivery must not start a run');
		lines.push('a badly signed copy of the delivery answered 401 and started nothing');
		return lines;
	} finally {
		await server.close();
	}
}

/** The poll trigger example: activation poll, a draft published and one failed, the next poll starts one run. */
async function runPollTriggerExample(ctx: Context, example: Example): Promise<string[]> {
	const { lines, run } = await runPollExample({
		example,
		sandbox: ctx.sandbox,
		nodeTypes: buildNodeTypes(ctx.core.types, ctx.dist.nodeTypes),
		credentialTypes: ctx.dist.credentialTypes,
		credentials: ctx.credentials,
	});
	return [trace(run), ...lines];
}

/** Where n8n-core keeps its settings in this run: inside the throwaway user folder, which is removed at exit. */
function userFolderLine(): string {
	const { n8nFolder } = Container.get(InstanceSettings);
	ensure(
		n8nFolder === join(N8N_USER_FOLDER, '.n8n'),
		`n8n-core should keep its settings in the throwaway user folder ${N8N_USER_FOLDER}, uses ${n8nFolder}`,
	);
	const config = join(n8nFolder, 'config');
	return `n8n user folder: ${N8N_USER_FOLDER} (throwaway, removed at exit; ${existsSync(config) ? `n8n-core wrote its settings to ${config}` : 'n8n-core wrote no settings'}, nothing to ~/.n8n)`;
}

async function main(): Promise<number> {
	const t0 = Date.now();
	console.log(
		'n8n-nodes-social-publishing: building and running the example workflows against the local sandbox\n',
	);
	let started = Date.now();
	const built = await buildPackage();
	const dist = loadDistPackage();
	console.log(
		`1. npm run build: ${built ? 'ok' : 'dist/ is the build of the sources as they are'} (${seconds(started)}); loaded from dist/: ${dist.files.join(', ')}`,
	);
	started = Date.now();
	const sandbox = await startSandbox({ port: 0, quiet: true });
	console.log(
		`2. sandbox (the Social Publishing API, local) listening on ${sandbox.baseUrl} (${seconds(started)})`,
	);
	const core = coreNodeTypes();
	console.log(
		`   core nodes (Set, Convert to File, Sort, Limit, Split Out, Remove Duplicates, If, Schedule Trigger): ${core.source === 'n8n-nodes-base' ? "n8n's own from n8n-nodes-base" : 'in-process stand-ins (n8n-nodes-base is not installed)'}; Redis node: an in-process stand-in with an in-memory counter (the queue-mode end-to-end test uses a real Redis); Send Email: an in-process stand-in that keeps the message instead of sending it; n8n's record of processed items (Remove Duplicates): in memory`,
	);
	const ctx: Context = {
		dist,
		core,
		sandbox,
		credentials: {
			socialPublishingApi: {
				apiKey: sandbox.keys.admin,
				baseUrl: sandbox.baseUrl,
				webhookSecret: sandbox.webhookSecret,
			},
		},
	};
	let failures = 0;
	let skipped = 0;
	let apiCalls = 0;
	try {
		for (const [index, example] of EXAMPLES.entries()) {
			started = Date.now();
			const heading = `${index + 3}. examples/${example.file}: ${example.title}`;
			if (example.postgres) {
				skipped++;
				console.log(
					`${heading}\n   skipped: needs a PostgreSQL server; npm run test:e2e:queue runs it in real n8n against one`,
				);
				continue;
			}
			try {
				const lines = example.trigger
					? await runTriggerExample(ctx, example)
					: example.poll
						? await runPollTriggerExample(ctx, example)
						: await runManualExample(ctx, example);
				console.log(`${heading}\n   ok (${seconds(started)})`);
				for (const line of lines) console.log(`   ${line}`);
			} catch (error) {
				failures++;
				console.log(`${heading}\n   FAILED (${seconds(started)}): ${(error as Error).message}`);
			}
		}
	} finally {
		apiCalls = sandbox.requests.filter((r) => r.path.startsWith('/v2')).length;
		await sandbox.close();
	}
	console.log(`\n${userFolderLine()}`);
	console.log(
		`${EXAMPLES.length - skipped - failures} of ${EXAMPLES.length - skipped} example workflows worked${skipped ? ` (${skipped} left to the queue-mode end-to-end test)` : ''}; ${apiCalls} API requests to the sandbox; ${seconds(t0)} in all`,
	);
	return failures === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
