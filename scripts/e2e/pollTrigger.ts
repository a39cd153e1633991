/**
 * The poll trigger example against a real n8n server. `n8n execute` only starts workflows at a Manual Trigger,
 * so the workflow is activated instead (before the server starts) and n8n polls on its own schedule, once a
 * minute: its activation poll must emit nothing old, the next poll must start a run with a draft published
 * and one failed in the sandbox (each exactly once), and a poll with nothing new must cost one request and
 * start nothing.
 */
import type { Sandbox } from '../../sandbox';
import { Example, ensure, loadExample } from '../examples/catalog';
import { publishOneAndFailOne } from '../examples/pollExample';
import { waitFor } from '../lib/processes';
import { N8nInstance } from './n8n';
import {
	ExecutionDetail,
	getExecution,
	listExecutions,
	nodeOutput,
	ownerSession,
	type Session,
} from './rest';
import { activateWorkflow } from './trigger';

const SOCIAL_SET = 101;
/** n8n's shortest poll interval is a minute; a poll is awaited this long at most. */
const POLL_WAIT_MS = 150_000;

function pollNodeName(example: Example): string {
	const node = loadExample(example).nodes.find((n) =>
		n.type.endsWith('.socialPublishingPollTrigger'),
	);
	if (!node) throw new Error(`${example.file} has no poll trigger node`);
	return node.name;
}

/** The drafts of the social set before the workflow is active: none of them may start a run. */
async function draftIds(sandbox: Sandbox): Promise<number[]> {
	const res = await fetch(
		`${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts?limit=50&order_by=-created_at`,
		{
			headers: { authorization: `Bearer ${sandbox.keys.admin}` },
		},
	);
	const body = (await res.json()) as { results?: Array<{ id: number }>; next?: string | null };
	if (res.status !== 200) throw new Error(`Listing drafts answered ${res.status}`);
	return (body.results ?? []).map((d) => d.id);
}

export interface PollActivation {
	how: string;
	draftsBefore: number[];
}

/** Marks the poll example active before the server starts (n8n activates it, and runs its first poll, at start). */
export async function activatePollExample(
	n8n: N8nInstance,
	sandbox: Sandbox,
	example: Example,
): Promise<PollActivation> {
	const draftsBefore = await draftIds(sandbox);
	const how = await activateWorkflow(n8n, loadExample(example).id);
	return { how, draftsBefore };
}

/** List reads of the poll trigger (most recently changed first, pages of 50) the sandbox received so far. */
function pollRequests(sandbox: Sandbox): number {
	return sandbox.requests.filter(
		(r) =>
			r.method === 'GET' &&
			r.path === `/v2/social-sets/${SOCIAL_SET}/drafts` &&
			r.query.order_by?.[0] === '-updated_at' &&
			r.query.limit?.[0] === '50',
	).length;
}

async function finishedExecutions(
	session: Session,
	n8n: N8nInstance,
	workflowId: string,
): Promise<ExecutionDetail[]> {
	const list = await listExecutions(session, workflowId);
	if (list.some((e) => e.status === 'running' || e.status === 'new')) return [];
	return await Promise.all(list.map((e) => getExecution(session, n8n.install, e.id)));
}

export interface PollCheck {
	n8n: N8nInstance;
	sandbox: Sandbox;
	example: Example;
	activation: PollActivation | undefined;
	step(name: string, fn: () => Promise<string[] | void>): Promise<boolean>;
}

export async function checkPollTrigger({
	n8n,
	sandbox,
	example,
	activation,
	step,
}: PollCheck): Promise<void> {
	const workflow = loadExample(example);
	const triggerName = pollNodeName(example);
	let session: Session | undefined;

	const emitted = await step(
		`n8n's poll trigger starts one run for a draft published and one failed, nothing old, nothing twice`,
		async () => {
			ensure(activation, 'the workflow was not activated');
			session = await ownerSession(n8n.baseUrl);
			const rest = session;
			await waitFor(
				'the activation poll of the poll trigger',
				async () => (pollRequests(sandbox) > 0 ? true : undefined),
				60_000,
				200,
			);
			const { published, failed } = await publishOneAndFailOne(
				sandbox,
				`End-to-end poll check ${Date.now()}`,
			);
			const executions = await waitFor(
				`a poll (every minute) to start runs with drafts ${published} and ${failed}`,
				async () => {
					const all = await finishedExecutions(rest, n8n, workflow.id);
					const ids = all.flatMap((e) =>
						nodeOutput(e, triggerName).map(
							(item) => (item.draft as { id?: number } | undefined)?.id,
						),
					);
					return ids.includes(published) && ids.includes(failed) ? all : undefined;
				},
				POLL_WAIT_MS,
				1000,
			);
			const pairs = executions.flatMap((e) =>
				nodeOutput(e, triggerName).map(
					(item) => `${String(item.event)} ${String((item.draft as { id?: number }).id)}`,
				),
			);
			ensure(
				new Set(pairs).size === pairs.length,
				`no event should be emitted twice, got ${JSON.stringify(pairs)}`,
			);
			ensure(
				pairs.includes(`draft.published ${published}`) && pairs.includes(`draft.failed ${failed}`),
				`expected draft.published ${published} and draft.failed ${failed}, got ${JSON.stringify(pairs)}`,
			);
			const old = pairs.filter((pair) =>
				activation.draftsBefore.includes(Number(pair.split(' ')[1])),
			);
			ensure(
				old.length === 0,
				`drafts that existed before activation should start nothing, got ${JSON.stringify(old)}`,
			);
			const lines: string[] = [
				`activated with ${activation.how}; ${activation.draftsBefore.length} drafts existed before`,
			];
			for (const execution of executions) {
				ensure(
					execution.status === 'success',
					`execution ${execution.id} should succeed, status "${execution.status}"`,
				);
				lines.push(
					`execution ${execution.id}: ${example.check((node) => nodeOutput(execution, node)).join('; ')}`,
				);
			}
			return lines;
		},
	);
	if (!emitted || !session) return;
	const rest = session;

	await step('a poll with nothing new costs n8n one request and starts no run', async () => {
		const executionsBefore = (await listExecutions(rest, workflow.id)).length;
		const requestsBefore = sandbox.requests.filter((r) => r.path.startsWith('/v2')).length;
		const pollsBefore = pollRequests(sandbox);
		await waitFor(
			'the next poll',
			async () => (pollRequests(sandbox) > pollsBefore ? true : undefined),
			POLL_WAIT_MS,
			200,
		);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		const requests =
			sandbox.requests.filter((r) => r.path.startsWith('/v2')).length - requestsBefore;
		const executionsAfter = (await listExecutions(rest, workflow.id)).length;
		ensure(requests === 1, `the idle poll should send one request, sent ${requests}`);
		ensure(
			executionsAfter === executionsBefore,
			`no run should start, executions went from ${executionsBefore} to ${executionsAfter}`,
		);
		return [
			`one request (GET …/drafts?order_by=-updated_at&limit=50&offset=0); executions stayed at ${executionsAfter}`,
		];
	});
}
