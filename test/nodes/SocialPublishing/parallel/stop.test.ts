import { useSandbox } from '../../../harness/sandbox';
import { until } from '../media/cancel';
import { clearFaultsAndRequests } from '../retryOnFail/fixtures';
import { createTitled, itemOf, titled, watchInFlight } from './fixtures';

/**
 * Stop (n8n cancelling the execution, as the editor's Stop button does) during a run of 1,000 items in
 * flight together, each request held 100 ms: the items waiting for a place are rejected at once
 * (parallel/inFlight.ts), the requests in flight are ended, and no item starts after the stop.
 */
const fx = useSandbox();

afterEach(() => clearFaultsAndRequests(fx));

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('Stop with 1,000 items in flight together', () => {
	test('the run ends soon after the stop; no item starts after it, and nothing goes on once the run ended', async () => {
		fx.sandbox.faults.set({ latencyMs: 100, paths: '/v2/' });
		const meter = watchInFlight(fx);
		let cancel: (() => void) | undefined;
		const run = fx.runNode(createTitled(), {
			input: titled('stop', 1000),
			onStarted: (stop) => (cancel = stop),
		});
		// 300 ms after the first request reached the sandbox
		await until(() => meter.arrivals.length > 0);
		await sleep(300);
		const stoppedAt = Date.now();
		cancel!();
		const result = await run;
		const endedAt = Date.now();
		expect(result.error?.message).toMatch(/cancelled/);
		// the target is well under a second (about 0.3 s here, n8n's own work after a cancel included);
		// the ceiling holds on a loaded machine, and is far below what the 1,000 items would take
		expect(endedAt - stoppedAt).toBeLessThan(2_000);
		// requests sent before the stop may reach the sandbox a little later; then nothing more comes
		await sleep(500);
		const settled = meter.arrivals.length;
		await sleep(500);
		meter.stop();
		expect(meter.arrivals.length).toBe(settled);
		const afterStop = meter.arrivals.filter((arrival) => arrival.at > stoppedAt);
		// at most the requests on their way at the stop: at most Max Parallel Requests (10)
		expect(afterStop.length).toBeLessThanOrEqual(10);
		const sent = meter.arrivals.map((arrival) => itemOf(arrival.request));
		expect(sent.length).toBeGreaterThan(0);
		expect(sent.length).toBeLessThan(100);
		// A request the stop cut off on its way may reach the sandbox without its body (-1: no title to
		// read); there are at most as many as were in flight.
		const known = sent.filter((item) => item >= 0);
		expect(sent.length - known.length).toBeLessThanOrEqual(10);
		// items went in item order, each once: every item seen is one of the first `sent.length`, none twice
		expect(new Set(known).size).toBe(known.length);
		expect(Math.max(...known)).toBeLessThan(sent.length);
	}, 30_000);
});
