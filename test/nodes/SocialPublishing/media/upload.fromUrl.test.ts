import { createHash, randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { NODE } from '../../../harness/workflows';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { storageRequests, uploadParams } from './fixtures';

/**
 * Media > Upload with Input Source "URL": the node reads a public URL (here a local file server) with n8n's
 * HTTP helper and streams it into the sandbox's presigned upload URL. The file is checked (status, type,
 * name) before the upload is created (Media endpoint: file_name pattern; Media: supported formats).
 */
const fx = useSandbox();
const files = new ScriptedServer();
beforeAll(async () => await files.start());
afterAll(async () => await files.stop());
beforeEach(() => {
	files.reset();
	fx.sandbox.clearRequests();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fromUrl = (url: string, options: IDataObject = {}) =>
	uploadParams(options, { inputSource: 'url', mediaUrl: url });

describe('Media > Upload from a URL', () => {
	test('the bytes arrive intact at the upload URL; neither the download nor the PUT carries an Authorization header', async () => {
		const bytes = randomBytes(300 * 1024);
		files.reply({ status: 200, headers: { 'Content-Type': 'image/png' }, body: bytes });
		const { result, requests, items } = await runFresh(
			fx,
			fromUrl(`${files.baseUrl}/images/launch-banner.png`, { altText: 'The banner' }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({
			file_name: 'launch-banner.png',
			status: 'ready',
			mime: 'image/png',
			alt_text: 'The banner',
		});

		expect(files.requests).toHaveLength(1);
		expect(files.requests[0]).toMatchObject({ method: 'GET', path: '/images/launch-banner.png' });
		expect(files.requests[0].headers.authorization).toBeUndefined();
		expect(files.requests[0].headers.cookie).toBeUndefined();

		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: '/v2/social-sets/101/media/upload',
			body: { file_name: 'launch-banner.png', alt_text: 'The banner' },
		});
		const [put] = storageRequests(fx);
		expect(put).toMatchObject({
			method: 'PUT',
			status: 200,
			body: { rawLength: bytes.length },
			sha256: sha256(bytes),
		});
		expect(put.headers['content-length']).toBe(String(bytes.length));
		expect(put.headers.authorization).toBeUndefined();
		expect(put.headers['content-type']).toBeUndefined();
		expect(put.headers['transfer-encoding']).toBeUndefined();
	});

	test('a URL that answers 404 fails before the upload is created, naming the parameter, the URL and the item', async () => {
		files.reply({ status: 404, body: 'Not here' });
		const { result, requests } = await runFresh(
			fx,
			fromUrl(`${files.baseUrl}/missing/photo.png?token=s3cr3t`),
		);
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${files.baseUrl}/missing/photo.png, which answered HTTP 404; nothing was uploaded [item 0]`,
		);
		expect(result.error?.message).not.toContain('s3cr3t');
		expect(requests).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
	});

	test('a URL that serves an unsupported type (an HTML page at a .jpg path) fails before the upload is created', async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'text/html; charset=utf-8' },
			body: '<html>Please log in</html>',
		});
		const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/photo.jpg`));
		expect(result.error?.message).toBe(
			`Parameter "Media URL" has ${files.baseUrl}/photo.jpg, which serves "text/html", which is not a supported media type (jpg, jpeg, png, webp, gif, mp4, mov, pdf); nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
	});

	test('a generic binary type with an unsupported extension fails before the upload is created', async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'application/octet-stream' },
			body: Buffer.from('PK'),
		});
		const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/files/archive.zip`));
		expect(result.error?.message).toContain(
			'gives the file name "archive.zip" and the type "application/octet-stream": neither names a supported media type',
		);
		expect(requests).toEqual([]);
	});

	test("the file name comes from Content-Disposition, made to fit the service's pattern", async () => {
		const bytes = randomBytes(2048);
		files.reply({
			status: 200,
			headers: {
				'Content-Type': 'application/pdf',
				'Content-Disposition': 'attachment; filename="Q3 Report (final).pdf"',
			},
			body: bytes,
		});
		const { result, requests, items } = await runFresh(
			fx,
			fromUrl(`${files.baseUrl}/download?id=7`),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ file_name: 'Q3-Report-(final).pdf' });
		expect(items[0]).toMatchObject({
			file_name: 'Q3-Report-(final).pdf',
			mime: 'application/pdf',
			status: 'ready',
		});
		expect(storageRequests(fx)[0].sha256).toBe(sha256(bytes));
	});

	test('a URL path without extension takes its extension from Content-Type', async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'image/jpeg' },
			body: randomBytes(1024),
		});
		const { result, requests, items } = await runFresh(fx, fromUrl(`${files.baseUrl}/media/12345`));
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ file_name: '12345.jpg' });
		expect(items[0]).toMatchObject({ mime: 'image/jpeg' });
	});

	test("Content-Type decides the format when it differs from the URL's extension (a .jpg served as WebP)", async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'image/webp' },
			body: randomBytes(1024),
		});
		const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/cdn/photo.jpg`));
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ file_name: 'photo.webp' });
	});

	test('a redirect is followed and the name comes from where the file is', async () => {
		files.reply(
			{ status: 302, headers: { Location: '/storage/clip.mp4' } },
			{ status: 200, headers: { 'Content-Type': 'video/mp4' }, body: randomBytes(4096) },
		);
		const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/go/latest`));
		expect(result.error).toBeUndefined();
		expect(files.requests.map((r) => r.path)).toEqual(['/go/latest', '/storage/clip.mp4']);
		expect(requests[0].body).toEqual({ file_name: 'clip.mp4' });
	});

	test('"File Name" replaces the name the URL gives', async () => {
		files.reply({ status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(512) });
		const { result, requests } = await runFresh(
			fx,
			fromUrl(`${files.baseUrl}/x.png`, { fileName: 'renamed.png' }),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ file_name: 'renamed.png' });
	});

	test('a download without Content-Length (chunked) still arrives whole, and the PUT carries its length', async () => {
		const bytes = randomBytes(200 * 1024);
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'image/gif', 'Transfer-Encoding': 'chunked' },
			body: bytes,
		});
		const { result, items } = await runFresh(fx, fromUrl(`${files.baseUrl}/anim.gif`));
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ file_name: 'anim.gif', status: 'ready' });
		const [put] = storageRequests(fx);
		expect(put).toMatchObject({ body: { rawLength: bytes.length }, sha256: sha256(bytes) });
		expect(put.headers['content-length']).toBe(String(bytes.length));
	});

	test('a 503 from the file server is tried again (a GET is safe to repeat)', async () => {
		files.reply(
			{ status: 503, body: 'busy' },
			{ status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(256) },
		);
		const { result } = await runFresh(fx, fromUrl(`${files.baseUrl}/busy.png`));
		expect(result.error).toBeUndefined();
		expect(files.requests).toHaveLength(2);
	});

	test('an empty file fails before the upload is created', async () => {
		files.reply({ status: 200, headers: { 'Content-Type': 'image/png' }, body: Buffer.alloc(0) });
		const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/empty.png`));
		expect(result.error?.message).toContain(
			'which answered an empty file; nothing was uploaded [item 0]',
		);
		expect(requests).toEqual([]);
	});

	test.each([
		['not a URL', 'not a url', /is not a valid URL/],
		['an FTP URL', 'ftp://files.example.com/a.png', /must be an http or https URL, got "ftp:"/],
		['empty (from an expression)', '={{ "" }}', /is empty/],
	])('%s is refused before any request', async (_name, url, problem) => {
		await expectRejectedBeforeSending(fx, fromUrl(url), { parameter: 'Media URL', problem });
		expect(files.requests).toEqual([]);
	});

	test('a bad "File Name" is refused before the URL is read', async () => {
		await expectRejectedBeforeSending(
			fx,
			fromUrl(`${files.baseUrl}/a.png`, { fileName: 'my file.png' }),
			{ parameter: 'File Name' },
		);
		expect(files.requests).toEqual([]);
	});

	test('the failing item is named: the second of two, after the first uploaded', async () => {
		files.reply(
			{ status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(256) },
			{ status: 404 },
		);
		const params = fromUrl('={{ $json.url }}');
		const input = [
			{ json: { url: `${files.baseUrl}/one.png` } },
			{ json: { url: `${files.baseUrl}/two.png` } },
		];
		const { result } = await runFresh(fx, params, { input });
		expect(result.error?.message).toMatch(
			/^Parameter "Media URL" has .*\/two\.png, which answered HTTP 404; nothing was uploaded \[item 1\]$/,
		);
		expect(result.output(NODE)).toEqual([]);
	});
});

describe('Media > Upload from a URL: the storage host refuses the PUT', () => {
	test('a 503 for the streamed PUT is the error (not the download it was reading), and its description names the media left without its file', async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'image/png', 'Content-Length': String(8 * 1024 * 1024) },
			body: randomBytes(8 * 1024 * 1024),
		});
		fx.sandbox.faults.set({ fail503: 1, paths: '/__storage/' });
		try {
			const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/refused.png`));
			// the storage host answers 503 and closes while the 8 MiB are still being sent: HTTP 503 or EPIPE
			expect(result.error?.message).toMatch(
				/^Uploading the file to the presigned URL failed: (HTTP 503|write EPIPE|.*ECONNRESET.*)$/,
			);
			expect(result.error?.description).toMatch(
				/^Media [0-9a-f-]{36} was created and did not receive its file; it cannot be attached/,
			);
			expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
				'POST /v2/social-sets/101/media/upload',
			]);
		} finally {
			fx.sandbox.faults.clear();
		}
	});
});

describe('Media > Upload from a URL: a download that breaks off', () => {
	test('a server that closes the connection mid-file ends in an upload error, not a hang, and no media becomes ready', async () => {
		const http = await import('node:http');
		const server = http.createServer((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(1024 * 1024) });
			res.write(randomBytes(100 * 1024), () => setTimeout(() => res.socket?.destroy(), 50));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const port = (server.address() as { port: number }).port;
			const { result, requests } = await runFresh(
				fx,
				fromUrl(`http://127.0.0.1:${port}/broken.png`, { timeoutSeconds: 5 }),
			);
			expect(result.error?.message).toMatch(
				/^Parameter "Media URL" has http:\/\/127\.0\.0\.1:\d+\/broken\.png, whose download broke off \(.+\); the upload did not complete: media [0-9a-f-]{36} was created and did not receive its file \[item 0\]$/,
			);
			expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
				'POST /v2/social-sets/101/media/upload',
			]);
			expect(storageRequests(fx).every((r) => r.status !== 200)).toBe(true);
		} finally {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});
