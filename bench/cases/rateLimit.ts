import { setTimeout as sleep } from 'timers/promises';
import { timed } from '../lib/measure';
import { emptyItems, runNode } from '../lib/nodeRunner';
import { fetchJson } from '../lib/raw';
import { count, median, ms, ratio, times } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';
import { CREATE_PARAMETERS, nodeRequestBody, rawCreateLoop } from './createDraft';

const SOCIAL_SET = 101;
const TARGET = 1.1;
/** Runs start this long after a window opens (windows are aligned to multiples of their length). */
const START_AFTER_BOUNDARY_MS = 20;

/** Sleeps until just after the next window boundary; returns the start time. */
async function alignToWindow(windowMs: number): Promise<number> {
	const now = Date.now();
	const start = Math.ceil(now / windowMs) * windowMs + START_AFTER_BOUNDARY_MS;
	await sleep(start - now);
	return start;
}

export const rateLimit: BenchCase = {
	id: 'rateLimit',
	title: 'Create Draft under a rate limit',
	async run(context) {
		const { sandbox, config } = context;
		const items = config.rateItems;
		const limit = config.rateLimit;
		const windowMs = config.rateWindowSeconds * 1000;
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
		const limits = { socialSet: { limit, windowSeconds: config.rateWindowSeconds } };
		// The last window's burst at raw speed, measured unlimited: the part of the minimum that is not waiting.
		const body = await nodeRequestBody(context);
		const lastBatch = items - (Math.ceil(items / limit) - 1) * limit;
		const burst = await timed(
			rawCreateLoop(fetchJson, sandbox.baseUrl, target.apiKey, body, lastBatch),
		);
		const minimum =
			(Math.ceil(items / limit) - 1) * windowMs - START_AFTER_BOUNDARY_MS + burst.wallMs;
		const walls: number[] = [];
		const failures: number[] = [];
		const throttled: number[] = [];
		for (let i = 0; i < config.rateRuns; i++) {
			await sandbox.fresh(SOCIAL_SET);
			await sandbox.setRateLimits(limits);
			const input = emptyItems(items);
			await alignToWindow(windowMs);
			let failed = 0;
			const sample = await timed(async () => {
				failed = (await runNode(target, CREATE_PARAMETERS, input)).failed;
			});
			const summary = await sandbox.summary();
			walls.push(sample.wallMs);
			failures.push(failed);
			throttled.push(summary.statuses['429'] ?? 0);
			context.log(
				`rateLimit run ${i + 1}: ${ms(sample.wallMs)}, ${failed} failed, ${summary.statuses['429'] ?? 0} answers 429, ${summary.total} requests`,
			);
		}
		await sandbox.fresh(SOCIAL_SET);
		const wall = median(walls);
		const r = ratio(wall, minimum);
		const failed = Math.max(...failures);
		const name = `${count(items)} Create Draft items under ${limit} requests per ${config.rateWindowSeconds} s`;
		return [
			{
				case: name,
				measure: `items failed (worst of ${walls.length} runs)`,
				result: `${failed} failed; 429 answers per run: ${throttled.join(', ')}`,
				target: '0 failed',
				met: failed === 0,
			},
			{
				case: name,
				measure: `wall time vs the minimum the limit allows (${Math.ceil(items / limit) - 1} full windows + the last burst at raw speed, ${ms(minimum)})`,
				result: `${times(r)} (median ${ms(wall)})`,
				target: `≤ ${TARGET.toFixed(2)}×`,
				met: r <= TARGET && failed === 0,
			},
		] satisfies Row[];
	},
};
