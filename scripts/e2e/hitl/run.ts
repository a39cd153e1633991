/**
 * End-to-end test of n8n's human review of tool calls with real n8n (npm run test:e2e:hitl): an AI Agent with
 * a scripted chat model calls the Social Publishing tool (Publish Now, "Confirm" left to the model, which
 * gives false); n8n's Send Email review node mails the approval request to a loopback mailbox, and the test
 * clicks the link in the mail as the person would.
 *
 * - one approval publishes exactly once (the sandbox records one publish request; a second click on the
 *   link publishes nothing more);
 * - a rejection publishes nothing;
 * - without the review node the model's "Confirm" is still needed: the tool answers with a dry run.
 *
 *   ts-node --transpile-only scripts/e2e/hitl/run.ts [n8n version, default 2.41.1]
 *   E2E_TARBALL=<file.tgz> tests that tarball; E2E_KEEP=1 keeps the throwaway user folder;
 *   E2E_N8N_DIR=<finished install folder in the cache> uses that install as it is and installs nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { basename, dirname, join } from 'path';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { CREDENTIAL_ID } from '../../examples/catalog';
import { buildPackage, packPackage, REPO_ROOT } from '../../lib/pack';
import { stopAll, stopAllOnExit, waitFor } from '../../lib/processes';
import { ensureInstalled } from '../install-n8n';
import { cacheRoot, findInstall, installDir, MARKER, type N8nInstall } from '../installs';
import { prepareN8n, type N8nInstance } from '../n8n';
import { importCredential } from '../prepare';
import { getExecution, listExecutions, ownerSession, type Session } from '../rest';
import { activateWorkflow } from '../trigger';
import { smtpCredentialData, startMailbox, type Mailbox } from '../../lib/mailbox';
import { startScriptedModel, type ScriptedModel } from './model';
import {
	hitlWorkflow,
	NODE,
	OPENAI_CREDENTIAL_ID,
	SMTP_CREDENTIAL_ID,
	type HitlWorkflow,
	type NodeVersions,
} from './workflows';

const outcomes: Array<{ name: string; ok: boolean }> = [];

async function step(name: string, fn: () => Promise<string[] | void>): Promise<boolean> {
	const started = Date.now();
	const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
	try {
		const detail = (await fn()) ?? [];
		outcomes.push({ name, ok: true });
		console.log(`  ok    ${name} (${took()})`);
		for (const line of detail) console.log(`          ${line}`);
		return true;
	} catch (error) {
		outcomes.push({ name, ok: false });
		const message = (error as Error).message.split('\n').join('\n          ');
		console.log(`  FAIL  ${name} (${took()})\n          ${message}`);
		return false;
	}
}

function ensure(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

async function cliOk(n8n: N8nInstance, args: string[]): Promise<string> {
	const res = await n8n.cli(args);
	if (res.code !== 0)
		throw new Error(`n8n ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-3000)}`);
	return res.output;
}

/** The newest version n8n offers of each node type the workflows use (from `n8n export:nodes`). */
async function nodeVersions(n8n: N8nInstance): Promise<NodeVersions & { reviewTypes: string[] }> {
	const file = join(n8n.userFolder, 'all-node-types.json');
	await cliOk(n8n, ['export:nodes', `--output=${file}`]);
	const types = JSON.parse(readFileSync(file, 'utf8')) as Array<{
		name: string;
		version: number | number[];
	}>;
	const newest = (name: string): number => {
		const versions = types
			.filter((type) => type.name === name)
			.flatMap((type) => (Array.isArray(type.version) ? type.version : [type.version]));
		ensure(versions.length, `n8n ${n8n.install.n8n} has no node type ${name}`);
		return Math.max(...versions);
	};
	return {
		webhook: newest('n8n-nodes-base.webhook'),
		agent: newest('@n8n/n8n-nodes-langchain.agent'),
		model: newest('@n8n/n8n-nodes-langchain.lmChatOpenAi'),
		review: newest('n8n-nodes-base.emailSendHitlTool'),
		reviewTypes: [...new Set(types.map((t) => t.name).filter((n) => n.endsWith('HitlTool')))],
	};
}

async function importCredentials(
	n8n: N8nInstance,
	sandbox: Sandbox,
	model: ScriptedModel,
	mailbox: Mailbox,
): Promise<void> {
	await importCredential(n8n, {
		apiKey: sandbox.keys.admin,
		baseUrl: sandbox.baseUrl,
		webhookSecret: sandbox.webhookSecret,
	});
	const file = join(n8n.userFolder, 'hitl-credentials.json');
	writeFileSync(
		file,
		JSON.stringify([
			{
				id: OPENAI_CREDENTIAL_ID,
				name: 'Scripted model',
				type: 'openAiApi',
				data: { apiKey: 'sk-local-scripted-model', url: model.baseUrl },
			},
			{
				id: SMTP_CREDENTIAL_ID,
				name: 'Local mailbox',
				type: 'smtp',
				data: smtpCredentialData(mailbox),
			},
		]),
	);
	await cliOk(n8n, ['import:credentials', `--input=${file}`]);
}

/** A new draft on X in social set 101, made through the sandbox's API. */
async function seedDraft(sandbox: Sandbox, text: string): Promise<number> {
	const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/101/drafts`, {
		method: 'POST',
		headers: { authorization: `Bearer ${sandbox.keys.admin}`, 'content-type': 'application/json' },
		body: JSON.stringify({ platforms: { x: { enabled: true, posts: [{ text }], settings: {} } } }),
	});
	const body = (await res.json()) as { id?: number };
	ensure(res.status === 201 && typeof body.id === 'number', `seeding a draft: ${res.status}`);
	return body.id;
}

/** Schedules a seeded draft two days ahead (over HTTP, outside n8n). */
async function scheduleDraft(sandbox: Sandbox, draftId: number): Promise<void> {
	const publishAt = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 13) + ':00:00Z';
	const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/101/drafts/${draftId}`, {
		method: 'PATCH',
		headers: { authorization: `Bearer ${sandbox.keys.admin}`, 'content-type': 'application/json' },
		body: JSON.stringify({ publish_at: publishAt }),
	});
	ensure(res.status === 200, `scheduling draft ${draftId}: ${res.status}`);
}

/** The write requests the sandbox received for one draft (publishing is a PATCH with publish_at). */
function writesFor(sandbox: Sandbox, draftId: number) {
	return sandbox.requests.filter(
		(r) => r.method !== 'GET' && r.path === `/v2/social-sets/101/drafts/${draftId}`,
	);
}

async function draftState(sandbox: Sandbox, draftId: number): Promise<Record<string, unknown>> {
	const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/101/drafts/${draftId}`, {
		headers: { authorization: `Bearer ${sandbox.keys.admin}` },
	});
	return (await res.json()) as Record<string, unknown>;
}

async function finishedExecution(session: Session, workflowId: string) {
	return await waitFor(
		`the execution of ${workflowId} to finish`,
		async () => {
			const list = await listExecutions(session, workflowId);
			return list.length && list.every((e) => !['running', 'new', 'waiting'].includes(e.status))
				? list
				: undefined;
		},
		120_000,
		500,
	);
}

/**
 * Opens a link of the review mail as the person does, in a browser: n8n's send-and-wait webhook ignores
 * requests whose user agent looks like a bot or a link preview (Node's fetch says "node"), so that a mail
 * scanner opening the links decides nothing.
 */
async function clickLink(url: string): Promise<Response> {
	return await fetch(url, {
		headers: {
			'user-agent':
				'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
			accept: 'text/html',
		},
	});
}

/** The text of the last tool answer the scripted model was given. */
function lastToolAnswer(model: ScriptedModel): string {
	for (let i = model.requests.length - 1; i >= 0; i--) {
		const tool = [...model.requests[i].messages].reverse().find((m) => m.role === 'tool');
		if (tool) return typeof tool.content === 'string' ? tool.content : JSON.stringify(tool.content);
	}
	return '';
}

interface CaseContext {
	n8n: N8nInstance;
	session: Session;
	sandbox: Sandbox;
	model: ScriptedModel;
	mailbox: Mailbox;
}

/** Starts the workflow for a new draft; for a reviewed tool, waits for the review mail and returns its links. */
async function start(
	ctx: CaseContext,
	workflow: HitlWorkflow,
	gated: boolean,
	scheduled = false,
): Promise<{ draftId: number; approve?: string; decline?: string }> {
	const draftId = await seedDraft(ctx.sandbox, `Human review e2e ${workflow.path} ${Date.now()}`);
	if (scheduled) await scheduleDraft(ctx.sandbox, draftId);
	const mailsBefore = ctx.mailbox.messages.length;
	const res = await fetch(`${ctx.n8n.baseUrl}/webhook/${workflow.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ draftId }),
	});
	ensure(res.ok, `the webhook answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
	if (!gated) return { draftId };
	await waitFor(
		'the review mail',
		async () => (ctx.mailbox.messages.length > mailsBefore ? true : undefined),
		90_000,
		300,
	);
	const links = ctx.mailbox.links(mailsBefore).filter((link) => link.includes('/webhook-waiting/'));
	const approve = links.find((link) => /[?&]approved=true/.test(link));
	const decline = links.find((link) => /[?&]approved=false/.test(link));
	ensure(
		approve && decline,
		`the mail should carry Approve and Disapprove links, has ${links.join(' ')}`,
	);
	return { draftId, approve, decline };
}

async function runCases(ctx: CaseContext, workflows: Record<string, HitlWorkflow>): Promise<void> {
	const { sandbox, session, model } = ctx;

	await step('behind review: one approval publishes exactly once', async () => {
		const wf = workflows.approve;
		const { draftId, approve } = await start(ctx, wf, true);
		const waiting = await waitFor(
			'the execution to wait for the review',
			async () => (await listExecutions(session, wf.id)).find((e) => e.status === 'waiting'),
			60_000,
		);
		ensure(writesFor(sandbox, draftId).length === 0, 'nothing may be published before approval');
		const click = await clickLink(approve!);
		ensure(click.ok, `the Approve link answered ${click.status}`);
		const [run] = await finishedExecution(session, wf.id);
		ensure(run.status === 'success', `the execution ended "${run.status}"`);
		const writes = writesFor(sandbox, draftId);
		ensure(
			writes.length === 1 && writes[0].method === 'PATCH',
			`exactly one publish request expected, the sandbox got ${JSON.stringify(writes.map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body)}`))}`,
		);
		ensure(
			(writes[0].body as { publish_at?: string }).publish_at === 'now',
			'the publish request sets publish_at now',
		);
		const state = await draftState(sandbox, draftId);
		ensure(
			state.publish_state === 'in_progress' || state.status === 'published',
			`the draft should be publishing, is ${JSON.stringify({ status: state.status, publish_state: state.publish_state })}`,
		);
		const answer = lastToolAnswer(model);
		ensure(!/dry_run/.test(answer), `the model should get the publish result, got ${answer}`);
		// The same link clicked again: nothing more happens.
		const again = await clickLink(approve!);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		const after = writesFor(sandbox, draftId).length;
		ensure(after === 1, `a second click must not publish again, publish requests: ${after}`);
		const executions = await listExecutions(session, wf.id);
		const detail = await getExecution(session, ctx.n8n.install, run.id);
		const toolRuns = detail.resultData.runData[NODE.tool]?.length ?? 0;
		ensure(toolRuns === 1, `the tool should run once, ran ${toolRuns} times`);
		return [
			`execution ${waiting.id} waited for the mail's Approve link, then ended "${run.status}"`,
			`draft ${draftId}: one PATCH publish_at=now; the tool ran once; state ${String(state.publish_state ?? state.status)}`,
			`second click answered ${again.status}; executions ${executions.length}; publish requests still ${after}`,
			`model saw: ${answer.slice(0, 160)}`,
		];
	});

	await step('behind review: a rejection publishes nothing', async () => {
		const wf = workflows.reject;
		const { draftId, decline } = await start(ctx, wf, true);
		await waitFor(
			'the execution to wait for the review',
			async () => (await listExecutions(session, wf.id)).find((e) => e.status === 'waiting'),
			60_000,
		);
		const click = await clickLink(decline!);
		ensure(click.ok, `the Decline link answered ${click.status}`);
		const [run] = await finishedExecution(session, wf.id);
		ensure(run.status === 'success', `the execution ended "${run.status}"`);
		ensure(writesFor(sandbox, draftId).length === 0, 'a rejected call must not publish');
		const detail = await getExecution(session, ctx.n8n.install, run.id);
		const toolRuns = detail.resultData.runData[NODE.tool]?.length ?? 0;
		ensure(toolRuns === 0, `the tool must not run, ran ${toolRuns} times`);
		const state = await draftState(sandbox, draftId);
		ensure(state.status === 'draft', `the draft should stay a draft, is ${String(state.status)}`);
		return [
			`draft ${draftId}: no write request; model saw: ${lastToolAnswer(model).slice(0, 160)}`,
		];
	});

	await step('without review: the model\'s "Confirm" is still needed', async () => {
		const wf = workflows.direct;
		const { draftId } = await start(ctx, wf, false);
		const [run] = await finishedExecution(session, wf.id);
		ensure(run.status === 'success', `the execution ended "${run.status}"`);
		ensure(writesFor(sandbox, draftId).length === 0, 'an unconfirmed call must not publish');
		const answer = lastToolAnswer(model);
		ensure(/dry_run/.test(answer), `the model should get a dry run, got ${answer}`);
		return [`draft ${draftId}: no write request; model saw: ${answer.slice(0, 200)}`];
	});

	// The AI tool's rule: an unconfirmed call changes nothing that will become public by itself.
	for (const key of ['unschedule', 'update'] as const) {
		await step(`without review: ${key} of a scheduled draft waits for "Confirm"`, async () => {
			const wf = workflows[key];
			const { draftId } = await start(ctx, wf, false, true);
			const before = await draftState(sandbox, draftId);
			const writesBefore = writesFor(sandbox, draftId).length;
			const [run] = await finishedExecution(session, wf.id);
			ensure(run.status === 'success', `the execution ended "${run.status}"`);
			const writes = writesFor(sandbox, draftId).length - writesBefore;
			ensure(writes === 0, `an unconfirmed ${key} of a scheduled draft sent ${writes} write(s)`);
			const after = await draftState(sandbox, draftId);
			ensure(
				after.status === 'scheduled' && after.scheduled_date === before.scheduled_date,
				`the draft should stay scheduled for ${String(before.scheduled_date)}, is ${String(after.status)} ${String(after.scheduled_date)}`,
			);
			ensure(
				after.draft_title === before.draft_title,
				`the title should stay ${String(before.draft_title)}, is ${String(after.draft_title)}`,
			);
			const answer = lastToolAnswer(model);
			ensure(/dry_run/.test(answer), `the model should get a dry run, got ${answer}`);
			return [`draft ${draftId}: still scheduled, no write; model saw: ${answer.slice(0, 160)}`];
		});
	}
}

/** The pinned install, or with E2E_N8N_DIR a finished install folder used as it is (nothing installed). */
function chooseInstall(version: string): N8nInstall {
	const given = process.env.E2E_N8N_DIR;
	if (!given) return ensureInstalled([version])[0];
	const install = { ...findInstall(version), name: basename(given) };
	ensure(
		installDir(install) === join(cacheRoot(), basename(given)) && existsSync(join(given, MARKER)),
		`E2E_N8N_DIR must be a finished install folder in ${cacheRoot()} (with ${MARKER})`,
	);
	return install;
}

async function main(): Promise<number> {
	stopAllOnExit();
	const install = chooseInstall(process.argv[2] ?? '2.41.1');
	let tarball = process.env.E2E_TARBALL ?? '';
	const built = await step(
		tarball ? `use the package tarball ${tarball}` : 'build and npm pack the package',
		async () => {
			if (tarball) return [];
			const built = await buildPackage();
			tarball = await packPackage();
			return [
				tarball,
				built ? 'built' : 'dist/ used as it is: the build of the sources as they are',
			];
		},
	);
	if (!built) return 1;
	const logDir = join(REPO_ROOT, '.e2e');
	mkdirSync(logDir, { recursive: true });
	console.log(`\nn8n ${install.n8n}: human review of the Social Publishing tool`);
	const sandbox = await startSandbox({ port: 0, quiet: true });
	const model = await startScriptedModel('publish');
	const mailbox = await startMailbox();
	const userFolder = mkdtempSync(join(tmpdir(), `n8n-e2e-hitl-${install.name}-`));
	try {
		const n8n = await prepareN8n({
			install,
			tarball,
			mode: 'community',
			userFolder,
			logFile: join(logDir, `hitl-${install.name}.log`),
		});
		const workflows: Record<string, HitlWorkflow> = {};
		const ready = await step(
			'import credentials and the five workflows, activate them',
			async () => {
				const versions = await nodeVersions(n8n);
				await importCredentials(n8n, sandbox, model, mailbox);
				workflows.approve = hitlWorkflow('approve', true, n8n.typePrefix, versions);
				workflows.reject = hitlWorkflow('reject', true, n8n.typePrefix, versions);
				workflows.direct = hitlWorkflow('direct', false, n8n.typePrefix, versions);
				workflows.unschedule = hitlWorkflow('unschedule', false, n8n.typePrefix, versions);
				workflows.update = hitlWorkflow('update', false, n8n.typePrefix, versions);
				const dir = join(userFolder, 'hitl-workflows');
				mkdirSync(dir, { recursive: true });
				for (const wf of Object.values(workflows)) {
					const { path: _path, ...json } = wf;
					writeFileSync(join(dir, `${wf.id}.json`), JSON.stringify(json, null, 2));
				}
				await cliOk(n8n, ['import:workflow', '--separate', `--input=${dir}`]);
				const how: string[] = [];
				for (const wf of Object.values(workflows)) how.push(await activateWorkflow(n8n, wf.id));
				return [
					`node versions: ${JSON.stringify({ ...versions, reviewTypes: undefined })}`,
					`review node types: ${versions.reviewTypes.join(', ')}`,
					`credential ${CREDENTIAL_ID}; activated with ${[...new Set(how)].join(', ')}`,
				];
			},
		);
		if (!ready) return 1;
		let session: Session | undefined;
		const started = await step('start the n8n server and register the webhooks', async () => {
			await n8n.startServer();
			session = await ownerSession(n8n.baseUrl);
			for (const wf of Object.values(workflows)) {
				// A GET to a POST-only production webhook answers "not registered for GET" once it is registered.
				await waitFor(
					`the webhook ${wf.path}`,
					async () => {
						const res = await fetch(`${n8n.baseUrl}/webhook/${wf.path}`);
						return /not registered for GET/i.test(await res.text()) ? true : undefined;
					},
					60_000,
				);
			}
			return [n8n.baseUrl];
		});
		if (!started || !session) return 1;
		await runCases({ n8n, session, sandbox, model, mailbox }, workflows);
	} finally {
		await stopAll();
		await sandbox.close();
		await model.close();
		await mailbox.close();
		if (!process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
		if (!process.env.E2E_TARBALL && tarball)
			rmSync(dirname(tarball), { recursive: true, force: true });
	}
	const failed = outcomes.filter((o) => !o.ok).length;
	console.log(`\n${outcomes.length - failed} passed, ${failed} failed`);
	return failed === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	async (error: Error) => {
		console.error(error.stack ?? error.message);
		await stopAll();
		process.exit(1);
	},
);
