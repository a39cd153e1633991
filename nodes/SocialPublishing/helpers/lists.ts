/**
 * Lists read from a parameter (a comma list, a list from an expression, a fixed collection's entries): each entry
 * keyed once (folded, say), duplicates dropped with a Set, and the distinct entries counted against a cap while
 * they are read, so nothing after compares or matches more than the cap allows. The work is one pass over the
 * list, whatever it holds: no entry is compared with the entries before it.
 */

export interface DistinctList<T> {
	/** The first entry of each key, in the order given; at most `max` of them. */
	entries: T[];
	/** The key of each of `entries`, in the same order. */
	keys: string[];
	/** Whether the list has more than `max` distinct keys (reading stopped at the first past the cap). */
	over: boolean;
	/** The entries given, duplicates included. */
	count: number;
}

/** The distinct entries of `list` by `key` (computed once per entry read), at most `max` of them. */
export function distinctUpTo<T>(
	list: readonly T[],
	key: (entry: T) => string,
	max: number,
): DistinctList<T> {
	const seen = new Set<string>();
	const entries: T[] = [];
	const keys: string[] = [];
	for (const entry of list) {
		const k = key(entry);
		if (seen.has(k)) continue;
		if (entries.length === max) return { entries, keys, over: true, count: list.length };
		seen.add(k);
		entries.push(entry);
		keys.push(k);
	}
	return { entries, keys, over: false, count: list.length };
}

/** An index of `list` by `key`, the first entry of each key kept: one pass, then each look-up without a scan. */
export function indexBy<T>(list: readonly T[], key: (entry: T) => string): Map<string, T> {
	const index = new Map<string, T>();
	for (const entry of list) {
		const k = key(entry);
		if (!index.has(k)) index.set(k, entry);
	}
	return index;
}
