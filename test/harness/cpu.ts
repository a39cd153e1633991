/** CPU time for the tests that compare work at two sizes (growth ratios, never wall-clock thresholds). */

/** CPU milliseconds this process has used (user and system). */
export function cpuMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** CPU milliseconds per call: calls repeated until a batch takes `batchMs`, so fast work is not lost in granularity. */
export function perCall(work: () => unknown, batchMs = 20): number {
	const start = cpuMs();
	let calls = 0;
	let elapsed = 0;
	do {
		work();
		calls++;
		elapsed = cpuMs() - start;
	} while (elapsed < batchMs);
	return elapsed / calls;
}

/**
 * CPU milliseconds this process used while `work` ran, awaited: for work that is one asynchronous run (a node run
 * through the engine). The whole process counts, so work the run sets off elsewhere in the process counts too.
 */
export async function cpuOf(work: () => unknown): Promise<number> {
	const start = cpuMs();
	await work();
	return cpuMs() - start;
}

/** CPU time at a small and at a large size, and the ratio between them. */
export interface Growth {
	ratio: number;
	smallMs: number;
	largeMs: number;
}

/**
 * How the CPU time of some work grows from a small size to a large one, both measured in the same run, so that load
 * from other processes weighs on both alike: each measured once; while the ratio is at or over `maxRatio`, measured
 * again as the minimum of `runs` interleaved measures of each, up to `attempts` times (the smallest ratio counts).
 * `small` and `large` give CPU milliseconds of one measure (from `perCall` or `cpuOf`). The figures returned are
 * those of the smallest ratio, for an absolute sanity ceiling on `largeMs` that holds on a loaded machine.
 *
 * `side: 'over'` is the mirror, for a control that must measure over the bound (work known to grow faster): measured
 * again while the ratio is at or under `maxRatio`, and the largest ratio counts, since load slows one batch of
 * one size and moves the ratio either way.
 */
export async function cpuGrowth(
	small: () => number | Promise<number>,
	large: () => number | Promise<number>,
	maxRatio: number,
	{
		runs = 3,
		attempts = 3,
		side = 'under',
	}: { runs?: number; attempts?: number; side?: 'under' | 'over' } = {},
): Promise<Growth> {
	const smallMs = await small();
	const largeMs = await large();
	const better = (a: number, b: number) => (side === 'under' ? a < b : a > b);
	const settled = (ratio: number) => (side === 'under' ? ratio < maxRatio : ratio > maxRatio);
	let best: Growth = { ratio: largeMs / smallMs, smallMs, largeMs };
	for (let attempt = 0; attempt < attempts && !settled(best.ratio); attempt++) {
		let s = Infinity;
		let l = Infinity;
		for (let run = 0; run < runs; run++) {
			s = Math.min(s, await small());
			l = Math.min(l, await large());
		}
		if (better(l / s, best.ratio)) best = { ratio: l / s, smallMs: s, largeMs: l };
	}
	return best;
}
