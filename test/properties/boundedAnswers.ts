import type { ScriptedResponse } from '../harness/scriptedServer';
import { ECHO_LIMIT } from '../../nodes/common/text/echo';

/**
 * The service's side of the Bounded property: answers grown from the sandbox's own answer to a request, in the
 * shapes a service that reflects or grows what it holds can send (issue 38, item 4). Each carries the credential's
 * secrets (the key and the webhook secret) where an error would quote it: at a text's start, across the echo's cut
 * (ECHO_LIMIT), and at its end.
 */

export const HOSTILE_KINDS = [
	'every text grown to 100,000 characters, the secrets in it',
	'every list grown to 10,000 entries',
	'deep JSON (10,000 levels)',
	'every value of another type, the secrets in it',
	'an error answer grown, the secrets in it',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

const TEXT_LENGTH = 100_000;
const LIST_LENGTH = 10_000;
const DEPTH = 10_000;
/** Entries of a list kept before its texts are grown (a page of 50 grown texts would be 50 times the work). */
const KEPT_ENTRIES = 3;

/** A text of `length` characters with the secrets at its start, across the echo's cut and at its end. */
export function reflecting(secrets: readonly string[], length = TEXT_LENGTH): string {
	const [key = '', other = ''] = secrets;
	const head = `${key} said ${other} `;
	const across = ECHO_LIMIT - Math.floor(key.length / 2);
	const filler = 'A'.repeat(Math.max(0, across - head.length));
	const start = `${head}${filler}${key}`;
	const rest = Math.max(0, length - start.length - key.length - 1);
	return `${start}${'B'.repeat(rest)} ${key}`;
}

function mapTexts(value: unknown, text: string): unknown {
	if (typeof value === 'string') return text;
	// an empty list gets an entry: a grown text where the service would list its entries
	if (Array.isArray(value))
		return value.length ? value.slice(0, KEPT_ENTRIES).map((v) => mapTexts(v, text)) : [text];
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapTexts(v, text)]));
	return value;
}

/** Each outermost list grown to LIST_LENGTH copies of its first entry (lists inside an entry kept as they are). */
function growLists(value: unknown): unknown {
	if (Array.isArray(value)) {
		const first: unknown = value.length ? value[0] : 'entry';
		return Array.from({ length: LIST_LENGTH }, (_, i) =>
			first && typeof first === 'object'
				? { ...(first as object), id: i + 1 }
				: `${String(first)}${i}`,
		);
	}
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, growLists(v)]));
	return value;
}

/** JSON text `DEPTH` levels deep (built as text: a deep object would overflow the stack of whoever stringifies it). */
function deepJson(sample: unknown): string {
	const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
	if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
		const text = JSON.stringify(sample);
		// every object of the answer gains a deep field: the page's entries too
		return text.replace(/\{(?=")/g, `{"deep":${deep},`);
	}
	return deep;
}

function otherTypes(value: unknown, text: string): unknown {
	if (typeof value === 'string') return value.length;
	if (typeof value === 'number') return `${value} ${text}`;
	if (typeof value === 'boolean') return text;
	if (value === null) return { value: text };
	if (Array.isArray(value))
		return value.length ? value.slice(0, KEPT_ENTRIES).map((v) => otherTypes(v, text)) : [text];
	if (typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, otherTypes(v, text)]));
	return value;
}

/** The hostile answer of `kind`, grown from `sample` (the sandbox's parsed answer to the same request). */
export function hostileAnswer(
	kind: HostileKind,
	sample: unknown,
	secrets: readonly string[],
	status: number,
): ScriptedResponse {
	const json = (body: unknown): ScriptedResponse => ({ status, body });
	const text = reflecting(secrets);
	switch (kind) {
		case 'every text grown to 100,000 characters, the secrets in it':
			return json(mapTexts(sample, text));
		case 'every list grown to 10,000 entries':
			return json(growLists(sample));
		case 'deep JSON (10,000 levels)':
			return { status, headers: { 'Content-Type': 'application/json' }, body: deepJson(sample) };
		case 'every value of another type, the secrets in it':
			return json(otherTypes(sample, reflecting(secrets, 2_000)));
		case 'an error answer grown, the secrets in it':
			return {
				status: 422,
				body: {
					error: {
						code: text,
						message: text,
						details: Array.from({ length: LIST_LENGTH }, (_, i) => ({
							field: i % 100 === 0 ? text : `f${i}`,
							message: i % 100 === 0 ? text : `m${i}`,
						})),
						missing: { [text]: [text] },
					},
				},
			};
	}
}

/** Where a value that is not a text stands in an answer (the first entry of each list only), as a path of keys. */
export function valuePaths(sample: unknown, depth = 5): Array<Array<string | number>> {
	const paths: Array<Array<string | number>> = [];
	const visit = (value: unknown, path: Array<string | number>) => {
		if (path.length > depth) return;
		if (path.length && typeof value !== 'string') paths.push(path);
		if (Array.isArray(value)) {
			if (value.length) visit(value[0], [...path, 0]);
		} else if (value && typeof value === 'object')
			for (const [key, inner] of Object.entries(value)) visit(inner, [...path, key]);
	};
	visit(sample, []);
	return paths;
}

/** A copy of `sample` with the value at `path` replaced by the reflecting text (a value of another type). */
export function oneValueReplaced(
	sample: unknown,
	path: Array<string | number>,
	secrets: readonly string[],
	status: number,
): ScriptedResponse {
	const copy = structuredClone(sample) as Record<string | number, unknown>;
	let node: Record<string | number, unknown> = copy;
	for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
	node[path[path.length - 1]] = reflecting(secrets);
	return { status, body: copy };
}
