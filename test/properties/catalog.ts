import type {
	IDataObject,
	INodeProperties,
	INodePropertyCollection,
	INodeParameters,
} from 'n8n-workflow';
import type { OperationModule, Resources } from '../../nodes/SocialPublishing/actions/types';
// the node first: its module loads the resources in the order n8n does
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { resources } from '../../nodes/SocialPublishing/actions/resources';

/**
 * Every operation of the node and every parameter it shows, read from the node itself: the resource
 * modules (`access`, `gate`) and the node's description (each property's `displayOptions`). The property
 * suites take their operations and parameters from here only, so a new operation or a new parameter is in
 * them without an edit.
 */

export interface CatalogOperation {
	/** `resource.operation` */
	name: string;
	resource: string;
	operation: string;
	module: OperationModule;
	kind: 'read' | 'write';
	gated: boolean;
}

const all: Resources = resources;

/** The node's operations in the order its resources list them. */
export const OPERATIONS: CatalogOperation[] = Object.entries(all).flatMap(
	([resource, { operations }]) =>
		Object.entries(operations).map(([operation, module]) => ({
			name: `${resource}.${operation}`,
			resource,
			operation,
			module,
			kind: module.access.kind,
			gated: module.gate !== undefined,
		})),
);

export const WRITES = OPERATIONS.filter((op) => op.kind === 'write');

/** The node's parameters as n8n sees them (the node's description). */
export const NODE_PROPERTIES: INodeProperties[] = new SocialPublishing().description.properties;

type Values = Record<string, unknown>;

function matches(condition: unknown[], value: unknown): boolean {
	return condition.some((wanted) => wanted === value);
}

/**
 * The default of the top-level property `name` as n8n reads it for these values: several operations have a
 * property of that name (Create's *Content Type* defaults to Social Posts, Update's to Keep Current Content),
 * and the one of the values' resource and operation is the one shown.
 */
function defaultOf(name: string, values: Values): unknown {
	const named = NODE_PROPERTIES.filter((p) => p.name === name && p.type !== 'notice');
	const own = named.find((p) => {
		const show = p.displayOptions?.show ?? {};
		return (['resource', 'operation'] as const).every(
			(key) => !show[key] || (show[key] as unknown[]).includes(values[key]),
		);
	});
	return (own ?? named[0])?.default;
}

/**
 * Whether a property shows for these values (n8n's `displayOptions`: every `show` key matches, no `hide`
 * key does). A key absent from `values` takes the default of the top-level property of that name.
 */
export function shows(property: INodeProperties, values: Values, tool = false): boolean {
	const valueOf = (key: string): unknown => {
		if (key === '@tool') return tool;
		if (key === '@version') return 1;
		const name = key.startsWith('/') ? key.slice(1) : key;
		if (Object.prototype.hasOwnProperty.call(values, name)) return values[name];
		return defaultOf(name, values);
	};
	const { show, hide } = property.displayOptions ?? {};
	for (const [key, wanted] of Object.entries(show ?? {})) {
		const value = valueOf(key);
		const list = wanted as unknown[];
		if (Array.isArray(value) ? !value.some((v) => matches(list, v)) : !matches(list, value))
			return false;
	}
	for (const [key, unwanted] of Object.entries(hide ?? {})) {
		const value = valueOf(key);
		if (matches(unwanted as unknown[], value)) return false;
	}
	return true;
}

/** The top-level parameters an operation shows for these parameter values (resource and operation among them). */
export function shownParameters(values: Values, tool = false): INodeProperties[] {
	return NODE_PROPERTIES.filter((p) => shows(p, values, tool) && p.type !== 'notice');
}

/** Where a value sits in the node's parameters: top-level name, then collection and fixed-collection keys. */
export type ParameterPath = Array<string | number>;

/** A parameter that takes text or a list (what a user or a model can make as long as they like). */
export interface TextLeaf {
	/** e.g. `additionalFields.tagNames` or `posts.post[0].text` */
	label: string;
	path: ParameterPath;
	property: INodeProperties;
	/** string: one text; json: a JSON text; multiOptions: a list of values; entries: a fixed collection's list */
	shape: 'string' | 'json' | 'multiOptions' | 'entries';
}

/**
 * Every text and list parameter an operation shows for these values, nested ones included: strings and
 * JSON texts, multi-option lists, and each multiple-value fixed collection's list of entries (with the
 * strings of one entry).
 */
export function textLeaves(values: Values, tool = false): TextLeaf[] {
	return walkLeaves(values, tool).texts;
}

/** A parameter that is on or off (a boolean), top-level or in a collection. */
export interface SwitchLeaf {
	label: string;
	path: ParameterPath;
	property: INodeProperties;
}

/** Every on/off parameter an operation shows for these values, nested ones included. */
export function switchLeaves(values: Values, tool = false): SwitchLeaf[] {
	return walkLeaves(values, tool).switches;
}

function walkLeaves(values: Values, tool: boolean): { texts: TextLeaf[]; switches: SwitchLeaf[] } {
	const leaves: TextLeaf[] = [];
	const switches: SwitchLeaf[] = [];
	const visit = (property: INodeProperties, path: ParameterPath, label: string) => {
		switch (property.type) {
			case 'boolean':
				switches.push({ label, path, property });
				return;
			case 'string':
			case 'dateTime':
				leaves.push({ label, path, property, shape: 'string' });
				return;
			case 'resourceLocator':
				leaves.push({
					label: `${label}.value`,
					path: [...path, 'value'],
					property,
					shape: 'string',
				});
				return;
			case 'json':
				leaves.push({ label, path, property, shape: 'json' });
				return;
			case 'multiOptions':
				leaves.push({ label, path, property, shape: 'multiOptions' });
				return;
			case 'collection':
				for (const child of (property.options ?? []) as INodeProperties[])
					visit(child, [...path, child.name], `${label}.${child.name}`);
				return;
			case 'fixedCollection':
				for (const group of (property.options ?? []) as INodePropertyCollection[]) {
					const multiple = property.typeOptions?.multipleValues === true;
					const groupPath: ParameterPath = multiple
						? [...path, group.name, 0]
						: [...path, group.name];
					if (multiple)
						leaves.push({
							label: `${label}.${group.name}[]`,
							path: [...path, group.name],
							property,
							shape: 'entries',
						});
					for (const child of group.values)
						visit(
							child,
							[...groupPath, child.name],
							`${label}.${group.name}${multiple ? '[0]' : ''}.${child.name}`,
						);
				}
				return;
			default:
				return;
		}
	};
	for (const property of shownParameters(values, tool))
		visit(property, [property.name], property.name);
	return { texts: leaves, switches };
}

/** A copy of `parameters` with `value` set at `path` (collections and entries made as needed). */
export function withValue(
	parameters: INodeParameters,
	path: ParameterPath,
	value: unknown,
): INodeParameters {
	const copy = structuredClone(parameters) as IDataObject;
	let node: IDataObject | unknown[] = copy;
	for (let i = 0; i < path.length - 1; i++) {
		const key = path[i];
		const next = path[i + 1];
		const holder = node as Record<string | number, unknown>;
		if (holder[key] === undefined || holder[key] === null || typeof holder[key] !== 'object')
			holder[key] = typeof next === 'number' ? [] : {};
		node = holder[key] as IDataObject | unknown[];
	}
	(node as Record<string | number, unknown>)[path[path.length - 1]] = value;
	return copy as INodeParameters;
}

/** The value at `path`, or undefined. */
export function valueAt(parameters: INodeParameters, path: ParameterPath): unknown {
	let node: unknown = parameters;
	for (const key of path) {
		if (node === null || typeof node !== 'object') return undefined;
		node = (node as Record<string | number, unknown>)[key];
	}
	return node;
}

/** Values of `values` with one top-level "options" parameter set to another of its choices. */
export function otherChoices(values: Values, tool: boolean): Values[] {
	const next: Values[] = [];
	for (const property of shownParameters(values, tool)) {
		if (property.type !== 'options' || ['resource', 'operation'].includes(property.name)) continue;
		for (const option of property.options ?? []) {
			const value = (option as { value: unknown }).value;
			if (values[property.name] === value) continue;
			if (values[property.name] === undefined && property.default === value) continue;
			next.push({ ...values, [property.name]: value });
		}
	}
	return next;
}

/**
 * The choices of an operation's "options" parameters (Content As, Content Mode, Input Source, ...) under
 * which every text and list parameter it has shows, each with the leaves it shows: every leaf of the
 * operation is in at least one. Starts from `values` (resource and operation at least).
 */
export function choicesWithLeaves(
	values: Values,
	tool = false,
): Array<{ values: Values; leaves: TextLeaf[] }> {
	const seen = new Set<string>();
	const found: Array<{ values: Values; leaves: TextLeaf[] }> = [];
	const queue: Values[] = [values];
	const key = (v: Values) => JSON.stringify(Object.entries(v).sort());
	const visited = new Set<string>([key(values)]);
	while (queue.length > 0 && visited.size < 200) {
		const current = queue.shift() as Values;
		const leaves = textLeaves(current, tool);
		if (leaves.some((leaf) => !seen.has(leaf.label))) {
			for (const leaf of leaves) seen.add(leaf.label);
			found.push({ values: current, leaves });
		}
		for (const next of otherChoices(current, tool)) {
			if (visited.has(key(next))) continue;
			visited.add(key(next));
			queue.push(next);
		}
	}
	return found;
}
