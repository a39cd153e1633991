import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox';
import { valueAt, withValue } from './catalog';
import type { TypedCase, WrongValue } from './parameterTypes';
import { avoided, itemJsonFor, placeExpression, typedCases, wrongValues } from './parameterTypes';
import type { Targets } from './targets';
import { PROPERTY_SANDBOX, baseParameters, inputItem, makeTargets } from './targets';

/**
 * The Typed property: a parameter that reaches an operation as another type than its own stops the item
 * naming the parameter, and nothing is written. For every parameter of every operation (parameterTypes.ts,
 * from the node's description: a new parameter is a new case), each value of another type (an object, a
 * number, a list, null, undefined, a boolean, a boolean as text, text that is no number, text that is none
 * of the choices of a parameter that decides which others show) is handed over by an expression, as n8n hands over an expression's result, in a valid call
 * run through n8n-core against the sandbox. The run must end in an error for item 0 that names the
 * parameter (`Parameter "Draft Title" … [item 0]`), and the sandbox must have received no write.
 *
 * n8n's own checks come first where it has them: a case n8n refuses to run (its check of the workflow
 * before a run) is no pass: it is counted, and must name the parameter; an error of n8n's own for the
 * item must name it too. The counts are asserted at the end: every case ran, none without an answer.
 *
 * On 047da9d (before issue 38): 168 of the 252 parameter cases failed, in 784 runs: 442 left the item
 * unstopped, 426 let a write reach the service (Duplicate's Draft Title given an object, a number, a list, null, undefined
 * or a boolean was read as not given, and the copy was made with the source's title).
 */

const fx = useSandbox(PROPERTY_SANDBOX);

const WRITE = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

const tally = { cases: 0, runs: 0, stopped: 0, refusedByN8n: 0 };

let targets: Targets | undefined;
let runsSinceReset = 0;

async function targetsFor(c: TypedCase): Promise<Targets> {
	if (++runsSinceReset % 200 === 0) {
		await fx.sandbox.reset();
		targets = undefined;
	}
	if (!targets || c.op.kind === 'write')
		targets = await makeTargets(fx).catch(async () => await makeTargets(fx));
	return targets;
}

/**
 * Whether a message names the parameter: the node's `Parameter "X"`, or n8n's `'X'`; a field of a fixed
 * collection's entry may be named by its fixed collection (`Parameter "Edit Posts (edit 1)" has an unknown action`).
 */
const namesLeaf = (message: string, leaf: TypedCase['leaf']) =>
	names(message, leaf.label) ||
	(leaf.entry !== undefined && message.includes(`Parameter "${leaf.entry.holder}`));

const names = (message: string, label: string) =>
	message.includes(`Parameter "${label}"`) ||
	message.includes(`'${label}'`) ||
	message.includes(`"${label}"`);

/**
 * A valid call of the case. A choice given as an expression shows every parameter it decides (n8n shows all
 * when the value deciding is an expression), so the call holds what each of its choices needs (Duplicate's
 * Date): else n8n would refuse the workflow for a required field left empty, not for the case's value.
 */
function callParameters(c: TypedCase, targets: Targets): INodeParameters {
	const own = baseParameters(c.op, targets, c.values as INodeParameters);
	if (c.values.inputSource === 'url') own.mediaUrl ??= FILLED.mediaUrl;
	if (c.leaf.property.type !== 'options' || c.leaf.path.length !== 1) return own;
	let all: INodeParameters = {};
	for (const option of c.leaf.property.options ?? []) {
		const value = (option as { value: string }).value;
		all = {
			...all,
			...baseParameters(c.op, targets, { ...(c.values as INodeParameters), [c.leaf.key]: value }),
		};
	}
	return { ...FILLED, ...all, ...own };
}

/**
 * Required fields the targets leave empty, filled for a choice given as an expression (which shows them).
 * Media URL is never fetched: a host under the reserved `.invalid` name resolves nowhere, and every run of
 * this suite is to stop on its wrong value before any download.
 */
const FILLED: INodeParameters = { mediaUrl: 'https://media.invalid/property.png' };

async function runWrong(c: TypedCase, wrong: WrongValue): Promise<string | undefined> {
	const base = callParameters(c, await targetsFor(c));
	const parameters = placeExpression(base, c.leaf, withValue, valueAt);
	const item = inputItem();
	item.json = { ...item.json, ...itemJsonFor(wrong.value) };
	fx.sandbox.clearRequests();
	tally.runs++;
	let result: Awaited<ReturnType<typeof fx.runNode>>;
	try {
		result = await fx.runNode(parameters, { input: [item] });
	} catch (error) {
		const message = (error as Error).message ?? '';
		if ((error as Error).name !== 'WorkflowHasIssuesError') throw error;
		tally.refusedByN8n++;
		return names(message, c.leaf.label)
			? undefined
			: `${wrong.what}: n8n refused the workflow without naming "${c.leaf.label}": ${message}`;
	}
	const writes = fx.apiRequests().filter((r) => WRITE.has(r.method));
	const problems: string[] = [];
	if (writes.length > 0)
		problems.push(
			`${writes.length} write(s) reached the service: ${writes.map((r) => `${r.method} ${r.path}`).join(', ')}`,
		);
	const message = result.error?.message;
	if (message === undefined) problems.push('the item was not stopped');
	else if (!namesLeaf(message, c.leaf) || !message.includes('[item 0]'))
		problems.push(`the error does not name "${c.leaf.label}" and item 0: ${message.slice(0, 300)}`);
	else tally.stopped++;
	return problems.length ? `${wrong.what}: ${problems.join('; ')}` : undefined;
}

const cases = typedCases();
/** The cases with values to run; the others are avoided, each for the reason `avoided` gives. */
const running = cases.filter((c) => wrongValues(c.leaf).length > 0);

describe('typed: a parameter of another type than its own stops its item naming it, nothing written', () => {
	test('the cases cover every operation of the catalog; a parameter without a case is avoided for a stated reason', () => {
		expect(new Set(cases.map((c) => c.op.name)).size).toBeGreaterThanOrEqual(30);
		const unexplained = cases.filter((c) => wrongValues(c.leaf).length === 0 && !avoided(c.leaf));
		expect(unexplained.map((c) => c.title)).toEqual([]);
		expect(running.length).toBeGreaterThan(cases.length / 2);
	});

	test.each(running.map((c) => [c.title, c] as const))(
		'%s',
		async (_title, c) => {
			tally.cases++;
			const failures: string[] = [];
			for (const wrong of wrongValues(c.leaf)) {
				const failure = await runWrong(c, wrong);
				if (failure) failures.push(failure);
			}
			if (failures.length) throw new Error(`${c.title} (${c.leaf.label}):\n${failures.join('\n')}`);
		},
		120_000,
	);

	test('every case ran and was answered: stopped naming its parameter, or refused by n8n naming it', () => {
		if (tally.cases < running.length) return; // a run of some cases only (-t)
		expect(tally.runs).toBe(running.reduce((sum, c) => sum + wrongValues(c.leaf).length, 0));
		expect(tally.stopped + tally.refusedByN8n).toBe(tally.runs);
		console.log(
			`typed: ${tally.cases} parameters, ${tally.runs} runs, ${tally.stopped} stopped by the node, ${tally.refusedByN8n} refused by n8n`,
		);
	});
});
