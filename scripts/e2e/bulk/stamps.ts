/**
 * The time each answered request to the sandbox was seen, for counts per rate-limit window: the sandbox records
 * requests without times, so this looks at its record every few milliseconds while a run goes on.
 */
import type { Sandbox } from '../../../sandbox';

type Recorded = Sandbox['requests'][number];

export interface StampedRequest {
	method: string;
	path: string;
	status: number;
	/** When the answer was first seen (ms): within POLL_MS after the sandbox decided it. */
	seenAt: number;
}

const POLL_MS = 10;

export interface RequestWatch {
	/** Stops watching; the answered requests seen since the start, in the order they were answered. */
	stop(): StampedRequest[];
}

export function watchRequests(sandbox: Sandbox): RequestWatch {
	const known = new Set<Recorded>(sandbox.requests);
	const stamped: StampedRequest[] = [];
	const look = () => {
		const now = Date.now();
		for (const record of sandbox.requests) {
			if (known.has(record) || record.status === 0) continue;
			known.add(record);
			stamped.push({
				method: record.method,
				path: record.path,
				status: record.status,
				seenAt: now,
			});
		}
	};
	const timer = setInterval(look, POLL_MS);
	return {
		stop() {
			clearInterval(timer);
			look();
			return stamped;
		},
	};
}

/**
 * Draft creates and 429s per rate-limit window of `windowSeconds` (windows aligned to multiples of the length on
 * the wall clock, as the sandbox's are), by the time each answer was seen.
 */
export function perWindow(
	requests: StampedRequest[],
	windowSeconds: number,
): Array<{ window: number; created: number; limited: number }> {
	const windows = new Map<number, { window: number; created: number; limited: number }>();
	for (const r of requests) {
		if (r.method !== 'POST' || !r.path.endsWith('/drafts')) continue;
		const window = Math.floor(r.seenAt / 1000 / windowSeconds);
		const entry = windows.get(window) ?? { window, created: 0, limited: 0 };
		if (r.status === 201) entry.created++;
		if (r.status === 429) entry.limited++;
		windows.set(window, entry);
	}
	return [...windows.values()].sort((a, b) => a.window - b.window);
}
