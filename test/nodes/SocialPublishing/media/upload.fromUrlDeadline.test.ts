import type { IDataObject } from 'n8n-workflow';
import { downloadDeadline } from '../../../../nodes/common/transport/downloadGuard';
import { useSandbox } from '../../../harness/sandbox';
import { runAndStop, until } from './cancel';
import { runFresh } from '../../../harness/nodeRun';
import { storageRequests, uploadParams, useSourceServer } from './fixtures';

/**
 * Every download from a media URL has a deadline scaled to Max Size (60 s plus 1 s per 256 KiB), on top of
 * its idle timeout: a source that sends a byte now and then, never silent long enough for the idle timeout,
 * is still stopped, and so is one that never answers. The deadline's base and throughput are settable
 * (`downloadDeadline`), so these sources drip a byte every 50 ms against a deadline of about a second; no
 * test asserts how long anything took, only that it ended, and with which error.
 */
const fx = useSandbox();
const source = useSourceServer(fx);

const saved = { ...downloadDeadline };
beforeEach(() => {
	// 1 MiB of Max Size gets 0.3 s + 1 s
	downloadDeadline.baseMs = 300;
	downloadDeadline.minBytesPerSecond = 1024 * 1024;
});
afterEach(() => Object.assign(downloadDeadline, saved));

const fromUrl = (path: string, options: IDataObject = {}) =>
	uploadParams(
		{ maxSizeMib: 1, ...options },
		{ inputSource: 'url', mediaUrl: `${source.baseUrl}${path}` },
	);
const creates = (requests: Array<{ path: string }>) =>
	requests.filter((r) => r.path === '/v2/social-sets/101/media/upload');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the deadline of a download from a media URL', () => {
	test('a chunked download dripping a byte every 50 ms (idle timeout 60 s) ends at its deadline, before any upload, naming the parameter, the limit and the item; its connection is closed', async () => {
		source.drip(50);
		const { result, requests } = await runFresh(fx, fromUrl('/drip.mp4?sig=s3cr3t'));
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Parameter "Media URL" has ${escape(source.baseUrl)}/drip\\.mp4, which did not finish within 1\\.3 seconds, the time "Max Size \\(MiB\\)" \\(1 MiB\\) allows \\(0\\.3 seconds plus 1 second per 1024 KiB\\): the download was stopped after 0 MiB; nothing was uploaded \\[item 0\\]$`,
			),
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
		expect(source.served[0].sent).toBeGreaterThan(0);
	});

	test('a download with a Content-Length dripping into a running upload ends at the deadline, naming the media left without its file', async () => {
		source.drip(50, { length: 512 * 1024 });
		const { result, requests } = await runFresh(fx, fromUrl('/drip-length.mp4'));
		expect(result.error?.message).toMatch(
			/^Parameter "Media URL" has \S+\/drip-length\.mp4, which did not finish within 1\.3 seconds, the time "Max Size \(MiB\)" \(1 MiB\) allows \(0\.3 seconds plus 1 second per 1024 KiB\): the download was stopped after 0 MiB; the upload did not complete: media [0-9a-f-]{36} was created and did not receive its file \[item 0\]$/,
		);
		expect(creates(requests)).toHaveLength(1);
		expect(storageRequests(fx).every((r) => r.status !== 200)).toBe(true);
		await source.served[0].closed;
	});

	test('the deadline is scaled to Max Size: a larger Max Size gives a longer one, named in the error', async () => {
		source.drip(50);
		const { result } = await runFresh(fx, fromUrl('/drip.mp4', { maxSizeMib: 2 }));
		expect(result.error?.message).toContain(
			'which did not finish within 2.3 seconds, the time "Max Size (MiB)" (2 MiB) allows',
		);
		await source.served[0].closed;
	});

	test('a source that never answers is stopped at the deadline too (no answer came)', async () => {
		source.hang();
		const { result, requests } = await runFresh(fx, fromUrl('/silent.mp4'));
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${source.baseUrl}/silent.mp4, which did not finish within 1.3 seconds, the time "Max Size (MiB)" (1 MiB) allows (0.3 seconds plus 1 second per 1024 KiB) (no answer came); nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
	});

	test('Stop still ends a dripping download at once, with the cancellation as the outcome', async () => {
		downloadDeadline.baseMs = 600_000;
		source.drip(50);
		const result = await runAndStop(fx, fromUrl('/drip-stop.mp4'), async () => {
			await until(() => source.served.length > 0);
			await source.served[0].started;
		});
		expect(result.error?.message).toBe(
			`The execution was cancelled while downloading ${source.baseUrl}/drip-stop.mp4 [item 0]`,
		);
		await source.served[0].closed;
	});
});
