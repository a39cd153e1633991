import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { runAndStop, until } from './cancel';
import { PNG_BYTES, fileItem, storageRequests, uploadParams } from './fixtures';

/** A slow processing step: the file stays `processing` for 1.5 s after it arrives. */
const fx = useSandbox({ mediaProcessingMs: 1500 });

beforeEach(() => fx.sandbox.clearRequests());

const mediaPolls = () =>
	fx
		.apiRequests()
		.filter((request) => request.method === 'GET' && request.path.includes('/media/'));

describe('Media > Upload waits while the media is processing (Media: upload flow, step 3)', () => {
	test('media still processing is polled until ready', async () => {
		const started = Date.now();
		const result = await fx.runNode(uploadParams(), { input: [fileItem(PNG_BYTES, 'slow.png')] });
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)[0].json).toMatchObject({ file_name: 'slow.png', status: 'ready' });
		expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
		const polls = mediaPolls();
		expect(polls.length).toBeGreaterThanOrEqual(3);
		expect(polls.length).toBeLessThan(20);
		expect(new Set(polls.map((request) => request.path)).size).toBe(1);
	});

	test('the wait is bounded: "Timeout (Seconds)" ends it with an error naming the media', async () => {
		const result = await fx.runNode(uploadParams({ timeoutSeconds: 1 }), {
			input: [fileItem(PNG_BYTES, 'slower.png')],
		});
		const mediaId = mediaPolls()[0].path.split('/').pop();
		expect(result.error?.message).toBe(
			`Media ${mediaId} is still processing after 1 second [item 0]`,
		);
		expect(result.error?.description).toMatch(/Media > Get/);
		expect(result.error?.context?.itemIndex).toBe(0);
	});

	test('"Wait Until Ready" off returns the status right after the file is sent', async () => {
		const result = await fx.runNode(uploadParams({ waitUntilReady: false }), {
			input: [fileItem(PNG_BYTES, 'nowait.png')],
		});
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)[0].json).toMatchObject({
			file_name: 'nowait.png',
			status: 'processing',
			media_urls: {},
		});
		expect(mediaPolls()).toHaveLength(1);
	});

	test('Stop ends the wait for processing, with the cancellation as the outcome', async () => {
		const result = await runAndStop(
			fx,
			uploadParams({ timeoutSeconds: 60 }),
			async () => await until(() => mediaPolls().length > 0),
			[fileItem(PNG_BYTES, 'stopped.png')],
		);
		expect(storageRequests(fx)).toHaveLength(1);
		expect(result.error?.message).toBe('The execution was cancelled while waiting');
		expect(result.output(NODE)).toEqual([]);
	});
});
