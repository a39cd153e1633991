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
