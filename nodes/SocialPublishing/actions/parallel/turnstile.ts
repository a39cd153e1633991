/**
 * Item order for what must keep it with items in flight together: a write that takes the next free queue
 * slot goes once every item before it has taken its own slot or ended, so slots are taken in item order.
 * Item `i` passes when its slot-taking write was answered (or failed), or when it ends.
 */
export class Turnstile {
	/** The first item that has not passed. */
	private next = 0;
	private readonly passed = new Set<number>();
	private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
	private stopped: Error | undefined;

	/** Runs `send` for item `itemIndex` once every item before it has passed; then the item passes. */
	async inOrder<T>(itemIndex: number, send: () => Promise<T>): Promise<T> {
		if (this.stopped) throw this.stopped;
		if (this.next < itemIndex)
			await new Promise<void>((resolve, reject) =>
				this.waiting.set(itemIndex, { resolve, reject }),
			);
		try {
			return await send();
		} finally {
			this.pass(itemIndex);
		}
	}

	/** Item `itemIndex` will take no slot (any more): the items after it need not wait for it. */
	pass(itemIndex: number): void {
		if (itemIndex < this.next) return;
		this.passed.add(itemIndex);
		while (this.passed.delete(this.next)) this.next++;
		const waiter = this.waiting.get(this.next);
		if (waiter) {
			this.waiting.delete(this.next);
			waiter.resolve();
		}
	}

	/** Rejects every waiting item with `error`. */
	stop(error: Error): void {
		this.stopped ??= error;
		for (const waiter of this.waiting.values()) waiter.reject(this.stopped);
		this.waiting.clear();
	}
}
