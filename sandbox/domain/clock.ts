/** Sandbox clock: real time plus an offset that tests (or the admin route) can advance. */
export class SandboxClock {
	private offsetMs = 0;
	private readonly listeners: Array<() => void | Promise<void>> = [];

	now(): Date {
		return new Date(Date.now() + this.offsetMs);
	}

	nowMs(): number {
		return Date.now() + this.offsetMs;
	}

	/** Register work to run whenever time jumps (due scheduled drafts, expired uploads). */
	onAdvance(listener: () => void | Promise<void>): void {
		this.listeners.push(listener);
	}

	async advance(ms: number): Promise<void> {
		if (!Number.isFinite(ms) || ms < 0)
			throw new RangeError('clock.advance needs a finite, non-negative number of milliseconds');
		this.offsetMs += ms;
		for (const listener of this.listeners) await listener();
	}

	reset(): void {
		this.offsetMs = 0;
	}
}

/** ISO 8601 UTC without milliseconds, as the API prints date-times. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
	return date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
