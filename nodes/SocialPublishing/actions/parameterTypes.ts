import type {
	IDataObject,
	IExecuteFunctions,
	IGetNodeParameterOptions,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { isDateLike, kindOf, paramError } from '../helpers/validation';
import { properties } from '../properties';
import { TEXT_ALSO_TAKES } from './params';
import { withParameterReader } from './parameterReader';

/**
 * Every parameter an operation reads is of its own type, whatever n8n hands over. n8n checks a parameter's
 * type only when its description asks (`validateType`); an expression may give any value (an object, a
 * number, undefined after an item n8n could not pair), and a reader that falls back on a value it cannot
 * use ("not text: keep the source's title") would act on something the user never asked for. So each value
 * read is checked against the node's own description of that parameter, found as n8n finds it (the one its
 * `displayOptions` show for the node's parameters), collections and fixed collections entry by entry, and a
 * value of another type stops the item naming the parameter (its display name) before any request.
 *
 * An option of a collection left out is not given (the reader's fallback applies); one that is there with
 * no value (undefined or null, as an expression can give) is a value of the wrong type.
 */

type GetNodeParameter = (
	name: string,
	itemIndex: number,
	fallbackValue?: unknown,
	options?: IGetNodeParameterOptions,
) => unknown;

const PLAIN_NAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

/**
 * Read by the router itself: an operation the node does not have is "not supported", by name; and the AI
 * tool's Confirm, where anything but true (an agent's `$fromAI` left out gives undefined) is "not confirmed",
 * the side that holds the action back.
 */
const ROUTED = new Set(['resource', 'operation', 'confirm']);

/** The node's parameters by name: several may share one, shown for different operations. */
let byName: Map<string, INodeProperties[]> | undefined;

function candidates(name: string): INodeProperties[] {
	if (!byName) {
		byName = new Map();
		for (const property of properties) {
			if (property.type === 'notice') continue;
			byName.set(property.name, [...(byName.get(property.name) ?? []), property]);
		}
	}
	return byName.get(name) ?? [];
}

const isPlainObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' &&
	value !== null &&
	!Array.isArray(value) &&
	!isDateLike(value) &&
	!(value instanceof Uint8Array);

const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Names that decide which other parameters show (their `displayOptions`), Resource and Operation aside. */
let switchNames: Set<string> | undefined;

function namesDeciding(list: readonly unknown[], into: Set<string>): void {
	for (const entry of list) {
		const property = entry as INodeProperties & { values?: INodeProperties[] };
		const { show, hide } = property.displayOptions ?? {};
		for (const key of [...Object.keys(show ?? {}), ...Object.keys(hide ?? {})])
			into.add(key.startsWith('/') ? key.slice(1) : key);
		if (property.type === 'collection' || property.type === 'fixedCollection')
			namesDeciding(property.options ?? [], into);
		if (Array.isArray(property.values)) namesDeciding(property.values, into);
	}
}

/**
 * The choices a value must be one of: those of an options parameter that decides which others show (Content
 * Type, Content As, Input Source, When: a value that is none of them would be read as one of them, and the
 * parameters of the mode meant never read), and of every option of a collection or fixed collection (Order
 * By, Output, Status: read where they are used, often as "anything else is the default"). A top-level
 * choice that decides nothing is its reader's to name in its own words (Analytics' Platform: "X only");
 * choices loaded from the service are not known here.
 */
function switchChoices(property: INodeProperties, nested: boolean): unknown[] | undefined {
	if (!switchNames) {
		switchNames = new Set();
		namesDeciding(properties, switchNames);
		switchNames.delete('resource');
		switchNames.delete('operation');
	}
	if (!(nested || switchNames.has(property.name)) || property.typeOptions?.loadOptionsMethod)
		return undefined;
	const values = (property.options ?? []).map((option) => (option as { value?: unknown }).value);
	return values.length ? values : undefined;
}

const ALSO_IN_WORDS = { 'whole number': 'a whole number', date: 'a date', list: 'a list of texts' };

/** A text parameter's value: text, or the other type its reader also takes (params.ts `TEXT_ALSO_TAKES`). */
function textProblem(property: INodeProperties, value: unknown): string | undefined {
	if (typeof value === 'string') return undefined;
	const also = Object.prototype.hasOwnProperty.call(TEXT_ALSO_TAKES, property.name)
		? TEXT_ALSO_TAKES[property.name]
		: undefined;
	if (also === 'whole number' && isFiniteNumber(value)) return undefined;
	if (also === 'date' && isDateLike(value)) return undefined;
	if (
		also === 'list' &&
		Array.isArray(value) &&
		(value as unknown[]).every((entry) => typeof entry === 'string' || isFiniteNumber(entry))
	)
		return undefined;
	const got =
		also === 'list' && Array.isArray(value)
			? 'a list holding something other than texts and numbers'
			: kindOf(value);
	return `must be text${also ? ` or ${ALSO_IN_WORDS[also]}` : ''}, got ${got}`;
}

/** A problem with a value of a parameter that holds no other parameters; undefined when it is of its type. */
function leafProblem(
	property: INodeProperties,
	value: unknown,
	nested: boolean,
): string | undefined {
	const got = `, got ${kindOf(value)}`;
	switch (property.type) {
		case 'string':
		case 'color':
		case 'hidden':
			return textProblem(property, value);
		case 'dateTime':
			// a number goes on to the date's reader, which names the formats it reads
			return typeof value === 'string' || isDateLike(value) || isFiniteNumber(value)
				? undefined
				: `must be a date (text, a luxon DateTime or a JavaScript Date)${got}`;
		case 'number':
			// text and numbers that are not finite go on to the number's reader: "20" is read as 20, "soon"
			// and Infinity refused in the field's own words (its range)
			return typeof value === 'number' || typeof value === 'string'
				? undefined
				: `must be a number${got}`;
		case 'boolean':
			return typeof value === 'boolean' ? undefined : `must be true or false${got}`;
		case 'json':
			return typeof value === 'string' || Array.isArray(value) || isPlainObject(value)
				? undefined
				: `must be JSON (text, an object or a list)${got}`;
		case 'options': {
			const switches = switchChoices(property, nested);
			if (switches && !switches.includes(value))
				return `must be one of ${switches.map((choice) => JSON.stringify(choice)).join(', ')}${
					typeof value === 'string' || typeof value === 'number'
						? `, got ${JSON.stringify(value)}`
						: got
				}`;
			// which other choice: the operation's reader says, in its own words (Analytics: "X only")
			return typeof value === 'string' || isFiniteNumber(value)
				? undefined
				: `must be one of its choices${got}`;
		}
		case 'multiOptions':
			// a list of its choices, or (from an expression) their names as comma-separated text
			if (typeof value === 'string') return undefined;
			if (!Array.isArray(value)) return `must be a list of its choices${got}`;
			for (const entry of value as unknown[])
				if (typeof entry !== 'string' && !isFiniteNumber(entry))
					return `must be a list of its choices, got an entry that is ${kindOf(entry)}`;
			return undefined;
		case 'resourceLocator': {
			const inner = isPlainObject(value) && '__rl' in value ? value.value : value;
			return typeof inner === 'string' || isFiniteNumber(inner)
				? undefined
				: `must be an ID (text or a whole number)${got}`;
		}
		default:
			return undefined;
	}
}

/** A problem found in a parameter: the display name of the one (or the entry) at fault, and what is wrong. */
interface Found {
	label: string;
	problem: string;
}

/** The fields of a collection, or of one group of a fixed collection. */
function fieldsOf(list: INodeProperties[], values: IDataObject): Found | undefined {
	for (const child of list) {
		if (!Object.prototype.hasOwnProperty.call(values, child.name)) continue;
		const found = problemOf(child, values[child.name], true);
		if (found) return found;
	}
	return undefined;
}

function groupProblem(
	property: INodeProperties,
	group: INodePropertyCollection,
	value: unknown,
): Found | undefined {
	const label = `${property.displayName} > ${group.displayName}`;
	const entries = property.typeOptions?.multipleValues === true ? value : [value];
	if (!Array.isArray(entries))
		return { label, problem: `must be a list of entries, got ${kindOf(value)}` };
	for (const entry of entries as unknown[]) {
		if (!isPlainObject(entry))
			return { label, problem: `must hold entries of fields, got ${kindOf(entry)}` };
		const found = fieldsOf(group.values, entry);
		if (found) return found;
	}
	return undefined;
}

/** Whether a value is of its parameter's type, its collection's and fixed collection's entries checked in turn. */
export function problemOf(
	property: INodeProperties,
	value: unknown,
	nested = false,
): Found | undefined {
	if (property.type !== 'collection' && property.type !== 'fixedCollection') {
		const problem = leafProblem(property, value, nested);
		return problem ? { label: property.displayName, problem } : undefined;
	}
	if (!isPlainObject(value))
		return {
			label: property.displayName,
			problem: `must be a collection of fields, got ${kindOf(value)}`,
		};
	if (property.type === 'collection')
		return fieldsOf((property.options ?? []) as INodeProperties[], value);
	for (const group of (property.options ?? []) as INodePropertyCollection[]) {
		if (!Object.prototype.hasOwnProperty.call(value, group.name)) continue;
		const found = groupProblem(property, group, value[group.name]);
		if (found) return found;
	}
	return undefined;
}

/** Whether a parameter's displayOptions name the node's resource and operation as they are saved. */
function ownOperation(node: INode, property: INodeProperties): boolean {
	const show = property.displayOptions?.show ?? {};
	return (['resource', 'operation'] as const).every(
		(key) => show[key] === undefined || (show[key] as unknown[]).includes(node.parameters[key]),
	);
}

/**
 * The description of a dotted name (`options.draftTitle`, `posts.post`) for these node parameters: the
 * top-level parameter shown for them, then its collection's field or fixed collection's group. A group is
 * returned as a fixed collection holding only it, so its value is checked as a whole.
 */
function describedAt(
	node: INode,
	description: INodeTypeDescription,
	name: string,
): INodeProperties | undefined {
	const [top, ...rest] = name.split('.');
	const shown = candidates(top).filter((candidate) =>
		NodeHelpers.displayParameter(node.parameters, candidate, node, description),
	);
	// n8n shows every parameter a choice given as an expression decides: the operation's own first
	let property: INodeProperties | undefined =
		shown.find((candidate) => ownOperation(node, candidate)) ?? shown[0];
	for (const key of rest) {
		if (!property) return undefined;
		if (property.type === 'collection')
			property = ((property.options ?? []) as INodeProperties[]).find((o) => o.name === key);
		else if (property.type === 'fixedCollection') {
			const group = ((property.options ?? []) as INodePropertyCollection[]).find(
				(g) => g.name === key,
			);
			return group && rest[rest.length - 1] === key
				? { ...property, options: [group], name: key }
				: undefined;
		} else return undefined;
	}
	return property;
}

/**
 * The node's context for one run, with every parameter it reads checked against its description
 * (above). A raw read (`rawExpressions`) and a name that is not a plain dotted path are handed over as read.
 */
export function withTypedParameters(context: IExecuteFunctions): IExecuteFunctions {
	const read = context.getNodeParameter.bind(context) as GetNodeParameter;
	let node: INode | undefined;
	let description: INodeTypeDescription | undefined;
	const described = new Map<string, INodeProperties | undefined>();
	const getNodeParameter: GetNodeParameter = (name, itemIndex, fallbackValue, options) => {
		const value = read(name, itemIndex, fallbackValue, options);
		if (options?.rawExpressions || !PLAIN_NAME.test(name) || ROUTED.has(name)) return value;
		// n8n copies the whole node on each getNode(): read once per run
		node ??= context.getNode();
		description ??= { name: node.type.split('.').pop() ?? '', properties } as INodeTypeDescription;
		if (!described.has(name)) described.set(name, describedAt(node, description, name));
		const property = described.get(name);
		if (!property) return value;
		const checked =
			property.type === 'fixedCollection' && name.includes('.')
				? groupProblem(property, (property.options as INodePropertyCollection[])[0], value)
				: problemOf(property, value, name.includes('.'));
		if (checked) throw paramError(context, itemIndex, checked.label, checked.problem);
		return value;
	};
	return withParameterReader(context, getNodeParameter as IExecuteFunctions['getNodeParameter']);
}
