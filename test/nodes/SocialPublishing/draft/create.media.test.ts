import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { PNG_BYTES, fileItem, readyMediaId, storageRequests } from '../media/fixtures';
import { expectRejectedBeforeSending } from '../../../harness/nodeRun';
import { createText, draftParams, runWith } from './fixtures';
import type { PostsBody as Body } from './fixtures';

const fx = useSandbox({ mediaProcessingMs: 30 });

describe('Draft > Create with media (Media upload flow, Rules on platform content 3 and 4)', () => {
	test('binary properties are uploaded, waited for and attached in one step, with alt text per property', async () => {
		const item = fileItem(PNG_BYTES, 'cover.png');
		item.binary!.second = {
			data: PNG_BYTES.toString('base64'),
			mimeType: 'image/png',
			fileName: 'second.png',
		};
		const params = createText('With pictures', ['x'], {
			binaryProperties: 'data, second',
			contentOptions: { altTexts: { altText: [{ binaryProperty: 'data', altText: 'A cover' }] } },
		});
		const { result, requests, items } = await runWith(fx, params, [item]);
		expect(result.error).toBeUndefined();
		const uploads = requests.filter((r) => r.path === '/v2/social-sets/101/media/upload');
		expect(uploads.map((r) => r.body)).toEqual([
			{ file_name: 'cover.png', alt_text: 'A cover' },
			{ file_name: 'second.png' },
		]);
		expect(storageRequests(fx)).toHaveLength(2);
		const creates = requests.filter(
			(r) => r.method === 'POST' && r.path === '/v2/social-sets/101/drafts',
		);
		expect(creates).toHaveLength(1);
		expect(requests[requests.length - 1]).toBe(creates[0]);
		const mediaIds = (creates[0].body as Body).platforms.x.posts[0].media_ids as string[];
		expect(mediaIds).toHaveLength(2);
		expect(items[0]).toMatchObject({
			platforms: {
				x: {
					posts: [
						{
							text: 'With pictures',
							media_ids: mediaIds,
							media: [
								expect.objectContaining({ media_id: mediaIds[0], alt_text: 'A cover' }),
								expect.anything(),
							],
						},
					],
				},
			},
		});
	});

	test('existing media IDs and a binary property on the posts of a list are attached to their own posts', async () => {
		const ready = await readyMediaId(fx, 'existing.png');
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['bluesky'],
			contentMode: 'posts',
			posts: {
				post: [
					{ text: 'First', mediaIds: ready.toUpperCase() },
					{ text: 'Second', binaryProperties: 'data' },
				],
			},
		});
		const { result, requests } = await runWith(fx, params, [fileItem(PNG_BYTES, 'photo.png')]);
		expect(result.error).toBeUndefined();
		const posts = (requests[requests.length - 1].body as Body).platforms.bluesky.posts;
		expect(posts[0]).toEqual({ text: 'First', media_ids: [ready] });
		expect(posts[1]).toEqual({
			text: 'Second',
			media_ids: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
		});
		expect(posts[1].media_ids).not.toEqual([ready]);
	});

	test('a failed upload creates no draft: the error carries the error_reason and no POST of the draft is sent', async () => {
		const item = fileItem(PNG_BYTES, 'good.png');
		item.binary!.empty = { data: '', mimeType: 'image/png', fileName: 'empty.png' };
		const { result, requests } = await runWith(
			fx,
			createText('Never created', ['x'], { binaryProperties: 'data, empty' }),
			[item],
		);
		expect(result.error?.message).toMatch(/Media processing failed: The uploaded file is empty/);
		expect(requests.filter((r) => r.path === '/v2/social-sets/101/media/upload')).toHaveLength(2);
		expect(requests.some((r) => r.path === '/v2/social-sets/101/drafts')).toBe(false);
	});

	test('a binary property the item lacks is refused before any upload', async () => {
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			createText('Missing file', ['x'], { binaryProperties: 'nope' }),
			{ input: [fileItem(PNG_BYTES, 'a.png')] },
		);
		expect(result.error?.message).toContain('No binary property "nope" on the input item [item 0]');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	test('a binary file name the service would refuse is named before any upload', async () => {
		fx.sandbox.clearRequests();
		const result = await fx.runNode(createText('Bad name', ['x'], { binaryProperties: 'data' }), {
			input: [fileItem(PNG_BYTES, 'notes.txt')],
		});
		expect(result.error?.message).toMatch(
			/Parameter "Binary Media" names "data", whose file name must end in one of/,
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	test('an X Article cover from a binary property is uploaded and sent as cover_media_id', async () => {
		const params = draftParams('create', {
			contentType: 'xArticle',
			articleMarkdown: '# Hello',
			articleOptions: { coverBinaryProperty: 'data' },
		});
		const { result, requests } = await runWith(fx, params, [fileItem(PNG_BYTES, 'cover.png')]);
		expect(result.error).toBeUndefined();
		const body = requests[requests.length - 1].body as { platforms: { x_article: IDataObject } };
		expect(body.platforms.x_article).toEqual({
			content_markdown: '# Hello',
			cover_media_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		});
	});

	test('a cover media ID that is not a UUID is refused before sending', async () => {
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', {
				contentType: 'xArticle',
				articleMarkdown: '# Hi',
				articleOptions: { coverMediaId: 'cover-1' },
			}),
			{
				parameter: 'Cover Media ID',
				problem: /UUID/,
			},
		);
	});
});
