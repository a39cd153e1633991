import type { RawClient, RawRequest } from './raw';
import { expectStatus } from './raw';

/**
 * Runs `count` tasks with at most `width` of them in flight: `width` workers, each taking the next task when
 * its last one ended (as the node's router runs items at its bound).
 */
export async function inFlight(
	width: number,
	count: number,
	task: (index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < count) await task(next++);
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(width, count)) }, worker));
}

/** A raw client sending the same request `count` times, `width` at a time, each answered `status`. */
export function rawInFlight(
	client: RawClient,
	request: RawRequest,
	status: number,
	count: number,
	width: number,
): () => Promise<void> {
	return () =>
		inFlight(width, count, async () => {
			expectStatus(await client(request), status, `raw ${request.method} ${request.url}`);
		});
}
