import { Turnstile } from '../../../../nodes/SocialPublishing/actions/parallel/turnstile';

/**
 * The Turnstile (actions/parallel/turnstile.ts): a slot-taking write of item i is sent once every item
 * before it took its slot or ended, whatever order the items reach it in; Stop rejects those waiting.
 */
const settle = async () => await new Promise((resolve) => setImmediate(resolve));

/** A send that records its item when it starts, and ends when `finish(item)` is called. */
function sends() {
	const started: number[] = [];
	const finishers = new Map<number, () => void>();
	const send = (item: number) => async () => {
		started.push(item);
		await new Promise<void>((resolve) => finishers.set(item, resolve));
		return item;
	};
	const finish = (item: number) => finishers.get(item)?.();
	return { started, send, finish };
}

describe('Turnstile', () => {
	test('sends run in item order whatever order the items call in, each after the one before it answered', async () => {
		const turnstile = new Turnstile();
		const { started, send, finish } = sends();
		const order = [4, 2, 0, 3, 1];
		const results = order.map((item) => turnstile.inOrder(item, send(item)));
		await settle();
		expect(started).toEqual([0]);
		for (let item = 0; item < 5; item++) {
			finish(item);
			await settle();
			expect(started).toEqual([0, 1, 2, 3, 4].slice(0, Math.min(item + 2, 5)));
		}
		expect(await Promise.all(results)).toEqual(order);
	});

	test('an item that takes no slot lets the later ones go once it passes', async () => {
		const turnstile = new Turnstile();
		const { started, send, finish } = sends();
		const third = turnstile.inOrder(2, send(2));
		const second = turnstile.inOrder(1, send(1));
		await settle();
		expect(started).toEqual([]);
		// item 0 ended without a slot-taking write
		turnstile.pass(0);
		await settle();
		expect(started).toEqual([1]);
		finish(1);
		await settle();
		expect(started).toEqual([1, 2]);
		finish(2);
		expect([await second, await third]).toEqual([1, 2]);
	});

	test('passes given out of order count once every earlier one passed', async () => {
		const turnstile = new Turnstile();
		const { started, send, finish } = sends();
		const last = turnstile.inOrder(3, send(3));
		turnstile.pass(2);
		turnstile.pass(1);
		await settle();
		expect(started).toEqual([]);
		turnstile.pass(0);
		await settle();
		expect(started).toEqual([3]);
		finish(3);
		expect(await last).toBe(3);
	});

	test('a failed send passes its item too', async () => {
		const turnstile = new Turnstile();
		const { started, send, finish } = sends();
		const next = turnstile.inOrder(1, send(1));
		await expect(
			turnstile.inOrder(0, async () => await Promise.reject(new Error('refused'))),
		).rejects.toThrow('refused');
		await settle();
		expect(started).toEqual([1]);
		finish(1);
		expect(await next).toBe(1);
	});

	test('stop rejects every waiting item and any later one; the send in progress ends as it would', async () => {
		const turnstile = new Turnstile();
		const { started, send, finish } = sends();
		const stop = new Error('stopped');
		const running = turnstile.inOrder(0, send(0));
		const waiting = [1, 2].map((item) => turnstile.inOrder(item, send(item)));
		await settle();
		turnstile.stop(stop);
		for (const wait of waiting) await expect(wait).rejects.toBe(stop);
		await expect(turnstile.inOrder(3, send(3))).rejects.toBe(stop);
		finish(0);
		expect(await running).toBe(0);
		expect(started).toEqual([0]);
	});
});
