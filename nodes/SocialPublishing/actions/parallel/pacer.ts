/**
 * How many items run at once. It starts low, grows by one with each answer that shows room in the service's
 * budget (every bucket the answer announces has at least twice the running count left), halves at once on a
 * 429, a 503 or a request without an answer, and never passes the user's bound (Max Parallel Requests, at
 * most `PARALLEL.hardCap`). Items wait for a place in item order. Pure: it sends nothing and sets no timer.
 */
import type { RateLimitHeaders } from '../../../common/transport';

export const PARALLEL = {
	/** Max Parallel Requests when the user sets nothing. */
	defaultBound: 10,
	/** The highest bound a user can set. */
	hardCap: 32,
	/** Places at the start of a run (fewer when the bound is lower). */
	start: 2,
};

interface Waiter {
	resolve: () => void;
	reject: (error: Error) => void;
}

export class Pacer {
	private places: number;
	private running = 0;
	private readonly waiting: Waiter[] = [];
	private stopped: Error | undefined;
	/** Answers since the last shrink: a burst of refusals of requests sent together halves once. */
	private sinceShrink = Infinity;

	constructor(readonly bound: number) {
		this.places = Math.min(PARALLEL.start, bound);
	}

	/** How many items may run at once now. */
	get limit(): number {
		return this.places;
	}

	/** Resolves when the next item may start; rejects once `stop` was called. */
	async acquire(): Promise<void> {
		if (this.stopped) throw this.stopped;
		if (this.running < this.places && this.waiting.length === 0) {
			this.running++;
			return;
		}
		await new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
	}

	/** An item ended: its place goes to the next waiting one. */
	release(): void {
		this.running--;
		this.wake();
	}

	/** What one try of a request came to: its status (undefined: no answer) and the budget it announced. */
	answered(status: number | undefined, limits: RateLimitHeaders): void {
		this.sinceShrink++;
		if (status === undefined || status === 429 || status === 503) {
			if (this.sinceShrink > this.places) {
				this.places = Math.max(1, Math.floor(this.places / 2));
				this.sinceShrink = 0;
			}
			return;
		}
		if (status >= 200 && status < 300 && this.hasRoom(limits) && this.places < this.bound) {
			this.places++;
			this.wake();
		}
	}

	/** Rejects every waiting item and every later `acquire` with `error` (n8n's Stop, or a failed item). */
	stop(error: Error): void {
		this.stopped ??= error;
		for (const waiter of this.waiting.splice(0)) waiter.reject(this.stopped);
	}

	private hasRoom(limits: RateLimitHeaders): boolean {
		const need = 2 * (this.places + 1);
		return [limits.user, limits.socialSet].every(
			(bucket) => bucket === undefined || bucket.remaining >= need,
		);
	}

	private wake(): void {
		while (this.running < this.places && this.waiting.length > 0) {
			this.running++;
			this.waiting.shift()?.resolve();
		}
	}
}
