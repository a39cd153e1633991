import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { storageRequests } from '../media/fixtures';
import { runFresh } from '../../../harness/nodeRun';
import {
	api,
	createText,
	imageNames,
	imagesItem,
	LONG_FOR_BLUESKY,
	seedDraft,
	writes,
} from './fixtures';

/**
 * Validate Only on Draft Create and Update: every check and every read the operation needs, no write, no upload;
 * one item per input item with the body that would be sent, each platform's posts and every problem found.
 */
const fx = useSandbox({ mediaProcessingMs: 30 });

beforeEach(async () => await fx.sandbox.reset());

describe('Draft > Create with Validate Only', () => {
	test('a text too long for Bluesky, an unknown tag and an image too many for X: one item listing all three, nothing written or uploaded', async () => {
		const params = createText(LONG_FOR_BLUESKY, ['x', 'bluesky'], {
			binaryProperties: imageNames(5),
			// Bluesky's media check is turned off here, so that the image too many is X's alone
			contentOptions: { mediaLimits: { limit: [{ platform: 'bluesky', maxMedia: 0 }] } },
			additionalFields: { tags: '={{ ["launch", "no-such-tag"] }}' },
			options: { validateOnly: true },
		});
		const { result, requests, items } = await runFresh(fx, params, { input: [imagesItem(5)] });
		expect(result.error).toBeUndefined();
		expect(items).toHaveLength(1);
		const answer = items[0];
		expect(answer).toMatchObject({ validate_only: true, valid: false, operation: 'create' });
		const problems = answer.problems as string[];
		expect(problems).toHaveLength(3);
		expect(problems[0]).toMatch(
			/^Parameter "Text" gives Bluesky post 1 a length of 325 .*takes at most 300/,
		);
		expect(problems[1]).toContain(
			'Parameter "Binary Media" has media X cannot take: X post 1 has 5 images; X takes at most 4 images, or 1 video or GIF',
		);
		expect(problems[2]).toContain(
			'Parameter "Tag Names or IDs" has a tag slug that social set 101 does not have: "no-such-tag"',
		);
		expect(writes(requests)).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/social-sets/101/tags']);
		// the body as it would be sent, files still to upload as placeholders
		const body = answer.body as { platforms: Record<string, { posts: IDataObject[] }> };
		expect(body.platforms.x.posts[0].media_ids).toEqual(
			[1, 2, 3, 4, 5].map((i) => `<upload: binary property img${i}>`),
		);
		expect((answer.body as IDataObject).tags).toEqual(['launch', 'no-such-tag']);
		expect(answer.platforms).toMatchObject({
			x: { post_count: 1, length_limit: 280, media_limit: 4, posts: [{ length: 28 }] },
			bluesky: { post_count: 1, length_limit: 300, media_limit: null, posts: [{ length: 325 }] },
		});
		const media = ((answer.platforms as IDataObject).x as { posts: IDataObject[] }).posts[0].media;
		expect(media).toHaveLength(5);
		expect(media).toContainEqual({ media: '<upload: binary property img1>', kind: 'image' });
	});

	test('a valid item: valid, no problems, the next free slot resolved; the real Create then sends the same body and gets that date', async () => {
		const params = (validateOnly: boolean) =>
			createText('Queued\n---\nSecond', ['x', 'mastodon'], {
				additionalFields: { tagNames: 'weekly tips', publishAt: 'next-free-slot' },
				options: { validateOnly },
			});
		const checked = await runFresh(fx, params(true), { key: 'publish' });
		expect(checked.result.error).toBeUndefined();
		const answer = checked.items[0];
		expect(answer).toMatchObject({ valid: true, problems: [] });
		// the publishing quota is read from the social set detail: the draft would be scheduled
		expect(checked.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/tags',
			'GET /v2/social-sets/101/queue/schedule',
			'GET /v2/social-sets/101/queue',
			'GET /v2/social-sets/101/',
		]);
		expect(answer.platforms).toMatchObject({ x: { post_count: 2 }, mastodon: { post_count: 2 } });
		const when = answer.when as IDataObject;
		expect(when.publish_at).toBe('next-free-slot');
		expect(Date.parse(String(when.date))).toBeGreaterThan(Date.now());

		const created = await runFresh(fx, params(false), { key: 'publish' });
		expect(created.result.error).toBeUndefined();
		const post = created.requests.find((r) => r.method === 'POST');
		expect(post?.body).toEqual(answer.body);
		expect(Date.parse(String(created.items[0].scheduled_date))).toBe(Date.parse(String(when.date)));
	});

	test.each([
		['publishAt', 'Publish At'],
		['planAt', 'Plan At'],
	])(
		'the next free slot of a queue without slots is a problem naming %s (%s), as the real Create is refused',
		async (name, label) => {
			// Queue schedule: "an empty array is allowed and means no slots"; the service refuses next-free-slot then
			expect(
				(await api(fx, 'PUT', '/v2/social-sets/101/queue/schedule', { rules: [] })).status,
			).toBe(200);
			const params = (validateOnly: boolean) =>
				createText('Queued', ['x'], {
					additionalFields: { [name]: 'next-free-slot' },
					options: { validateOnly },
				});
			const checked = await runFresh(fx, params(true));
			expect(checked.result.error).toBeUndefined();
			expect(checked.items[0]).toMatchObject({ valid: false, when: { date: null } });
			expect(checked.items[0].problems).toEqual([
				expect.stringMatching(
					new RegExp(
						`^Parameter "${label}" is next-free-slot, but the queue of social set 101 has no slots: .*Queue > Update Schedule.*\\[item 0\\]$`,
					),
				),
			]);
			expect(writes(checked.requests)).toEqual([]);
			const created = await runFresh(fx, params(false));
			expect(String(created.result.error?.message)).toContain('No free queue slot available');
		},
	);

	test('every slot Validate Only can see taken is not a problem: the real Create gets a slot further ahead', async () => {
		// one slot a week, and drafts in each of the next 10 weeks' slots: more than the queue view's 62 days
		const rules = [{ h: 9, m: 0, days: ['wed'] }];
		expect((await api(fx, 'PUT', '/v2/social-sets/101/queue/schedule', { rules })).status).toBe(
			200,
		);
		for (let week = 0; week < 10; week++)
			await seedDraft(fx, { draft_title: `Week ${week}`, publish_at: 'next-free-slot' });
		const params = (validateOnly: boolean) =>
			createText('Queued', ['x'], {
				additionalFields: { publishAt: 'next-free-slot' },
				options: { validateOnly },
			});
		const checked = await runFresh(fx, params(true));
		expect(checked.items[0]).toMatchObject({ valid: true, problems: [], when: { date: null } });
		const created = await runFresh(fx, params(false));
		expect(created.result.error).toBeUndefined();
		expect(Date.parse(String(created.items[0].scheduled_date))).toBeGreaterThan(
			Date.now() + 62 * 24 * 3600_000,
		);
	});

	test('Tag Names with Create Missing Tags: the tag to create is shown, not created', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			createText('Hello', ['x'], {
				additionalFields: { tagNames: 'Brand New', createMissingTags: true },
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ valid: true, body: { tags: ['<new tag: Brand New>'] } });
		expect(writes(requests)).toEqual([]);
	});

	test('a parameter that cannot be read is listed, and the other checks still run', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			createText('Hello', ['x'], {
				mediaIds: 'not-a-uuid',
				additionalFields: { tags: '={{ ["nope"] }}' },
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		const problems = items[0].problems as string[];
		expect(problems).toHaveLength(2);
		expect(problems[0]).toContain('Parameter "Media IDs" must hold media IDs (UUIDs)');
		expect(problems[1]).toContain('has a tag slug that social set 101 does not have: "nope"');
		expect(items[0].platforms).toEqual({});
		expect(writes(requests)).toEqual([]);
	});
});
