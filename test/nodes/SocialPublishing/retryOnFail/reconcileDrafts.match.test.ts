import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { api, createText, hoursFromNow } from '../draft/fixtures';
import { PNG_BYTES, readyMediaId } from '../media/fixtures';
import { clearFaultsAndRequests, draftsTitled, runWithRetry, sent } from './fixtures';

/**
 * Retry On Fail, Draft > Create after a write whose answer was lost: the next try adopts a draft made since
 * the lost try began only when it is the draft the item's request would make: same title, tags, share,
 * platforms, texts, media per post, post options, settings and publish intent. A colleague's draft that
 * differs in any of them is left alone and the item's own draft is created once; the draft the lost try
 * itself stored is adopted, never made twice.
 */
const fx = useSandbox({ mediaProcessingMs: 10 });
const files = new ScriptedServer();
beforeAll(async () => await files.start());
afterAll(async () => await files.stop());
afterEach(() => clearFaultsAndRequests(fx));

const DRAFTS = '/v2/social-sets/101/drafts';
const posts = () => sent(fx, 'POST', DRAFTS);

/** Create from the item: text, title, tags and media ids, plus any other parameters. */
const createFrom = (extra: IDataObject = {}, fields: IDataObject = {}) =>
	createText('={{ $json.text }}', ['x'], {
		mediaIds: '={{ $json.media }}',
		additionalFields: { draftTitle: '={{ $json.title }}', tags: '={{ $json.tags }}', ...fields },
		...extra,
	});

/**
 * Runs the node with its first POST answered 503 before the service stores anything; while n8n waits for
 * the next try, a colleague makes `colleague` (a draft body) directly over HTTP. Returns the node's items
 * and the colleague's draft.
 */
async function lostPostWhileColleagueCreates(
	parameters: ReturnType<typeof createFrom>,
	item: IDataObject,
	colleague: IDataObject,
) {
	fx.sandbox.faults.set({ fail503: 1, paths: DRAFTS, methods: 'POST' });
	const running = runWithRetry(fx, parameters, [item], { waitBetweenTries: 1000 });
	while (!posts().some((r) => r.status === 503)) await new Promise((r) => setImmediate(r));
	const made = await api<IDataObject>(fx, 'POST', DRAFTS, colleague);
	expect(made.status).toBe(201);
	const { result, items } = await running;
	expect(result.error).toBeUndefined();
	return { items, theirs: made.body };
}

const xPost = (text: string, post: IDataObject = {}) => ({
	x: { enabled: true, posts: [{ text, ...post }], settings: {} },
});

describe('Retry On Fail: Create adopts only the draft its own request would make', () => {
	test("a colleague's draft with the same title and text but other tags is not adopted; ours is created once", async () => {
		const { items, theirs } = await lostPostWhileColleagueCreates(
			createFrom(),
			{ text: 'Same words', title: 'same title, other tags', tags: 'launch', media: '' },
			{
				platforms: xPost('Same words'),
				draft_title: 'same title, other tags',
				tags: ['weekly-tips'],
			},
		);
		const stored = await draftsTitled(fx, 'same title, other tags');
		expect(stored).toHaveLength(2);
		const ours = stored.find((draft) => draft.id !== theirs.id);
		expect(items).toEqual([expect.objectContaining({ id: ours?.id, tags: ['launch'] })]);
		expect(ours?.tags).toEqual(['launch']);
		// the node's lost POST, the colleague's, then the node's one new POST
		expect(posts().map((r) => r.status)).toEqual([503, 201, 201]);
		expect(sent(fx, 'GET', `${DRAFTS}/${String(theirs.id)}`)).toHaveLength(1);
	});

	test("a colleague's draft with the same title, text and tags but no media is not adopted for an item with one", async () => {
		const media = await readyMediaId(fx);
		const { items, theirs } = await lostPostWhileColleagueCreates(
			createFrom(),
			{ text: 'With a picture', title: 'media count', tags: 'launch', media },
			{ platforms: xPost('With a picture'), draft_title: 'media count', tags: ['launch'] },
		);
		const stored = await draftsTitled(fx, 'media count');
		expect(stored).toHaveLength(2);
		expect(items).toHaveLength(1);
		expect(items[0].id).not.toBe(theirs.id);
		const x = (items[0].platforms as IDataObject).x as { posts: IDataObject[] };
		expect(x.posts[0].media_ids).toEqual([media]);
		expect(posts().map((r) => r.status)).toEqual([503, 201, 201]);
	});

	test("a colleague's draft with one more medium than the item gives is not adopted either", async () => {
		const media = await readyMediaId(fx);
		const { items, theirs } = await lostPostWhileColleagueCreates(
			createFrom(),
			{ text: 'No picture here', title: 'media count 2', tags: 'launch', media: '' },
			{
				platforms: xPost('No picture here', { media_ids: [media] }),
				draft_title: 'media count 2',
				tags: ['launch'],
			},
		);
		expect(items[0].id).not.toBe(theirs.id);
		expect(await draftsTitled(fx, 'media count 2')).toHaveLength(2);
		expect(posts().map((r) => r.status)).toEqual([503, 201, 201]);
	});

	test("a colleague's draft differing only in a post option (made with AI) or in being scheduled is not adopted", async () => {
		const optioned = await lostPostWhileColleagueCreates(
			createFrom(),
			{ text: 'Plain words', title: 'option differs', tags: 'launch', media: '' },
			{
				platforms: xPost('Plain words', { made_with_ai: true }),
				draft_title: 'option differs',
				tags: ['launch'],
			},
		);
		expect(optioned.items[0].id).not.toBe(optioned.theirs.id);
		expect(await draftsTitled(fx, 'option differs')).toHaveLength(2);
		clearFaultsAndRequests(fx);

		const scheduled = await lostPostWhileColleagueCreates(
			createFrom(),
			{ text: 'Plain words', title: 'intent differs', tags: 'launch', media: '' },
			{
				platforms: xPost('Plain words'),
				draft_title: 'intent differs',
				tags: ['launch'],
				publish_at: hoursFromNow(20),
			},
		);
		expect(scheduled.items[0]).toMatchObject({ status: 'draft' });
		expect(scheduled.items[0].id).not.toBe(scheduled.theirs.id);
		expect(await draftsTitled(fx, 'intent differs')).toHaveLength(2);
	});

	test('the exact draft the lost try stored (tags, a tag it created, media, options, settings, share, scratchpad, a date) is adopted: no duplicate', async () => {
		const media = await readyMediaId(fx);
		const publishAt = hoursFromNow(30);
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: DRAFTS, methods: 'POST' });
		const parameters = createFrom(
			{ platformOptions: { xMadeWithAi: true, xShareWithFollowers: true } },
			{
				publishAt,
				share: true,
				scratchpadText: 'for the team',
				tagNames: 'Weekly Tips, Made On The Lost Try',
				createMissingTags: true,
			},
		);
		const { result, items } = await runWithRetry(fx, parameters, [
			{ text: 'Every field set', title: 'exact match', tags: 'launch', media },
		]);
		expect(result.error).toBeUndefined();
		const stored = await draftsTitled(fx, 'exact match');
		expect(stored).toHaveLength(1);
		expect(posts().map((r) => r.status)).toEqual([503]);
		// the tag the lost try created is found by its name on the next try, not created again
		expect(sent(fx, 'POST', '/v2/social-sets/101/tags')).toHaveLength(1);
		expect(items).toEqual([
			expect.objectContaining({
				id: stored[0].id,
				status: 'scheduled',
				share_url: expect.any(String),
			}),
		]);
		expect(items[0].tags).toHaveLength(3);
		expect((items[0].tags as string[]).slice(0, 2)).toEqual(['launch', 'weekly-tips']);
		// the service gives the date back in whole seconds
		expect(
			Math.abs(Date.parse(String(items[0].scheduled_date)) - Date.parse(publishAt)),
		).toBeLessThan(1000);
	});

	test('the exact draft the lost try stored with a file from a Media URL is adopted; the file is not read or uploaded again', async () => {
		files.reset();
		files.otherwise(() => ({
			status: 200,
			headers: { 'Content-Type': 'image/png' },
			body: PNG_BYTES,
		}));
		fx.sandbox.faults.set({ fail503AfterStore: 1, paths: DRAFTS, methods: 'POST' });
		const parameters = createFrom({ mediaUrls: `${files.baseUrl}/picture.png` });
		const { result, items } = await runWithRetry(fx, parameters, [
			{ text: 'From a URL', title: 'url match', tags: 'launch', media: '' },
		]);
		expect(result.error).toBeUndefined();
		const stored = await draftsTitled(fx, 'url match');
		expect(stored).toHaveLength(1);
		expect(items).toEqual([expect.objectContaining({ id: stored[0].id })]);
		expect(posts().map((r) => r.status)).toEqual([503]);
		expect(files.requests).toHaveLength(1);
		expect(sent(fx, 'POST', '/v2/social-sets/101/media/upload')).toHaveLength(1);
	});
});
