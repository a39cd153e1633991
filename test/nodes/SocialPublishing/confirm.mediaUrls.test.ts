import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../harness/sandbox';
import { ScriptedServer } from '../../harness/scriptedServer';
import { callTool, toolNodeTypes } from '../../harness/toolNode';
import { api, createText, draftParams, hoursFromNow, runWith, seedDraft } from './draft/fixtures';
import { PNG_BYTES, storageRequests } from './media/fixtures';

/**
 * Draft Create and Update with Media URLs as an AI agent's tool: each URL is downloaded and uploaded before
 * the draft is written, so a URL the model chose is a download the model chose. Like Media > Upload from a
 * URL, such a call acts only with "Confirm" true; without it no URL is read, nothing is uploaded or written,
 * and the answer says what would be downloaded. As a regular node nothing changes.
 */
const fx = useSandbox({ mediaProcessingMs: 20 });
const nodeTypes = toolNodeTypes();
const files = new ScriptedServer();
beforeAll(async () => await files.start());
afterAll(async () => await files.stop());
beforeEach(() => {
	files.reset();
	files.otherwise(() => ({
		status: 200,
		headers: { 'Content-Type': 'image/png' },
		body: PNG_BYTES,
	}));
});

const FROM_AI_CONFIRM =
	'={{ $fromAI("confirm", "true only once the user has confirmed", "boolean") }}';
const FROM_AI_URLS = '={{ $fromAI("media_urls", "comma-separated image URLs") }}';
const ASK = 'Ask the user to confirm, then call this tool again with "confirm" set to true.';
const run = (parameters: IDataObject, calls: IDataObject[]) =>
	callTool(fx, nodeTypes, parameters, calls);
const writes = (requests: Awaited<ReturnType<typeof run>>['requests']) =>
	requests.filter((r) => r.method !== 'GET');
const draftCount = async () =>
	(await api<{ count: number }>(fx, 'GET', '/v2/social-sets/101/drafts?limit=1')).body.count;

const createWithUrls = (extra: IDataObject = {}) => ({
	...createText('Launch day', ['x', 'bluesky'], { mediaUrls: FROM_AI_URLS, ...extra }),
	confirm: FROM_AI_CONFIRM,
});

describe('Draft > Create with Media URLs as an AI agent tool', () => {
	test('without confirmation no URL is read, nothing is uploaded or created; the answer names the download', async () => {
		const before = await draftCount();
		const secret = `${files.baseUrl}/internal-only/secret.png`;
		const { answers, requests } = await run(createWithUrls(), [
			{ media_urls: `${secret}?token=s3cr3t`, confirm: false },
		]);
		const answer = answers[0][0];
		expect(answer).toMatchObject({
			dry_run: true,
			done: false,
			action: 'create',
			draft_id: null,
			social_set_id: 101,
			platforms: ['x', 'bluesky'],
			media_urls: [secret],
		});
		expect(answer.publish_at).toBeUndefined();
		expect(answer.message).toBe(
			`Nothing was done. This would download ${secret} and upload the file as media, then create a draft on x, bluesky in social set 101. ${ASK}`,
		);
		expect(JSON.stringify(answers)).not.toContain('s3cr3t');
		expect(files.requests).toEqual([]);
		expect(writes(requests)).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
		expect(await draftCount()).toBe(before);
	});

	test('with confirm true the file is downloaded, uploaded and attached to the created draft', async () => {
		const url = `${files.baseUrl}/images/launch.png`;
		const { answers, requests } = await run(createWithUrls(), [{ media_urls: url, confirm: true }]);
		expect(files.requests.map((r) => r.path)).toEqual(['/images/launch.png']);
		expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/media/upload',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(storageRequests(fx)).toHaveLength(1);
		const created = answers[0][0];
		expect(created).toMatchObject({ status: 'draft' });
		const x = (created.platforms as IDataObject).x as { posts: Array<{ media_ids: string[] }> };
		expect(x.posts[0].media_ids).toHaveLength(1);
	});

	test('Confirm left at its default (not given to the model) is false: nothing is read', async () => {
		const params = createText('Launch day', ['x'], { mediaUrls: FROM_AI_URLS });
		const { answers, requests } = await run(params, [{ media_urls: `${files.baseUrl}/a.png` }]);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'create' });
		expect(files.requests).toEqual([]);
		expect(writes(requests)).toEqual([]);
	});

	test('List of Posts: a URL in the second post is held back the same way', async () => {
		const url = `${files.baseUrl}/second.png`;
		const params = {
			...draftParams('create', {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'posts',
				posts: { post: [{ text: 'First' }, { text: 'Second', mediaUrls: FROM_AI_URLS }] },
			}),
			confirm: FROM_AI_CONFIRM,
		};
		const { answers, requests } = await run(params, [{ media_urls: url, confirm: false }]);
		expect(answers[0][0]).toMatchObject({ dry_run: true, action: 'create', media_urls: [url] });
		expect(files.requests).toEqual([]);
		expect(writes(requests)).toEqual([]);
	});

	test('with Publish At as well, the answer names the download and the publish', async () => {
		const url = `${files.baseUrl}/a.png`;
		const publishAt = hoursFromNow(30);
		const { answers, requests } = await run(createWithUrls({ additionalFields: { publishAt } }), [
			{ media_urls: url, confirm: false },
		]);
		expect(answers[0][0]).toMatchObject({ publish_at: publishAt, media_urls: [url] });
		expect(answers[0][0].message).toContain(
			`This would download ${url} and upload the file as media, then create a draft and publish it at ${publishAt} on x, bluesky`,
		);
		expect(files.requests).toEqual([]);
		expect(writes(requests)).toEqual([]);
	});

	test('a hundred URLs from the model (the most an item takes): each one checked, none read; the answer lists 20 and counts the rest', async () => {
		const urls = Array.from({ length: 100 }, (_, i) => `${files.baseUrl}/m/${i}.png?sig=${i}`);
		const { answers, requests } = await run(createWithUrls(), [
			{ media_urls: urls.join(', '), confirm: false },
		]);
		const answer = answers[0][0];
		expect(answer.media_urls).toHaveLength(20);
		expect((answer.media_urls as string[])[19]).toBe(`${files.baseUrl}/m/19.png`);
		expect(answer.message).toContain('download 100 files (');
		expect(answer.message).toContain('and 80 more) and upload them as media');
		expect(answer.message).not.toContain('sig=');
		expect(String(answer.message).length).toBeLessThan(3_000);
		expect(files.requests).toEqual([]);
		expect(writes(requests)).toEqual([]);
	});

	test('more URLs than an item takes are refused naming the parameter and the cap, before anything is read or written', async () => {
		const urls = Array.from({ length: 300 }, (_, i) => `${files.baseUrl}/m/${i}.png`);
		const { answers, requests } = await run(createWithUrls(), [
			{ media_urls: urls.join(', '), confirm: false },
		]);
		expect(answers[0]).toEqual([
			{
				error: expect.stringContaining(
					'Parameter "Media URLs" gives 300 Media URLs; an item takes at most 100',
				),
			},
		]);
		expect(files.requests).toEqual([]);
		expect(requests).toEqual([]);
	});

	test('a URL that is not http(s) fails naming the parameter, before anything is read or written', async () => {
		const { answers, requests } = await run(createWithUrls(), [
			{ media_urls: 'file:///etc/passwd', confirm: false },
		]);
		expect(answers[0]).toEqual([
			{
				error:
					'Parameter "Media URLs" must be an http or https URL, got "file:" in "file:///etc/passwd" [item 0]',
			},
		]);
		expect(files.requests).toEqual([]);
		expect(requests).toEqual([]);
	});

	test('a tool call without Media URLs is not held back (as before)', async () => {
		const { answers, requests } = await run(createWithUrls(), [{ media_urls: '', confirm: false }]);
		expect(answers[0][0].dry_run).toBeUndefined();
		expect(answers[0][0]).toMatchObject({ status: 'draft' });
		expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/drafts',
		]);
	});
});

describe('Draft > Update with Media URLs as an AI agent tool', () => {
	const updateWithUrls = (draftId: unknown) => ({
		...draftParams('update', {
			draftId: String(draftId),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Now with a picture',
			mediaUrls: FROM_AI_URLS,
		}),
		confirm: FROM_AI_CONFIRM,
	});

	test('without confirmation the draft is read, no URL is read and the draft is unchanged', async () => {
		const draft = await seedDraft(fx);
		const url = `${files.baseUrl}/internal-only/secret.png`;
		const { answers, requests } = await run(updateWithUrls(draft.id), [
			{ media_urls: url, confirm: false },
		]);
		expect(answers[0][0]).toMatchObject({
			dry_run: true,
			action: 'update',
			draft_id: draft.id,
			platforms: ['x'],
			media_urls: [url],
		});
		expect(answers[0][0].message).toContain(
			`This would download ${url} and upload the file as media, then update draft ${draft.id} on x in social set 101.`,
		);
		expect(files.requests).toEqual([]);
		expect(writes(requests)).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
		const after = await api<IDataObject>(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`);
		const posts = (after.body.platforms as { x: { posts: IDataObject[] } }).x.posts;
		expect(posts).toEqual([expect.objectContaining({ text: 'Seeded post', media: [] })]);
		expect(posts[0].media_ids).toBeUndefined();
	});

	test('with confirm true the file is downloaded and the draft updated with it', async () => {
		const draft = await seedDraft(fx);
		const { answers, requests } = await run(updateWithUrls(draft.id), [
			{ media_urls: `${files.baseUrl}/pic.png`, confirm: true },
		]);
		expect(files.requests.map((r) => r.path)).toEqual(['/pic.png']);
		expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/media/upload',
			`PATCH /v2/social-sets/101/drafts/${draft.id}`,
		]);
		expect(answers[0][0]).toMatchObject({
			id: draft.id,
			platforms: { x: { posts: [{ text: 'Now with a picture' }] } },
		});
		const x = (answers[0][0].platforms as IDataObject).x as {
			posts: Array<{ media_ids: string[] }>;
		};
		expect(x.posts[0].media_ids).toHaveLength(1);
	});
});

describe('The regular node (not a tool) with Media URLs', () => {
	test('Create downloads and attaches without any confirmation, even with "confirm" false', async () => {
		const { result, requests } = await runWith(
			fx,
			createText('Regular workflow', ['x'], {
				mediaUrls: `${files.baseUrl}/regular.png`,
				confirm: false,
			}),
		);
		expect(result.error).toBeUndefined();
		expect(files.requests.map((r) => r.path)).toEqual(['/regular.png']);
		expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/media/upload',
			'POST /v2/social-sets/101/drafts',
		]);
	});
});
