/**
 * The poll trigger example in-process (npm start, and the examples test): the workflow is "activated" (first
 * poll: nothing emitted), a draft is published and another fails in the sandbox, the next poll emits both and
 * starts a run through n8n-core as n8n does, and the poll after that costs one request and emits nothing.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	INode,
	INodeTypes,
	IRun,
} from 'n8n-workflow';
import type { Sandbox } from '../../sandbox';
import { createPollRunner } from '../../test/harness/pollRuntime';
import { Example, Json, ensure, loadExample } from './catalog';

const SOCIAL_SET = 101;

async function api(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; json: Json }> {
	const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}${path}`, {
		method,
		headers: {
			authorization: `Bearer ${sandbox.keys.admin}`,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, json: (await res.json()) as Json };
}

/**
 * Publishes one X + LinkedIn draft now, and one whose X post carries the sandbox's failure marker, and waits
 * until both publishes have ended (publish_state finished): one ends `published`, the other `error`.
 */
export async function publishOneAndFailOne(
	sandbox: Sandbox,
	label: string,
): Promise<{ published: number; failed: number }> {
	const create = async (text: string): Promise<number> => {
		const res = await api(sandbox, 'POST', '/drafts', {
			platforms: {
				x: { enabled: true, posts: [{ text }], settings: {} },
				linkedin: { enabled: true, posts: [{ text }], settings: {} },
			},
			publish_at: 'now',
		});
		if (res.status !== 201 || typeof res.json.id !== 'number')
			throw new Error(`Creating a draft answered ${res.status}: ${JSON.stringify(res.json)}`);
		return res.json.id;
	};
	const published = await create(`${label}: this one goes out.`);
	const failed = await create(`${label}: this one fails #fail`);
	const deadline = Date.now() + 30_000;
	for (const id of [published, failed]) {
		for (;;) {
			const res = await api(sandbox, 'GET', `/drafts/${id}`);
			if (res.json.publish_state === 'finished') break;
			if (Date.now() > deadline)
				throw new Error(`Draft ${id} did not finish publishing: ${JSON.stringify(res.json)}`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}
	return { published, failed };
}

export interface PollExampleRun {
	lines: string[];
	run: IRun;
}

export async function runPollExample(opts: {
	example: Example;
	sandbox: Sandbox;
	nodeTypes: INodeTypes;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	credentialTypes?: Record<string, ICredentialType>;
}): Promise<PollExampleRun> {
	const workflow = loadExample(opts.example);
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.socialPublishingPollTrigger'));
	ensure(trigger, `${opts.example.file} has no poll trigger`);
	const runner = createPollRunner({
		workflow: {
			name: workflow.name,
			nodes: workflow.nodes as unknown as INode[],
			connections: workflow.connections as unknown as IConnections,
		},
		pollNode: trigger.name,
		nodeTypes: opts.nodeTypes,
		credentials: opts.credentials,
		credentialTypes: opts.credentialTypes,
	});
	const apiRequests = () => opts.sandbox.requests.filter((r) => r.path.startsWith('/v2')).length;

	let before = apiRequests();
	const activation = await runner.poll();
	if (activation.error) throw activation.error;
	ensure(
		activation.items === null,
		`the first poll after activation should emit nothing, emitted ${activation.items?.length}`,
	);
	const lines = [
		`activation: the first poll emitted nothing and stored its cursor (${apiRequests() - before} request(s))`,
	];

	const { published, failed } = await publishOneAndFailOne(
		opts.sandbox,
		`Poll example ${new Date().toISOString()}`,
	);
	lines.push(`draft ${published} published now and draft ${failed} failed, in the sandbox`);
	const next = await runner.poll();
	if (next.error) throw next.error;
	const items = next.items ?? [];
	const seen = items
		.map((item) => `${String(item.json.event)} ${String((item.json.draft as Json).id)}`)
		.sort();
	ensure(
		JSON.stringify(seen) ===
			JSON.stringify([`draft.failed ${failed}`, `draft.published ${published}`].sort()),
		`the next poll should emit draft.published ${published} and draft.failed ${failed}, emitted ${JSON.stringify(seen)}`,
	);
	const run = await runner.runFrom(items);
	if (run.data.resultData.error) throw new Error(run.data.resultData.error.message);
	const out = (node: string): Json[] => {
		const runs = run.data.resultData.runData[node];
		return (runs?.[runs.length - 1]?.data?.main?.[0] ?? []).map((item) => item.json as Json);
	};
	lines.push(...opts.example.check(out));

	before = apiRequests();
	const idle = await runner.poll();
	if (idle.error) throw idle.error;
	const idleRequests = apiRequests() - before;
	ensure(
		idle.items === null,
		`a poll with nothing new should emit nothing, emitted ${idle.items?.length}`,
	);
	ensure(
		idleRequests === 1,
		`a poll with nothing new should cost one request, cost ${idleRequests}`,
	);
	lines.push('the poll after that emitted nothing and cost one request');
	return { lines, run };
}
