import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { PNG_BYTES, readyMediaId, storageRequests } from '../media/fixtures';
import { expectRejectedBeforeSending } from '../../../harness/nodeRun';
import { createText, draftParams, imageNames, imagesItem } from './fixtures';

/** Media counted as each platform takes them, before any upload (helpers/mediaRules.ts). */
const fx = useSandbox({ mediaProcessingMs: 30 });

describe('Draft > Create: media checked as each platform takes them, before any upload', () => {
	test('five images for X in one post are refused before any upload, naming X, post 1, 5 images and 4', async () => {
		const message = await expectRejectedBeforeSending(
			fx,
			createText('Five pictures', ['x'], { binaryProperties: imageNames(5) }),
			{
				parameter: 'Binary Media',
				problem: 'X post 1 has 5 images; X takes at most 4 images, or 1 video or GIF',
			},
			{ input: [imagesItem(5)] },
		);
		expect(message).toMatch(/Spread Media Over Thread/);
		expect(storageRequests(fx)).toHaveLength(0);
	});

	test('two videos for Bluesky from URLs are refused by their extension, before any download', async () => {
		await expectRejectedBeforeSending(
			fx,
			createText('Two clips', ['bluesky'], {
				mediaUrls: 'https://media.invalid/a.mp4, https://media.invalid/b.mov',
			}),
			{
				parameter: 'Media URLs',
				problem: 'Bluesky post 1 has 2 videos; Bluesky takes at most 4 images, or 1 video',
			},
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('images with a video in one X post, and a PDF on X, are refused; each problem names its post', async () => {
		const item = imagesItem(2);
		item.binary!.clip = {
			data: PNG_BYTES.toString('base64'),
			mimeType: 'video/mp4',
			fileName: 'c.mp4',
		};
		await expectRejectedBeforeSending(
			fx,
			createText('Mixed', ['x'], { binaryProperties: 'img1, clip' }),
			{ parameter: 'Binary Media', problem: 'X post 1 has 1 image and 1 video;' },
			{ input: [item] },
		);
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'posts',
				posts: {
					post: [{ text: 'ok' }, { text: 'deck', mediaUrls: 'https://media.invalid/d.pdf' }],
				},
			}),
			{ parameter: 'Posts (post 2)', problem: 'X post 2 has 1 PDF; X takes no documents (PDF)' },
		);
	});

	test('media IDs count without a GET of their kind: five are refused for X, four pass', async () => {
		const ids = await Promise.all([1, 2, 3, 4, 5].map((i) => readyMediaId(fx, `m${i}.png`)));
		await expectRejectedBeforeSending(fx, createText('By ID', ['x'], { mediaIds: ids.join(',') }), {
			parameter: 'Media IDs',
			problem: 'X post 1 has 5 media given by ID;',
		});
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			createText('By ID', ['x'], { mediaIds: ids.slice(0, 4).join(',') }),
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/drafts',
		]);
	});

	test('Media Limits raises a platform (a Mastodon server taking 6) and 0 turns the check off', async () => {
		const ids = await Promise.all([1, 2, 3, 4, 5].map((i) => readyMediaId(fx, `l${i}.png`)));
		const withLimits = (limit: IDataObject[]) =>
			createText('Many', ['mastodon', 'x'], {
				mediaIds: ids.join(','),
				contentOptions: { mediaLimits: { limit } },
			});
		await expectRejectedBeforeSending(fx, withLimits([{ platform: 'mastodon', maxMedia: 6 }]), {
			parameter: 'Media IDs',
			problem: /^(?!.*Mastodon post).*X post 1 has 5 media/,
		});
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			withLimits([
				{ platform: 'mastodon', maxMedia: 6 },
				{ platform: 'x', maxMedia: 0 },
			]),
		);
		expect(result.error).toBeUndefined();
		await expectRejectedBeforeSending(
			fx,
			withLimits([
				{ platform: 'x', maxMedia: 0 },
				{ platform: 'x', maxMedia: 2 },
			]),
			{ parameter: 'Media Limits', problem: 'sets the limit of X twice' },
		);
	});

	test('Check Media off sends what is given', async () => {
		const ids = await Promise.all([1, 2, 3, 4, 5].map((i) => readyMediaId(fx, `o${i}.png`)));
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			createText('Unchecked', ['x'], {
				mediaIds: ids.join(','),
				contentOptions: { checkMedia: false },
			}),
		);
		expect(result.error).toBeUndefined();
	});
});

describe('Draft > Create: Spread Media Over Thread', () => {
	test('five images for X become posts of at most 4, every image once, in order, alt texts kept', async () => {
		fx.sandbox.clearRequests();
		const altText = (i: number) => ({ binaryProperty: `img${i}`, altText: `Picture ${i}` });
		const result = await fx.runNode(
			createText('Five pictures', ['x', 'linkedin'], {
				binaryProperties: imageNames(5),
				platformTexts: { platformText: [{ platform: 'linkedin', text: 'Only text here' }] },
				contentOptions: {
					spreadMedia: true,
					altTexts: { altText: [1, 2, 3, 4, 5].map(altText) },
				},
			}),
			{ input: [imagesItem(5)] },
		);
		expect(result.error).toBeUndefined();
		const draft = result.output(NODE)[0].json as IDataObject;
		const posts = ((draft.platforms as IDataObject).x as IDataObject).posts as IDataObject[];
		expect(posts.map((post) => post.text)).toEqual(['Five pictures', '']);
		expect(posts.map((post) => (post.media_ids as string[]).length)).toEqual([4, 1]);
		const alts = posts.flatMap((post) => (post.media as IDataObject[]).map((m) => m.alt_text));
		expect(alts).toEqual([1, 2, 3, 4, 5].map((i) => `Picture ${i}`));
		const all = posts.flatMap((post) => post.media_ids as string[]);
		expect(new Set(all).size).toBe(5);
		expect(storageRequests(fx)).toHaveLength(5);
	});

	test('with Auto-Split, the spread media follow the split posts; a video gets a post of its own', async () => {
		const item = imagesItem(3);
		item.binary!.clip = {
			data: PNG_BYTES.toString('base64'),
			mimeType: 'video/mp4',
			fileName: 'c.mp4',
		};
		const text = `${'word '.repeat(30).trim()}\n\n${'more '.repeat(30).trim()}`;
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			createText(text, ['x'], {
				binaryProperties: 'img1, clip, img2, img3',
				contentOptions: { spreadMedia: true, autoSplit: true },
			}),
			{ input: [item] },
		);
		expect(result.error).toBeUndefined();
		const posts = (
			((result.output(NODE)[0].json as IDataObject).platforms as IDataObject).x as IDataObject
		).posts as IDataObject[];
		expect(posts.length).toBe(3);
		expect(posts.map((post) => (post.media as IDataObject[]).map((m) => m.mime))).toEqual([
			['image/png'],
			['video/mp4'],
			['image/png', 'image/png'],
		]);
		expect(posts.map((post) => post.text)).toEqual([
			'word '.repeat(30).trim(),
			'more '.repeat(30).trim(),
			'',
		]);
	});

	test('LinkedIn takes one post: too many media are refused there even with Spread Media on', async () => {
		const ids = await Promise.all(
			Array.from({ length: 21 }, (_, i) => readyMediaId(fx, `k${i}.png`)),
		);
		await expectRejectedBeforeSending(
			fx,
			createText('Many', ['linkedin'], {
				mediaIds: ids.join(','),
				contentOptions: { spreadMedia: true },
			}),
			{
				parameter: 'Media IDs',
				problem: /LinkedIn post 1 has 21 media given by ID;.*never spread/,
			},
		);
	});
});
