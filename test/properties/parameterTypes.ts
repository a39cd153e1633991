import type {
	IDataObject,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';
import { TEXT_ALSO_TAKES } from '../../nodes/SocialPublishing/actions/params';
import type { CatalogOperation, ParameterPath } from './catalog';
import { OPERATIONS, otherChoices, shownParameters, shows } from './catalog';

/**
 * The cases of the Typed property (parameterTypes.property.test.ts): every parameter of every operation of
 * the catalog, under every choice of the operation's "options" parameters that shows it, top-level and
 * nested (a collection's fields, a fixed collection's group and the fields of its first entry), each with
 * the values of other types than its own that an expression can hand over. Read from the node's
 * description only, so a new parameter is a new case without an edit here.
 */

export type Value = unknown;

/** One parameter where a wrong value is set, and its display name as the node's error names it. */
export interface TypedLeaf {
	/** `options.draftTitle`, `posts.post[0].text` */
	key: string;
	path: ParameterPath;
	/** the name the error must give: the parameter's display name, or `Fixed > Group` for a group */
	label: string;
	property: INodeProperties;
	/** what is set around the value for its entry to be whole (a fixed collection's other fields) */
	entry?: { path: ParameterPath; fields: IDataObject; field: string; holder: string };
	kind: 'leaf' | 'collection' | 'group';
}

/** A value of another type, in words (the test's name), and the value. */
export interface WrongValue {
	what: string;
	value: Value;
}

const OBJECT: WrongValue = { what: 'an object', value: { a: 1 } };
const NUMBER: WrongValue = { what: 'a number', value: 7 };
const LIST: WrongValue = { what: 'a list', value: ['a'] };
const NULL: WrongValue = { what: 'null', value: null };
const LIST_OF_OBJECTS: WrongValue = { what: 'a list of objects', value: [{}] };
const UNDEFINED: WrongValue = { what: 'undefined', value: undefined };
const TRUE: WrongValue = { what: 'a boolean', value: true };
const WORD_FOR_NUMBER: WrongValue = { what: 'text that is no number', value: 'five' };
const BOOLEAN_TEXT: WrongValue = { what: 'a boolean as text', value: 'true' };

/**
 * The values of other types than a leaf's own. Left out, each with its reason: a number for a text
 * parameter the node reads as a whole number (Draft ID: `{{ $json.id }}` is a number, and is its text);
 * a list of texts for a comma-separated list (Tag Names, Media IDs: "or a list from an expression");
 * text for a list of choices (an expression may give their names comma-separated: `toList`); a number
 * written as text for a number parameter (read as that number: "a number given as text is read as that
 * number", publishNow.test.ts), so the text tried there is one that is no number.
 */
export function wrongValues(leaf: TypedLeaf): WrongValue[] {
	if (avoided(leaf)) return [];
	switch (leaf.property.type) {
		case 'string': {
			const also = TEXT_ALSO_TAKES[leaf.property.name];
			if (also === 'whole number') return [OBJECT, LIST, NULL, UNDEFINED, TRUE];
			if (also === 'list') return [OBJECT, NUMBER, LIST_OF_OBJECTS, NULL, UNDEFINED, TRUE];
			return [OBJECT, NUMBER, LIST, NULL, UNDEFINED, TRUE];
		}
		case 'dateTime':
			return [OBJECT, NUMBER, LIST, NULL, UNDEFINED, TRUE];
		case 'number':
			return [WORD_FOR_NUMBER, OBJECT, LIST, NULL, UNDEFINED, TRUE];
		case 'boolean':
			return [BOOLEAN_TEXT, NUMBER, OBJECT, NULL, UNDEFINED];
		case 'options': {
			const unknown = { what: 'text that is none of its choices', value: 'none-of-them' };
			const loaded = leaf.property.typeOptions?.loadOptionsMethod !== undefined;
			return [OBJECT, LIST, NULL, UNDEFINED, TRUE, ...(loaded ? [] : [unknown])];
		}
		case 'multiOptions':
			return [OBJECT, NUMBER, NULL, UNDEFINED, TRUE, LIST_OF_OBJECTS];
		case 'json':
			return [NUMBER, NULL, UNDEFINED, TRUE];
		case 'resourceLocator':
			return [OBJECT, LIST, NULL, UNDEFINED, TRUE];
		default:
			return [];
	}
}

/**
 * Parameters the property avoids, each with its reason (the test lists them):
 * - a collection or a fixed collection's group as a whole: n8n hands the node its default (`{}`) for one
 *   given as an expression of another type (measured: Duplicate's Options as text reached the node as
 *   `{}`), and its editor offers no expression there; their fields are cases of their own;
 * - Resource and Operation: the router reads them and names one the node does not have ("The operation
 *   … of resource … is not supported", router.test.ts).
 */
export function avoided(leaf: TypedLeaf): string | undefined {
	if (leaf.kind === 'collection' || leaf.kind === 'group')
		return 'n8n hands the node the default of a collection given as a whole expression';
	if (leaf.key === 'resource' || leaf.key === 'operation')
		return 'the router names a resource or operation the node does not have';
	return undefined;
}

const TYPED = new Set([
	'string',
	'dateTime',
	'number',
	'boolean',
	'options',
	'multiOptions',
	'json',
	'resourceLocator',
]);

/** Every typed parameter a call with these values shows, nested ones included. */
export function typedLeaves(values: Record<string, unknown>, tool = false): TypedLeaf[] {
	const leaves: TypedLeaf[] = [];
	const visitLeaf = (
		property: INodeProperties,
		path: ParameterPath,
		key: string,
		entry?: TypedLeaf['entry'],
	) => {
		if (!TYPED.has(property.type)) return;
		const valuePath = property.type === 'resourceLocator' ? [...path, 'value'] : path;
		leaves.push({
			key,
			path: valuePath,
			label: property.displayName,
			property,
			entry,
			kind: 'leaf',
		});
	};
	for (const property of shownParameters(values, tool)) {
		const path = [property.name];
		if (property.type === 'collection') {
			leaves.push({
				key: property.name,
				path,
				label: property.displayName,
				property,
				kind: 'collection',
			});
			// a field its own displayOptions hide for these values (LinkedIn's options without LinkedIn) n8n drops
			for (const child of (property.options ?? []) as INodeProperties[])
				if (shows(child, values, tool))
					visitLeaf(child, [...path, child.name], `${property.name}.${child.name}`);
		} else if (property.type === 'fixedCollection') {
			const multiple = property.typeOptions?.multipleValues === true;
			for (const group of (property.options ?? []) as INodePropertyCollection[]) {
				const groupPath = [...path, group.name];
				leaves.push({
					key: `${property.name}.${group.name}`,
					path: groupPath,
					label: `${property.displayName} > ${group.displayName}`,
					property,
					kind: 'group',
				});
				const fields = entryOf(group);
				const entryPath = multiple ? [...groupPath, 0] : groupPath;
				for (const child of group.values)
					visitLeaf(
						child,
						[...entryPath, child.name],
						`${property.name}.${group.name}${multiple ? '[0]' : ''}.${child.name}`,
						{ path: entryPath, fields, field: child.name, holder: property.displayName },
					);
			}
		} else visitLeaf(property, path, property.name);
	}
	return leaves;
}

/** One entry of a group with its fields' defaults, an empty text given a short one and an empty choice its first. */
function entryOf(group: INodePropertyCollection): IDataObject {
	const entry: IDataObject = {};
	for (const child of group.values) {
		if (child.type === 'options' && child.default === '' && child.options?.length)
			entry[child.name] = (child.options[0] as { value: string }).value;
		else if (child.type === 'string' && child.default === '') entry[child.name] = 'a';
		else entry[child.name] = child.default as IDataObject[string];
	}
	return entry;
}

/** One case: an operation under one choice, one of its parameters. */
export interface TypedCase {
	op: CatalogOperation;
	values: Record<string, unknown>;
	leaf: TypedLeaf;
	title: string;
}

/**
 * The values with each shown choice parameter at its own default, the one the operation's description gives
 * (Update's Content Type is "keep", Create's "posts": the catalog's `shows` reads the first of a name).
 */
function ownDefaults(values: Record<string, unknown>): Record<string, unknown> {
	const own = { ...values };
	for (let round = 0; round < 3; round++)
		for (const property of shownParameters(own))
			if (property.type === 'options' && !(property.name in own))
				own[property.name] = property.default;
	return own;
}

/** The choices of an operation under which each of its typed parameters shows (each parameter once). */
function choicesOf(
	op: CatalogOperation,
): Array<{ values: Record<string, unknown>; leaves: TypedLeaf[] }> {
	const start = ownDefaults({ resource: op.resource, operation: op.operation });
	const seen = new Set<string>();
	const found: Array<{ values: Record<string, unknown>; leaves: TypedLeaf[] }> = [];
	const key = (v: Record<string, unknown>) => JSON.stringify(Object.entries(v).sort());
	const visited = new Set([key(start)]);
	const queue = [start as Record<string, unknown>];
	while (queue.length > 0 && visited.size < 200) {
		const current = queue.shift() as Record<string, unknown>;
		const fresh = typedLeaves(current).filter((leaf) => !seen.has(leaf.key));
		for (const leaf of fresh) seen.add(leaf.key);
		if (fresh.length) found.push({ values: current, leaves: fresh });
		for (const next of otherChoices(current, false)) {
			if (visited.has(key(next))) continue;
			visited.add(key(next));
			queue.push(next);
		}
	}
	return found;
}

/** Every case of the node, in catalog order. */
export function typedCases(): TypedCase[] {
	const cases: TypedCase[] = [];
	for (const op of OPERATIONS)
		for (const { values, leaves } of choicesOf(op)) {
			const choice = Object.entries(values)
				.filter(([name]) => name !== 'resource' && name !== 'operation')
				.map(([name, value]) => `${name}=${String(value)}`)
				.join(' ');
			for (const leaf of leaves)
				cases.push({
					op,
					values,
					leaf,
					title: `${op.name}${choice ? ` (${choice})` : ''} ${leaf.key}`,
				});
		}
	return cases;
}

/** The expression every wrong value is given as: n8n hands its result over whatever its type. */
export const WRONG_EXPRESSION = '={{ $json.wrongValue }}';

/** The item json that makes WRONG_EXPRESSION give `value` (undefined: a field the item lacks). */
export function itemJsonFor(value: Value): IDataObject {
	return value === undefined ? {} : { wrongValue: value as IDataObject[string] };
}

/** Sets the case's parameter to the expression in a valid call, its entry completed by its group's defaults. */
export function placeExpression(
	parameters: INodeParameters,
	leaf: TypedLeaf,
	set: (parameters: INodeParameters, path: ParameterPath, value: unknown) => INodeParameters,
	get: (parameters: INodeParameters, path: ParameterPath) => unknown,
): INodeParameters {
	let base = parameters;
	if (leaf.entry) {
		const given = get(parameters, leaf.entry.path);
		const fields =
			typeof given === 'object' && given !== null && !Array.isArray(given)
				? given
				: leaf.entry.fields;
		base = set(parameters, leaf.entry.path, { ...leaf.entry.fields, ...(fields as IDataObject) });
	}
	return set(base, leaf.path, WRONG_EXPRESSION);
}
