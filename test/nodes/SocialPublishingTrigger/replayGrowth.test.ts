import {
	checkAcrossProcesses,
	RECENT_LIMIT,
	replayKey,
	type ReplayStore,
} from '../../../nodes/SocialPublishingTrigger/replay';

/**
 * The work of one delivery does not grow with the entries the replay memory holds (issue 25): n8n hands the
 * trigger its static data as a new object on every webhook call (loaded from the database, saved after),
 * and the check used to walk every entry of it. Each call here is a JSON round trip of the static data, as
 * n8n's load and save (not measured: that is n8n's cost), around the check (measured).
 *
 * How: CPU time of this process (not wall-clock time) of each check, for 150 deliveries at 1,000 and at 5,000
 * entries held, in three interleaved rounds; the median check of each size is compared. The median, not the
 * sum: the garbage of the JSON round trips is collected during some checks, at a cost that grows with the
 * memory n8n parsed, not with the check's work. Before each check the processor's caches are filled with
 * other data (a 32 MiB walk), so both sizes start cold: otherwise what parsing the larger memory pushed out
 * of the caches is measured, not the check's work. Work independent of the entries gives a ratio near 1;
 * work that walks them gives about 5. The control (two processes taking turns, so every call finds the
 * other's write and merges in full) shows the measure tells them apart. No absolute time is asserted.
 */

const T0 = 1_900_000_000;
const DELIVERIES = 50;
const ROUNDS = 3;
/** Above both sizes: nothing is evicted, so both sizes do the same kind of work. */
const clock = { nowSeconds: T0, toleranceSeconds: 300, capacity: 20_000 };

interface Memory {
	db: string;
	processes: ReplayStore[];
}

/** A memory holding `size` entries in its saved form, written by the first of `processes` processes. */
function memoryOf(size: number, processes: number): Memory {
	const locals: ReplayStore[] = Array.from({ length: processes }, () => ({}));
	const shared: ReplayStore = {};
	for (let i = 0; i < size; i++)
		checkAcrossProcesses(locals[0], shared, replayKey(`fill-${size}-${i}`), T0, clock);
	return { db: JSON.stringify(shared), processes: locals };
}

let serial = 0;
const elsewhere = new Float64Array(4 * 1024 * 1024);
let sink = 0;

/** Fills the caches with other data: one read and write per 64-byte line of 32 MiB. */
function coldCaches(): void {
	for (let i = 0; i < elsewhere.length; i += 8) sink += elsewhere[i]++;
}

/** CPU microseconds of each check of `DELIVERIES` new deliveries, each in its own webhook call. */
function checksCpu(memory: Memory, into: number[] = []): number[] {
	for (let i = 0; i < DELIVERIES; i++) {
		const shared = JSON.parse(memory.db) as ReplayStore;
		const local = memory.processes[serial % memory.processes.length];
		const key = replayKey(`delivery-${serial++}`);
		coldCaches();
		const start = process.cpuUsage();
		const verdict = checkAcrossProcesses(local, shared, key, T0, clock);
		const used = process.cpuUsage(start);
		into.push(used.user + used.system);
		if (verdict !== 'fresh') throw new Error(`a new delivery was ${verdict}`);
		memory.db = JSON.stringify(shared);
	}
	return into;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/** The median check at 5,000 entries over the median check at 1,000. */
function growth(processes: number): number {
	const small = memoryOf(1_000, processes);
	const large = memoryOf(5_000, processes);
	checksCpu(small);
	checksCpu(large);
	const smallChecks: number[] = [];
	const largeChecks: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		checksCpu(small, smallChecks);
		checksCpu(large, largeChecks);
	}
	// a check under a microsecond would make the ratio a rounding: count at least 1 µs
	return Math.max(1, median(largeChecks)) / Math.max(1, median(smallChecks)) + sink * 0;
}

describe('replay memory: the work per delivery does not grow with the entries held', () => {
	test('one process, static data reloaded on every call: 5,000 entries cost per delivery what 1,000 do (within 2x)', () => {
		expect(growth(1)).toBeLessThan(2);
	});

	test('control: two processes taking turns merge in full on every call, and the measure shows the growth', () => {
		expect(growth(2)).toBeGreaterThan(2.5);
	});

	test('the memory saved by the in-step path holds what the process holds, and another process learns all of it', () => {
		const memory = memoryOf(50, 1);
		checksCpu(memory);
		const saved = JSON.parse(memory.db) as ReplayStore;
		const held = { ...saved.seen, ...saved.recent };
		expect(Object.keys(held)).toHaveLength(50 + DELIVERIES);
		expect(held).toEqual(memory.processes[0].seen);
		expect(typeof saved.rev).toBe('string');
		// newest entries wait in `recent` (fewer than RECENT_LIMIT), older ones joined `seen`
		const recent = Object.keys(saved.recent ?? {});
		expect(recent.length).toBeGreaterThan(0);
		expect(recent.length).toBeLessThan(RECENT_LIMIT);
		// a process that never saw any of it refuses a copy of an entry of either part
		for (const known of [Object.keys(saved.seen ?? {})[7], recent[0]]) {
			const other: ReplayStore = {};
			expect(checkAcrossProcesses(other, JSON.parse(memory.db), known, T0, clock)).toBe('replay');
		}
	});
});
