/**
 * Texts from outside (a service message, a detail, a header, a parameter value) made safe to copy into an error:
 * pure, no I/O. The transport's errors and the node's checks both use them.
 */
import { redactPairs, withoutSecrets } from './redact';

/** Characters of a value from outside (service message, detail, header, parameter value) kept in an error. */
export const ECHO_LIMIT = 300;

/** Entries of a list (details, ids, platforms) shown in an error at most. */
export const MAX_LISTED = 20;

/**
 * Control characters (newlines included), invisible format characters (zero-width, bidirectional overrides)
 * and line separators; the zero-width joiner stays, as it holds emoji sequences together.
 */
const UNPRINTABLE = /(?:(?!\u200d)[\p{Cc}\p{Cf}\u2028\u2029])+/gu;

/**
 * A value from outside made safe to copy into an error: the credential's `secrets` (its key and webhook secret,
 * when known) and the values of credential-like pairs are replaced (redact.ts), control and invisible characters
 * become spaces (so it stays on one line), runs of spaces shrink to one, and beyond `limit` characters it is cut,
 * with an ellipsis and the length it had. Only a bounded prefix is read, whatever the value's size.
 */
export function echo(value: unknown, limit = ECHO_LIMIT, secrets?: readonly string[]): string {
	let text: string;
	if (typeof value === 'string') text = value;
	else if (value === undefined || value === null) text = '';
	else if (typeof value === 'object') {
		try {
			text = JSON.stringify(value) ?? '';
		} catch {
			text = Object.prototype.toString.call(value);
		}
	} else text = String(value);
	const window = limit * 4 + 16;
	const head = withoutSecrets(text, secrets, window);
	const clean = redactPairs(head.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim());
	if (clean.length <= limit && text.length <= window) return clean;
	let cut = clean.slice(0, limit);
	if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
	return `${cut.trimEnd()}… (cut, ${text.length} characters in all)`;
}

/** At most `max` entries, each echoed, and how many were left out. */
export function echoList(values: unknown[], limit = 80, max = MAX_LISTED): string {
	const shown = values.slice(0, max).map((value) => echo(value, limit));
	const more = values.length - shown.length;
	return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
