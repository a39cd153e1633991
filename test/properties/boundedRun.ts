import fc from 'fast-check';
import { appendFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';
import { cpuMs } from '../harness/cpu';
import type { SandboxFixture } from '../harness/sandbox';
import { ScriptedServer } from '../harness/scriptedServer';
import { NODE } from '../harness/workflows';
import { PNG_BYTES } from '../nodes/SocialPublishing/media/fixtures';
import type { CatalogOperation, TextLeaf } from './catalog';
import {
	OPERATIONS,
	choicesWithLeaves,
	shownParameters,
	textLeaves,
	valueAt,
	withValue,
} from './catalog';
import type { Shape } from './boundedShapes';
import {
	DISTINCT_NAMES,
	groupDefaults,
	DISTINCT_VALUES,
	entriesDistinct,
	entryShapes,
	grownJsonShape,
	jsonShapes,
	multiOptionShapes,
	textShapes,
} from './boundedShapes';
import type { Targets } from './targets';
import {
	PLACEHOLDER_TARGETS,
	baseParameters,
	inputItem,
	makeTargets,
	missingValues,
} from './targets';

/**
 * The Bounded property: no input makes the node's work grow faster than the input. For every operation, every
 * choice of its options-parameters that shows a text or list parameter, and every such parameter (the catalog's
 * leaves), a value generated in one of the shapes of `boundedShapes.ts` is set on a valid call and the call is run
 * through n8n-core against the sandbox at the full size (100,000 characters, 10,000 entries):
 *
 * - the item is answered: output items, or an error n8n shows for the item (a NodeOperationError naming a
 *   parameter and `[item 0]`, a NodeApiError for item 0, n8n's refusal of the workflow before a run, or the error
 *   the call gets without the value), never a RangeError, a TypeError or a hang;
 * - its CPU time (`process.cpuUsage`; the sandbox runs in the same process and counts too) is under CEILING_MS;
 * - when it is over FLOOR_MS, the quarter size is run too, and the CPU time grows less than MAX_RATIO times from
 *   the quarter to the full size (4 when linear, 16 when quadratic); on a miss the sizes are measured again and the
 *   less of the two measurements' figures counts (each figure from one measurement's runs), then from 50,000 to
 *   200,000 characters (5,000 to 20,000 entries), which counts;
 * - what grows grows linearly: a run's fixed cost (n8n's workflow, the sandbox, the node's set-up: 40 to 60 ms)
 *   hides a quadratic term in the ratio of totals, so the run at four times the full size (400,000 characters,
 *   40,000 entries) is measured too, and the marginal cost from the full to four times the full size is under
 *   MAX_MARGINAL times the marginal cost from the quarter to the full size (4 when linear, 16 when quadratic; the
 *   fixed cost cancels out of both differences). The marginal cost from the quarter to the full size counts as at
 *   least MARGINAL_FLOOR_MS: a difference under it is noise at load 10, or the collector's;
 * - the case runs: a workflow n8n refuses before a run (a required field the generator left empty) fails the case,
 *   as does a value n8n refuses that cannot be given through an expression, since the node never saw it.
 *
 * Each leaf runs its example first (10,000+ short distinct names, the valid JSON with every list grown, 10,000
 * distinct values or entries), then RUNS_PER_LEAF generated shapes (`BOUNDED_RUNS=<n>` for more, 0 for the
 * example alone). A run under FLOOR_MS at the full size is not
 * measured at the quarter size, so the suite costs about two runs per leaf.
 *
 * Against the node before issue 31 (Node 20, 2 cores, load average 10 to 28; the list leaves of every operation):
 * "Tag Names" failed on every choice that reached it, with 10,000+ short distinct names (`n0,n1,…`): Draft > Create
 * 960 ms at 25,000 characters, 12,009 ms at 100,000 (12.5x); Create with Platforms JSON 1,075 / 14,072 ms (13.1x);
 * Draft > Update 1,223 / 13,380 ms (10.9x), with Platforms JSON 1,096 / 12,176 ms (11.1x), Social Posts 1,005 /
 * 12,532 ms (12.5x), Edit Single Posts 1,000 / 12,737 ms (12.7x). Every other list (Media IDs, Binary Media, Media
 * URLs, Tag Names or IDs, Platforms, Platform Texts, Alt Texts, Length and Media Limits, Platforms JSON grown to
 * 10,000 posts, queue rules, Clear/Enable/Disable Platforms) grew 1.2 to 3.4 times, under 520 ms at the full size.
 *
 * Against a planted quadratic `distinctUpTo` (each key looked up with `keys.includes`, the cap applied at the end:
 * the issue 38 self-test, `npm run test:mutants`), Tag Names grew 4.3x from the quarter to the full size, under
 * MAX_RATIO; its marginal costs grew 17.5x and 15.8x (docs/developers/development.md, "Planted defects").
 *
 * Each case's figures: `BOUNDED_REPORT=1` prints them at the end of the file, `BOUNDED_LOG=<file>` appends them
 * to a file as they come.
 *
 * Replay a failure: fast-check prints `seed` and `path`; run
 * `BOUNDED_SEED=<seed> BOUNDED_PATH=<path> npx jest test/properties/bounded -t '<operation> <leaf>'`.
 */

export const MAX_RATIO = 6;
/**
 * CPU of one item at the full size that a busy machine still keeps under, at a load of 10. It was 1,000 ms: at a load
 * of 6 to 7 on 2 cores, 047da9d's own code measured 1,023 ms for Update Schedule's 10,000 rules and 904 ms for
 * Create's 10,000 posts, and later runs 1,162 to 1,315 ms for those and Update's 10,000 Edit Posts, each growing
 * linearly (2.4x to 3.2x from the quarter size, 2.9x to 5.2x in marginal cost): the process's CPU counts the
 * collector's threads, which a busy machine slows. What grows is checked by MAX_RATIO and MAX_MARGINAL.
 */
export const CEILING_MS = 2000;
/** Under this at the full size, a run is no pass per character over the text (that is 10^10 steps), and not compared. */
export const FLOOR_MS = 60;
/** A run this long at the full size is not measured again (it would take minutes, and is no noise). */
const SURE_MS = 3000;
/**
 * The marginal cost from the full size to four times it, over the marginal cost from the quarter to the full size: 4
 * when linear, 16 when quadratic. As the text tests' bound (helpers/text/adversarial.test.ts): work that allocates an
 * object per entry pays for the collector over a larger heap at the larger size.
 */
export const MAX_MARGINAL = 10;
/**
 * The least marginal cost from the quarter to the full size a ratio is taken over: below it, a difference is noise,
 * and the collector's work, which grows faster than the entries while a list of 40,000 outgrows the young generation
 * (Draft > Update's Clear Fields and Disable Platforms, 40,000 values: 25 to 61 ms from the quarter to the full size,
 * 244 to 380 ms from the full to four times the full size, 6.1x to 9.4x over their own difference at load 19), is not
 * taken for growth. A quadratic term of 40 ms or more at the full size still measures over MAX_MARGINAL; the planted
 * quadratic `distinctUpTo` has 200 to 400 ms.
 */
export const MARGINAL_FLOOR_MS = 50;
const QUARTER = 1;
const FULL = 4;
const FOUR_FULL = 16;
/** Generated shapes per leaf, besides its example: each run of the suite draws new ones (a new seed). */
const RUNS_PER_LEAF = process.env.BOUNDED_RUNS ? Number(process.env.BOUNDED_RUNS) : 1;

const seed = process.env.BOUNDED_SEED;
if (seed !== undefined && seed !== '') fc.configureGlobal({ seed: Number(seed) });
const path = process.env.BOUNDED_PATH;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** One leaf of one operation under one choice of its options-parameters. */
export interface BoundedCase {
	op: CatalogOperation;
	values: Record<string, unknown>;
	leaf: TextLeaf;
	title: string;
}

/** Every case of the node, in catalog order. */
export function boundedCases(): BoundedCase[] {
	const cases: BoundedCase[] = [];
	for (const op of OPERATIONS) {
		for (const { values, leaves } of choicesWithLeaves({
			resource: op.resource,
			operation: op.operation,
		})) {
			const choice = Object.entries(values)
				.filter(([key]) => key !== 'resource' && key !== 'operation')
				.map(([key, value]) => `${key}=${String(value)}`)
				.join(' ');
			for (const leaf of leaves)
				cases.push({
					op,
					values,
					leaf,
					title: `${op.name}${choice ? ` (${choice})` : ''} ${leaf.label} [${leaf.shape}]`,
				});
		}
	}
	return cases;
}

/** What one run came to: its CPU time and whether its item was answered. */
interface Outcome {
	cpu: number;
	problem?: string;
	answer: string;
}

const CRASH =
	/RangeError|TypeError|Maximum call stack|Cannot read propert|is not a function|is not iterable|undefined|\[object /;

/**
 * Whether the run answered its item: output items, or an error n8n shows for the item. A NodeOperationError
 * names the parameter (`Parameter "…"`, or, as n8n's own nodes do, the binary property the item lacks) and
 * `[item 0]`; a NodeApiError is the service's answer to the item (its item index set).
 */
function judge(result: Awaited<ReturnType<SandboxFixture['runNode']>>): Omit<Outcome, 'cpu'> {
	const error = result.error as (Error & { context?: { itemIndex?: number } }) | undefined;
	if (!error) {
		const items = result.output(NODE);
		if (items.length === 0) return { problem: 'no output item and no error', answer: 'nothing' };
		return { answer: `${items.length} item(s)` };
	}
	const message = error.message ?? '';
	const name = error.name ?? error.constructor?.name;
	const answer = `${name}: ${message.slice(0, 160)}`;
	if (CRASH.test(message)) return { problem: `a crash, not an answer: ${answer}`, answer };
	if (name === 'NodeApiError') {
		if (message.includes('[item 0]') || error.context?.itemIndex === 0) return { answer };
		return { problem: `a service error for no item: ${answer}`, answer };
	}
	if (name !== 'NodeOperationError')
		return { problem: `not an error n8n shows for the item: ${answer}`, answer };
	if (!message.includes('[item 0]')) return { problem: `no [item 0]: ${answer}`, answer };
	if (!message.includes('Parameter "') && !message.startsWith('No binary property "'))
		return { problem: `names no parameter: ${answer}`, answer };
	return { answer };
}

/** The sandbox, its targets, and what a case's runs need. */
export class BoundedRunner {
	private targets?: Targets;
	private runs = 0;
	private readonly warmed = new Set<string>();
	/** Each case's figures, printed at the end (BOUNDED_REPORT=1) and in a failure. */
	readonly figures: string[] = [];

	/** `files`: a local file server that answers every path with a PNG, for a URL the call must be given. */
	constructor(
		private readonly fx: SandboxFixture,
		private readonly files?: ScriptedServer,
	) {}

	/** Targets for a run: shared by reads, fresh for writes; the sandbox reset now and then (its draft limit). */
	private async targetsFor(op: CatalogOperation): Promise<Targets> {
		if (++this.runs % 150 === 0) {
			await this.fx.sandbox.reset();
			this.targets = undefined;
		}
		if (op.kind === 'write' || !this.targets) {
			// once more on a dropped loopback connection (the sandbox closes idle ones after a second)
			this.targets = await makeTargets(this.fx).catch(async () => await makeTargets(this.fx));
		}
		return this.targets;
	}

	/**
	 * Per choice whose valid call the targets cannot make (Update to an X Article of the targets' X draft): the error
	 * of the call without the grown value, digits left out. The same error with the value is the call's, not the value's.
	 */
	private readonly baseErrors = new Map<string, string>();

	/** Per choice: the entry a shown, empty list of entries needs for the call to be valid (Posts, Edit Posts). */
	private readonly fillers = new Map<string, INodeParameters>();

	private async base(c: BoundedCase): Promise<INodeParameters> {
		const extra = { ...(c.values as INodeParameters), ...this.fillers.get(choiceKey(c)) };
		const parameters = baseParameters(c.op, await this.targetsFor(c.op), extra);
		return { ...requiredValues(parameters, this.files?.baseUrl), ...parameters };
	}

	/** Per choice whose valid call n8n refuses before a run even as filled: n8n's message. The case fails. */
	private readonly refusedBases = new Map<string, string>();

	private async parameters(c: BoundedCase, value: unknown): Promise<INodeParameters> {
		return withValue(await this.base(c), c.leaf.path, value);
	}

	/** Cases whose value n8n refuses before a run (a locator's pattern): given as an expression, as a workflow would. */
	private readonly viaExpression = new Set<string>();

	/** One run at `scale`: the value made first, the CPU time of the run alone. */
	private async runAt(c: BoundedCase, shape: Shape, scale: number): Promise<Outcome> {
		const value = shape.make(scale);
		for (;;) {
			const expression = this.viaExpression.has(c.title);
			const parameters = await this.parameters(c, expression ? EXPRESSION : value);
			const item = inputItem();
			if (expression) item.json = { ...item.json, boundedValue: value as string };
			collectGarbage();
			const start = cpuMs();
			let result: Awaited<ReturnType<SandboxFixture['runNode']>>;
			try {
				result = await this.fx.runNode(parameters, { input: [item] });
			} catch (error) {
				// n8n's check of the parameters before a run: the value again from the item, else n8n's answer
				const refused = (error as Error).name === 'WorkflowHasIssuesError';
				if (!refused) throw error;
				if (!expression && c.leaf.shape === 'string') {
					this.viaExpression.add(c.title);
					continue;
				}
				// the node never saw the value: not an answer of the node, and the case did not run
				const cpu = cpuMs() - start;
				const answer = `n8n refuses the workflow before a run: ${(error as Error).message}`;
				return { cpu, answer, problem: `${answer}; the case never ran the node` };
			}
			const cpu = cpuMs() - start;
			const outcome = { cpu, ...judge(result) };
			const baseError = this.baseErrors.get(choiceKey(c));
			if (outcome.problem && baseError && withoutDigits(result.error?.message ?? '') === baseError)
				return { cpu, answer: `the call's own error: ${outcome.answer}` };
			return outcome;
		}
	}

	/** The valid call once, so the first measured run does not pay for loading and compiling the operation's code. */
	private async warm(c: BoundedCase): Promise<void> {
		const key = choiceKey(c);
		if (this.warmed.has(key)) return;
		this.warmed.add(key);
		const run = async (): Promise<Error | undefined> => {
			try {
				return (await this.fx.runNode(await this.base(c), { input: [inputItem()] })).error;
			} catch (error) {
				// n8n refuses the call before a run (a required field the targets cannot fill: Media URL)
				return error as Error;
			}
		};
		if (!(await run())) return;
		// invalid as the defaults leave it: try each shown, empty list of entries with one entry of its defaults
		for (const filler of entryFillers(c)) {
			this.fillers.set(key, filler);
			if (!(await run())) return;
		}
		this.fillers.delete(key);
		const error = await run();
		if (error?.name === 'WorkflowHasIssuesError') this.refusedBases.set(key, error.message);
		else if (error) this.baseErrors.set(key, withoutDigits(error.message));
	}

	/** The property on one shape: answered, under the ceiling, growing less than MAX_RATIO. Throws what failed. */
	async check(c: BoundedCase, shape: Shape): Promise<void> {
		await this.warm(c);
		const refused = this.refusedBases.get(choiceKey(c));
		if (refused !== undefined)
			throw new Error(
				`${c.title}: n8n refuses the valid call before a run (${refused}): the case never runs; give the field it names a value (targets.ts valueFor, or requiredValues here)`,
			);
		let full = await this.runAt(c, shape, FULL);
		const line = (text: string) => {
			const figure = `${c.title} | ${shape.name} | ${text}`;
			this.figures.push(figure);
			if (process.env.BOUNDED_LOG) appendFileSync(process.env.BOUNDED_LOG, `${figure}\n`);
			return `${c.title}, shape ${shape.name}: ${text}`;
		};
		if (full.problem) throw new Error(line(full.problem));
		if (full.cpu < FLOOR_MS) {
			line(`full ${full.cpu.toFixed(0)} ms (${full.answer})`);
			return;
		}
		let quarter = await this.runAt(c, shape, QUARTER);
		let fourFull = await this.runAt(c, shape, FOUR_FULL);
		if (fourFull.problem) throw new Error(line(`at four times the full size, ${fourFull.problem}`));
		let ratio = full.cpu / quarter.cpu;
		let marginal = marginalRatio(quarter.cpu, full.cpu, fourFull.cpu);
		/** The full size's CPU against the ceiling: the less of its runs. */
		let leastFull = full.cpu;
		// measured again as a whole: the sizes once more, and the less of the two measurements' figures, each taken
		// within one measurement (the less run of each size, mixed across the two, once put a slow quarter beside a
		// quick full: a marginal of 111 ms, and a linear case read as 10.8x). A run of seconds is a sure figure already.
		const missed = ratio >= MAX_RATIO || full.cpu >= CEILING_MS || marginal >= MAX_MARGINAL;
		if (missed && full.cpu < SURE_MS) {
			const again = await this.runAt(c, shape, FULL);
			const quarterAgain = await this.runAt(c, shape, QUARTER);
			if (marginal >= MAX_MARGINAL && fourFull.cpu < SURE_MS) {
				const fourAgain = await this.runAt(c, shape, FOUR_FULL);
				const marginalAgain = marginalRatio(quarterAgain.cpu, again.cpu, fourAgain.cpu);
				if (marginalAgain < marginal) {
					marginal = marginalAgain;
					[quarter, full, fourFull] = [quarterAgain, again, fourAgain];
				}
			}
			ratio = Math.min(ratio, again.cpu / quarterAgain.cpu);
			leastFull = Math.min(leastFull, again.cpu);
		}
		let larger = '';
		if (ratio >= MAX_RATIO && full.cpu < SURE_MS) {
			const small = await this.runAt(c, shape, 2 * QUARTER);
			const large = await this.runAt(c, shape, 2 * FULL);
			const largerRatio = large.cpu / small.cpu;
			larger = `; 50k/5,000: ${small.cpu.toFixed(0)} ms, 200k/20,000: ${large.cpu.toFixed(0)} ms, ${largerRatio.toFixed(1)}x`;
			ratio = Math.min(ratio, largerRatio);
			if (large.problem) throw new Error(line(large.problem));
		}
		const margins = `marginal ${(full.cpu - quarter.cpu).toFixed(0)} ms quarter to full, ${(fourFull.cpu - full.cpu).toFixed(0)} ms full to 4x full (${fourFull.cpu.toFixed(0)} ms), ${marginal.toFixed(1)}x`;
		const text = `quarter ${quarter.cpu.toFixed(0)} ms, full ${full.cpu.toFixed(0)} ms, ${(full.cpu / quarter.cpu).toFixed(1)}x${larger}; ${margins} (${full.answer})`;
		line(text);
		const over: string[] = [];
		if (leastFull >= CEILING_MS) over.push(`over the ceiling of ${CEILING_MS} ms`);
		if (ratio >= MAX_RATIO) over.push(`grows ${ratio.toFixed(1)}x, not under ${MAX_RATIO}x`);
		if (marginal >= MAX_MARGINAL)
			over.push(
				`its marginal cost grows ${marginal.toFixed(1)}x from the full to four times the full size, not under ${MAX_MARGINAL}x`,
			);
		if (over.length)
			throw new Error(`${c.title}, shape ${shape.name}: ${over.join(', ')}: ${text}`);
	}
}

const EXPRESSION = '={{ $json.boundedValue }}';

/**
 * The marginal cost from the full size to four times it over the marginal cost from the quarter to the full size
 * (at least MARGINAL_FLOOR_MS): 4 when what grows is linear, 16 when quadratic, whatever the fixed cost of a run.
 */
export function marginalRatio(quarterMs: number, fullMs: number, fourFullMs: number): number {
	return (fourFullMs - fullMs) / Math.max(fullMs - quarterMs, MARGINAL_FLOOR_MS);
}

/**
 * Values for the shown required fields the targets leave empty, by the field's type (so a new operation's field is
 * filled unedited): a date three days ahead for a date, the file server's PNG for a URL. n8n refuses a workflow
 * with an empty required field before it runs, and a case that never runs proves nothing (issue 38: Duplicate "At
 * a Date" without its date, Media Upload from a URL without its URL, counted as passed).
 */
export function requiredValues(parameters: INodeParameters, fileServer?: string): INodeParameters {
	const missing = new Set(missingValues(parameters));
	const values: INodeParameters = {};
	for (const property of shownParameters(parameters)) {
		if (!missing.has(property.name)) continue;
		if (property.type === 'dateTime')
			values[property.name] = DateTime.now()
				.toUTC()
				.startOf('day')
				.plus({ days: 3, hours: 10 })
				.toISO();
		else if (property.type === 'string' && /url$/i.test(property.name) && fileServer)
			values[property.name] = `${fileServer}/files/property.png`;
	}
	return values;
}

const withoutDigits = (text: string) => text.replace(/[0-9]+/g, '#');

const choiceKey = (c: BoundedCase) => `${c.op.name} ${JSON.stringify(c.values)}`;

/**
 * For each list of entries the case's choice shows: the parameters with one entry, its fields' defaults and one
 * of its text fields given a text (the first that makes the call valid is kept).
 */
function entryFillers(c: BoundedCase): INodeParameters[] {
	const fillers: INodeParameters[] = [];
	for (const leaf of textLeaves(c.values)) {
		if (leaf.shape !== 'entries' || leaf.path.length !== 2) continue;
		const { entry, texts } = groupDefaults(leaf);
		for (const text of texts)
			fillers.push(withValue({}, leaf.path, [{ ...entry, [text]: 'A property post' }]));
	}
	return fillers;
}

/** The arbitrary of a case's shapes, and the example it always runs first (issue 31's lists). */
export function shapesOf(
	c: BoundedCase,
	parameters: INodeParameters,
): { shapes: fc.Arbitrary<Shape>; example: Shape } {
	switch (c.leaf.shape) {
		case 'json': {
			const base = valueAt(parameters, c.leaf.path) ?? c.leaf.property.default;
			return { shapes: jsonShapes(base), example: grownJsonShape(base) };
		}
		case 'multiOptions':
			return { shapes: multiOptionShapes(c.leaf.property), example: DISTINCT_VALUES };
		case 'entries':
			return {
				shapes: entryShapes(c.leaf, parameters),
				example: entriesDistinct(c.leaf, parameters),
			};
		default:
			return { shapes: textShapes, example: DISTINCT_NAMES };
	}
}

/**
 * Defines the property's tests for half of the cases (`part` 0 or 1 of 2, every other case), so two files run in
 * parallel on jest's two workers.
 */
export function describeBounded(fx: SandboxFixture, part: 0 | 1): void {
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
	const runner = new BoundedRunner(fx, files);
	const cases = boundedCases().filter((_, index) => index % 2 === part);
	afterAll(() => {
		if (process.env.BOUNDED_REPORT) console.log(runner.figures.join('\n'));
	});
	test.each(cases.map((c) => [c.title, c] as const))(
		'%s',
		async (_title, c) => {
			const { shapes, example } = shapesOf(
				c,
				baseParameters(c.op, PLACEHOLDER_TARGETS, c.values as INodeParameters),
			);
			// the example alone (BOUNDED_RUNS=0): fast-check runs no example without a run
			if (RUNS_PER_LEAF === 0) return await runner.check(c, example);
			await fc.assert(
				fc.asyncProperty(shapes, async (shape) => await runner.check(c, shape)),
				{
					numRuns: RUNS_PER_LEAF,
					examples: [[example]],
					endOnFailure: true,
					...(path ? { path } : {}),
				},
			);
		},
		300_000,
	);
}
