import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useSandbox } from '../../../harness/sandbox';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { runFresh } from '../../../harness/nodeRun';
import { inMemoryChunked } from '../../../../nodes/SocialPublishing/mediaUpload/downloadLimits';
import { filesystemBinaryData, storageRequests, uploadParams } from './fixtures';

/**
 * A download without Content-Length, with n8n keeping binary data on disk (filesystem mode, n8n-core's own
 * BinaryDataService on a temporary folder): the node stores the download through n8n's binary helper, then
 * streams that file to the upload URL with its length (the storage host needs one).
 */
const fx = useSandbox();
const files = new ScriptedServer();
const folder = mkdtempSync(join(tmpdir(), 'sp-url-binary-'));

beforeAll(async () => {
	await files.start();
	await filesystemBinaryData(folder);
});
afterAll(async () => {
	await files.stop();
	rmSync(folder, { recursive: true, force: true });
});

const filesUnder = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [entry.name],
	);

test("a chunked download goes through n8n's binary store on disk and arrives whole, with its length on the PUT", async () => {
	const bytes = randomBytes(3 * 1024 * 1024);
	files.reply({
		status: 200,
		headers: { 'Content-Type': 'video/mp4', 'Transfer-Encoding': 'chunked' },
		body: bytes,
	});
	const { result, items } = await runFresh(
		fx,
		uploadParams({}, { inputSource: 'url', mediaUrl: `${files.baseUrl}/clips/teaser.mp4` }),
	);
	expect(result.error).toBeUndefined();
	expect(items[0]).toMatchObject({ file_name: 'teaser.mp4', status: 'ready', mime: 'video/mp4' });
	const [put] = storageRequests(fx);
	expect(put).toMatchObject({
		status: 200,
		body: { rawLength: bytes.length },
		sha256: createHash('sha256').update(bytes).digest('hex'),
	});
	expect(put.headers['content-length']).toBe(String(bytes.length));
	expect(put.headers['transfer-encoding']).toBeUndefined();
	expect(filesUnder(folder).length).toBeGreaterThan(0);
});

test('the smaller cap of a chunked download kept in memory does not apply in filesystem mode', async () => {
	const saved = inMemoryChunked.maxBytes;
	inMemoryChunked.maxBytes = 1024 * 1024;
	try {
		const bytes = randomBytes(3 * 1024 * 1024);
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'video/mp4', 'Transfer-Encoding': 'chunked' },
			body: bytes,
		});
		const { result, items } = await runFresh(
			fx,
			uploadParams({}, { inputSource: 'url', mediaUrl: `${files.baseUrl}/clips/long.mp4` }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ file_name: 'long.mp4', status: 'ready' });
		expect(storageRequests(fx)[0].body).toEqual({ rawLength: bytes.length });
	} finally {
		inMemoryChunked.maxBytes = saved;
	}
});
