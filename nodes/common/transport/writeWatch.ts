/** What the writes (any request but GET, HEAD and OPTIONS) of one item came to. */
export interface WriteLog {
	/** A write was answered 2xx: the service acted on it. */
	stored: boolean;
	/** A write got a 5xx or no answer (timeout, dropped connection): the service may have acted on it. */
	unknown: boolean;
}

/** Whoever watches a context's writes: the log of the item being run. */
export interface WriteWatch {
	current: WriteLog;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const watches = new WeakMap<object, WriteWatch>();

/** From now on every write the transport sends for `context` is noted in `watch.current`. */
export function watchWrites(context: object, watch: WriteWatch): void {
	watches.set(context, watch);
}

/**
 * How a request of `context` notes its answers: undefined for a read, or when nobody watches. The log is
 * taken when the request starts, so an answer that comes late is noted for its own item. Each answer is
 * noted: a 2xx was stored, a 4xx was refused (nothing done); any other status, or no answer at all
 * (`undefined`: timeout, dropped connection, stop), may have been acted on.
 */
export function writeNoteFor(
	context: object,
	method: string,
): ((status: number | undefined) => void) | undefined {
	if (READS.has(method)) return undefined;
	const log = watches.get(context)?.current;
	if (!log) return undefined;
	return (status) => {
		if (status !== undefined && status >= 200 && status < 300) log.stored = true;
		else if (!(status !== undefined && status >= 400 && status < 500)) log.unknown = true;
	};
}
