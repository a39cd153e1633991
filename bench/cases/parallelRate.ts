import { setTimeout as sleep } from 'timers/promises';
import { timed } from '../lib/measure';
import { emptyItems, runNode } from '../lib/nodeRunner';
import { rawInFlight } from '../lib/parallel';
import { fetchJson } from '../lib/raw';
import { count, ms, ratio, times } from '../lib/stats';
import type { BenchCase, CaseContext, Row } from '../lib/types';
import { CREATE_PARAMETERS, nodeRequestBody } from './createDraft';
import { DEFAULT_PARALLEL, withParallel } from './parallelItems';

const SOCIAL_SET = 101;
const TARGET = 1.05;
/** Runs start this long after a window opens (windows are aligned to multiples of their length). */
const START_AFTER_BOUNDARY_MS = 20;

/** Sleeps until just after the next window boundary. */
async function alignToWindow(windowMs: number): Promise<void> {
	const now = Date.now();
	await sleep(Math.ceil(now / windowMs) * windowMs + START_AFTER_BOUNDARY_MS - now);
}

interface RateRun {
	wallMs: number;
	failed: number;
	/** 429 answers per window the run touched (index 0: the window it started in). */
	throttled: number[];
}

/** One run of the node at its default bound under the limit, from just after a window opens. */
async function rateRun(context: CaseContext, items: number, windowMs: number): Promise<RateRun> {
	const { sandbox, config } = context;
	const window = { limit: config.rateLimit, windowSeconds: config.rateWindowSeconds };
	await sandbox.fresh(SOCIAL_SET);
	await sandbox.setFaults({ latencyMs: config.latencyMs });
	await sandbox.setRateLimits({ user: window, socialSet: window });
	const input = emptyItems(items);
	const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
	await alignToWindow(windowMs);
	const first = Math.floor(Date.now() / windowMs);
	let failed = 0;
	const sample = await timed(async () => {
		failed = (await runNode(target, withParallel(CREATE_PARAMETERS), input)).failed;
	});
	const summary = await sandbox.summary();
	const windows = Math.max(
		Math.ceil(items / config.rateLimit),
		Math.floor(Date.now() / windowMs) - first + 1,
	);
	const throttled = Array.from({ length: windows }, () => 0);
	for (const at of summary.throttledAt) throttled[Math.floor(at / windowMs) - first]++;
	context.log(
		`parallelRate: ${ms(sample.wallMs)}, ${failed} failed, ${summary.throttledAt.length} answers 429 (per window: ${throttled.join(' ')}), ${summary.total} requests`,
	);
	return { wallMs: sample.wallMs, failed, throttled };
}

/**
 * Create Draft at the default Max Parallel Requests under a limit of `rateLimit` requests per window, both on
 * the user's bucket and on the social set's drafts.create bucket, with the sandbox's latency: no item fails, at
 * most one 429 per window, and the wall time close to the minimum the limit allows.
 */
export const parallelRate: BenchCase = {
	id: 'parallelRate',
	title: 'Create Draft in flight together under a rate limit',
	async run(context) {
		const { sandbox, config } = context;
		const items = config.parallelRateItems;
		const limit = config.rateLimit;
		const windowMs = config.rateWindowSeconds * 1000;
		const windows = Math.ceil(items / limit);
		// The last window's burst at raw speed (as many in flight, same latency, no limit): the part of the minimum that is not waiting.
		const body = await nodeRequestBody(context);
		const lastBatch = items - (windows - 1) * limit;
		await sandbox.setFaults({ latencyMs: config.latencyMs });
		const url = `${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts`;
		const request = { method: 'POST', url, apiKey: sandbox.keys.admin, body };
		await rawInFlight(fetchJson, request, 201, lastBatch, DEFAULT_PARALLEL)(); // warm-up
		const burst = await timed(rawInFlight(fetchJson, request, 201, lastBatch, DEFAULT_PARALLEL));
		const minimum = (windows - 1) * windowMs - START_AFTER_BOUNDARY_MS + burst.wallMs;
		// one run: at full size it lasts about 200 s
		const run = await rateRun(context, items, windowMs);
		await sandbox.fresh(SOCIAL_SET);
		const r = ratio(run.wallMs, minimum);
		const { failed, throttled } = run;
		const worstWindow = Math.max(...throttled);
		const total429 = throttled.reduce((a, b) => a + b, 0);
		const name = `${count(items)} Create Draft items at Max Parallel Requests ${DEFAULT_PARALLEL}, ${config.latencyMs} ms latency, under ${limit} requests per ${config.rateWindowSeconds} s (user and drafts.create buckets)`;
		return [
			{
				case: name,
				measure: `items failed; 429 answers and the most in one window (${throttled.length} windows)`,
				result: `${failed} failed; ${total429} answers 429, at most ${worstWindow} in one window (per window: ${throttled.join(' ')})`,
				target: '0 failed, ≤ 1 per window',
				met: failed === 0 && worstWindow <= 1,
			},
			{
				case: name,
				measure: `wall time vs the minimum the limit allows (${windows - 1} full windows − ${START_AFTER_BOUNDARY_MS} ms + the last burst of ${lastBatch} POSTs by a raw fetch client with ${DEFAULT_PARALLEL} in flight at the same latency, ${ms(burst.wallMs)}: ${ms(minimum)})`,
				result: `${times(r)} (${ms(run.wallMs)})`,
				target: `≤ ${TARGET.toFixed(2)}×`,
				met: r <= TARGET && failed === 0,
			},
		] satisfies Row[];
	},
};
