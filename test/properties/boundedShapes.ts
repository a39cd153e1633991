import fc from 'fast-check';
import type { INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import type { TextLeaf } from './catalog';
import { valueAt } from './catalog';

/**
 * The values the Bounded property grows a parameter to, by the leaf's shape, as fast-check arbitraries. A shape
 * makes its value at a scale: 1 is a quarter (25,000 characters, 2,500 entries), 4 the full size (100,000
 * characters, 10,000 entries); 2 and 8 are the larger pair a miss is measured again on.
 */
export interface Shape {
	name: string;
	make(scale: number): unknown;
}

export const CHARS_PER_SCALE = 25_000;
export const ENTRIES_PER_SCALE = 2_500;

/** Joins entries made by `entry(i)` with `sep` until the text is `length` characters, cut to exactly that. */
function joined(length: number, sep: string, entry: (i: number) => string): string {
	const parts: string[] = [];
	let size = 0;
	for (let i = 0; size < length; i++) {
		const part = entry(i);
		parts.push(part);
		size += part.length + sep.length;
	}
	return parts.join(sep).slice(0, length);
}

const repeatTo = (unit: string, length: number) =>
	unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Full-width forms of ASCII letters and digits (`Ｔａｇ`): another way to write the same name. */
const fullWidth = (text: string) =>
	text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** Ways of writing one name that fold (or nearly fold) to the same: case, NFC and NFD, full width. */
function variantsOf(name: string): string[] {
	return [
		name,
		name.toUpperCase(),
		name.toLowerCase(),
		fullWidth(name),
		`${name}\u00e9`, // é, NFC
		`${name}e\u0301`, // é, NFD
		`${name.toUpperCase()}\u00c9`,
		`${name}\u01c5`, // ǅ, title case of its own
		`${name}\u00df`, // ß, upper-cases to SS
		`${name}SS`,
	];
}

const SEPARATORS = [',', '\n', ', ', ' , ', '\r\n', ';', ',\n'];
const separator = fc.constantFrom(...SEPARATORS);
/** Short entries a list field may be given: names, ids, property names, URLs. */
const ENTRIES = [
	'tag',
	'Tag',
	'a',
	'data',
	'x',
	'é',
	'e\u0301',
	'https://a.com/a.png',
	'00000000-0000-4000-8000-000000000000',
	'weekly-tips',
];
const entry = fc.oneof(
	fc.constantFrom(...ENTRIES),
	fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
);

/** Shapes of one text: the forms a list or a JSON text split out of a string can take. */
export const textShapes: fc.Arbitrary<Shape> = fc.oneof(
	// many short distinct entries
	fc
		.record({ prefix: fc.constantFrom('t', 'Tag ', '#', 'media-', 'n'), sep: separator })
		.map(({ prefix, sep }) => ({
			name: `distinct ${JSON.stringify(prefix)}+i joined by ${JSON.stringify(sep)}`,
			make: (scale: number) =>
				joined(scale * CHARS_PER_SCALE, sep, (i) => `${prefix}${i.toString(36)}`),
		})),
	// one entry repeated
	fc.record({ entry, sep: separator }).map(({ entry: one, sep }) => ({
		name: `${JSON.stringify(one)} repeated, joined by ${JSON.stringify(sep)}`,
		make: (scale: number) => joined(scale * CHARS_PER_SCALE, sep, () => one),
	})),
	// separators only
	fc
		.array(fc.constantFrom(',', ' ', '\n', '\t', '\r\n', ';', '\u00a0', '\u3000'), {
			minLength: 1,
			maxLength: 4,
		})
		.map((units) => ({
			name: `separators ${JSON.stringify(units.join(''))} repeated`,
			make: (scale: number) => repeatTo(units.join(''), scale * CHARS_PER_SCALE),
		})),
	// case and normalization variants of one name, or of each of many names
	fc
		.record({
			name: fc.constantFrom('Tag', 'Launch', 'weekly tips', 'a'),
			sep: separator,
			numbered: fc.boolean(),
		})
		.map(({ name, sep, numbered }) => ({
			name: `variants of ${JSON.stringify(name)}${numbered ? ' (numbered)' : ''} joined by ${JSON.stringify(sep)}`,
			make: (scale: number) => {
				const all = variantsOf(name);
				return joined(scale * CHARS_PER_SCALE, sep, (i) =>
					numbered ? `${all[i % all.length]}${Math.floor(i / all.length)}` : all[i % all.length],
				);
			},
		})),
	// nesting: deep JSON arrays or objects, closed or not
	fc
		.record({ open: fc.constantFrom('[', '{"a":', '[{"a":', '('), closed: fc.boolean() })
		.map(({ open, closed }) => ({
			name: `nesting ${JSON.stringify(open)}${closed ? ' closed' : ' open'}`,
			make: (scale: number) => {
				const length = scale * CHARS_PER_SCALE;
				const close = open === '[' ? ']' : open === '(' ? ')' : open === '{"a":' ? '}' : '}]';
				if (!closed) return repeatTo(open, length);
				const depth = Math.floor((length - 1) / (open.length + close.length));
				return `${open.repeat(depth)}1${close.repeat(depth)}`;
			},
		})),
);

/** The example every text leaf runs first: issue 31's 10,000 short names (`n0,n1,…`) at 100,000 characters. */
export const DISTINCT_NAMES: Shape = {
	name: 'distinct "n"+i joined by ","',
	make: (scale) => joined(scale * CHARS_PER_SCALE, ',', (i) => `n${i}`),
};

/** Every array in a JSON value grown to `count` entries (copies of its entries, strings numbered). */
function grownJson(value: unknown, count: number): unknown {
	if (Array.isArray(value)) {
		if (value.length === 0) return value;
		return Array.from({ length: count }, (_, i) => numbered(value[i % value.length], i));
	}
	if (value !== null && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [key, grownJson(inner, count)]),
		);
	return value;
}

function numbered(value: unknown, i: number): unknown {
	if (typeof value === 'string') return i === 0 ? value : `${value} ${i}`;
	return grownJson(value, Math.min(4, ENTRIES_PER_SCALE));
}

/** Shapes of a JSON text: the node's own value with every list grown, many keys, deep nesting, or any text. */
export function jsonShapes(base: unknown): fc.Arbitrary<Shape> {
	const parsed = typeof base === 'string' ? safeParse(base) : base;
	const grown: Shape = {
		name: 'the valid value with every list grown',
		make: (scale) => JSON.stringify(grownJson(parsed, scale * ENTRIES_PER_SCALE)),
	};
	const keys: Shape = {
		name: 'an object of many keys',
		make: (scale) =>
			JSON.stringify(
				Object.fromEntries(
					Array.from({ length: scale * ENTRIES_PER_SCALE }, (_, i) => [`k${i}`, { a: i }]),
				),
			),
	};
	return fc.oneof(fc.constant(grown), fc.constant(keys), textShapes);
}

function safeParse(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return [text];
	}
}

/** The example every JSON leaf runs first. */
export function grownJsonShape(base: unknown): Shape {
	const parsed = typeof base === 'string' ? safeParse(base) : base;
	return {
		name: 'the valid value with every list grown',
		make: (scale) => JSON.stringify(grownJson(parsed, scale * ENTRIES_PER_SCALE)),
	};
}

/** Shapes of a multi-option list: its own values repeated, unknown distinct values, case variants, one repeated. */
export function multiOptionShapes(property: INodeProperties): fc.Arbitrary<Shape> {
	const known = (property.options ?? [])
		.map((option) => (option as { value?: unknown }).value)
		.filter((value): value is string => typeof value === 'string');
	const pool = known.length ? known : ['tag'];
	return fc.constantFrom<Shape>(
		{
			name: 'its values in turn',
			make: (scale) =>
				Array.from({ length: scale * ENTRIES_PER_SCALE }, (_, i) => pool[i % pool.length]),
		},
		{
			name: 'distinct values',
			make: (scale) => Array.from({ length: scale * ENTRIES_PER_SCALE }, (_, i) => `v${i}`),
		},
		{
			name: 'case and normalization variants of its values',
			make: (scale) => {
				const all = pool.flatMap(variantsOf);
				return Array.from({ length: scale * ENTRIES_PER_SCALE }, (_, i) => all[i % all.length]);
			},
		},
		{
			name: 'its first value repeated',
			make: (scale) => Array.from({ length: scale * ENTRIES_PER_SCALE }, () => pool[0]),
		},
	);
}

export const DISTINCT_VALUES: Shape = {
	name: 'distinct values',
	make: (scale) => Array.from({ length: scale * ENTRIES_PER_SCALE }, (_, i) => `v${i}`),
};

/** The group of a list-of-entries leaf. */
function groupOf(leaf: TextLeaf): INodePropertyCollection | undefined {
	const groupName = leaf.path[leaf.path.length - 1];
	return ((leaf.property.options ?? []) as INodePropertyCollection[]).find(
		(g) => g.name === groupName,
	);
}

/** An entry of a list-of-entries leaf with its fields' defaults, and the names of its text fields. */
export function groupDefaults(leaf: TextLeaf): {
	entry: Record<string, unknown>;
	texts: string[];
} {
	const entry: Record<string, unknown> = {};
	const values = groupOf(leaf)?.values ?? [];
	for (const child of values) entry[child.name] = child.default;
	return { entry, texts: values.filter((c) => c.type === 'string').map((c) => c.name) };
}

/**
 * One entry of a fixed collection's group (the valid call's first entry, or the fields' defaults, empty texts
 * given a short one) and the names of its text fields, the ones a shape fills.
 */
function entryTemplate(
	leaf: TextLeaf,
	parameters: INodeParameters,
): { template: Record<string, unknown>; texts: Set<string> } {
	const group = groupOf(leaf);
	const texts = new Set(
		(group?.values ?? []).filter((child) => child.type === 'string').map((child) => child.name),
	);
	const given = valueAt(parameters, leaf.path);
	if (Array.isArray(given) && given.length > 0 && typeof given[0] === 'object')
		return { template: given[0] as Record<string, unknown>, texts };
	const template: Record<string, unknown> = {};
	for (const child of group?.values ?? []) {
		if (child.type === 'options' && child.default === '' && child.options?.length)
			template[child.name] = (child.options[0] as { value: unknown }).value;
		else if (child.type === 'string' && child.default === '') template[child.name] = 'a';
		else template[child.name] = child.default;
	}
	return { template, texts };
}

/** `count` entries of the template, each text field's value made by `fill`. */
function entriesOf(
	leaf: TextLeaf,
	parameters: INodeParameters,
	fill: (i: number, value: string) => string,
): (scale: number) => unknown[] {
	const { template, texts } = entryTemplate(leaf, parameters);
	return (scale) =>
		Array.from({ length: Math.max(1, scale * ENTRIES_PER_SCALE) }, (_, i) => {
			const entry: Record<string, unknown> = { ...template };
			for (const key of texts) entry[key] = fill(i, String(template[key] ?? ''));
			return entry;
		});
}

/** Shapes of a fixed collection's list: 10,000 entries, their text fields distinct, the same, variants or empty. */
export function entryShapes(leaf: TextLeaf, parameters: INodeParameters): fc.Arbitrary<Shape> {
	return fc.constantFrom<Shape>(
		entriesDistinct(leaf, parameters),
		{ name: 'entries the same', make: entriesOf(leaf, parameters, (_i, value) => value) },
		{
			name: 'entries in case and normalization variants',
			make: entriesOf(leaf, parameters, (i, value) => variantsOf(value || 'a')[i % 10]),
		},
		{ name: 'entries with empty texts', make: entriesOf(leaf, parameters, () => '') },
	);
}

/** The example every list of entries runs first: 10,000 entries, their texts distinct. */
export function entriesDistinct(leaf: TextLeaf, parameters: INodeParameters): Shape {
	return {
		name: 'entries with distinct texts',
		make: entriesOf(leaf, parameters, (i, value) => (i === 0 ? value : `${value} ${i}`)),
	};
}
