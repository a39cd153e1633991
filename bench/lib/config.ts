/**
 * Sizes of every case, from flags (`--name=value`) or environment variables (`BENCH_NAME`), with
 * full and quick (`--quick`) defaults. Flags win over the environment.
 */
export interface BenchConfig {
	quick: boolean;
	/** Timed runs per variant (after the dropped warm-up rounds). */
	runs: number;
	/** Dropped rounds of Create Draft before its timed runs, so every variant runs at its steady speed. */
	warmupRounds: number;
	/** Case ids to run; empty = all. */
	only: string[];
	/** Case ids not to run (applied after `only`). */
	skip: string[];
	createItems: number;
	/** Timed runs per variant of Return All (each costs the sandbox a full listing). */
	listRuns: number;
	drafts: number;
	pageSize: number;
	getManyLimit: number;
	mediaMib: number;
	mediaRuns: number;
	rateItems: number;
	rateLimit: number;
	rateWindowSeconds: number;
	rateRuns: number;
	verifyBodyBytes: number;
	verifySeconds: number;
	coldRuns: number;
	/** Length of each text of the post length and Auto-Split case. */
	textChars: number;
	textSeconds: number;
	/** Items of the cases with items in flight together (Create Draft, Draft > Get by id). */
	parallelItems: number;
	/** Sandbox latency (ms) added to every request in those cases. */
	latencyMs: number;
	/** Timed runs per variant at Max Parallel Requests 10 (the one-at-a-time variant runs `serialRuns` times). */
	parallelRuns: number;
	serialRuns: number;
	/** Items of Create Draft in flight together under the rate limit (`rateLimit` per `rateWindowSeconds`). */
	parallelRateItems: number;
	/** Items of Create Draft with Media URLs, the size of each file (KiB), and the few large files (count, MiB). */
	parallelMediaItems: number;
	parallelMediaKib: number;
	parallelLargeFiles: number;
	parallelLargeMib: number;
	/** Keep-alive timeout of the sandbox's server (see sandboxChild.ts). */
	keepAliveMs: number;
	/** Where RESULTS.md goes; empty = do not write. */
	resultsFile: string;
	/** Write RESULTS.md even when other processes kept the machine busy (the file then says so). */
	forceResults: boolean;
}

const FULL: Omit<BenchConfig, 'quick' | 'only' | 'skip' | 'resultsFile' | 'forceResults'> = {
	runs: 5,
	warmupRounds: 4,
	createItems: 1000,
	listRuns: 3,
	drafts: 10_000,
	pageSize: 50,
	getManyLimit: 7,
	mediaMib: 256,
	mediaRuns: 3,
	rateItems: 300,
	rateLimit: 50,
	rateWindowSeconds: 10,
	rateRuns: 3,
	verifyBodyBytes: 4096,
	verifySeconds: 2,
	coldRuns: 7,
	textChars: 10_000,
	textSeconds: 2,
	parallelItems: 1000,
	latencyMs: 100,
	parallelRuns: 3,
	serialRuns: 1,
	parallelRateItems: 1000,
	parallelMediaItems: 1000,
	parallelMediaKib: 256,
	parallelLargeFiles: 10,
	parallelLargeMib: 64,
	keepAliveMs: 5000,
};

const QUICK: typeof FULL = {
	...FULL,
	runs: 3,
	warmupRounds: 1,
	createItems: 100,
	listRuns: 2,
	drafts: 1000,
	mediaMib: 32,
	mediaRuns: 1,
	rateItems: 30,
	rateLimit: 10,
	rateWindowSeconds: 1,
	rateRuns: 1,
	verifySeconds: 0.5,
	coldRuns: 3,
	textSeconds: 0.5,
	parallelItems: 100,
	parallelRuns: 1,
	parallelRateItems: 100,
	parallelMediaItems: 100,
	parallelLargeFiles: 4,
	parallelLargeMib: 16,
};

function kebab(name: string): string {
	return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function envName(name: string): string {
	return `BENCH_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

export function readConfig(argv: string[], env: NodeJS.ProcessEnv): BenchConfig {
	const flags = new Map<string, string>();
	for (const arg of argv) {
		const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!match) throw new Error(`Unknown argument "${arg}" (flags look like --name=value)`);
		flags.set(match[1], match[2] ?? 'true');
	}
	const quick = flags.get('quick') === 'true' || env.BENCH_QUICK === '1';
	const base = quick ? QUICK : FULL;
	const numbers = Object.fromEntries(
		Object.entries(base).map(([name, fallback]) => {
			const raw = flags.get(kebab(name)) ?? env[envName(name)];
			if (raw === undefined) return [name, fallback];
			const value = Number(raw);
			if (!Number.isFinite(value) || value <= 0)
				throw new Error(`--${kebab(name)} must be a positive number, got "${raw}"`);
			return [name, value];
		}),
	) as typeof FULL;
	const known = new Set([
		'quick',
		'only',
		'skip',
		'results',
		'force-results',
		...Object.keys(base).map(kebab),
	]);
	for (const name of flags.keys()) if (!known.has(name)) throw new Error(`Unknown flag --${name}`);
	const ids = (value: string | undefined) =>
		(value ?? '')
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean);
	const only = ids(flags.get('only') ?? env.BENCH_ONLY);
	const skip = ids(flags.get('skip') ?? env.BENCH_SKIP);
	const results = flags.get('results') ?? env.BENCH_RESULTS;
	return {
		...numbers,
		quick,
		only,
		skip,
		forceResults: flags.get('force-results') === 'true' || env.BENCH_FORCE_RESULTS === '1',
		resultsFile:
			results === 'false'
				? ''
				: (results ?? (quick || only.length || skip.length ? '' : 'bench/RESULTS.md')),
	};
}

export function usage(): string {
	const names = Object.keys(FULL).map((name) => `--${kebab(name)}=N (${envName(name)})`);
	return [
		'npm run bench -- [--quick] [--only=create,returnAll,getManyLimit,media,mediaUrl,rateLimit,parallelCreate,parallelRate,parallelGet,parallelMedia,verify,pollTrigger,textLength,hostileText,lists,tagNames,coldLoad] [--skip=ids] [--results=path|false] [--force-results]',
		...names.map((n) => `  ${n}`),
	].join('\n');
}
