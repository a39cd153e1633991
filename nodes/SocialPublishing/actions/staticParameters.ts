import type {
	IDataObject,
	IExecuteFunctions,
	IGetNodeParameterOptions,
	INodeParameters,
} from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';
import { withParameterReader } from './parameterReader';

/**
 * Parameters read once per node run. n8n's `getNodeParameter` resolves the saved value for the item on every
 * call (expressions, the resource locator, a search of the node's whole parameter list for the schema check):
 * about 4 to 10 µs a call, a dozen and more calls per Create item. A saved value that holds no expression
 * (no string starting with "=", anywhere in it) resolves to the same value for every item, so its answer is
 * kept for the run, by name, fallback and options, and handed out as a copy (as n8n's own answer is a fresh
 * value each time). A value with an expression is resolved by n8n for each item, as before; so is every call
 * that failed (nothing is kept), and every call with options the run cannot answer alike (`rawExpressions`,
 * `contextNode`) or a name that is not a plain dotted path.
 */

/** Whether n8n evaluates something in this saved value: a string starting with "=" (n8n's `isExpression`). */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.charAt(0) === '=';
	if (typeof value !== 'object' || value === null) return false;
	return Object.values(value as IDataObject).some(holdsExpression);
}

/** The saved value at a dotted name (`platformTexts.platformText`), as n8n looks it up; undefined when absent. */
function savedValue(parameters: INodeParameters, name: string): unknown {
	let value: unknown = parameters;
	for (const key of name.split('.')) {
		if (typeof value !== 'object' || value === null) return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

const PLAIN_NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

type GetNodeParameter = (
	name: string,
	itemIndex: number,
	fallbackValue?: unknown,
	options?: IGetNodeParameterOptions,
) => unknown;

/** Whether two plain JSON values (fallbacks, options) are alike. */
function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every(
		(key) =>
			Object.prototype.hasOwnProperty.call(b, key) &&
			sameJson((a as IDataObject)[key], (b as IDataObject)[key]),
	);
}

/** One kept answer: the call it answers (fallback and options) and its value. */
interface Answer {
	fallbackValue: unknown;
	options: IGetNodeParameterOptions | undefined;
	value: unknown;
}

/** A copy of a resolved parameter value (JSON: arrays and plain objects): each caller gets its own, as from n8n. */
function copyOf(value: unknown): unknown {
	if (typeof value !== 'object' || value === null) return value;
	if (Array.isArray(value)) return value.map(copyOf);
	const prototype = Object.getPrototypeOf(value) as unknown;
	if (prototype !== Object.prototype && prototype !== null) return deepCopy(value);
	const copy: { [key: string]: unknown } = {};
	for (const key of Object.keys(value)) copy[key] = copyOf((value as IDataObject)[key]);
	return copy;
}

/**
 * The node's context for one run, with `getNodeParameter` answering parameters without expressions from
 * what it read for the first item that asked. Everything else is the context's own.
 */
export function withStaticParameters(context: IExecuteFunctions): IExecuteFunctions {
	const read = context.getNodeParameter.bind(context) as GetNodeParameter;
	let saved: INodeParameters | undefined;
	const answers = new Map<string, Answer[]>();
	const getNodeParameter: GetNodeParameter = (name, itemIndex, fallbackValue, options) => {
		if (options?.rawExpressions || options?.contextNode)
			return read(name, itemIndex, fallbackValue, options);
		const known = answers
			.get(name)
			?.find(
				(answer) =>
					sameJson(answer.fallbackValue, fallbackValue) && sameJson(answer.options, options),
			);
		if (known) return copyOf(known.value);
		const value = read(name, itemIndex, fallbackValue, options);
		if (!PLAIN_NAME.test(name)) return value;
		// n8n copies the whole node on each getNode(): the saved parameters are read once per run
		saved ??= context.getNode().parameters;
		const given = savedValue(saved, name);
		if (!holdsExpression(given === undefined ? fallbackValue : given)) {
			const kept = {
				fallbackValue: copyOf(fallbackValue),
				options: copyOf(options) as IGetNodeParameterOptions | undefined,
				value: copyOf(value),
			};
			answers.set(name, [...(answers.get(name) ?? []), kept]);
		}
		return value;
	};
	return withParameterReader(context, getNodeParameter as IExecuteFunctions['getNodeParameter']);
}
