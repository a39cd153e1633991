/**
 * Fault injection: latency, 503 bursts, dropped connections and forced 429s, each optionally
 * limited to requests whose path contains `paths` and whose method is one of `methods`. The
 * counters count down per matching request; latency stays until cleared. Admin routes are never
 * affected. fail503, dropConnections and force429 strike BEFORE the request is handled (nothing is
 * stored); fail503AfterStore and dropAfterStore strike AFTER it was handled (a write is stored, its
 * answer replaced by a 503 or a dropped connection), as a service failing on the way back does.
 * delayAfterStore strikes after it was handled too: the answer is held back `delayAfterStoreMs` (a
 * client whose timeout is shorter gives up, not knowing the write was stored).
 * `skip` lets that many matching requests through untouched before the counters start.
 */

export interface FaultConfig {
	latencyMs?: number;
	fail503?: number;
	dropConnections?: number;
	force429?: number;
	fail503AfterStore?: number;
	dropAfterStore?: number;
	/** the next N matching requests are handled, then answered only after `delayAfterStoreMs` */
	delayAfterStore?: number;
	/** how long a delayAfterStore answer is held back (default 2000 ms) */
	delayAfterStoreMs?: number;
	skip?: number;
	paths?: string;
	/** comma-separated methods, e.g. `POST,PATCH`; empty or absent: every method */
	methods?: string;
}

export type FaultAction =
	| { kind: 'none' }
	| { kind: 'drop' }
	| { kind: 'fail503' }
	| { kind: 'force429' }
	| { kind: 'fail503AfterStore' }
	| { kind: 'dropAfterStore' }
	| { kind: 'delayAfterStore'; ms: number };

type Counters = Required<Omit<FaultConfig, 'paths' | 'methods'>>;
type State = Counters & { paths: string | undefined; methods: string[] | undefined };

const COUNTERS = [
	'latencyMs',
	'fail503',
	'dropConnections',
	'force429',
	'fail503AfterStore',
	'dropAfterStore',
	'delayAfterStore',
	'delayAfterStoreMs',
	'skip',
] as const;

export class Faults {
	private cfg: State = emptyConfig();

	set(cfg: FaultConfig): void {
		const next = { ...this.cfg };
		for (const name of COUNTERS) {
			if (cfg[name] !== undefined) next[name] = nonNegative(cfg[name], name);
		}
		if (cfg.paths !== undefined) next.paths = cfg.paths === '' ? undefined : cfg.paths;
		if (cfg.methods !== undefined) next.methods = methodList(cfg.methods);
		this.cfg = next;
	}

	clear(): void {
		this.cfg = emptyConfig();
	}

	snapshot(): FaultConfig {
		const { methods, ...rest } = this.cfg;
		return { ...rest, methods: methods?.join(',') };
	}

	latencyFor(path: string, method = 'GET'): number {
		return this.matches(path, method) ? this.cfg.latencyMs : 0;
	}

	/**
	 * Decides (and counts down) the fault for one request. Drops win over 503 over 429, and the
	 * faults before handling over those after it (drop, then 503, then delay).
	 */
	next(path: string, method = 'GET'): FaultAction {
		if (!this.matches(path, method)) return { kind: 'none' };
		if (this.cfg.skip > 0) {
			this.cfg.skip--;
			return { kind: 'none' };
		}
		if (this.cfg.dropConnections > 0) {
			this.cfg.dropConnections--;
			return { kind: 'drop' };
		}
		if (this.cfg.fail503 > 0) {
			this.cfg.fail503--;
			return { kind: 'fail503' };
		}
		if (this.cfg.force429 > 0) {
			this.cfg.force429--;
			return { kind: 'force429' };
		}
		if (this.cfg.dropAfterStore > 0) {
			this.cfg.dropAfterStore--;
			return { kind: 'dropAfterStore' };
		}
		if (this.cfg.fail503AfterStore > 0) {
			this.cfg.fail503AfterStore--;
			return { kind: 'fail503AfterStore' };
		}
		if (this.cfg.delayAfterStore > 0) {
			this.cfg.delayAfterStore--;
			return { kind: 'delayAfterStore', ms: this.cfg.delayAfterStoreMs };
		}
		return { kind: 'none' };
	}

	private matches(path: string, method: string): boolean {
		return (
			(this.cfg.paths === undefined || path.includes(this.cfg.paths)) &&
			(this.cfg.methods === undefined || this.cfg.methods.includes(method.toUpperCase()))
		);
	}
}

/** How long a delayAfterStore answer is held back when `delayAfterStoreMs` is not set. */
export const DEFAULT_DELAY_AFTER_STORE_MS = 2_000;

function emptyConfig(): State {
	return {
		latencyMs: 0,
		fail503: 0,
		dropConnections: 0,
		force429: 0,
		fail503AfterStore: 0,
		dropAfterStore: 0,
		delayAfterStore: 0,
		delayAfterStoreMs: DEFAULT_DELAY_AFTER_STORE_MS,
		skip: 0,
		paths: undefined,
		methods: undefined,
	};
}

function methodList(value: unknown): string[] | undefined {
	if (typeof value !== 'string')
		throw new RangeError('methods must be a string such as "POST,PATCH"');
	const list = value
		.split(',')
		.map((m) => m.trim().toUpperCase())
		.filter(Boolean);
	const bad = list.find((m) => !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
	if (bad) throw new RangeError(`methods: unknown method ${bad}`);
	return list.length ? list : undefined;
}

function nonNegative(value: unknown, name: string): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
		throw new RangeError(`${name} must be a non-negative integer`);
	}
	return value;
}
