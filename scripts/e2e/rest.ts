/**
 * The few calls to n8n's internal REST API the end-to-end test and the dev/screenshot scripts need:
 * owner set-up (or log-in), workflow activation, reading executions, and making a credential and picking it
 * in a workflow's node as the editor does.
 */
import { join } from 'path';
import { N8nInstall, installDir } from './installs';
import { StopWaiting, waitFor } from '../lib/processes';
import { isStartingUp, serves } from './ready';
import type { N8nInstance } from './n8n';

export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Local',
	lastName: 'Owner',
	password: 'Sandbox-0wner-pass',
};

export interface Session {
	baseUrl: string;
	cookie: string;
	request<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; body: T }>;
}

async function call(
	baseUrl: string,
	method: string,
	path: string,
	body: unknown,
	cookie = '',
): Promise<Response> {
	return await fetch(`${baseUrl}${path}`, {
		method,
		headers: {
			'content-type': 'application/json',
			accept: 'application/json',
			...(cookie ? { cookie } : {}),
			'browser-id': 'e2e',
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
}

function authCookie(res: Response): string {
	const all = res.headers.getSetCookie?.() ?? [];
	const auth = all.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
	return auth ?? '';
}

async function setUpOrLogIn(baseUrl: string): Promise<string | undefined> {
	let res = await call(baseUrl, 'POST', '/rest/owner/setup', OWNER);
	// The server answers /rest/settings a few seconds before these routes are mounted: 404 means "not yet",
	// and so does n8n's start-up text (200, not JSON) while its database migrates.
	if (res.status === 404 || isStartingUp(res)) return undefined;
	let cookie = res.ok ? authCookie(res) : '';
	if (!cookie) {
		res = await call(baseUrl, 'POST', '/rest/login', {
			emailOrLdapLoginId: OWNER.email,
			email: OWNER.email,
			password: OWNER.password,
		});
		if (res.status === 404 || isStartingUp(res)) return undefined;
		cookie = res.ok ? authCookie(res) : '';
	}
	if (!cookie)
		throw new StopWaiting(
			`Could not set up or log in the owner (HTTP ${res.status}): ${(await res.text()).slice(0, 500)}`,
		);
	return cookie;
}

/** Sets the owner up on a fresh instance, or logs the owner in when that was done before. */
export async function ownerSession(baseUrl: string): Promise<Session> {
	const cookie = await waitFor(
		'n8n to accept the owner set-up or log-in',
		() => setUpOrLogIn(baseUrl),
		60_000,
		1000,
	);
	return {
		baseUrl,
		cookie,
		async request<T>(method: string, path: string, body?: unknown) {
			const r = await call(baseUrl, method, path, body, cookie);
			const text = await r.text();
			let parsed: unknown = text;
			try {
				parsed = text ? JSON.parse(text) : undefined;
			} catch {
				// not JSON: keep the text
			}
			return { status: r.status, body: parsed as T };
		},
	};
}

/** A session with the running server (the trigger check starts it), or with a new one when no check has yet. */
export async function serverSession(n8n: N8nInstance): Promise<Session> {
	const running = await serves(`${n8n.baseUrl}/rest/settings`);
	if (!running) await n8n.startServer();
	return await ownerSession(n8n.baseUrl);
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	finished?: boolean;
}

/** Executions of one workflow, newest first. */
export async function listExecutions(
	session: Session,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const res = await session.request<{ data: { results: ExecutionSummary[] } | ExecutionSummary[] }>(
		'GET',
		`/rest/executions?filter=${filter}`,
	);
	if (res.status !== 200)
		throw new Error(
			`GET /rest/executions answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
		);
	const data = res.body.data;
	const results = Array.isArray(data) ? data : data.results;
	return results.filter((e) => String(e.workflowId) === String(workflowId));
}

export interface RunDataNode {
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message?: string };
}

export interface ExecutionDetail {
	id: string;
	status: string;
	resultData: { runData: Record<string, RunDataNode[]>; error?: { message?: string } };
}

/** One execution with its run data; n8n stores it in the "flatted" format, read here with n8n's own copy of flatted. */
export async function getExecution(
	session: Session,
	install: N8nInstall,
	id: string,
): Promise<ExecutionDetail> {
	const res = await session.request<{ data: { id: string; status: string; data: string } }>(
		'GET',
		`/rest/executions/${id}`,
	);
	if (res.status !== 200) throw new Error(`GET /rest/executions/${id} answered ${res.status}`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(join(installDir(install), 'node_modules', 'flatted')) as {
		parse(text: string): { resultData: ExecutionDetail['resultData'] };
	};
	const parsed = flatted.parse(res.body.data.data);
	return { id: res.body.data.id, status: res.body.data.status, resultData: parsed.resultData };
}

/** The JSON items a node put out on its first output in its last run. */
export function nodeOutput(
	detail: Pick<ExecutionDetail, 'resultData'>,
	nodeName: string,
): Array<Record<string, unknown>> {
	const runs = detail.resultData.runData[nodeName];
	if (!runs?.length) return [];
	return (runs[runs.length - 1].data?.main?.[0] ?? []).map((item) => item.json);
}

/** POST /rest/credentials, as the editor's credential modal saves a new credential; its id and name. */
export async function createCredential(
	session: Session,
	credential: { name: string; type: string; data: Record<string, unknown> },
): Promise<{ id: string; name: string }> {
	const res = await session.request<{ data?: { id?: string; name?: string } }>(
		'POST',
		'/rest/credentials',
		credential,
	);
	const made = res.body?.data;
	if (res.status !== 200 || typeof made?.id !== 'string')
		throw new Error(
			`POST /rest/credentials answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`,
		);
	return { id: made.id, name: made.name ?? credential.name };
}

interface StoredWorkflow {
	name: string;
	nodes: Array<{
		name: string;
		type: string;
		credentials?: Record<string, { id: string; name: string }>;
		parameters?: Record<string, unknown>;
	}>;
	connections: unknown;
	settings?: unknown;
	versionId?: string;
	checksum?: string;
}

/**
 * Picks a credential in every node of a type, as a user does in the editor after importing a workflow whose
 * credential they do not have: the workflow read (GET), the node's credential set, the workflow saved (PATCH,
 * with the version and checksum read, as the editor sends them), then read again to see it kept. Returns
 * the nodes it changed.
 */
export async function pickCredential(
	session: Session,
	workflowId: string,
	pick: { nodeType: string; credentialType: string; credential: { id: string; name: string } },
	/** Other changes a user makes before the run, saved with the credential (each node in turn). */
	alsoEdit?: (node: StoredWorkflow['nodes'][number]) => void,
): Promise<string[]> {
	const read = async () => {
		const res = await session.request<{ data?: StoredWorkflow }>(
			'GET',
			`/rest/workflows/${workflowId}`,
		);
		if (res.status !== 200 || !res.body?.data)
			throw new Error(`GET /rest/workflows/${workflowId} answered ${res.status}`);
		return res.body.data;
	};
	const workflow = await read();
	const picked = workflow.nodes.filter((node) => node.type === pick.nodeType);
	if (picked.length === 0) throw new Error(`workflow ${workflowId} has no ${pick.nodeType} node`);
	for (const node of picked)
		node.credentials = { ...node.credentials, [pick.credentialType]: pick.credential };
	if (alsoEdit) for (const node of workflow.nodes) alsoEdit(node);
	const saved = await session.request('PATCH', `/rest/workflows/${workflowId}`, {
		name: workflow.name,
		nodes: workflow.nodes,
		connections: workflow.connections,
		settings: workflow.settings,
		versionId: workflow.versionId,
		...(workflow.checksum ? { expectedChecksum: workflow.checksum } : {}),
	});
	if (saved.status !== 200)
		throw new Error(
			`PATCH /rest/workflows/${workflowId} answered ${saved.status}: ${JSON.stringify(saved.body).slice(0, 500)}`,
		);
	const after = await read();
	const kept = after.nodes.filter(
		(node) =>
			node.type === pick.nodeType &&
			node.credentials?.[pick.credentialType]?.id === pick.credential.id,
	);
	if (kept.length !== picked.length)
		throw new Error(
			`after saving, ${kept.length} of the ${picked.length} ${pick.nodeType} nodes of ${workflowId} use credential ${pick.credential.id}`,
		);
	return picked.map((node) => node.name);
}
