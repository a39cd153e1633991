import type { ScriptedResponse } from '../harness/scriptedServer';
import { ECHO_LIMIT } from '../../nodes/common/text/echo';

/**
 * The service's side of the Bounded property (issue 38, item 4): hostile answers grown from the sandbox's own
 * answer to a request, in the shapes a service that reflects or grows what it holds can send. The texts carry the
 * credential's secrets (the key and the webhook secret) where an error would quote them: at a text's start,
 * across the echo's cut (ECHO_LIMIT) and at its end. Each answer is made as JSON text once, so the proxy sends it
 * without stringifying it again, and a test can measure what reading it costs.
 */

export const HOSTILE_KINDS = [
	'every text 10,000 characters with the secrets',
	'every free text (one with a space) 10,000 characters with the secrets',
	'one text at a drawn place a 1 MB text with the secrets',
	'one value at a drawn place a 1 MB text with the secrets',
	'every list grown to 100,000 entries (3 MB at most)',
	'JSON 10,000 levels deep in every object',
	'every value of another type, the secrets in it',
	'an error answer of 1 MB with 100,000 details and the secrets',
	'a 1 MB page that is not JSON, the secrets in it',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/**
 * The kinds every operation runs once (the others are drawn, as any kind may be): the free texts and one text of
 * 1 MB carry the secrets where the node passes texts through or quotes them; a value of every field of another type
 * reaches the readers; lists, depth, an error answer and a page that is not JSON grow what is parsed and quoted.
 */
export const FIXED_KINDS: readonly HostileKind[] = HOSTILE_KINDS.filter(
	(kind) =>
		kind !== 'every text 10,000 characters with the secrets' &&
		kind !== 'one value at a drawn place a 1 MB text with the secrets',
);

const TEXT_LENGTH = 10_000;
const BIG_TEXT = 1_000_000;
const LIST_LENGTH = 100_000;
/** A grown list of objects stops at this many characters of JSON (3,000 drafts of 1 KB each; 100,000 ids fit). */
const LIST_CHARACTERS = 3_000_000;
const DEPTH = 10_000;
/** Entries of a list kept when its texts are grown or its values retyped. */
const KEPT_ENTRIES = 3;

/** A text of `length` characters with the secrets at its start, across the echo's cut and at its end. */
export function reflecting(secrets: readonly string[], length = TEXT_LENGTH): string {
	const [key = '', other = ''] = secrets;
	const head = `${key} said ${other} `;
	const across = ECHO_LIMIT - Math.floor(key.length / 2);
	const filler = 'A'.repeat(Math.max(0, across - head.length));
	const start = `${head}${filler}${key}`;
	const rest = Math.max(0, length - start.length - key.length - other.length - 2);
	return `${start}${'B'.repeat(rest)} ${other} ${key}`;
}

/**
 * Each text (`free`: each text with a space, the free texts a user wrote; an id, a date or one of the spec's words has
 * none) replaced by `text`.
 */
function mapTexts(value: unknown, text: string, free = false): unknown {
	if (typeof value === 'string') return !free || value.includes(' ') ? text : value;
	// an empty list gets an entry: a grown text where the service would list its entries
	if (Array.isArray(value))
		return value.length
			? value.slice(0, KEPT_ENTRIES).map((v) => mapTexts(v, text, free))
			: free
				? []
				: [text];
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapTexts(v, text, free)]));
	return value;
}

/**
 * Each outermost list grown to LIST_LENGTH entries (copies of its first, each object given its own `id`; an empty
 * list gets texts), at most LIST_CHARACTERS of JSON; lists inside an entry kept as they are. Made as JSON text.
 */
function grownLists(value: unknown): string {
	if (Array.isArray(value)) {
		const first: unknown = value.length ? value[0] : 'entry';
		const one = JSON.stringify(first) ?? 'null';
		const count = Math.min(LIST_LENGTH, Math.floor(LIST_CHARACTERS / (one.length + 1)));
		const entries: string[] = new Array<string>(count);
		const object = first !== null && typeof first === 'object' && !Array.isArray(first);
		for (let i = 0; i < count; i++)
			entries[i] = object
				? JSON.stringify({ ...(first as object), id: i + 1 })
				: JSON.stringify(typeof first === 'string' ? `${first}${i}` : first);
		return `[${entries.join(',')}]`;
	}
	if (value && typeof value === 'object')
		return `{${Object.entries(value)
			.map(([k, v]) => `${JSON.stringify(k)}:${grownLists(v)}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'null';
}

/** JSON text with a field `DEPTH` levels deep in every object (as text: a deep object overflows whoever stringifies it). */
function deepJson(sample: unknown): string {
	const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
	if (sample && typeof sample === 'object') {
		const text = JSON.stringify(sample);
		// every object of the answer gains a deep field (a page's entries too); an object with no field gets one
		return text.replace(/\{(?=")/g, `{"deep":${deep},`).replace(/\{\}/g, `{"deep":${deep}}`);
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

/**
 * Where a value stands in an answer (the first entry of each list only), as a path of keys; the answer itself too
 * (`texts`: where a text stands, or, when none does, where any value stands).
 */
export function valuePaths(
	sample: unknown,
	texts = false,
	depth = 6,
): Array<Array<string | number>> {
	const paths: Array<Array<string | number>> = [];
	const visit = (value: unknown, path: Array<string | number>) => {
		if (path.length > depth) return;
		if (!texts || typeof value === 'string') paths.push(path);
		if (Array.isArray(value)) {
			if (value.length) visit(value[0], [...path, 0]);
		} else if (value && typeof value === 'object')
			for (const [key, inner] of Object.entries(value)) visit(inner, [...path, key]);
	};
	visit(sample, []);
	return paths.length || !texts ? paths : valuePaths(sample, false, depth);
}

/** A copy of `sample` with the value at `path` (the whole answer for an empty path) replaced by `value`. */
function replacedAt(sample: unknown, path: Array<string | number>, value: unknown): unknown {
	if (!path.length) return value;
	const copy = structuredClone(sample) as Record<string | number, unknown>;
	let node: Record<string | number, unknown> = copy;
	for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
	node[path[path.length - 1]] = value;
	return copy;
}

const json = (status: number, text: string): ScriptedResponse => ({
	status,
	headers: { 'Content-Type': 'application/json' },
	body: text,
});

/** The grown error answer, made once per pair of secrets (it is the same for every request). */
let madeError: { secrets: string; answer: ScriptedResponse } | undefined;

function errorAnswer(secrets: readonly string[]): ScriptedResponse {
	if (madeError?.secrets === secrets.join('\n')) return madeError.answer;
	const text = reflecting(secrets, BIG_TEXT);
	const short = reflecting(secrets, 2_000);
	const answer = json(
		422,
		JSON.stringify({
			error: {
				code: short,
				message: text,
				details: Array.from({ length: LIST_LENGTH }, (_, i) => ({
					field: i % 1_000 === 0 ? short : `f${i}`,
					message: i % 1_000 === 0 ? short : `m${i}`,
				})),
				missing: { [short]: [short] },
			},
		}),
	);
	madeError = { secrets: secrets.join('\n'), answer };
	return answer;
}

/**
 * The hostile answer of `kind`, grown from `sample` (the sandbox's parsed answer to the same request); `drawn`
 * picks the place of a one-value kind among `valuePaths(sample)`.
 */
export function hostileAnswer(
	kind: HostileKind,
	sample: unknown,
	secrets: readonly string[],
	status: number,
	drawn = 0,
): ScriptedResponse {
	switch (kind) {
		case 'every text 10,000 characters with the secrets':
			return json(status, JSON.stringify(mapTexts(sample, reflecting(secrets))));
		case 'every free text (one with a space) 10,000 characters with the secrets':
			return json(status, JSON.stringify(mapTexts(sample, reflecting(secrets), true)));
		case 'one text at a drawn place a 1 MB text with the secrets':
		case 'one value at a drawn place a 1 MB text with the secrets': {
			const paths = valuePaths(sample, kind.startsWith('one text'));
			const path = paths[drawn % paths.length];
			return json(status, JSON.stringify(replacedAt(sample, path, reflecting(secrets, BIG_TEXT))));
		}
		case 'every list grown to 100,000 entries (3 MB at most)':
			return json(status, grownLists(sample));
		case 'JSON 10,000 levels deep in every object':
			return json(status, deepJson(sample));
		case 'every value of another type, the secrets in it':
			return json(status, JSON.stringify(otherTypes(sample, reflecting(secrets, 2_000))));
		case 'an error answer of 1 MB with 100,000 details and the secrets':
			return errorAnswer(secrets);
		case 'a 1 MB page that is not JSON, the secrets in it':
			return {
				status,
				headers: { 'Content-Type': 'text/html' },
				body: `<html><body>${reflecting(secrets, BIG_TEXT)}</body></html>`,
			};
	}
}
