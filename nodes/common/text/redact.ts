/**
 * What is removed from a text from outside before it goes into an error: the credential's key and webhook secret
 * wherever they stand, and the value of every credential-like pair (`apiKey=…`, `"token": "…"`,
 * `Authorization: Basic …`, `Bearer …`). `echo` (echo.ts) runs it on every text it copies. Linear in the text:
 * the secrets are found with `indexOf`, and each pattern reads a bounded name before its value, whose characters
 * it consumes.
 */

/** What a removed value becomes. */
export const REDACTED = '[redacted]';

/** Shorter secrets are not looked for: every short word of a text would be at risk. */
const MIN_SECRET_LENGTH = 6;

/**
 * A secret-ish name (case-insensitive; after up to three words joined by `_` or `-`, such as `X-Amz-`, and one
 * of a few camel-case prefixes, such as `api` of `apiKey`), its separator (`=`, `:`, or a JSON
 * key's closing quote and colon), then its value: a quoted string (escapes kept inside), or a run up to a
 * delimiter, after an optional scheme (`Basic `, `Bearer `). A name is read only where no letter, digit, `_` or
 * `-` stands before it, so `monkey=…` is left as it is.
 */
const PAIR = new RegExp(
	'(?<![\\w-])' +
		'((?:[a-z0-9]{1,16}[-_]){0,3}' +
		'(?:(?:api|access|refresh|id|auth|client|webhook|session|private|signing|secret)[-_]?)?' +
		'(?:api[-_]?key|key|token|secret|password|passwd|pwd|authorization|bearer|signature|sig|cookie|credentials?)' +
		'["\']?\\s{0,3}[:=]\\s{0,3})' +
		'(?:"(?:[^"\\\\]|\\\\.)*"?|\'[^\']*\'?|(?:(?:basic|bearer|digest|token)\\s{1,3})?[^\\s"\',;&<>{}()[\\]]+)',
	'gi',
);

/** `Bearer …` anywhere, with or without a name before it. */
const BEARER = /(?<![\w-])(bearer\s{1,3})[^\s"',;&<>{}()[\]]+/gi;

/** The value of every credential-like pair of `text` replaced, the name kept. */
export function redactPairs(text: string): string {
	return text
		.replace(PAIR, (_match, name: string) => `${name}${REDACTED}`)
		.replace(BEARER, (_match, scheme: string) => `${scheme}${REDACTED}`);
}

/** The forms a secret may take in a text: as it is, URL-encoded, JSON-escaped. */
export function formsOf(secrets: readonly string[]): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
		forms.add(secret);
		forms.add(encodeURIComponent(secret));
		forms.add(JSON.stringify(secret).slice(1, -1));
	}
	return Array.from(forms);
}

/**
 * The first `end` characters of `text` with every secret that starts among them replaced (also one that runs
 * past `end`: the text is searched a secret's length further, so no piece of it is left at the cut).
 */
export function withoutSecrets(
	text: string,
	secrets: readonly string[] | undefined,
	end = text.length,
): string {
	const forms = secrets?.length ? formsOf(secrets) : [];
	if (!forms.length) return text.slice(0, end);
	let longest = 0;
	for (const form of forms) longest = Math.max(longest, form.length);
	const scope = text.slice(0, end + longest);
	const found: Array<{ from: number; to: number }> = [];
	for (const form of forms) {
		for (let at = scope.indexOf(form); at !== -1 && at < end; at = scope.indexOf(form, at + 1))
			found.push({ from: at, to: at + form.length });
	}
	if (!found.length) return text.slice(0, end);
	found.sort((a, b) => a.from - b.from);
	let kept = '';
	let from = 0;
	for (const range of found) {
		// a range that overlaps the one before only lengthens it
		if (range.from >= from) kept += `${scope.slice(from, range.from)}${REDACTED}`;
		from = Math.max(from, range.to);
	}
	return from < end ? kept + scope.slice(from, end) : kept;
}

/** Where `echo` cut a text (echo.ts): what stands before it may be the start of a secret the cut split. */
export const CUT_MARK = '… (cut, ';

/**
 * `text` with the start of a secret that stands just before a cut (CUT_MARK) replaced: a text echoed without
 * the credential's secrets at hand may have been cut in the middle of one, and the piece left is no whole
 * secret for `withoutSecrets` to find. A piece shorter than MIN_SECRET_LENGTH is left, as a whole secret that
 * short is. Linear: before each cut only a secret's length of characters is read, through the secret's own
 * prefix table, and cuts stand at least a mark's length apart.
 */
export function withoutCutSecrets(text: string, secrets: readonly string[] | undefined): string {
	return cutPieceCleaner(secrets?.length ? formsOf(secrets) : [])(text);
}

/** `withoutCutSecrets` for these forms, their prefix tables made once for every text it is given. */
function cutPieceCleaner(forms: readonly string[]): (text: string) => string {
	const tables = forms.map((form) => ({ form, table: prefixTable(form) }));
	return (text) => {
		if (!tables.length || !text.includes(CUT_MARK)) return text;
		let kept = '';
		let from = 0;
		for (let at = text.indexOf(CUT_MARK); at !== -1; at = text.indexOf(CUT_MARK, at + 1)) {
			let piece = 0;
			for (const { form, table } of tables)
				piece = Math.max(
					piece,
					prefixEndingAt(text, Math.max(from, at - form.length), at, form, table),
				);
			if (piece < MIN_SECRET_LENGTH) continue;
			kept += `${text.slice(from, at - piece)}${REDACTED}`;
			from = at;
		}
		return kept + text.slice(from);
	};
}

/**
 * What a text loses before it leaves the node (an item's text, an error's): every secret whole
 * (`withoutSecrets`) and the piece of one a cut left (`withoutCutSecrets`); a text with neither is returned as
 * it is. The forms and their prefix tables are made once, for all the texts of one item or error.
 */
export function secretCleaner(secrets: readonly string[] | undefined): (text: string) => string {
	const forms = secrets?.length ? formsOf(secrets) : [];
	const cutPieces = cutPieceCleaner(forms);
	return (text) => {
		const whole = forms.some((form) => text.includes(form));
		if (!whole && !text.includes(CUT_MARK)) return text;
		return cutPieces(whole ? withoutSecrets(text, secrets) : text);
	};
}

/** For each length of `form`'s start, the longest proper start of it that also ends it (Knuth–Morris–Pratt). */
function prefixTable(form: string): number[] {
	const table = new Array<number>(form.length).fill(0);
	for (let i = 1, k = 0; i < form.length; i++) {
		while (k > 0 && form[i] !== form[k]) k = table[k - 1];
		if (form[i] === form[k]) k++;
		table[i] = k;
	}
	return table;
}

/** The length of the longest start of `form` that `text` ends with at `end`, reading from `start` only. */
function prefixEndingAt(
	text: string,
	start: number,
	end: number,
	form: string,
	table: number[],
): number {
	let k = 0;
	for (let i = start; i < end; i++) {
		if (k === form.length) k = table[k - 1];
		while (k > 0 && text[i] !== form[k]) k = table[k - 1];
		if (text[i] === form[k]) k++;
	}
	return k;
}

/** Both: the secrets, then the pairs. */
export function redact(text: string, secrets?: readonly string[]): string {
	return redactPairs(withoutSecrets(text, secrets));
}

/**
 * `value` (an item's data: objects, lists, texts) with the credential's `secrets` replaced in every text and key,
 * changed in place and returned. The values of credential-like pairs are kept: this is the service's data passed
 * through (a draft's text that speaks of a `token: …` stays as it is), only the credential's own secrets go,
 * and a piece of one that a cut of the node's left (`secretCleaner`). Walked without recursion (an answer may
 * be 10,000 levels deep), each object once: linear in the value's size.
 */
export function withoutSecretsIn<T>(value: T, secrets: readonly string[] | undefined): T {
	if (!formsOf(secrets ?? []).length) return value;
	const clean = secretCleaner(secrets);
	if (typeof value === 'string') return clean(value) as T;
	const seen = new Set<object>();
	const stack: unknown[] = [value];
	while (stack.length) {
		const node = stack.pop();
		if (node === null || typeof node !== 'object' || seen.has(node)) continue;
		seen.add(node);
		if (Array.isArray(node)) {
			for (let i = 0; i < node.length; i++) {
				if (typeof node[i] === 'string') node[i] = clean(node[i] as string);
				else stack.push(node[i]);
			}
			continue;
		}
		// a plain object only (JSON's kind): a Buffer or a Date is not the service's text
		const proto = Object.getPrototypeOf(node) as unknown;
		if (proto !== Object.prototype && proto !== null) continue;
		const record = node as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const inner = record[key];
			const name = clean(key);
			if (name !== key) delete record[key];
			record[name] = typeof inner === 'string' ? clean(inner) : inner;
			if (typeof inner !== 'string') stack.push(inner);
		}
	}
	return value;
}
