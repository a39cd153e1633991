import fc from 'fast-check';
import type { INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ProxiedRequest } from '../harness/answerProxy';
import { useAnswerProxy } from '../harness/answerProxy';
import { cpuMs } from '../harness/cpu';
import { useSandbox } from '../harness/sandbox';
import { NODE } from '../harness/workflows';
import type { CatalogOperation } from './catalog';
import { OPERATIONS, shownParameters } from './catalog';
import type { HostileKind } from './boundedAnswers';
import { HOSTILE_KINDS, hostileAnswer, oneValueReplaced, valuePaths } from './boundedAnswers';
import type { ScriptedResponse } from '../harness/scriptedServer';
import { PROPERTY_SANDBOX, baseParameters, inputItem, makeTargetsAt } from './targets';

/**
 * Issue 38, item 4: the Bounded property from the service's side. For every operation of the node (catalog.ts), a
 * valid call is run through n8n-core against the sandbox behind a recording proxy; then each request it made is
 * answered, in turn, with an answer grown from the sandbox's own (boundedAnswers.ts: every text 100,000 characters
 * long with the key and the webhook secret in it, every list 10,000 entries long, JSON 10,000 levels deep, every
 * value of another type, an error answer grown) while the sandbox answers the rest:
 *
 * - every error is the node's answer, not a crash (no RangeError, TypeError, stack overflow);
 * - its message and description stay within MESSAGE_BOUND characters and carry neither secret;
 * - the run's CPU time stays under CEILING_MS.
 *
 * Items the node outputs from the service's data are passed through as the service sent them (docs/security.md,
 * "What the service sends back"); they are not held to the bound.
 */

const fx = useSandbox({ ...PROPERTY_SANDBOX, publishDelayMs: 1, mediaProcessingMs: 1 });
const proxy = useAnswerProxy(() => fx.sandbox.baseUrl);

/** An error built from the service's answers: a few echoed values (300 characters each) with their frame. */
const MESSAGE_BOUND = 2_000;
/** CPU of one run (the sandbox and the proxy count too: they make and send the grown answer). */
const CEILING_MS = 3_000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const CRASH =
	/RangeError|TypeError|Maximum call stack|Cannot read propert|is not a function|is not iterable|\[object /;

interface Run {
	error?: Error & { description?: string | null };
	requests: ProxiedRequest[];
	cpu: number;
}

/** The operation's calls: as saved, then each other choice of each of its top-level options parameters. */
function choicesOf(op: CatalogOperation): INodeParameters[] {
	const values = { resource: op.resource, operation: op.operation };
	const choices: INodeParameters[] = [{}];
	for (const property of shownParameters(values)) {
		if (property.type !== 'options' || ['resource', 'operation'].includes(property.name)) continue;
		for (const option of (property.options ?? []) as INodePropertyOptions[])
			if (option.value !== property.default) choices.push({ [property.name]: option.value });
	}
	return choices;
}

const describeChoice = (choice: INodeParameters) =>
	Object.entries(choice)
		.map(([name, value]) => `${name}=${String(value)}`)
		.join(' ') || 'as saved';

async function run(
	op: CatalogOperation,
	choice: INodeParameters,
	swap?: {
		method: string;
		route: RegExp;
		kind?: HostileKind;
		answer?: ScriptedResponse;
		sample: unknown;
		status: number;
	},
): Promise<Run> {
	await fx.sandbox.reset();
	const targets = await makeTargetsAt(fx, 'draft');
	proxy.reset();
	const secrets = [fx.sandbox.keys.admin, fx.sandbox.webhookSecret];
	if (swap)
		proxy.swap({
			method: swap.method,
			path: swap.route,
			answer: swap.answer ?? hostileAnswer(swap.kind!, swap.sample, secrets, swap.status),
		});
	const parameters: INodeParameters = baseParameters(op, targets, choice);
	collectGarbage();
	const start = cpuMs();
	const result = await fx.runNode(parameters, { baseUrl: proxy.baseUrl, input: [inputItem()] });
	const cpu = cpuMs() - start;
	if (!result.error) result.output(NODE);
	return { error: result.error, requests: [...proxy.requests], cpu };
}

function routeOf(path: string): RegExp {
	const pattern = path
		.split('/')
		.map((part) =>
			/^\d+$/.test(part)
				? '\\d+'
				: /^[0-9a-f-]{16,}$/i.test(part)
					? '[^/]+'
					: part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
		)
		.join('/');
	return new RegExp(`^${pattern}$`);
}

const parse = (text: string): unknown => {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
};

function problemsOf(result: Run, secrets: string[]): string[] {
	const problems: string[] = [];
	if (!result.requests.some((r) => r.swapped))
		problems.push('the request was not made: the case did not run');
	if (result.cpu >= CEILING_MS)
		problems.push(`${result.cpu.toFixed(0)} ms of CPU, over ${CEILING_MS}`);
	const error = result.error;
	if (!error) return problems;
	const message = error.message ?? '';
	const description = typeof error.description === 'string' ? error.description : '';
	if (CRASH.test(message)) problems.push(`a crash, not an answer: ${message.slice(0, 200)}`);
	if (message.length > MESSAGE_BOUND) problems.push(`the message has ${message.length} characters`);
	if (description.length > MESSAGE_BOUND)
		problems.push(`the description has ${description.length} characters`);
	for (const secret of secrets)
		if (message.includes(secret) || description.includes(secret))
			problems.push(`the error carries a secret: ${message.slice(0, 200)}`);
	return problems;
}

/** Each request of a run to the API that the service answered with 2xx, once per route. */
function requestsOf(clean: Run) {
	const routes = new Map<
		string,
		{ method: string; route: RegExp; path: string; sample: unknown; status: number }
	>();
	for (const r of clean.requests) {
		if (!r.path.startsWith('/v2') || r.status >= 300) continue;
		const route = routeOf(r.path);
		const key = `${r.method} ${route.source}`;
		if (!routes.has(key))
			routes.set(key, {
				method: r.method,
				route,
				path: r.path,
				sample: parse(r.body),
				status: r.status,
			});
	}
	return routes.values();
}

/** Drawn places per request where one value becomes a grown text with the secrets. */
const ONE_VALUE_RUNS = 3;

const seed = process.env.BOUNDED_SEED;

/** The kinds that reflect the secrets in the answer's values (a choice that reads the answer otherwise meets them). */
const SECRET_KINDS: HostileKind[] = [
	'every text grown to 100,000 characters, the secrets in it',
	'every value of another type, the secrets in it',
];

describe("the service's answers, grown, leave every error bounded and redacted, and the work bounded", () => {
	test.each(OPERATIONS.map((op) => [op.name, op] as const))(
		'%s',
		async (_name, op) => {
			const secrets = [fx.sandbox.keys.admin, fx.sandbox.webhookSecret];
			const failures: string[] = [];
			for (const [index, choice] of choicesOf(op).entries()) {
				// a choice n8n refuses before a run (a required field the targets leave empty) has no answers to grow;
				// the call as saved must run
				const clean = await run(op, choice).catch((error: Error) => {
					if (index === 0 || error.name !== 'WorkflowHasIssuesError') throw error;
					return undefined;
				});
				if (!clean) continue;
				if (process.env.BOUNDED_ANSWERS_REPORT)
					console.log(
						`${op.name} ${describeChoice(choice)}: ${clean.error?.message ?? 'answered'}; ${clean.requests.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}`,
					);
				if (index > 0 && clean.error) continue; // a choice the targets cannot make valid
				// as saved, every kind for every request; another choice, the kinds that carry the secrets in values
				const kinds = index === 0 ? [...HOSTILE_KINDS] : SECRET_KINDS;
				for (const read of requestsOf(clean)) {
					// one value of another type at a time, at drawn places: the first problem a reader finds is that one
					const paths = valuePaths(read.sample);
					const drawn = paths.length
						? fc.sample(fc.constantFrom(...paths), {
								numRuns: ONE_VALUE_RUNS,
								...(seed ? { seed: Number(seed) } : {}),
							})
						: [];
					for (const path of drawn) {
						const answer = oneValueReplaced(read.sample, path, secrets, read.status);
						const result = await run(op, choice, { ...read, answer });
						for (const problem of problemsOf(result, secrets))
							failures.push(
								`${describeChoice(choice)}, ${read.method} ${read.path} answered with ${path.join('.')} a text of 100,000 characters with the secrets: ${problem}`,
							);
					}
					for (const kind of kinds) {
						if (read.status === 204 && kind !== 'an error answer grown, the secrets in it')
							continue;
						const result = await run(op, choice, { ...read, kind });
						for (const problem of problemsOf(result, secrets))
							failures.push(
								`${describeChoice(choice)}, ${read.method} ${read.path} answered with ${kind}: ${problem}`,
							);
					}
				}
			}
			if (failures.length) throw new Error(`${failures.length} failures:\n${failures.join('\n')}`);
		},
		600_000,
	);
});
