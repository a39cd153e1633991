/**
 * Puts the credential and the example workflows into a real n8n through its CLI, the way a user imports them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	EXAMPLES,
	Example,
	POSTGRES_CREDENTIAL_ID,
	REDIS_CREDENTIAL_ID,
	SandboxApi,
	WorkflowFile,
	loadExample,
} from '../examples/catalog';
import type { Mailbox } from '../lib/mailbox';
import { N8nInstance, PACKAGE_NAME } from './n8n';

export interface SandboxCredential {
	apiKey: string;
	baseUrl: string;
	webhookSecret: string;
}

async function cliOk(n8n: N8nInstance, args: string[]): Promise<string> {
	const res = await n8n.cli(args);
	if (res.code !== 0)
		throw new Error(`n8n ${args.join(' ')} failed (exit ${res.code}):\n${res.output.slice(-3000)}`);
	return res.output;
}

/** The node types of this package that n8n loaded, as `n8n export:nodes` lists them. */
export async function loadedPackageNodeTypes(n8n: N8nInstance): Promise<string[]> {
	const file = join(n8n.userFolder, 'node-types.json');
	await cliOk(n8n, ['export:nodes', `--output=${file}`]);
	const types = JSON.parse(readFileSync(file, 'utf8')) as Array<{ name: string }>;
	return [
		...new Set(types.map((t) => t.name).filter((name) => name.startsWith(`${n8n.typePrefix}.`))),
	].sort();
}

/** `n8n import:credentials` with decrypted data: n8n encrypts it with the instance's key on import. */
export async function importCredential(
	n8n: N8nInstance,
	credential: SandboxCredential,
): Promise<void> {
	const file = join(n8n.userFolder, 'credential.json');
	writeFileSync(
		file,
		JSON.stringify(
			[{ id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: 'socialPublishingApi', data: credential }],
			null,
			2,
		),
	);
	await cliOk(n8n, ['import:credentials', `--input=${file}`]);
}

/** The Redis credential the Redis example names, for a Redis server on loopback (the queue-mode test's). */
export async function importRedisCredential(n8n: N8nInstance, port: number): Promise<void> {
	const file = join(n8n.userFolder, 'redis-credential.json');
	writeFileSync(
		file,
		JSON.stringify(
			[
				{
					id: REDIS_CREDENTIAL_ID,
					name: 'Redis account',
					type: 'redis',
					data: { host: '127.0.0.1', port, database: 0, password: '' },
				},
			],
			null,
			2,
		),
	);
	await cliOk(n8n, ['import:credentials', `--input=${file}`]);
}

/** The Postgres credential the PostgreSQL example names, for a database on a loopback server (the queue-mode test's). */
export async function importPostgresCredential(
	n8n: N8nInstance,
	server: { port: number; database: string; user: string },
): Promise<void> {
	const file = join(n8n.userFolder, 'postgres-credential.json');
	writeFileSync(
		file,
		JSON.stringify(
			[
				{
					id: POSTGRES_CREDENTIAL_ID,
					name: 'Postgres account',
					type: 'postgres',
					data: {
						host: '127.0.0.1',
						port: server.port,
						database: server.database,
						user: server.user,
						password: '',
						ssl: 'disable',
					},
				},
			],
			null,
			2,
		),
	);
	await cliOk(n8n, ['import:credentials', `--input=${file}`]);
}

/** The example as this instance must see it: node types carry the instance's prefix (CUSTOM. for custom extensions). */
export function forInstance(n8n: N8nInstance, workflow: WorkflowFile): WorkflowFile {
	const prefix = `${PACKAGE_NAME}.`;
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.type.startsWith(prefix)
				? { ...node, type: `${n8n.typePrefix}.${node.type.slice(prefix.length)}` }
				: node,
		),
	};
}

/**
 * `n8n import:workflow` of one workflow made by a test (replacing a workflow with the same id), written first to
 * `folder` of the user folder.
 */
export async function importWorkflow(
	n8n: N8nInstance,
	workflow: { id: unknown },
	folder = 'test-workflows',
): Promise<void> {
	const dir = join(n8n.userFolder, folder);
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `${String(workflow.id)}.json`);
	writeFileSync(file, JSON.stringify(workflow, null, 2));
	const res = await n8n.cli(['import:workflow', `--input=${file}`]);
	if (res.code !== 0)
		throw new Error(
			`Importing workflow ${String(workflow.id)} failed (exit ${res.code}):\n${res.output.slice(-2000)}`,
		);
}

export async function importExamples(
	n8n: N8nInstance,
	examples: Example[] = EXAMPLES,
): Promise<WorkflowFile[]> {
	const dir = join(n8n.userFolder, 'examples');
	mkdirSync(dir, { recursive: true });
	const workflows = examples.map((example) => forInstance(n8n, loadExample(example)));
	for (const workflow of workflows)
		writeFileSync(join(dir, `${workflow.id}.json`), JSON.stringify(workflow, null, 2));
	await cliOk(n8n, ['import:workflow', '--separate', `--input=${dir}`]);
	return workflows;
}

export interface CliRun {
	status: string;
	output(nodeName: string): Array<Record<string, unknown>>;
	error?: string;
	raw: string;
}

/** The run JSON `n8n execute --rawOutput` prints after its log lines (on failure too, at log level info). */
export function parseRunJson(text: string):
	| {
			status?: string;
			data?: {
				resultData?: {
					runData?: Record<
						string,
						Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> } }>
					>;
					error?: { message?: string; description?: string };
				};
			};
	  }
	| undefined {
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		if (!lines[i].startsWith('{')) continue;
		for (let j = lines.length; j > i; j--) {
			if (!lines[j - 1].startsWith('}')) continue;
			try {
				return JSON.parse(lines.slice(i, j).join('\n'));
			} catch {
				// not this block
			}
		}
	}
	return undefined;
}

/** `n8n execute --id=<id> --rawOutput`, judged by the run's `status` (the process may crash on exit after a good run). */
export async function executeWorkflow(n8n: N8nInstance, workflowId: string): Promise<CliRun> {
	// At log level info n8n also prints the run JSON of a failed run.
	const res = await n8n.cli(['execute', `--id=${workflowId}`, '--rawOutput'], {
		env: { N8N_LOG_LEVEL: 'info' },
	});
	const run = parseRunJson(res.output);
	const runData = run?.data?.resultData?.runData ?? {};
	const error = run?.data?.resultData?.error;
	return {
		status: run?.status ?? `no run JSON (exit ${res.code})`,
		error: error
			? `${error.message ?? ''} ${error.description ?? ''}`.trim()
			: run
				? undefined
				: res.output.slice(-3000),
		raw: res.output,
		output(nodeName) {
			const runs = runData[nodeName];
			if (!runs?.length) return [];
			return (runs[runs.length - 1].data?.main?.[0] ?? []).map((item) => item.json);
		},
	};
}

/**
 * A manual example run with `n8n execute` and checked as `npm start` checks it: its set-up on the sandbox, the
 * run, its check, a second run when it has one, the e-mail it sent (read from `mailbox`, which its Send Email
 * node's credential points at) and the sandbox. Returns the lines describing it; throws on the first failure.
 */
export async function runExample(
	n8n: N8nInstance,
	example: Example,
	context: { api: SandboxApi; mailbox?: Mailbox },
): Promise<string[]> {
	const { api, mailbox } = context;
	const { id } = loadExample(example);
	const setupLines = example.setup ? await example.setup(api) : [];
	const mailsBefore = mailbox?.messages.length ?? 0;
	const run = await executeWorkflow(n8n, id);
	if (run.status !== 'success') throw new Error(`run status "${run.status}": ${run.error ?? ''}`);
	const lines = [...setupLines, ...example.check(run.output)];
	if (example.mailCheck) {
		if (!mailbox) throw new Error(`${example.file} sends e-mail: it needs a mailbox`);
		lines.push(...(await example.mailCheck(mailbox.delivered(mailsBefore), run.output, api)));
	}
	if (example.again) {
		// The same workflow executed again: n8n's record of processed items is in its database.
		const again = await executeWorkflow(n8n, id);
		if (again.status !== 'success')
			throw new Error(`second run status "${again.status}": ${again.error ?? ''}`);
		lines.push(...example.again.check(again.output, run.output));
	}
	if (example.sandboxCheck) lines.push(...(await example.sandboxCheck(run.output, api)));
	return lines;
}
