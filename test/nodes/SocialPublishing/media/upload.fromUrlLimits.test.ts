import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { storageRequests, uploadParams, useSourceServer } from './fixtures';

/**
 * Media > Upload from a URL is bounded: Max Size (a Content-Length over it is refused before the upload is
 * created; a body that passes it is stopped), the download's idle timeout, and what a server that
 * compresses anyway gets. The source is a local server that generates its bytes.
 */
const fx = useSandbox();
const source = useSourceServer(fx);

const MIB = 1024 * 1024;
const fromUrl = (path: string, options: IDataObject = {}) =>
	uploadParams(options, { inputSource: 'url', mediaUrl: `${source.baseUrl}${path}` });
const creates = (requests: Array<{ path: string }>) =>
	requests.filter((r) => r.path === '/v2/social-sets/101/media/upload');

describe('Max Size', () => {
	test('a Content-Length over Max Size is refused before the upload is created, naming the parameter, the URL without its query, the limit and the item', async () => {
		source.generate(200 * MIB);
		const { result, requests } = await runFresh(
			fx,
			fromUrl('/big.mp4?sig=s3cr3t', { maxSizeMib: 50 }),
		);
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${source.baseUrl}/big.mp4, which is 200 MiB (Content-Length ${200 * MIB}), larger than "Max Size (MiB)" allows (50 MiB); nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
		await source.served[0].closed;
		expect(source.served[0].sent).toBeLessThan(200 * MIB);
	});

	test('the default Max Size (512 MiB) refuses a larger Content-Length', async () => {
		source.generate(600 * MIB);
		const { result, requests } = await runFresh(fx, fromUrl('/huge.mp4'));
		expect(result.error?.message).toContain('larger than "Max Size (MiB)" allows (512 MiB)');
		expect(requests).toEqual([]);
	});

	test('a file within Max Size is uploaded whole', async () => {
		source.generate(3 * MIB);
		const { result, items } = await runFresh(fx, fromUrl('/fits.mp4', { maxSizeMib: 3 }));
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ file_name: 'fits.mp4', status: 'ready' });
		expect(storageRequests(fx)[0].body).toEqual({ rawLength: 3 * MIB });
	});

	test('a chunked download (no Content-Length) that passes Max Size is stopped there, before any upload', async () => {
		source.generate(20 * MIB, { chunked: true });
		const { result, requests } = await runFresh(fx, fromUrl('/endless.mp4', { maxSizeMib: 2 }));
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${source.baseUrl}/endless.mp4, which sent more than "Max Size (MiB)" allows (2 MiB): the download was stopped there; nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
		expect(source.served[0].sent).toBeLessThan(20 * MIB);
	});

	test.each([
		['0', 0],
		['negative', -5],
		['not a number (from an expression)', '={{ "lots" }}'],
		['infinite (from an expression)', '={{ 1/0 }}'],
	])('Max Size %s is refused before any request', async (_name, value) => {
		const message = await expectRejectedBeforeSending(
			fx,
			fromUrl('/x.mp4', { maxSizeMib: value }),
			{
				parameter: 'Max Size (MiB)',
				problem: /must be a number greater than 0/,
			},
		);
		expect(message).toMatch(/\[item 0\]$/);
		expect(source.served).toEqual([]);
	});

	test.each([
		['0', 0],
		['negative', -1],
		['not a number (from an expression)', '={{ "soon" }}'],
	])('Download Idle Timeout %s is refused before any request', async (_name, value) => {
		await expectRejectedBeforeSending(fx, fromUrl('/x.mp4', { idleTimeoutSeconds: value }), {
			parameter: 'Download Idle Timeout (Seconds)',
			problem: /must be a number greater than 0 and at most 3600/,
		});
	});

	test('the failing item is named: the second item, whose Max Size comes from an expression', async () => {
		source.generate(4 * MIB);
		const params = fromUrl('/file.mp4', { maxSizeMib: '={{ $json.max }}' });
		const { result } = await runFresh(fx, params, {
			input: [{ json: { max: 8 } }, { json: { max: 1 } }],
		});
		expect(result.error?.message).toMatch(
			/larger than "Max Size \(MiB\)" allows \(1 MiB\); nothing was uploaded \[item 1\]$/,
		);
		expect(creates(fx.apiRequests())).toHaveLength(1);
	});
});

describe('answers that are not read', () => {
	test('an error answer with a 200 MiB body fails at once, and its connection is closed', async () => {
		source.generate(200 * MIB, { status: 404, chunked: true });
		const { result, requests } = await runFresh(fx, fromUrl('/missing.mp4'));
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${source.baseUrl}/missing.mp4, which answered HTTP 404; nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
		expect(source.served[0].sent).toBeLessThan(200 * MIB);
	});
});

describe('a source that stalls', () => {
	test('headers and part of the file, then silence: the idle timeout ends the download and names the media left without its file', async () => {
		source.generate(4 * MIB, { stallAfter: 256 * 1024 });
		const { result, requests } = await runFresh(
			fx,
			fromUrl('/stalled.mp4', { idleTimeoutSeconds: 0.5 }),
		);
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Parameter "Media URL" has ${source.baseUrl.replace(/\./g, '\\.')}/stalled\\.mp4, which sent no data for 0\\.5 seconds \\("Download Idle Timeout \\(Seconds\\)"\\): the download was stopped after 0\\.\\d MiB; the upload did not complete: media ([0-9a-f-]{36}) was created and did not receive its file \\[item 0\\]$`,
			),
		);
		const created = creates(requests);
		expect(created).toHaveLength(1);
		const mediaId = /media ([0-9a-f-]{36})/.exec(result.error!.message)![1];
		expect(storageRequests(fx).every((r) => r.status !== 200)).toBe(true);
		const media = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/101/media/${mediaId}`, {
			headers: { Authorization: `Bearer ${fx.sandbox.keys.admin}` },
		});
		expect(((await media.json()) as { status: string }).status).toBe('processing');
		await source.served[0].closed;
	});

	test('a chunked download that stalls ends at the idle timeout before any upload is created', async () => {
		source.generate(4 * MIB, { chunked: true, stallAfter: 128 * 1024 });
		const { result, requests } = await runFresh(
			fx,
			fromUrl('/stalled-chunked.mp4', { idleTimeoutSeconds: 0.5 }),
		);
		expect(result.error?.message).toMatch(
			/which sent no data for 0\.5 seconds \("Download Idle Timeout \(Seconds\)"\): the download was stopped after 0\.1 MiB; nothing was uploaded \[item 0\]$/,
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
	});
});

describe('a server that compresses though plain bytes were asked for', () => {
	const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

	test('without Content-Length: the decompressed file is counted and uploaded', async () => {
		const file = Buffer.concat([randomBytes(64 * 1024), Buffer.alloc(512 * 1024, 1)]);
		const packed = gzipSync(file);
		source.answer((req, res) => {
			expect(req.headers['accept-encoding']).toBe('identity');
			res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Encoding': 'gzip' });
			res.end(packed);
		});
		const { result, items } = await runFresh(fx, fromUrl('/packed.png'));
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ file_name: 'packed.png', status: 'ready' });
		expect(storageRequests(fx)[0]).toMatchObject({
			body: { rawLength: file.length },
			sha256: sha256(file),
		});
	});

	test('without Content-Length: a small answer that unpacks past Max Size is stopped there', async () => {
		const packed = gzipSync(Buffer.alloc(16 * MIB));
		source.answer((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Encoding': 'gzip' });
			res.end(packed);
		});
		const { result, requests } = await runFresh(fx, fromUrl('/bomb.png', { maxSizeMib: 1 }));
		expect(packed.length).toBeLessThan(MIB);
		expect(result.error?.message).toContain(
			'which sent more than "Max Size (MiB)" allows (1 MiB): the download was stopped there; nothing was uploaded [item 0]',
		);
		expect(requests).toEqual([]);
	});

	test('with a Content-Length (the packed size): more bytes arrive than announced, and the upload is stopped with an error', async () => {
		const packed = gzipSync(Buffer.alloc(2 * MIB, 7));
		source.answer((_req, res) => {
			res.writeHead(200, {
				'Content-Type': 'image/png',
				'Content-Encoding': 'gzip',
				'Content-Length': String(packed.length),
			});
			res.end(packed);
		});
		const { result } = await runFresh(fx, fromUrl('/packed-length.png'));
		expect(result.error?.message).toMatch(
			new RegExp(
				`which sent more than the ${packed.length} bytes its Content-Length announced \\(a compressed answer, though plain bytes were asked for\\?\\); the upload did not complete: media [0-9a-f-]{36} was created and did not receive its file \\[item 0\\]$`,
			),
		);
		expect(storageRequests(fx).every((r) => r.status !== 200)).toBe(true);
	});
});
