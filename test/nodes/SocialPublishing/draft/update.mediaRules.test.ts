import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { readyMediaId, storageRequests } from '../media/fixtures';
import { draftParams, imageNames, imagesItem, seedDraft } from './fixtures';

/** Media counted as each platform takes them, before any upload (helpers/mediaRules.ts). */
const fx = useSandbox({ mediaProcessingMs: 30 });
const files = new ScriptedServer();
beforeAll(async () => await files.start());
afterAll(async () => await files.stop());

describe('Draft > Update: media read back from the draft are counted with their kind', () => {
	test('a video and an image of the draft put into one X post are refused before the PATCH', async () => {
		const video = await readyMediaId(fx, 'clip.mp4');
		const image = await readyMediaId(fx, 'still.png');
		const draft = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [
						{ text: 'one', media_ids: [video] },
						{ text: 'two', media_ids: [image] },
					],
					settings: {},
				},
			},
		});
		const { result, requests } = await (async () => {
			fx.sandbox.clearRequests();
			const run = await fx.runNode(
				draftParams('update', {
					draftId: String(draft.id),
					contentType: 'posts',
					platforms: ['x'],
					contentMode: 'edit',
					editPosts: {
						edit: [{ editAction: 'setMedia', postNumber: 1, mediaIds: `${video},${image}` }],
					},
				}),
			);
			return { result: run, requests: fx.apiRequests() };
		})();
		expect(result.error?.message).toContain('X post 1 has 1 image and 1 video;');
		expect(result.error?.message).toContain('Parameter "Edit Posts"');
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('a Media URL without an extension that serves a video, beside an image of the draft, is refused after the download opened and before any upload or PATCH', async () => {
		files.reply({
			status: 200,
			headers: { 'Content-Type': 'video/mp4' },
			body: randomBytes(2048),
		});
		const image = await readyMediaId(fx, 'still.png');
		const draft = await seedDraft(fx, {
			platforms: {
				x: { enabled: true, posts: [{ text: 'one', media_ids: [image] }], settings: {} },
			},
		});
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'one, now with a clip',
				mediaIds: image,
				mediaUrls: `${files.baseUrl}/media/77`,
			}),
		);
		expect(result.error?.message).toContain('X post 1 has 1 image and 1 video;');
		expect(result.error?.description).toContain('Content-Type its download answered');
		expect(files.requests.map((r) => r.path)).toEqual(['/media/77']);
		expect(fx.apiRequests().map((r) => r.method)).toEqual(['GET']);
		expect(storageRequests(fx)).toEqual([]);
	});

	test('Spread Media on a merged update: the draft keeps its options, the added post takes the shared ones', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: { enabled: true, posts: [{ text: 'Seeded', made_with_ai: true }], settings: {} },
			},
		});
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'Now with pictures',
				binaryProperties: imageNames(5),
				contentOptions: { spreadMedia: true },
			}),
			{ input: [imagesItem(5)] },
		);
		expect(result.error).toBeUndefined();
		const patch = fx.apiRequests().find((r) => r.method === 'PATCH');
		const posts = (patch?.body as { platforms: { x: { posts: IDataObject[] } } }).platforms.x.posts;
		expect(posts.map((post) => post.text)).toEqual(['Now with pictures', '']);
		expect(posts.map((post) => (post.media_ids as string[]).length)).toEqual([4, 1]);
		expect(posts.map((post) => post.made_with_ai)).toEqual([true, true]);
	});
});
