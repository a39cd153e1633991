/**
 * Fault injection: latency, 503 bursts, dropped connections and forced 429s, each optionally
 * limited to requests whose path contains `paths`. Counters (fail503, dropConnections, force429)
 * count down per matching request; latency stays until cleared. Admin routes are never affected.
 */

export interface FaultConfig {
	latencyMs?: number;
	fail503?: number;
	dropConnections?: number;
	force429?: number;
	paths?: string;
}

export type FaultAction =
	| { kind: 'none' }
	| { kind: 'drop' }
	| { kind: 'fail503' }
	| { kind: 'force429' };

export class Faults {
	private cfg: Required<Omit<FaultConfig, 'paths'>> & { paths: string | undefined } = emptyConfig();

	set(cfg: FaultConfig): void {
		const next = { ...this.cfg };
		if (cfg.latencyMs !== undefined) next.latencyMs = nonNegative(cfg.latencyMs, 'latencyMs');
		if (cfg.fail503 !== undefined) next.fail503 = nonNegative(cfg.fail503, 'fail503');
		if (cfg.dropConnections !== undefined)
			next.dropConnections = nonNegative(cfg.dropConnections, 'dropConnections');
		if (cfg.force429 !== undefined) next.force429 = nonNegative(cfg.force429, 'force429');
		if (cfg.paths !== undefined) next.paths = cfg.paths === '' ? undefined : cfg.paths;
		this.cfg = next;
	}

	clear(): void {
		this.cfg = emptyConfig();
	}

	snapshot(): FaultConfig {
		return { ...this.cfg };
	}

	latencyFor(path: string): number {
		return this.matches(path) ? this.cfg.latencyMs : 0;
	}

	/** Decides (and counts down) the fault for one request. Drops win over 503 over 429. */
	next(path: string): FaultAction {
		if (!this.matches(path)) return { kind: 'none' };
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
		return { kind: 'none' };
	}

	private matches(path: string): boolean {
		return this.cfg.paths === undefined || path.includes(this.cfg.paths);
	}
}

function emptyConfig(): Required<Omit<FaultConfig, 'paths'>> & { paths: string | undefined } {
	return { latencyMs: 0, fail503: 0, dropConnections: 0, force429: 0, paths: undefined };
}

function nonNegative(value: unknown, name: string): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
		throw new RangeError(`${name} must be a non-negative integer`);
	}
	return value;
}
