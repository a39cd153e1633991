import { createHash, randomBytes } from 'node:crypto';
import { useSandbox } from '../../../harness/sandbox';
import type { ScriptedResponse } from '../../../harness/scriptedServer';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { PNG_BYTES, fileItem, storageRequests } from '../media/fixtures';
import { SourceServer } from '../media/sourceServer';
import { expectRejectedBeforeSending } from '../../../harness/nodeRun';
import { createText, draftParams, runWith } from './fixtures';
import type { PostsBody as Body } from './fixtures';

/**
 * Draft > Create with "Media URLs": each URL is read with n8n's HTTP helper (a local file server here),
 * checked before the first upload is created, streamed into its upload, waited for and attached
 * (Media: upload flow; Rules on platform content 3).
 */
const fx = useSandbox({ mediaProcessingMs: 30 });
const files = new ScriptedServer();
const source = new SourceServer();
beforeAll(async () => {
	await files.start();
	await source.start();
});
afterAll(async () => {
	await files.stop();
	await source.stop();
});
beforeEach(() => files.reset());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const uploadsOf = (requests: ReturnType<typeof fx.apiRequests>) =>
	requests.filter((r) => r.path === '/v2/social-sets/101/media/upload');
const draftPosts = (requests: ReturnType<typeof fx.apiRequests>) =>
	requests.filter((r) => r.method === 'POST' && r.path === '/v2/social-sets/101/drafts');

describe('Draft > Create with Media URLs', () => {
	test('two URLs are uploaded intact and attached to the first post in the order given', async () => {
		const first = randomBytes(64 * 1024);
		const second = randomBytes(32 * 1024);
		files.otherwise((request) =>
			request.path === '/a/first.png'
				? { status: 200, headers: { 'Content-Type': 'image/png' }, body: first }
				: { status: 200, headers: { 'Content-Type': 'image/jpeg' }, body: second },
		);
		const params = createText('With pictures from the web', ['x'], {
			mediaUrls: `${files.baseUrl}/a/first.png, ${files.baseUrl}/b/second`,
		});
		const { result, requests, items } = await runWith(fx, params);
		expect(result.error).toBeUndefined();
		expect(uploadsOf(requests).map((r) => r.body)).toEqual([
			{ file_name: 'first.png' },
			{ file_name: 'second.jpg' },
		]);
		expect(storageRequests(fx).map((r) => r.sha256)).toEqual([sha256(first), sha256(second)]);
		expect(files.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
		const [create] = draftPosts(requests);
		const mediaIds = (create.body as Body).platforms.x.posts[0].media_ids as string[];
		expect(mediaIds).toHaveLength(2);
		expect(items[0]).toMatchObject({
			platforms: {
				x: {
					posts: [
						{
							media: [
								expect.objectContaining({ media_id: mediaIds[0], mime: 'image/png' }),
								expect.objectContaining({ media_id: mediaIds[1], mime: 'image/jpeg' }),
							],
						},
					],
				},
			},
		});
	});

	test('a URL that answers 404 fails before any upload is created and no draft is sent, though an earlier URL was fine', async () => {
		files.otherwise((request) =>
			request.path === '/ok.png'
				? { status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(1024) }
				: { status: 404 },
		);
		const params = createText('Never created', ['x'], {
			mediaUrls: `${files.baseUrl}/ok.png, ${files.baseUrl}/gone.png`,
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error?.message).toBe(
			`Parameter "Media URLs" has ${files.baseUrl}/gone.png, which answered HTTP 404; nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
	});

	test('a URL serving an unsupported type fails before any upload, also before the binary files are uploaded', async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'application/json' },
			body: '{"error":"no"}',
		});
		const params = createText('Never created', ['x'], {
			binaryProperties: 'data',
			mediaUrls: `${files.baseUrl}/api/image.png`,
		});
		const { result, requests } = await runWith(fx, params, [fileItem(PNG_BYTES, 'local.png')]);
		expect(result.error?.message).toContain('Parameter "Media URLs" has');
		expect(result.error?.message).toContain(
			'serves "application/json", which is not a supported media type',
		);
		expect(requests).toEqual([]);
	});

	test('URLs without an extension are checked again by what they served, before any upload: a video beside an image on X is refused', async () => {
		files.otherwise((request) =>
			request.path === '/media/1'
				? { status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(1024) }
				: { status: 200, headers: { 'Content-Type': 'video/mp4' }, body: randomBytes(2048) },
		);
		const params = createText('Never created', ['x'], {
			mediaUrls: `${files.baseUrl}/media/1, ${files.baseUrl}/media/2`,
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error?.message).toBe(
			'Parameter "Media URLs" has media X cannot take: X post 1 has 1 image and 1 video; X takes at most 4 images, or 1 video or GIF. Give fewer media, turn on Content Options > Spread Media Over Thread, or set its limit under Content Options > Media Limits [item 0]',
		);
		expect(result.error?.description).toContain('Content-Type its download answered');
		expect(files.requests.map((r) => r.path)).toEqual(['/media/1', '/media/2']);
		expect(requests).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
	});

	test('a URL whose path says image but which serves a video is checked as the video it is', async () => {
		files.otherwise((request) =>
			request.path === '/still.png'
				? { status: 200, headers: { 'Content-Type': 'video/mp4' }, body: randomBytes(2048) }
				: { status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(1024) },
		);
		const params = createText('Never created', ['bluesky'], {
			mediaUrls: `${files.baseUrl}/still.png, ${files.baseUrl}/other.png`,
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error?.message).toContain('Bluesky post 1 has 1 image and 1 video');
		expect(requests).toEqual([]);
	});

	test('URLs without an extension that serve what the platform takes are uploaded as before', async () => {
		files.otherwise(() => ({
			status: 200,
			headers: { 'Content-Type': 'image/webp' },
			body: randomBytes(1024),
		}));
		const params = createText('Two pictures', ['x'], {
			mediaUrls: `${files.baseUrl}/media/1, ${files.baseUrl}/media/2`,
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error).toBeUndefined();
		expect(uploadsOf(requests)).toHaveLength(2);
		expect(draftPosts(requests)).toHaveLength(1);
	});

	test('in a list of posts each post takes its own URLs; binaries, IDs and URLs keep their places', async () => {
		const bytes = randomBytes(2048);
		files.otherwise(() => ({ status: 200, headers: { 'Content-Type': 'video/mp4' }, body: bytes }));
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['bluesky'],
			contentMode: 'posts',
			posts: {
				post: [
					{ text: 'First', binaryProperties: 'data' },
					{ text: 'Second', mediaUrls: `${files.baseUrl}/clip.mp4` },
				],
			},
		});
		const { result, requests } = await runWith(fx, params, [fileItem(PNG_BYTES, 'photo.png')]);
		expect(result.error).toBeUndefined();
		const uploads = uploadsOf(requests);
		expect(uploads.map((r) => r.body)).toEqual([
			{ file_name: 'clip.mp4' },
			{ file_name: 'photo.png' },
		]);
		const posts = (draftPosts(requests)[0].body as Body).platforms.bluesky.posts;
		expect(posts).toHaveLength(2);
		expect(posts[0].media_ids).toHaveLength(1);
		expect(posts[1].media_ids).toHaveLength(1);
		expect(posts[0].media_ids).not.toEqual(posts[1].media_ids);
		const storage = storageRequests(fx);
		expect(storage[0].sha256).toBe(sha256(bytes));
	});

	test('the same URL twice is read and uploaded once', async () => {
		files.otherwise(() => ({
			status: 200,
			headers: { 'Content-Type': 'image/gif' },
			body: randomBytes(512),
		}));
		const url = `${files.baseUrl}/loop.gif`;
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'posts',
			posts: {
				post: [
					{ text: 'One', mediaUrls: url },
					{ text: 'Two', mediaUrls: url },
				],
			},
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error).toBeUndefined();
		expect(uploadsOf(requests)).toHaveLength(1);
		const posts = (draftPosts(requests)[0].body as Body).platforms.x.posts;
		expect(posts[0].media_ids).toEqual(posts[1].media_ids);
	});

	test('a URL with bad syntax in the second post is refused before any request, naming the post', async () => {
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'posts',
			posts: { post: [{ text: 'One' }, { text: 'Two', mediaUrls: 'file:///etc/passwd' }] },
		});
		await expectRejectedBeforeSending(fx, params, {
			parameter: 'Posts (post 2)',
			problem: /must be an http or https URL/,
		});
		expect(files.requests).toEqual([]);
	});

	test('Media URLs of one text with bad syntax are refused before any request', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Text', ['x'], { mediaUrls: 'https://ok.example/a.png, ::nope' }),
			{ parameter: 'Media URLs', problem: /is not a valid URL/ },
		);
	});
});

describe('Draft > Create: the bounds of Media URL downloads (Content Options)', () => {
	const MIB = 1024 * 1024;

	test('a URL larger than "Media URL Max Size (MiB)" by its Content-Length is refused before any upload; no draft is sent', async () => {
		files.otherwise(
			(request): ScriptedResponse =>
				request.path === '/small.png'
					? { status: 200, headers: { 'Content-Type': 'image/png' }, body: randomBytes(1024) }
					: {
							status: 200,
							headers: { 'Content-Type': 'image/png', 'Content-Length': String(3 * MIB) },
							body: Buffer.alloc(3 * MIB),
						},
		);
		// two images: an image with a video in one X post would be refused by the media rules first
		const params = createText('Too big', ['x'], {
			mediaUrls: `${files.baseUrl}/small.png, ${files.baseUrl}/big.png?token=s3cr3t`,
			contentOptions: { mediaUrlMaxSize: 2 },
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error?.message).toBe(
			`Parameter "Media URLs" has ${files.baseUrl}/big.png, which is 3 MiB (Content-Length ${3 * MIB}), larger than "Media URL Max Size (MiB)" allows (2 MiB); nothing was uploaded [item 0]`,
		);
		expect(requests).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
	});

	test('a URL that stalls ends at "Media URL Idle Timeout (Seconds)"; no draft is sent', async () => {
		source.generate(4 * MIB, { chunked: true, stallAfter: 64 * 1024 });
		const params = createText('Stalled', ['x'], {
			mediaUrls: `${source.baseUrl}/stalled.mp4`,
			contentOptions: { mediaUrlIdleTimeout: 0.5 },
		});
		const { result, requests } = await runWith(fx, params);
		expect(result.error?.message).toMatch(
			/^Parameter "Media URLs" has http:\/\/127\.0\.0\.1:\d+\/stalled\.mp4, which sent no data for 0\.5 seconds \("Media URL Idle Timeout \(Seconds\)"\): the download was stopped after 0\.1 MiB; nothing was uploaded \[item 0\]$/,
		);
		expect(requests).toEqual([]);
		await source.served[0].closed;
	});

	test.each([
		['Media URL Max Size (MiB)', { mediaUrlMaxSize: 0 }],
		['Media URL Max Size (MiB)', { mediaUrlMaxSize: '={{ "big" }}' }],
		['Media URL Idle Timeout (Seconds)', { mediaUrlIdleTimeout: -3 }],
		// Before: Number("soon") gave NaN and the processing wait polled without end.
		['Media Upload Timeout (Seconds)', { uploadTimeout: '={{ "soon" }}' }],
		['Media Upload Timeout (Seconds)', { uploadTimeout: 1e9 }],
	])('a bad "%s" is refused before any request', async (parameter, contentOptions) => {
		await expectRejectedBeforeSending(
			fx,
			createText('Text', ['x'], { mediaUrls: `${files.baseUrl}/a.png`, contentOptions }),
			{ parameter, problem: /must be a number greater than 0/ },
		);
		expect(files.requests).toEqual([]);
	});
});
