import fc from 'fast-check';
import type { ScriptedResponse } from '../harness/scriptedServer';

/**
 * Answers a service that does not answer as the spec says can give with status 200 (or 204): the kinds issue 38
 * names (no content, an empty object, another envelope, wrong types, an HTML page, JSON cut short), each made
 * from the answer the sandbox gave to the same request, so it stands where that answer stood.
 */

export const KINDS = [
	'no content (204)',
	'an empty object',
	'another envelope',
	'wrong types',
	'an HTML page with 200',
	'JSON cut short',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Malformed {
	kind: Kind;
	/** which variant of the kind (a wrong type, where the JSON is cut, the page's title) */
	detail: number;
	answer: ScriptedResponse;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an answer is the paged envelope (spec: Paged envelope). */
export const isPage = (sample: unknown): sample is { results: unknown[]; count?: unknown } =>
	isRecord(sample) && Array.isArray(sample.results);

/** The sample with each top-level text made a number and each number made a text (ids, counts, statuses). */
function swappedTypes(sample: Record<string, unknown>): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(sample))
		out[key] =
			typeof value === 'number' ? String(value) : typeof value === 'string' ? value.length : value;
	return out;
}

/** A page of the sample's with a field of the wrong type; `detail` picks which. */
function wrongPage(sample: { results: unknown[]; count?: unknown }, detail: number): unknown {
	const count = typeof sample.count === 'number' ? sample.count : sample.results.length;
	switch (detail % 3) {
		case 0: // the count as text, as issue 38 found it
			return { ...sample, count: String(Math.max(count, 1)) };
		case 1: // the list as an object
			return { ...sample, results: Object.fromEntries(sample.results.map((r, i) => [i, r])) };
		default: // each entry as text
			return {
				...sample,
				results: (sample.results.length ? sample.results : [{ id: 1 }]).map((r) =>
					JSON.stringify(r),
				),
			};
	}
}

/** The malformed answer of `kind` made from `sample` (the sandbox's parsed answer to the same request). */
export function malformedAnswer(kind: Kind, sample: unknown, detail = 0): Malformed {
	const json = (body: unknown): ScriptedResponse => ({ status: 200, body });
	let answer: ScriptedResponse;
	switch (kind) {
		case 'no content (204)':
			answer = { status: 204 };
			break;
		case 'an empty object':
			answer = json({});
			break;
		case 'another envelope':
			answer = isPage(sample)
				? json({ data: sample.results, meta: { total: sample.count ?? sample.results.length } })
				: json({ data: sample, success: true });
			break;
		case 'wrong types':
			answer = json(
				isPage(sample)
					? wrongPage(sample, detail)
					: isRecord(sample)
						? swappedTypes(sample)
						: String(sample),
			);
			break;
		case 'an HTML page with 200':
			answer = {
				status: 200,
				headers: { 'Content-Type': 'text/html; charset=utf-8' },
				body: `<!doctype html><html><head><title>Maintenance ${detail}</title></head><body><h1>We'll be right back</h1></body></html>`,
			};
			break;
		case 'JSON cut short': {
			const text = JSON.stringify(sample);
			const at = 1 + (detail % Math.max(1, text.length - 1));
			answer = {
				status: 200,
				headers: { 'Content-Type': 'application/json' },
				body: text.slice(0, at),
			};
			break;
		}
	}
	return { kind, detail, answer };
}

/** One answer of each kind, then generated ones (a kind and its variant). */
export function malformedAnswers(sample: unknown): {
	examples: Malformed[];
	generated: fc.Arbitrary<Malformed>;
} {
	return {
		examples: KINDS.map((kind) => malformedAnswer(kind, sample)),
		generated: fc
			.record({ kind: fc.constantFrom(...KINDS), detail: fc.nat({ max: 10_000 }) })
			.map(({ kind, detail }) => malformedAnswer(kind, sample, detail)),
	};
}
