import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { filesystemBinaryData, uploadParams } from './fixtures';
import { peakRssGrowth, SourceServer } from './sourceServer';

/**
 * A 200 MiB download without Content-Length and a Max Size of 50 MiB, with n8n keeping binary data on
 * disk (filesystem mode, n8n's default; n8n-core's own BinaryDataService on a temporary folder): the
 * download is stopped at Max Size and the process grows by less than 64 MiB at its peak.
 */
const fx = useSandbox();
const source = new SourceServer();
const folder = mkdtempSync(join(tmpdir(), 'sp-url-limit-'));
const MIB = 1024 * 1024;
const fromUrl = (path: string, maxSizeMib: number) =>
	uploadParams({ maxSizeMib }, { inputSource: 'url', mediaUrl: `${source.baseUrl}${path}` });

beforeAll(async () => {
	await source.start();
	await filesystemBinaryData(folder);
	// warm-up: code loaded on first use (HTTP client, binary helpers) is not the download's cost
	source.generate(2 * MIB, { chunked: true });
	expect((await runFresh(fx, fromUrl('/warm.mp4', 1))).result.error).toBeDefined();
});
afterAll(async () => {
	await source.stop();
	rmSync(folder, { recursive: true, force: true });
});

test('a 200 MiB chunked download with Max Size 50 MiB stops at about 50 MiB, with a clear error, and RSS grows by less than 64 MiB', async () => {
	source.generate(200 * MIB, { chunked: true });
	const { value, growth } = await peakRssGrowth(
		async () => await runFresh(fx, fromUrl('/stream/endless.mp4', 50)),
	);
	expect(value.result.error?.message).toBe(
		`Parameter "Media URL" has ${source.baseUrl}/stream/endless.mp4, which sent more than "Max Size (MiB)" allows (50 MiB): the download was stopped there; nothing was uploaded [item 0]`,
	);
	expect(value.requests).toEqual([]);
	await source.served[0].closed;
	// what the source wrote: Max Size plus what socket buffers held when the connection closed
	expect(source.served[0].sent).toBeGreaterThanOrEqual(50 * MIB);
	expect(source.served[0].sent).toBeLessThan(60 * MIB);
	expect(growth).toBeLessThan(64 * MIB);
});
