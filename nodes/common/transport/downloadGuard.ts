import * as workflow from 'n8n-workflow';

type SleepFn = (ms: number, abortSignal?: AbortSignal) => Promise<void>;

/** n8n-workflow 2.8 exports `sleepWithAbort`; newer releases fold the abort signal into `sleep`. */
const abortableSleep: SleepFn =
	(workflow as unknown as { sleepWithAbort?: SleepFn }).sleepWithAbort ??
	(workflow.sleep as SleepFn);

/** How much a download may send, and how long it may stay silent while its reader waits. */
export interface DownloadLimits {
	maxBytes: number;
	idleTimeoutMs: number;
}

/**
 * The deadline of one download, from its first request to its last byte: a base for connecting, redirects
 * and the answer's headers, plus the time Max Size takes at the slowest throughput still accepted, as the
 * presigned PUT has (upload.ts). 60 s + 1 s per 256 KiB (2 Mbit/s): 1 MiB gets 64 s, 100 MiB about 7 min,
 * 512 MiB (the default Max Size) about 35 min. The idle timeout still ends a silent download sooner; the
 * deadline ends one that sends a byte now and then.
 */
export const downloadDeadline = {
	baseMs: 60_000,
	minBytesPerSecond: 256 * 1024,
};

export function downloadDeadlineMs(maxBytes: number): number {
	return (
		downloadDeadline.baseMs + Math.ceil((maxBytes / downloadDeadline.minBytesPerSecond) * 1000)
	);
}

/**
 * The time left to one download, shared by its requests (redirects, retries). It runs while the download is
 * in the source's hands: waiting for an answer, and while its body is read. It is paused between the answer
 * and the moment the body is handed to its reader (the node creating the upload, waiting for a rate limit):
 * the source cannot make that wait longer, and it has bounds of its own.
 */
export class DownloadDeadline {
	private endsAt: number;
	private pausedAt?: number;

	constructor(readonly ms: number) {
		this.endsAt = Date.now() + ms;
	}

	/** Milliseconds left (0 or less: passed); while paused, what was left when it paused. */
	left(): number {
		return this.endsAt - (this.pausedAt ?? Date.now());
	}

	pause(): void {
		this.pausedAt ??= Date.now();
	}

	resume(): void {
		if (this.pausedAt === undefined) return;
		this.endsAt += Date.now() - this.pausedAt;
		this.pausedAt = undefined;
	}

	get paused(): boolean {
		return this.pausedAt !== undefined;
	}
}

/** Why the guard ended a download. */
export type DownloadStop =
	| { reason: 'tooLarge'; maxBytes: number }
	| { reason: 'longerThanAnnounced'; announced: number }
	| { reason: 'idle'; idleTimeoutMs: number }
	| { reason: 'deadline'; deadlineMs: number }
	| { reason: 'cancelled' };

/** The parts of a Node.js readable stream the guard uses. */
export interface GuardedBody {
	emit(event: string | symbol, ...args: unknown[]): boolean;
	on(event: string, listener: (...args: unknown[]) => void): unknown;
	once(event: string, listener: (...args: unknown[]) => void): unknown;
	readableLength?: number;
}

/**
 * Bounds one download: its request carries the guard's abort signal, which the guard aborts when the body
 * passes Max Size (or the Content-Length it announced), when no byte arrives for the idle timeout while its
 * reader waits, when the download's deadline passes (DownloadDeadline), or when the execution is cancelled. Aborting the request ends the body with an error,
 * whoever reads it (the PUT it is piped into, n8n's binary store); `stopped` says why.
 * Bytes are counted as the body hands them to its reader, after any decompression by the HTTP client.
 */
export class DownloadGuard {
	private readonly controller = new AbortController();
	private readonly idleWatch = new AbortController();
	/** Ends the deadline's timer; a new one each time the deadline runs again. */
	private deadlineWatch?: AbortController;
	private released = false;
	private lastByteAt = Date.now();
	private watchingIdle = false;
	private closing = false;
	/** Bytes handed to the reader so far. */
	bytes = 0;
	/** Max Size, or a lower cap set for this download (lowerMaxBytes). */
	private maxBytes: number;
	stopped?: DownloadStop;
	/** The error the body ended with, when it ended with one. */
	broken?: Error;

	constructor(
		private readonly limits: DownloadLimits,
		private readonly cancelSignal?: AbortSignal,
		private readonly deadline?: DownloadDeadline,
	) {
		this.maxBytes = limits.maxBytes;
		if (cancelSignal?.aborted) this.stop({ reason: 'cancelled' });
		else {
			cancelSignal?.addEventListener('abort', this.onCancel);
			this.runDeadline();
		}
	}

	/** For the request's `abortSignal`. */
	get signal(): AbortSignal {
		return this.controller.signal;
	}

	private readonly onCancel = () => this.stop({ reason: 'cancelled' });

	/**
	 * Counts the body's bytes as it hands them to its reader, without changing how it flows (a listener of
	 * its own would start the flow before the reader is there). `announced` is its Content-Length.
	 */
	attach(body: GuardedBody, announced?: number): void {
		const emit = body.emit.bind(body);
		body.emit = (event: string | symbol, ...args: unknown[]): boolean => {
			if (event === 'data' && !this.count(args[0] as { length?: number }, announced)) return false;
			return emit(event, ...args);
		};
		// the body ends with an error when the guard aborts it: always heard, even before anyone reads it
		body.on('error', (error) => {
			if (!this.closing) this.broken ??= error as Error;
		});
		body.once('close', () => this.release());
		// the answer is here and nobody reads it yet: the deadline waits for the reader (see DownloadDeadline)
		this.pauseDeadline();
	}

	/** Lowers the most this download may send (never raises it), before its body is read. */
	lowerMaxBytes(maxBytes: number): void {
		this.maxBytes = Math.min(this.maxBytes, maxBytes);
	}

	/** Starts the idle timeout and runs the deadline again: called when the body is handed to its reader. */
	watchIdle(body: GuardedBody): void {
		if (this.watchingIdle || this.stopped) return;
		this.watchingIdle = true;
		this.lastByteAt = Date.now();
		void this.idleLoop(body);
		this.deadline?.resume();
		this.runDeadline();
	}

	/** Ends the download (once) and remembers why. */
	stop(stop: DownloadStop): void {
		if (this.stopped) return;
		this.stopped = stop;
		this.controller.abort();
		this.release();
	}

	/**
	 * Ends the request of a download that will not be read (or no longer): destroying its body alone would
	 * leave the connection open when nothing had started reading it.
	 */
	close(): void {
		this.closing = true;
		this.controller.abort();
		this.release();
	}

	/** Stops listening to the execution's cancel signal and ends the idle and deadline timers. */
	release(): void {
		this.released = true;
		this.cancelSignal?.removeEventListener('abort', this.onCancel);
		this.idleWatch.abort();
		this.deadlineWatch?.abort();
	}

	private pauseDeadline(): void {
		this.deadline?.pause();
		this.deadlineWatch?.abort();
	}

	/** Sleeps until the deadline, then stops the download; a deadline already passed stops it at once. */
	private runDeadline(): void {
		const deadline = this.deadline;
		if (!deadline || this.released || this.stopped) return;
		if (deadline.left() <= 0) {
			this.stop({ reason: 'deadline', deadlineMs: deadline.ms });
			return;
		}
		this.deadlineWatch?.abort();
		const watch = new AbortController();
		this.deadlineWatch = watch;
		void (async () => {
			for (;;) {
				try {
					await abortableSleep(Math.max(1, deadline.left()), watch.signal);
				} catch {
					return; // paused or released
				}
				if (watch.signal.aborted || deadline.paused) return;
				if (deadline.left() <= 0) {
					this.stop({ reason: 'deadline', deadlineMs: deadline.ms });
					return;
				}
			}
		})();
	}

	private count(chunk: { length?: number } | undefined, announced?: number): boolean {
		if (this.stopped) return false;
		this.bytes += chunk?.length ?? 0;
		this.lastByteAt = Date.now();
		if (this.bytes > this.maxBytes) {
			this.stop({ reason: 'tooLarge', maxBytes: this.maxBytes });
			return false;
		}
		if (announced !== undefined && this.bytes > announced) {
			this.stop({ reason: 'longerThanAnnounced', announced });
			return false;
		}
		return true;
	}

	/** One timer at a time: it sleeps until the moment the body would have been silent too long, then looks again. */
	private async idleLoop(body: GuardedBody): Promise<void> {
		const idle = this.limits.idleTimeoutMs;
		for (;;) {
			// bytes waiting in the body's buffer mean its reader is the slow side, not the source
			if ((body.readableLength ?? 0) > 0) this.lastByteAt = Date.now();
			const left = this.lastByteAt + idle - Date.now();
			if (left <= 0) {
				this.stop({ reason: 'idle', idleTimeoutMs: idle });
				return;
			}
			try {
				await abortableSleep(left, this.idleWatch.signal);
			} catch {
				return; // released: the body ended or the guard stopped it
			}
			if (this.idleWatch.signal.aborted) return;
		}
	}
}
