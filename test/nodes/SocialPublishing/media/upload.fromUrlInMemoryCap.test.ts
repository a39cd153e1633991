import type { IDataObject } from 'n8n-workflow';
import { inMemoryChunked } from '../../../../nodes/SocialPublishing/mediaUpload/downloadLimits';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { storageRequests, uploadParams, useSourceServer } from './fixtures';

/**
 * A download without Content-Length is stored in n8n's binary store before its upload; when n8n keeps
 * binary data in memory (binary data mode "default", as in this harness: no binary data service is set up)
 * it gets a smaller cap than the default Max Size, unless Max Size was set. The cap is lowered here from
 * 64 MiB to 1 MiB so the files stay small. (Filesystem mode: upload.fromUrlDisk.test.ts.)
 */
const fx = useSandbox();
const source = useSourceServer(fx);

const MIB = 1024 * 1024;
const saved = { ...inMemoryChunked };
beforeEach(() => (inMemoryChunked.maxBytes = MIB));
afterEach(() => Object.assign(inMemoryChunked, saved));

const fromUrl = (path: string, options: IDataObject = {}) =>
	uploadParams(options, { inputSource: 'url', mediaUrl: `${source.baseUrl}${path}` });

describe('a chunked download while n8n keeps binary data in memory', () => {
	test('without Max Size it is stopped at the in-memory cap, before any upload, with an error saying why and what to set', async () => {
		source.generate(20 * MIB, { chunked: true });
		const { result, requests } = await runFresh(fx, fromUrl('/chunked.mp4'));
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${source.baseUrl}/chunked.mp4, which sent more than 1 MiB without a Content-Length, the most kept in memory when "Max Size (MiB)" is not set (n8n keeps binary data in memory, binary data mode "default"; set "Max Size (MiB)" to allow more, or use filesystem mode): the download was stopped there; nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
		expect(source.served[0].sent).toBeLessThan(20 * MIB);
	});

	test('with Max Size set, Max Size is the bound: the file is uploaded whole', async () => {
		source.generate(3 * MIB, { chunked: true });
		const { result, items } = await runFresh(fx, fromUrl('/chunked.mp4', { maxSizeMib: 4 }));
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ file_name: 'chunked.mp4', status: 'ready' });
		expect(storageRequests(fx)[0].body).toEqual({ rawLength: 3 * MIB });
	});

	test('with Max Size set lower than the cap, Max Size still stops it, with its own error', async () => {
		inMemoryChunked.maxBytes = 2 * MIB;
		source.generate(3 * MIB, { chunked: true });
		const { result } = await runFresh(fx, fromUrl('/chunked.mp4', { maxSizeMib: 1 }));
		expect(result.error?.message).toContain(
			'which sent more than "Max Size (MiB)" allows (1 MiB): the download was stopped there; nothing was uploaded [item 0]',
		);
	});

	test('a download with a Content-Length is streamed, not stored: the cap does not apply', async () => {
		source.generate(3 * MIB);
		const { result, items } = await runFresh(fx, fromUrl('/sized.mp4'));
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ file_name: 'sized.mp4', status: 'ready' });
		expect(storageRequests(fx)[0].body).toEqual({ rawLength: 3 * MIB });
	});
});
