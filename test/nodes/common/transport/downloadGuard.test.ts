import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
	DownloadDeadline,
	DownloadGuard,
	downloadDeadline,
	downloadDeadlineMs,
} from '../../../../nodes/common/transport/downloadGuard';

/**
 * The guard on its own, with Node streams standing in for a download body (its request is not involved:
 * the test ends the body when the guard's signal aborts, as the HTTP client does).
 */
function guarded(limits: { maxBytes: number; idleTimeoutMs: number }, announced?: number) {
	const cancel = new AbortController();
	const guard = new DownloadGuard(limits, cancel.signal);
	const body = new PassThrough();
	guard.attach(body, announced);
	guard.signal.addEventListener('abort', () => body.destroy(new Error('canceled')));
	return { guard, body, cancel };
}

async function readAll(body: Readable): Promise<number> {
	let size = 0;
	await pipeline(body, async (source: AsyncIterable<Buffer>) => {
		for await (const chunk of source) size += chunk.length;
	});
	return size;
}

describe('DownloadGuard', () => {
	test('counts every byte the body hands to its reader and leaves a body within its limits alone', async () => {
		const { guard, body } = guarded({ maxBytes: 1000, idleTimeoutMs: 60_000 }, 900);
		const reading = readAll(body);
		for (let i = 0; i < 9; i++) body.write(Buffer.alloc(100));
		body.end();
		await expect(reading).resolves.toBe(900);
		expect(guard.bytes).toBe(900);
		expect(guard.stopped).toBeUndefined();
		expect(guard.signal.aborted).toBe(false);
	});

	test('past Max Size it aborts the request, the chunk that passes it is not handed on, and it says why', async () => {
		const { guard, body } = guarded({ maxBytes: 250, idleTimeoutMs: 60_000 });
		const seen: number[] = [];
		body.on('data', (chunk: Buffer) => seen.push(chunk.length));
		const ended = new Promise((resolve) => body.on('error', resolve));
		body.write(Buffer.alloc(100));
		body.write(Buffer.alloc(100));
		body.write(Buffer.alloc(100));
		await ended;
		expect(guard.stopped).toEqual({ reason: 'tooLarge', maxBytes: 250 });
		expect(guard.signal.aborted).toBe(true);
		expect(seen.reduce((a, b) => a + b, 0)).toBe(200);
		expect(guard.broken?.message).toBe('canceled');
	});

	test('more bytes than the Content-Length announced stop it', async () => {
		const { guard, body } = guarded({ maxBytes: 10_000, idleTimeoutMs: 60_000 }, 150);
		const reading = readAll(body);
		body.write(Buffer.alloc(100));
		body.write(Buffer.alloc(100));
		await expect(reading).rejects.toThrow('canceled');
		expect(guard.stopped).toEqual({ reason: 'longerThanAnnounced', announced: 150 });
	});

	test("the execution's cancel signal stops it", async () => {
		const { guard, body, cancel } = guarded({ maxBytes: 10_000, idleTimeoutMs: 60_000 });
		const reading = readAll(body);
		body.write(Buffer.alloc(10));
		cancel.abort();
		await expect(reading).rejects.toThrow('canceled');
		expect(guard.stopped).toEqual({ reason: 'cancelled' });
	});

	test('a guard made after the execution was cancelled is stopped from the start', () => {
		const cancel = new AbortController();
		cancel.abort();
		const guard = new DownloadGuard({ maxBytes: 1, idleTimeoutMs: 1 }, cancel.signal);
		expect(guard.stopped).toEqual({ reason: 'cancelled' });
		expect(guard.signal.aborted).toBe(true);
	});

	test('a body that sends nothing while its reader waits is stopped at the idle timeout', async () => {
		const { guard, body } = guarded({ maxBytes: 10_000, idleTimeoutMs: 200 });
		const reading = readAll(body);
		guard.watchIdle(body);
		body.write(Buffer.alloc(10));
		await expect(reading).rejects.toThrow('canceled');
		expect(guard.stopped).toEqual({ reason: 'idle', idleTimeoutMs: 200 });
		expect(guard.bytes).toBe(10);
	});

	test('bytes waiting for a slow reader are not silence: the idle timeout does not end the body', async () => {
		const { guard, body } = guarded({ maxBytes: 10_000_000, idleTimeoutMs: 100 });
		guard.watchIdle(body);
		body.write(Buffer.alloc(1000)); // nobody reads yet: it waits in the body's buffer
		await new Promise((resolve) => setTimeout(resolve, 350));
		expect(guard.stopped).toBeUndefined();
		const reading = readAll(body);
		body.end();
		await expect(reading).resolves.toBe(1000);
		expect(guard.stopped).toBeUndefined();
	});

	test('once the body has ended, cancelling the execution changes nothing', async () => {
		const { guard, body, cancel } = guarded({ maxBytes: 10_000, idleTimeoutMs: 100 });
		guard.watchIdle(body);
		const reading = readAll(body);
		body.end(Buffer.alloc(5));
		await expect(reading).resolves.toBe(5);
		await new Promise((resolve) => setImmediate(resolve));
		cancel.abort();
		expect(guard.stopped).toBeUndefined();
		expect(guard.signal.aborted).toBe(false);
	});

	test('a body that keeps sending a byte now and then is stopped at its deadline, though never idle', async () => {
		const cancel = new AbortController();
		const deadline = new DownloadDeadline(300);
		const guard = new DownloadGuard(
			{ maxBytes: 10_000, idleTimeoutMs: 60_000 },
			cancel.signal,
			deadline,
		);
		const body = new PassThrough();
		guard.attach(body);
		guard.signal.addEventListener('abort', () => body.destroy(new Error('canceled')));
		const reading = readAll(body);
		guard.watchIdle(body);
		const drip = setInterval(() => body.write(Buffer.alloc(1)), 20);
		try {
			await expect(reading).rejects.toThrow('canceled');
		} finally {
			clearInterval(drip);
		}
		expect(guard.stopped).toEqual({ reason: 'deadline', deadlineMs: 300 });
		expect(guard.bytes).toBeGreaterThan(0);
	});

	test('the deadline waits while the answer waits for its reader, and runs again once it is read', async () => {
		const deadline = new DownloadDeadline(150);
		const guard = new DownloadGuard(
			{ maxBytes: 10_000, idleTimeoutMs: 60_000 },
			undefined,
			deadline,
		);
		const body = new PassThrough();
		guard.attach(body); // the answer arrived: paused until watchIdle
		guard.signal.addEventListener('abort', () => body.destroy(new Error('canceled')));
		const left = deadline.left();
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(guard.stopped).toBeUndefined();
		expect(deadline.left()).toBe(left);
		const reading = readAll(body);
		guard.watchIdle(body);
		await expect(reading).rejects.toThrow('canceled');
		expect(guard.stopped).toEqual({ reason: 'deadline', deadlineMs: 150 });
	});

	test('a guard made once the deadline has passed is stopped from the start, and its request is never sent', () => {
		const deadline = new DownloadDeadline(0);
		const guard = new DownloadGuard({ maxBytes: 1, idleTimeoutMs: 1000 }, undefined, deadline);
		expect(guard.stopped).toEqual({ reason: 'deadline', deadlineMs: 0 });
		expect(guard.signal.aborted).toBe(true);
	});

	test('a body that ends within its deadline releases the timer and is not stopped later', async () => {
		const deadline = new DownloadDeadline(100);
		const guard = new DownloadGuard(
			{ maxBytes: 10_000, idleTimeoutMs: 60_000 },
			undefined,
			deadline,
		);
		const body = new PassThrough();
		guard.attach(body);
		const reading = readAll(body);
		guard.watchIdle(body);
		body.end(Buffer.alloc(5));
		await expect(reading).resolves.toBe(5);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(guard.stopped).toBeUndefined();
		expect(guard.signal.aborted).toBe(false);
	});
});

describe('downloadDeadlineMs', () => {
	test('60 s plus 1 s per 256 KiB of Max Size, as the presigned PUT has', () => {
		expect(downloadDeadline).toEqual({ baseMs: 60_000, minBytesPerSecond: 256 * 1024 });
		expect(downloadDeadlineMs(1024 * 1024)).toBe(64_000);
		expect(downloadDeadlineMs(100 * 1024 * 1024)).toBe(460_000);
		expect(downloadDeadlineMs(512 * 1024 * 1024)).toBe(2_108_000);
	});
});
