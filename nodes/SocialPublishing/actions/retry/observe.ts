import type { IExecuteFunctions } from 'n8n-workflow';

/** What the writes (any request but GET and HEAD) of one item came to. */
export interface WriteLog {
	/** A write was answered 2xx: the service acted on it. */
	stored: boolean;
	/** A write got a 5xx or no answer (timeout, dropped connection): the service may have acted on it. */
	unknown: boolean;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Helpers = IExecuteFunctions['helpers'];
type AuthenticatedRequest = Helpers['httpRequestWithAuthentication'];

/**
 * The node's context as the operations see it, with every authenticated request (the transport's one
 * way to the service) watched, so the router knows whether an item's write may have been acted on.
 * One watcher per try keeps the caches that operations key by context working across items.
 */
export class WriteWatcher {
	current: WriteLog = { stored: false, unknown: false };
	readonly context: IExecuteFunctions;

	constructor(target: IExecuteFunctions) {
		const original = target.helpers.httpRequestWithAuthentication;
		const watch = async (...args: Parameters<AuthenticatedRequest>) => {
			const method = String(args[1]?.method ?? 'GET').toUpperCase();
			if (READS.has(method)) return await original.apply(target, args);
			const log = this.current;
			const pending = original.apply(target, args) as Promise<{ statusCode?: number }>;
			// no answer (timeout, dropped connection): the service may have acted on it
			pending.catch(() => (log.unknown = true));
			const response = await pending;
			const status = Number(response?.statusCode ?? 0);
			if (status >= 200 && status < 300) log.stored = true;
			else if (!(status >= 400 && status < 500)) log.unknown = true;
			return response;
		};
		const helpers = new Proxy(target.helpers, {
			get: (object, property) =>
				property === 'httpRequestWithAuthentication' ? watch : Reflect.get(object, property),
		});
		const bound = new Map<PropertyKey, unknown>();
		this.context = new Proxy(target, {
			get: (object, property) => {
				if (property === 'helpers') return helpers;
				const value = Reflect.get(object, property, object) as unknown;
				if (typeof value !== 'function') return value;
				let method = bound.get(property);
				if (!method) bound.set(property, (method = (value as () => unknown).bind(object)));
				return method;
			},
		});
	}

	/** Starts the log of the next item. */
	startItem(): WriteLog {
		this.current = { stored: false, unknown: false };
		return this.current;
	}
}
