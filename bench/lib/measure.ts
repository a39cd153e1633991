import { median } from './stats';

export interface Sample {
	wallMs: number;
	/** CPU time (user + system) of this process during the run. */
	cpuMs: number;
}

export async function timed(fn: () => Promise<void>): Promise<Sample> {
	const cpu = process.cpuUsage();
	const start = process.hrtime.bigint();
	await fn();
	const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
	const used = process.cpuUsage(cpu);
	return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export interface Variant {
	name: string;
	/** Runs before each timed run, untimed (clearing counters, resetting buckets). */
	setup?: () => Promise<void>;
	run: () => Promise<void>;
	/** Runs after each timed run, untimed (reading what the sandbox saw). */
	after?: () => Promise<void>;
}

export type Samples = Record<string, Sample[]>;

/**
 * Runs every variant `runs` times, interleaved and in rotating order, so that the node and its raw
 * baseline meet the same machine load (the machine is shared). `warmupRounds` rounds run first and are
 * dropped: V8 compiles hot code in tiers, and a long code path (n8n's engine, the node) reaches its
 * steady speed later than a short loop.
 */
export async function interleave(
	variants: Variant[],
	runs: number,
	warmupRounds = 1,
): Promise<Samples> {
	const samples: Samples = Object.fromEntries(variants.map((v) => [v.name, [] as Sample[]]));
	const rounds = runs + warmupRounds;
	for (let round = 0; round < rounds; round++) {
		const order = variants.map((_, i) => variants[(i + round) % variants.length]);
		for (const variant of order) {
			await variant.setup?.();
			const sample = await timed(variant.run);
			await variant.after?.();
			if (round >= warmupRounds) samples[variant.name].push(sample);
		}
	}
	return samples;
}

export function medianWall(samples: Sample[]): number {
	return median(samples.map((s) => s.wallMs));
}

export function medianCpu(samples: Sample[]): number {
	return median(samples.map((s) => s.cpuMs));
}

/** Median over rounds of a[i] / b[i]: each round's pair ran back to back, under the same machine load. */
export function pairedRatio(a: Sample[], b: Sample[]): number {
	const n = Math.min(a.length, b.length);
	return median(Array.from({ length: n }, (_, i) => a[i].wallMs / b[i].wallMs));
}
