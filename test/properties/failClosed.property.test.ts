import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { ProxiedRequest } from '../harness/answerProxy';
import { useAnswerProxy, routeOf } from '../harness/answerProxy';
import { useSandbox } from '../harness/sandbox';
import { AGENT, agentWithToolWorkflow, toolNodeTypes } from '../harness/toolNode';
import { NODE, singleNodeWorkflow } from '../harness/workflows';
import { retryWorkflow } from '../nodes/SocialPublishing/retryOnFail/fixtures';
import type { CatalogOperation } from './catalog';
import { OPERATIONS, switchLeaves, withValue } from './catalog';
import type { Malformed } from './malformed';
import { isPage, malformedAnswers } from './malformed';
import type { TargetState } from './targets';
import { PROPERTY_SANDBOX, baseParameters, inputItem, makeTargetsAt } from './targets';

/**
 * Issue 38, item 3: a check that reads the service fails closed on an answer it cannot read. For every operation
 * of the node (catalog.ts), the reads it decides from are found by running it: a valid call (as saved, with each
 * of its on/off parameters turned on in turn, and, when it is held back for the AI tool, as a tool call with
 * Confirm false on a scheduled draft; when it is a write that reconciles, under Retry On Fail with its first
 * write's answer lost, so the next try reconciles) is run through n8n-core against the sandbox, behind a proxy that
 * records what it asks. A read it decides from is every GET before its first write (all its GETs when the call
 * writes nothing, as a held-back tool call; the GETs after the lost write, up to the next, under Retry On Fail), and,
 * for a read operation, every paged list it reads. Each such read is
 * then answered with malformed answers (malformed.ts: no content, an empty object, another envelope, wrong types,
 * an HTML page with 200, JSON cut short; one of each, then generated ones) while the sandbox answers the rest:
 *
 * - nothing is written after the malformed answer (no request other than a GET);
 * - the item fails, with an error that names the answer (`The service's answer to GET …`), bounded and without
 *   the credential's key or webhook secret (Validate Only, which writes nothing, lists that error in its report).
 *
 * A new operation, or a new read of an existing one, is in the property without an edit. A read the proxy was told
 * to answer that the run never made fails the case (no case passes without running).
 *
 * Before the fix (047da9d) it failed, among others, on Draft > Schedule with Require Resolved Comments (the schedule
 * PATCH sent after a thread list answered with 204, {}, a count as text, another envelope or an HTML page), on
 * Draft > Update as a tool with Confirm false on a scheduled draft (the gate read {} as a draft that is not
 * scheduled: the PATCH went out unconfirmed), and on the reconcile and Best Times pages (read as empty lists).
 *
 * Replay a failure: `FAIL_CLOSED_SEED=<seed> npx jest test/properties/failClosed -t '<operation>'`.
 */

const fx = useSandbox({ ...PROPERTY_SANDBOX, publishDelayMs: 1, mediaProcessingMs: 1 });
const proxy = useAnswerProxy(() => fx.sandbox.baseUrl);
const nodeTypes = toolNodeTypes();

const seed = process.env.FAIL_CLOSED_SEED;
/** Generated malformed answers per read, besides one of each kind. */
const GENERATED_PER_READ = 1;
/** An error built from an answer stays within this (the echo bound, 300, quoted a few times with its frame). */
export const MESSAGE_BOUND = 1_000;

/** One way to call an operation. */
interface Variant {
	label: string;
	extra: INodeParameters;
	tool: boolean;
	state: TargetState;
	/** Under Retry On Fail, this write's answer lost (passed on, then its connection dropped): the next try reconciles. */
	lose?: { method: string; route: RegExp };
}

function variantsOf(op: CatalogOperation): Variant[] {
	const values = { resource: op.resource, operation: op.operation };
	const variants: Variant[] = [{ label: 'as saved', extra: {}, tool: false, state: 'draft' }];
	for (const leaf of switchLeaves(values))
		variants.push({
			label: `${leaf.label} on`,
			extra: withValue({}, leaf.path, true),
			tool: false,
			state: 'draft',
		});
	if (op.gated)
		variants.push({
			label: 'as an AI tool, Confirm false, on a scheduled draft',
			extra: {},
			tool: true,
			state: 'scheduled',
		});
	return variants;
}

interface Run {
	error?: string;
	/** the item's output, as JSON (Validate Only reports a problem in its output) */
	output?: string;
	requests: ProxiedRequest[];
}

async function run(
	op: CatalogOperation,
	variant: Variant,
	malformed?: { route: RegExp; m: Malformed; skip?: number },
): Promise<Run> {
	await fx.sandbox.reset();
	const targets = await makeTargetsAt(fx, variant.state);
	proxy.reset();
	if (variant.lose)
		proxy.swap({
			method: variant.lose.method,
			path: variant.lose.route,
			dropAfterStore: true,
			times: 1,
		});
	if (malformed)
		proxy.swap({
			method: 'GET',
			path: malformed.route,
			answer: malformed.m.answer,
			skip: malformed.skip,
		});
	const parameters = baseParameters(op, targets, variant.extra, variant.tool);
	if (!variant.tool) {
		const json = variant.lose ? retryWorkflow(parameters) : singleNodeWorkflow(parameters);
		const result = await fx
			.run(json, { baseUrl: proxy.baseUrl, input: [inputItem()] })
			.catch((error: Error) => ({ error, output: () => [] }));
		const outputs = result.error ? [] : result.output(NODE);
		return {
			error: result.error?.message,
			output: JSON.stringify(outputs.map((item) => item.json)),
			requests: [...proxy.requests],
		};
	}
	parameters.confirm = false;
	const result = await fx.run(agentWithToolWorkflow(parameters as IDataObject), {
		nodeTypes,
		baseUrl: proxy.baseUrl,
		input: [{ json: { toolArgs: {} }, binary: inputItem().binary }],
	});
	const answer = result.error ? undefined : result.output(AGENT)[0]?.json.answer;
	const said = JSON.stringify(answer ?? '');
	return {
		error: result.error?.message ?? (/error/i.test(said) ? said : undefined),
		requests: [...proxy.requests],
	};
}

interface DecidingRead {
	variant: Variant;
	path: string;
	route: RegExp;
	sample: unknown;
	/** requests of the same route before it, passed on untouched (a reconcile's read after the same read of the first try) */
	skip: number;
}

const parse = (text: string): unknown => {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
};

/** The reads one call decides from, found by running it once with every answer the sandbox's. */
async function decidingReads(op: CatalogOperation, variant: Variant): Promise<DecidingRead[]> {
	// a call the check refuses (Require Resolved Comments on the target's open thread) decides from its reads too
	const clean = await run(op, variant);
	const lost = clean.requests.findIndex((r) => r.dropped);
	if (variant.lose && lost === -1) throw new Error(`${variant.label}: the write was not sent`);
	// under Retry On Fail: the reads after the lost write (the reconcile's), up to the next write
	const from = lost + 1;
	const next = clean.requests.findIndex((r, i) => i >= from && r.method !== 'GET');
	const decides = op.kind === 'write' || variant.tool || clean.error !== undefined;
	const reads = clean.requests.slice(from, next === -1 ? undefined : next);
	return reads
		.filter(
			(r) => r.method === 'GET' && r.status >= 200 && r.status < 300 && r.path.startsWith('/v2'),
		)
		.filter((r) => decides || isPage(parse(r.body)))
		.map((r) => {
			const route = routeOf(r.path);
			const at = clean.requests.indexOf(r);
			const skip = clean.requests
				.slice(0, at)
				.filter((earlier) => earlier.method === 'GET' && route.test(earlier.path)).length;
			return { variant, path: r.path, route, sample: parse(r.body), skip };
		});
}

/** The write a valid call sends first, to be lost under Retry On Fail (writes that reconcile only). */
async function firstWriteOf(op: CatalogOperation): Promise<Variant | undefined> {
	if (op.module.access.kind !== 'write' || !('reconcile' in op.module.access)) return undefined;
	const clean = await run(op, { label: 'as saved', extra: {}, tool: false, state: 'draft' });
	const write = clean.requests.find((r) => r.method !== 'GET' && r.path.startsWith('/v2'));
	if (!write) return undefined;
	return {
		label: `under Retry On Fail, the answer to ${write.method} ${write.path} lost`,
		extra: {},
		tool: false,
		state: 'draft',
		lose: { method: write.method, route: routeOf(write.path) },
	};
}

/** What is wrong with a run whose deciding read got a malformed answer; nothing when it failed closed. */
function problemsOf(result: Run, secrets: string[]): string[] {
	const problems: string[] = [];
	const swapped = result.requests.findIndex((r) => r.swapped);
	if (swapped === -1) return ['the read was not made: the case did not run'];
	const writes = result.requests.slice(swapped + 1).filter((r) => r.method !== 'GET');
	for (const w of writes)
		problems.push(`written after the malformed answer: ${w.method} ${w.path}`);
	// Validate Only answers with a report and writes nothing: the report names the answer among its problems
	const reported = result.output?.match(/The service's answer to GET [^"]*/)?.[0];
	const message = result.error ?? reported;
	if (message === undefined) {
		problems.push(`the item did not fail: it put out ${(result.output ?? '').slice(0, 400)}`);
		return problems;
	}
	if (!/The service's answer to GET \S+ could not be read: expected /.test(message))
		problems.push(`the error does not name the answer: ${message.slice(0, 300)}`);
	if (message.length > MESSAGE_BOUND)
		problems.push(`the error has ${message.length} characters, over ${MESSAGE_BOUND}`);
	for (const secret of secrets)
		if (message.includes(secret)) problems.push('the error carries a secret');
	return problems;
}

test('the proxy passes answers on and swaps only the route it is told to', async () => {
	const op = OPERATIONS.find((o) => o.name === 'draft.get')!;
	const variant: Variant = { label: 'as saved', extra: {}, tool: false, state: 'draft' };
	const clean = await run(op, variant);
	expect(clean.error).toBeUndefined();
	expect(clean.requests.map((r) => [r.method, r.swapped])).toContainEqual(['GET', false]);
	const m = malformedAnswers({}).examples[0];
	const swapped = await run(op, variant, { route: /\/drafts\/\d+$/, m });
	expect(swapped.requests.filter((r) => r.swapped)).toHaveLength(1);
});

/** The reads found per operation (`FAIL_CLOSED_REPORT=1` prints them). */
const found = new Map<string, string[]>();

describe('every read an operation decides from fails closed on a malformed answer', () => {
	test.each(OPERATIONS.map((op) => [op.name, op] as const))(
		'%s',
		async (_name, op) => {
			const secrets = [fx.sandbox.keys.admin, fx.sandbox.webhookSecret];
			const reads: DecidingRead[] = [];
			const seen = new Set<string>();
			const retried = await firstWriteOf(op);
			for (const variant of [...variantsOf(op), ...(retried ? [retried] : [])])
				for (const read of await decidingReads(op, variant)) {
					const key = `${variant.tool} ${variant.lose !== undefined} ${read.route.source}`;
					if (seen.has(key)) continue;
					seen.add(key);
					reads.push(read);
				}
			found.set(
				op.name,
				reads.map((r) => `${r.variant.label}: GET ${r.path}`),
			);
			if (process.env.FAIL_CLOSED_REPORT)
				console.log(`${op.name}\n${found.get(op.name)!.join('\n')}`);
			const failures: string[] = [];
			for (const read of reads) {
				const { examples, generated } = malformedAnswers(read.sample);
				const tried = [
					...examples,
					...fc.sample(generated, {
						numRuns: GENERATED_PER_READ,
						...(seed ? { seed: Number(seed) } : {}),
					}),
				];
				for (const m of tried) {
					const result = await run(op, read.variant, { route: read.route, m, skip: read.skip });
					for (const problem of problemsOf(result, secrets))
						failures.push(
							`${read.variant.label}, GET ${read.path} answered with ${m.kind} (${m.detail}): ${problem}`,
						);
				}
			}
			if (failures.length) throw new Error(`${failures.length} failures:\n${failures.join('\n')}`);
		},
		600_000,
	);
});
