import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import type { SandboxFixture } from '../harness/sandbox';
import { useSandbox } from '../harness/sandbox';
import { ScriptedServer } from '../harness/scriptedServer';
import { AGENT, agentWithToolWorkflow, toolNodeTypes } from '../harness/toolNode';
import { PNG_BYTES } from '../nodes/SocialPublishing/media/fixtures';
import type { CatalogOperation } from './catalog';
import { OPERATIONS, WRITES, switchLeaves } from './catalog';
import type { PublicState } from './publicState';
import { readPublicState, ruleBreaks, sameState } from './publicState';
import type { TargetState } from './targets';
import { PROPERTY_SANDBOX, TARGET_STATES, inputItem, makeTargetsAt } from './targets';
import type { ToolCall } from './toolCalls';
import { toolCalls, toolParameters } from './toolCalls';

/**
 * Issue 31, the promise of the AI tool: a tool call changes nothing public without the user's yes. Every
 * operation of the node (catalog.ts), run as an AI agent's tool through n8n's engine with "Confirm" false,
 * on a target draft in every state (draft, planned, scheduled, publishing, publishing now, published,
 * error), with parameters generated from the node's own (toolCalls.ts): nothing that is public or will
 * become public changes (publicState.ts states the rule: no review ended among it), and no URL the call gives
 * is downloaded. Each on/off parameter of a write is also turned on alone, once (a generated call turns on
 * at most two of many, so one that ends a review, as Force Overwrite Comments, would be met by chance only).
 *
 * A failure prints fast-check's seed and path; replay it with
 * `PROPERTY_SEED=<seed> PROPERTY_PATH=<path> npx jest test/properties/confirmed`.
 */

// publishes stay in flight for the `publishing` states; `published` and `error` need them to end
const inFlight = useSandbox({
	...PROPERTY_SANDBOX,
	publishDelayMs: 3_600_000,
	mediaProcessingMs: 1,
});
const ending = useSandbox({ ...PROPERTY_SANDBOX, publishDelayMs: 1, mediaProcessingMs: 1 });
const sandboxFor = (state: TargetState): SandboxFixture =>
	state === 'published' || state === 'error' ? ending : inFlight;

const nodeTypes = toolNodeTypes();
const files = new ScriptedServer();
beforeAll(async () => {
	await files.start();
	files.otherwise(() => ({
		status: 200,
		headers: { 'Content-Type': 'image/png' },
		body: PNG_BYTES,
	}));
});
afterAll(async () => await files.stop());

const seed = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const path = process.env.PROPERTY_PATH;

/** Generated calls per operation and state: a write has more ways to go wrong than a read. */
const runsOf = (op: CatalogOperation) => (op.kind === 'write' ? 2 : 1);

/** The targets of the last call per sandbox and what was read after it: reused while a call changed nothing. */
interface Ready {
	state: TargetState;
	targets: Awaited<ReturnType<typeof makeTargetsAt>>;
	state0: PublicState;
}
const ready = new Map<SandboxFixture, Ready>();

async function targetsIn(fx: SandboxFixture, state: TargetState): Promise<Ready> {
	const last = ready.get(fx);
	if (last?.state === state) return last;
	await fx.sandbox.reset();
	const targets = await makeTargetsAt(fx, state);
	return { state, targets, state0: await readPublicState(fx, targets) };
}

/** One unconfirmed tool call on targets in `state`: what it broke of the rule. */
async function breaksOf(op: CatalogOperation, state: TargetState, call: ToolCall) {
	const fx = sandboxFor(state);
	const { targets, state0: before } = await targetsIn(fx, state);
	ready.delete(fx);
	files.reset();
	fx.sandbox.clearRequests();
	const { parameters, toolArgs } = toolParameters(op, targets, call);
	const result = await fx.run(agentWithToolWorkflow(parameters as IDataObject), {
		nodeTypes,
		input: [{ json: { toolArgs }, binary: inputItem().binary }],
	});
	const requests = fx.apiRequests().map(({ method, path: p, body }) => ({ method, path: p, body }));
	const after = await readPublicState(fx, targets);
	const breaks = ruleBreaks(before, after, requests, targets);
	for (const r of files.requests) breaks.push(`a URL the call gave was downloaded: ${r.path}`);
	// the next call may start from here when this one changed nothing it reads
	if (sameState(before, after)) ready.set(fx, { state, targets, state0: after });
	const answer = result.error
		? `error: ${result.error.message}`
		: JSON.stringify(result.output(AGENT)[0]?.json.answer).slice(0, 300);
	return { breaks, answer };
}

describe.each(TARGET_STATES)('on a %s draft, as an AI tool with Confirm false', (state) => {
	test.each(OPERATIONS.map((op) => [op.name, op] as const))(
		'%s changes nothing public',
		async (_name, op) => {
			await fc.assert(
				fc.asyncProperty(toolCalls(op, files.baseUrl), async (call) => {
					const { breaks, answer } = await breaksOf(op, state, call);
					if (breaks.length) throw new Error(`${breaks.join('\n')}\nthe tool answered: ${answer}`);
				}),
				{ numRuns: runsOf(op), seed, path },
			);
		},
	);
});

/** Every on/off parameter of every write, as the node shows it by default (catalog.ts), one call each. */
const SWITCHES = WRITES.flatMap((op) =>
	switchLeaves({ resource: op.resource, operation: op.operation }, true)
		.filter((leaf) => leaf.label !== 'confirm')
		.map((leaf) => [`${op.name} with ${leaf.label} on`, op, leaf] as const),
);

describe('on a draft with an open comment thread, as an AI tool with Confirm false', () => {
	test('the writes have on/off parameters to turn on', () => {
		expect(SWITCHES.length).toBeGreaterThan(0);
	});

	test.each(SWITCHES)('%s changes nothing public', async (_name, op, leaf) => {
		const call: ToolCall = {
			values: { resource: op.resource, operation: op.operation },
			set: [{ label: leaf.label, path: leaf.path, value: true }],
			confirm: 'false',
		};
		const { breaks, answer } = await breaksOf(op, 'draft', call);
		if (breaks.length) throw new Error(`${breaks.join('\n')}\nthe tool answered: ${answer}`);
	});
});
