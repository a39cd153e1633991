import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { PNG_BYTES, fileItem, storageRequests, uploadParams } from './fixtures';

const fx = useSandbox({ mediaProcessingMs: 50 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeEach(() => fx.sandbox.clearRequests());

describe('Media > Upload (Media: upload flow)', () => {
	test('creates the upload with alt text, PUTs the bytes, waits and returns the ready Media status', async () => {
		const result = await fx.runNode(uploadParams({ altText: 'A tiny square' }), {
			input: [fileItem(PNG_BYTES, 'square.png')],
		});
		expect(result.error).toBeUndefined();
		const [create, ...polls] = fx.apiRequests();
		expect(create).toMatchObject({
			method: 'POST',
			path: '/v2/social-sets/101/media/upload',
			status: 201,
		});
		expect(create.body).toEqual({ file_name: 'square.png', alt_text: 'A tiny square' });
		const items = result.output(NODE);
		expect(items).toHaveLength(1);
		const media = items[0].json;
		expect(media).toMatchObject({
			media_id: expect.stringMatching(UUID),
			file_name: 'square.png',
			status: 'ready',
			mime: 'image/png',
			alt_text: 'A tiny square',
		});
		expect(Object.keys(media.media_urls as object).sort()).toEqual([
			'large',
			'medium',
			'original',
			'small',
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(
			polls.every(
				(request) =>
					request.method === 'GET' &&
					request.path === `/v2/social-sets/101/media/${media.media_id}`,
			),
		).toBe(true);
		expect(polls.length).toBeGreaterThanOrEqual(1);
		const [put] = storageRequests(fx);
		expect(put).toMatchObject({
			method: 'PUT',
			path: `/__storage/${media.media_id}`,
			status: 200,
			body: { rawLength: PNG_BYTES.length },
		});
	});

	test('the presigned PUT is plain: no Authorization and no Content-Type header', async () => {
		const result = await fx.runNode(uploadParams(), { input: [fileItem(PNG_BYTES, 'plain.png')] });
		expect(result.error).toBeUndefined();
		const [put] = storageRequests(fx);
		expect(put.headers.authorization).toBeUndefined();
		expect(put.headers['content-type']).toBeUndefined();
		expect(put.headers['content-length']).toBe(String(PNG_BYTES.length));
		expect(put.status).toBe(200);
		expect(fx.apiRequests()[0].body).toEqual({ file_name: 'plain.png' });
	});

	test('"File Name" overrides the binary\'s own file name', async () => {
		const result = await fx.runNode(uploadParams({ fileName: 'Renamed_(1).JPG' }), {
			input: [fileItem(PNG_BYTES, 'not accepted name.png', 'image/jpeg')],
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].body).toEqual({ file_name: 'Renamed_(1).JPG' });
		expect(result.output(NODE)[0].json).toMatchObject({
			file_name: 'Renamed_(1).JPG',
			status: 'ready',
			mime: 'image/jpeg',
		});
	});

	test('several items upload one file each, paired to their input', async () => {
		const result = await fx.runNode(uploadParams(), {
			input: [
				fileItem(PNG_BYTES, 'one.png'),
				fileItem(Buffer.from('%PDF-1.4 tiny'), 'two.pdf', 'application/pdf'),
			],
		});
		expect(result.error).toBeUndefined();
		const items = result.output(NODE);
		expect(items.map((item) => [item.json.file_name, item.json.status, item.pairedItem])).toEqual([
			['one.png', 'ready', { item: 0 }],
			['two.pdf', 'ready', { item: 1 }],
		]);
		expect(Object.keys(items[1].json.media_urls as object)).toEqual(['original']);
		expect(storageRequests(fx).map((request) => request.body)).toEqual([
			{ rawLength: PNG_BYTES.length },
			{ rawLength: 13 },
		]);
	});

	test('an in-memory file is sent again after a 503 from storage (a buffer can be replayed)', async () => {
		fx.sandbox.faults.set({ fail503: 1, paths: '/__storage/' });
		try {
			const result = await fx.runNode(uploadParams(), {
				input: [fileItem(PNG_BYTES, 'retry.png')],
			});
			expect(result.error).toBeUndefined();
			expect(storageRequests(fx).map((request) => request.status)).toEqual([503, 200]);
			expect(result.output(NODE)[0].json).toMatchObject({
				file_name: 'retry.png',
				status: 'ready',
			});
		} finally {
			fx.sandbox.faults.clear();
		}
	});

	test('a media that ends "failed" gives an error carrying error_reason (Media status: failed)', async () => {
		const result = await fx.runNode(uploadParams(), {
			input: [fileItem(Buffer.alloc(0), 'empty.png')],
		});
		expect(result.error?.message).toBe('Media processing failed: The uploaded file is empty');
		expect(result.error?.description).toMatch(/has status "failed"/);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(storageRequests(fx)).toHaveLength(1);
	});

	test('Continue On Fail: a failed media becomes an error item with the error_reason; other items go on', async () => {
		const result = await fx.runNode(uploadParams(), {
			input: [fileItem(Buffer.alloc(0), 'empty.png'), fileItem(PNG_BYTES, 'fine.png')],
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		const [failed, fine] = result.output(NODE);
		expect(failed.pairedItem).toEqual({ item: 0 });
		expect(failed.json.error).toMatchObject({
			message: 'Media processing failed: The uploaded file is empty',
			code: 'MEDIA_FAILED',
			details: [{ field: 'error_reason', message: 'The uploaded file is empty' }],
		});
		expect(fine.json).toMatchObject({ file_name: 'fine.png', status: 'ready' });
		expect(fine.pairedItem).toEqual({ item: 1 });
	});

	test('an upload URL that expired (more than one hour) before the file arrived surfaces the storage error; the media is then failed', async () => {
		fx.sandbox.faults.set({ latencyMs: 400, paths: '/__storage/' });
		try {
			const running = fx.runNode(uploadParams(), { input: [fileItem(PNG_BYTES, 'late.png')] });
			while (storageRequests(fx).length === 0)
				await new Promise((resolve) => setTimeout(resolve, 10));
			await fx.sandbox.clock.advance(61 * 60_000);
			const result = await running;
			expect(result.error?.message).toBe(
				'Uploading the file to the presigned URL failed: AccessDenied',
			);
			expect(result.error?.httpCode).toBe('403');
		} finally {
			fx.sandbox.faults.clear();
		}
		const mediaId = storageRequests(fx)[0].path.split('/').pop();
		const get = await fx.runNode({
			resource: 'media',
			operation: 'get',
			socialSetId: { __rl: true, mode: 'id', value: '101' },
			mediaId,
		});
		expect(get.output(NODE)[0].json).toMatchObject({
			status: 'failed',
			error_reason: expect.stringMatching(/expired/),
		});
	});
});

describe('Media > Upload: rules checked before sending', () => {
	test.each([
		[
			'a space',
			'my photo.png',
			/may contain only letters, digits, hyphen, underscore, period and parentheses/,
		],
		[
			'an unsupported extension',
			'clip.avi',
			/must end in one of \.jpg \.jpeg \.png \.webp \.gif \.mp4 \.mov \.pdf/,
		],
		['no extension', 'photo', /must end in one of/],
		[
			'more than 255 characters',
			`${'a'.repeat(252)}.png`,
			/must be at most 255 characters \(got 256\)/,
		],
	])('"File Name" with %s is refused and nothing is sent', async (_case, fileName, message) => {
		const result = await fx.runNode(uploadParams({ fileName }), {
			input: [fileItem(PNG_BYTES, 'ok.png')],
		});
		expect(result.error?.message).toMatch(/^Parameter "File Name" /);
		expect(result.error?.message).toMatch(message);
		expect(result.error?.message).toMatch(/\[item 0\]$/);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('a file name of exactly 255 characters is accepted', async () => {
		const fileName = `${'b'.repeat(251)}.gif`;
		const result = await fx.runNode(uploadParams({ fileName }), {
			input: [fileItem(PNG_BYTES, 'x.gif', 'image/gif')],
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].body).toEqual({ file_name: fileName });
	});

	test('the binary\'s own file name is checked too, and the error says to set "File Name"', async () => {
		const result = await fx.runNode(uploadParams(), {
			input: [fileItem(PNG_BYTES, 'holiday photo.png')],
		});
		expect(result.error?.message).toMatch(
			/^The file name of binary property "data" may contain only letters/,
		);
		expect(result.error?.message).toMatch(/set "File Name".*\[item 0\]$/);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('a binary without a file name and no "File Name" is refused', async () => {
		const result = await fx.runNode(uploadParams(), { input: [fileItem(PNG_BYTES, undefined)] });
		expect(result.error?.message).toBe(
			'Binary property "data" has no file name; set "File Name" [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('a missing binary property is named with its item, and nothing is sent', async () => {
		const result = await fx.runNode(uploadParams({}, { binaryPropertyName: 'photo' }), {
			input: [fileItem(PNG_BYTES, 'a.png'), fileItem(PNG_BYTES, 'b.png', 'image/png', 'other')],
		});
		expect(result.error?.message).toBe('No binary property "photo" on the input item [item 0]');
		expect(result.error?.description).toBe(
			'Binary properties on this item: data. Name one of them as the binary property.',
		);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('an item without any binary data says so, naming the item', async () => {
		const result = await fx.runNode(uploadParams(), { input: [{ json: { no: 'file' } }] });
		expect(result.error?.message).toBe('No binary property "data" on the input item [item 0]');
		expect(result.error?.description).toMatch(/carries no binary data/);
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});
