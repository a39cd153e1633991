import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { NODE } from '../../../harness/workflows';
import { clearFaultsAndRequests, UNKNOWN_MEDIA } from '../retryOnFail/fixtures';
import { createTitled, itemOf, titled, watchInFlight, withParallel } from './fixtures';

/**
 * Items in flight together (actions/router.ts, parallel/inFlight.ts), through n8n-core against the sandbox
 * with every request held 50 to 100 ms: outputs in item order, each paired to its item; more than one
 * request at once, never more than Max Parallel Requests; Continue On Fail per item; without it, the
 * error of the lowest failing item, and no item started after the first failure.
 */
const fx = useSandbox();
let meter: ReturnType<typeof watchInFlight>;

beforeEach(() => {
	fx.sandbox.faults.set({ latencyMs: 75, paths: '/v2/' });
	meter = watchInFlight(fx);
});

afterEach(() => {
	meter.stop();
	clearFaultsAndRequests(fx);
});

const posts = () => fx.apiRequests().filter((r) => r.method === 'POST');

function expectInItemOrder(result: Awaited<ReturnType<typeof runFresh>>['result'], prefix: string) {
	const output = result.output(NODE);
	expect(output.map((item) => item.pairedItem)).toEqual(output.map((_, n) => ({ item: n })));
	expect(output.map((item) => item.json.draft_title)).toEqual(
		output.map((_, n) => `${prefix}-${n}`),
	);
}

describe('Draft > Create over 40 items in flight together', () => {
	test('default bound: outputs in item order, each paired to its item; several requests at once, at most 10', async () => {
		const { result, requests } = await runFresh(fx, createTitled(), { input: titled('dflt', 40) });
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)).toHaveLength(40);
		expectInItemOrder(result, 'dflt');
		expect(requests.map(itemOf).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 40 }, (_, n) => n),
		);
		// more than the 2 it starts with: the answers showed room
		expect(meter.mostAtOnce()).toBeGreaterThan(2);
		expect(meter.mostAtOnce()).toBeLessThanOrEqual(10);
	});

	test('Max Parallel Requests 4: never more than 4 at once, and more than 1', async () => {
		const { result } = await runFresh(fx, withParallel(createTitled(), 4), {
			input: titled('four', 40),
		});
		expect(result.error).toBeUndefined();
		expectInItemOrder(result, 'four');
		expect(meter.mostAtOnce()).toBeGreaterThan(1);
		expect(meter.mostAtOnce()).toBeLessThanOrEqual(4);
	});

	test('Max Parallel Requests 1: never two in flight, items sent in item order', async () => {
		const { result, requests } = await runFresh(fx, withParallel(createTitled(), 1), {
			input: titled('one', 12),
		});
		expect(result.error).toBeUndefined();
		expectInItemOrder(result, 'one');
		expect(meter.mostAtOnce()).toBe(1);
		expect(requests.map(itemOf)).toEqual(Array.from({ length: 12 }, (_, n) => n));
	});
});

describe('Failing items among items in flight together', () => {
	/** 40 items; item 5 names a media the service does not have (400), item 7's title is too long for the node. */
	const withBadItems = (prefix: string) => {
		const input = titled(prefix, 40);
		input[5].json.media = UNKNOWN_MEDIA;
		input[7].json.title = 'x'.repeat(600);
		return input;
	};

	test('Continue On Fail: each bad item becomes an error item at its own index, paired to it; the others are created', async () => {
		const { result, items } = await runFresh(fx, createTitled(), {
			input: withBadItems('cof'),
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		const output = result.output(NODE);
		expect(output.map((item) => item.pairedItem)).toEqual(output.map((_, n) => ({ item: n })));
		expect(items[5].error).toMatchObject({ code: 'VALIDATION_ERROR', httpCode: '400' });
		expect(items[7].error).toMatchObject({
			message: expect.stringContaining('Parameter "Draft Title" is 600 characters long'),
		});
		expect((items[7].error as { message: string }).message).toContain('[item 7]');
		const good = items.map((item, n) => [n, item.draft_title]).filter(([n]) => n !== 5 && n !== 7);
		expect(good).toEqual(good.map(([n]) => [n, `cof-${n}`]));
		// every item but the one the node refused reached the service once
		expect(
			posts()
				.map(itemOf)
				.sort((a, b) => a - b),
		).toEqual(Array.from({ length: 40 }, (_, n) => n).filter((n) => n !== 7));
	});

	test('without Continue On Fail: the error of the lowest failing item, and no item started after the first failure', async () => {
		const { result } = await runFresh(fx, createTitled(), { input: withBadItems('stop') });
		// item 7 fails at once, before sending; item 5 was sent before it and fails at the service later
		expect(result.error?.context?.itemIndex).toBe(5);
		expect(result.error?.message).toMatch(/^VALIDATION_ERROR: /);
		const sent = posts().map(itemOf);
		expect(sent).toContain(5);
		expect(sent).not.toContain(7);
		// items start in item order: when item 7 failed, at most 9 other places could hold later items
		expect(Math.max(...sent)).toBeLessThan(7 + 10);
		expect(sent.length).toBeLessThanOrEqual(7 + 9);
		expect(new Set(sent).size).toBe(sent.length);
	});
});
