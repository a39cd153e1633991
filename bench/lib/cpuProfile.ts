/** Reads a V8 .cpuprofile (from `node --cpu-prof`) and sums self time per function and per file. */
import { readFileSync } from 'fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export interface Hotspot {
	name: string;
	selfMs: number;
	share: number;
}

function shortUrl(url: string, root: string): string {
	const path = url.replace(/^file:\/\//, '');
	const inModules = path.lastIndexOf('node_modules/');
	if (inModules >= 0) {
		const rest = path.slice(inModules + 'node_modules/'.length).split('/');
		return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
	}
	return path.startsWith(root) ? path.slice(root.length + 1) : path || '(native)';
}

export function hotspots(
	file: string,
	root: string,
	by: 'function' | 'file' | 'package',
	top = 20,
): Hotspot[] {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const self = new Map<string, number>();
	let total = 0;
	profile.samples.forEach((id, i) => {
		// The first delta runs from the profiler's start call to the first sample: not the profiled code's time.
		if (i === 0) return;
		const node = byId.get(id);
		const delta = (profile.timeDeltas[i] ?? 0) / 1000;
		total += delta;
		if (!node) return;
		const { functionName, url, lineNumber } = node.callFrame;
		const where = shortUrl(url, root);
		const key =
			by === 'function'
				? `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`
				: by === 'file'
					? where
					: where.includes('/') && !where.startsWith('@')
						? where.split('/')[0]
						: where;
		self.set(key, (self.get(key) ?? 0) + delta);
	});
	return [...self.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(([name, selfMs]) => ({ name, selfMs, share: selfMs / total }));
}

/** Prints the `top` hotspots of a profile, one line each: self time, share, name. */
export function printHotspots(
	file: string,
	by: 'function' | 'file' | 'package',
	top: number,
	root = process.cwd(),
): void {
	for (const spot of hotspots(file, root, by, top)) {
		console.log(
			`${spot.selfMs.toFixed(0).padStart(7)} ms ${(spot.share * 100).toFixed(1).padStart(5)}%  ${spot.name}`,
		);
	}
}

/**
 * Inclusive time of functions whose name matches: a sample counts for every matching function on its
 * stack (once per function, so recursion is not double counted). Idle and GC samples are left out of the total.
 */
export function inclusive(
	file: string,
	patterns: RegExp[],
): { totalBusyMs: number; spots: Array<{ pattern: string; ms: number }> } {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const totals = patterns.map(() => 0);
	let busy = 0;
	profile.samples.forEach((id, i) => {
		if (i === 0) return;
		const delta = (profile.timeDeltas[i] ?? 0) / 1000;
		const leaf = byId.get(id);
		if (!leaf || ['(idle)', '(program)'].includes(leaf.callFrame.functionName)) return;
		busy += delta;
		const hit = patterns.map(() => false);
		for (
			let current: number | undefined = id;
			current !== undefined;
			current = parent.get(current)
		) {
			const frame = byId.get(current)!.callFrame;
			const label = `${frame.functionName} ${frame.url}`;
			patterns.forEach((pattern, k) => {
				if (!hit[k] && pattern.test(label)) hit[k] = true;
			});
		}
		hit.forEach((h, k) => {
			if (h) totals[k] += delta;
		});
	});
	return {
		totalBusyMs: busy,
		spots: patterns.map((p, k) => ({ pattern: p.source, ms: totals[k] })),
	};
}
