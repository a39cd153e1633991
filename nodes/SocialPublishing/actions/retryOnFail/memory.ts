import type { OperationResult } from '../types';
import type { PlannedBodies } from '../plannedWrites';

/**
 * What one node run remembers of its items' writes between n8n's Retry On Fail tries: the output of
 * each item whose write succeeded, and the start time of each write whose outcome is unknown (a 5xx,
 * a timeout or a dropped connection after the request left), with the bodies it planned (actions/plannedWrites.ts)
 * when its body was built from a read. Kept in the process's memory: a retry runs in the same process
 * as the try before it (also a queue-mode worker).
 */
export type RetryEntry =
	| { state: 'done'; output: OperationResult }
	| { state: 'unknown'; startedAtMs: number; planned?: PlannedBodies };

interface Stored {
	run: string;
	entry: RetryEntry;
	bytes: number;
	atMs: number;
}

export interface RetryLimits {
	maxEntries: number;
	maxBytes: number;
	/** An entry is forgotten this long after it was written, if its run never ended cleanly. */
	ttlMs: number;
}

export const defaultRetryLimits: RetryLimits = {
	maxEntries: 10_000,
	maxBytes: 16 * 1024 * 1024,
	ttlMs: 60 * 60_000,
};

function sizeOf(entry: RetryEntry): number {
	if (entry.state === 'done') return JSON.stringify(entry.output).length + 64;
	return entry.planned ? JSON.stringify(entry.planned).length + 64 : 64;
}

export class RetryMemory {
	/** Insertion order is age order: a rewritten entry moves to the end. */
	private readonly entries = new Map<string, Stored>();
	private readonly runs = new Map<string, Set<string>>();
	private bytes = 0;

	constructor(private readonly limits: RetryLimits = defaultRetryLimits) {}

	get size(): { entries: number; bytes: number } {
		return { entries: this.entries.size, bytes: this.bytes };
	}

	get(key: string, nowMs: number): RetryEntry | undefined {
		this.expire(nowMs);
		return this.entries.get(key)?.entry;
	}

	/** Remembers an entry; one larger than a quarter of the byte budget is not kept (the item is then written again on a retry). */
	set(run: string, key: string, entry: RetryEntry, nowMs: number): boolean {
		this.delete(key);
		const bytes = sizeOf(entry);
		if (bytes > this.limits.maxBytes / 4) return false;
		this.entries.set(key, { run, entry, bytes, atMs: nowMs });
		this.bytes += bytes;
		let keys = this.runs.get(run);
		if (!keys) this.runs.set(run, (keys = new Set()));
		keys.add(key);
		this.expire(nowMs);
		return this.entries.has(key);
	}

	delete(key: string): void {
		const stored = this.entries.get(key);
		if (!stored) return;
		this.entries.delete(key);
		this.bytes -= stored.bytes;
		const keys = this.runs.get(stored.run);
		keys?.delete(key);
		if (keys && keys.size === 0) this.runs.delete(stored.run);
	}

	/** The outputs of the items of one run that are done. */
	doneOutputs(run: string): OperationResult[] {
		const outputs: OperationResult[] = [];
		for (const key of this.runs.get(run) ?? []) {
			const entry = this.entries.get(key)?.entry;
			if (entry?.state === 'done') outputs.push(entry.output);
		}
		return outputs;
	}

	/** Whether an item of one run has a write whose outcome is unknown (a later try reconciles it). */
	hasUnknown(run: string): boolean {
		for (const key of this.runs.get(run) ?? []) {
			if (this.entries.get(key)?.entry.state === 'unknown') return true;
		}
		return false;
	}

	/** Forgets everything of one node run (it ended without an error: n8n will not try it again). */
	endRun(run: string): void {
		for (const key of [...(this.runs.get(run) ?? [])]) this.delete(key);
	}

	/** Drops expired entries, then the oldest while over the entry or byte budget. */
	private expire(nowMs: number): void {
		for (const [key, stored] of this.entries) {
			const over = this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes;
			if (!over && nowMs - stored.atMs < this.limits.ttlMs) break;
			this.delete(key);
		}
	}
}
