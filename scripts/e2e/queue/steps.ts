/**
 * The steps of the queue-mode end-to-end run: each prints "ok" or "FAIL" with its time and lines, and
 * the failures are counted here for the whole run, whichever module ran the step.
 */

/** The failures so far: steps that failed, errors outside a step, processes left running. */
export const tally = { failures: 0 };
const reported = new WeakSet<Error>();

export async function step<T>(
	name: string,
	fn: () => Promise<{ value: T; lines?: string[] }>,
): Promise<T> {
	const started = Date.now();
	try {
		const { value, lines = [] } = await fn();
		console.log(`  ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
		for (const line of lines) console.log(`          ${line}`);
		return value;
	} catch (error) {
		tally.failures++;
		reported.add(error as Error);
		const cause = (error as Error & { cause?: Error }).cause;
		const message = `${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`;
		console.log(
			`  FAIL  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n          ${message.split('\n').join('\n          ')}`,
		);
		throw error;
	}
}

/** Counts and prints an error that no step reported (one thrown between steps). */
export function reportUnreported(error: unknown): void {
	if (reported.has(error as Error)) return;
	tally.failures++;
	console.log(`  FAIL  ${(error as Error).stack ?? String(error)}`);
}

export function check(failed: string[], condition: boolean, message: string): void {
	if (!condition) failed.push(message);
}
