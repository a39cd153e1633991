import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { NODE } from '../../../harness/workflows';
import { clearFaultsAndRequests } from '../retryOnFail/fixtures';
import { createTitled, itemOf, titled, watchInFlight, withParallel } from './fixtures';

/**
 * Items in flight together under the service's rate limit (rateLimit.ts take/settle, parallel/pacer.ts):
 * the sandbox allows 20 drafts.create per 2-second window of the wall clock (sandbox/domain/rateLimit.ts)
 * and 60 items are created with Max Parallel Requests 32. The node spends the budget its answers announce, counting the requests in
 * flight, and waits for the next window: no item fails, each is created once, and at most one request per
 * window is refused with a 429.
 */
const WINDOW_MS = 2_000;
const fx = useSandbox({
	rateLimits: { socialSet: { limit: 20, windowSeconds: WINDOW_MS / 1000 } },
});

afterEach(() => clearFaultsAndRequests(fx));

describe('Draft > Create, 60 items under 20 per 2 s on drafts.create', () => {
	test('no item fails, each is created once, at most one 429 per window', async () => {
		fx.sandbox.faults.set({ latencyMs: 50, paths: '/v2/' });
		const meter = watchInFlight(fx);
		const { result, requests } = await runFresh(fx, withParallel(createTitled(), 32), {
			input: titled('rl', 60),
		});
		meter.stop();
		expect(result.error).toBeUndefined();
		const output = result.output(NODE);
		expect(output.map((item) => item.json.draft_title)).toEqual(output.map((_, n) => `rl-${n}`));
		expect(output.map((item) => item.pairedItem)).toEqual(output.map((_, n) => ({ item: n })));
		const created = requests.filter((r) => r.status === 201).map(itemOf);
		expect(created.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
		const refusedPerWindow = new Map<number, number>();
		for (const { request, answeredAt } of meter.arrivals) {
			if (request.status !== 429) continue;
			const window = Math.floor((answeredAt ?? 0) / WINDOW_MS);
			refusedPerWindow.set(window, (refusedPerWindow.get(window) ?? 0) + 1);
		}
		expect([...refusedPerWindow.values()].every((count) => count <= 1)).toBe(true);
		// nothing but 201s and at most those 429s: no request failed otherwise
		expect(requests.every((r) => r.status === 201 || r.status === 429)).toBe(true);
	}, 30_000);
});
