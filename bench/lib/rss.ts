/** Samples RSS every 5 ms; the kernel's own high-water mark (maxRSS) catches what sampling misses. */
export function rssPeakTracker(): () => number {
	const maxBefore = process.resourceUsage().maxRSS * 1024;
	let peak = process.memoryUsage.rss();
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage.rss());
	}, 5);
	return () => {
		clearInterval(timer);
		const maxAfter = process.resourceUsage().maxRSS * 1024;
		return Math.max(peak, process.memoryUsage.rss(), maxAfter > maxBefore ? maxAfter : 0);
	};
}
