import { useSandbox } from '../../../harness/sandbox';
import { runAndStop, until } from './cancel';
import { storageRequests, uploadParams, useSourceServer } from './fixtures';

/**
 * Stop (n8n cancelling the execution) ends a running download from a media URL, and the upload it is
 * streamed into, with the cancellation as the outcome; the source's connection is closed.
 * The sources stall mid-file, so only Stop can end these runs before the idle timeout (60 s by default).
 */
const fx = useSandbox();
const source = useSourceServer(fx);

const MIB = 1024 * 1024;
const fromUrl = (path: string) =>
	uploadParams({}, { inputSource: 'url', mediaUrl: `${source.baseUrl}${path}` });
const creates = () => fx.apiRequests().filter((r) => r.path === '/v2/social-sets/101/media/upload');

describe('Stop during Media > Upload from a URL', () => {
	test('a running download without Content-Length (being stored) ends with the cancellation; nothing was uploaded', async () => {
		source.generate(8 * MIB, { chunked: true, stallAfter: 256 * 1024 });
		const result = await runAndStop(fx, fromUrl('/stalls/clip.mp4'), async () => {
			await until(() => source.served.length > 0);
			await source.served[0].started;
		});
		expect(result.error?.message).toBe(
			`The execution was cancelled while downloading ${source.baseUrl}/stalls/clip.mp4 [item 0]`,
		);
		expect(result.error?.description).toBe('Nothing was uploaded.');
		expect(creates()).toEqual([]);
		await source.served[0].closed;
		expect(source.served[0].sent).toBeLessThan(8 * MIB);
	});

	test('a running download streamed into a running upload: both end, and the error names the media left without its file', async () => {
		source.generate(8 * MIB, { stallAfter: 512 * 1024 });
		const result = await runAndStop(fx, fromUrl('/stalls/movie.mp4'), async () => {
			// the sandbox records a request as it arrives: the PUT has reached the storage host
			await until(() => storageRequests(fx).length > 0);
		});
		expect(result.error?.message).toBe(
			`The execution was cancelled while downloading ${source.baseUrl}/stalls/movie.mp4 [item 0]`,
		);
		expect(result.error?.description).toMatch(
			/^Media [0-9a-f-]{36} was created and did not receive its file\.$/,
		);
		expect(creates()).toHaveLength(1);
		expect(storageRequests(fx)).toHaveLength(1);
		expect(storageRequests(fx)[0].status).not.toBe(200);
		await source.served[0].closed;
		const mediaId = result.error!.description!.split(' ')[1];
		const media = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/101/media/${mediaId}`, {
			headers: { Authorization: `Bearer ${fx.sandbox.keys.admin}` },
		});
		expect(await media.json()).toMatchObject({ media_id: mediaId, status: 'processing' });
	});

	test('Stop before the headers arrive ends the wait for them', async () => {
		source.answer(() => {
			source.served.push({ sent: 0, closed: Promise.resolve(), started: Promise.resolve() });
			// no answer at all
		});
		const result = await runAndStop(fx, fromUrl('/silent.png'), async () => {
			await until(() => source.served.length > 0);
		});
		expect(result.error?.message).toBe(
			`The execution was cancelled while downloading ${source.baseUrl}/silent.png [item 0]`,
		);
		expect(creates()).toEqual([]);
	});
});
