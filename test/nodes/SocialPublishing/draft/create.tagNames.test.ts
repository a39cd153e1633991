import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { byId, singleNodeWorkflow } from '../../../harness/workflows';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import {
	answerFirstTagPageAgain,
	api,
	createText,
	seedTags,
	tagCreates,
	tagReads,
	writeOf,
} from './fixtures';
import { runWorkflow } from '../../../harness/runWorkflow';
import { useScriptedServer } from '../../../harness/useScriptedServer';

/**
 * "Tag Names" on Draft Create and Update. Social set 101 is seeded with the tags Launch (launch) and
 * Weekly Tips (weekly-tips); 102 starts without tags. Drafts take tag slugs (Drafts: create body, tags).
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

describe('Draft > Create with Tag Names (Tags: GET /v2/social-sets/{id}/tags; Drafts: tags are slugs of existing tags)', () => {
	test('names match existing tags by name or slug, ignoring case: one read of the tag list, then the draft with the slugs', async () => {
		const params = createText('Tagged by name', ['x'], {
			additionalFields: { tagNames: 'weekly TIPS, LAUNCH' },
		});
		const { result, requests, items } = await runFresh(fx, params, { key: 'write' });
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/tags',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(requests[0].query).toEqual({ limit: ['50'], offset: ['0'] });
		expect(requests[1].body).toMatchObject({ tags: ['weekly-tips', 'launch'] });
		expect(items[0].tags).toEqual(['weekly-tips', 'launch']);
	});

	test('a name is matched on every page of the tag list (page size 50, Limits)', async () => {
		await seedTags(
			fx,
			102,
			Array.from({ length: 55 }, (_, i) => `Topic ${String(i).padStart(2, '0')}`),
		);
		const params = createText('Late in the list', ['x'], {
			additionalFields: { tagNames: 'topic 54' },
		});
		const { result, requests } = await runFresh(fx, { ...params, socialSetId: byId(102) });
		expect(result.error).toBeUndefined();
		expect(tagReads(requests).map((r) => r.query.offset)).toEqual([['0'], ['50']]);
		expect(writeOf(requests, 'POST')?.body).toMatchObject({ tags: ['topic-54'] });
	});

	test('the tag list is read once per social set for all items of a run', async () => {
		const params = createText('={{ $json.text }}', ['x'], {
			additionalFields: { tagNames: '={{ $json.tags }}' },
		});
		const input = [
			{ json: { text: 'One', tags: 'Launch' } },
			{ json: { text: 'Two', tags: 'weekly-tips' } },
			{ json: { text: 'Three', tags: 'launch, Weekly Tips' } },
		];
		const { result, requests, items } = await runFresh(fx, params, { input });
		expect(result.error).toBeUndefined();
		expect(tagReads(requests)).toHaveLength(1);
		expect(items.map((item) => item.tags)).toEqual([
			['launch'],
			['weekly-tips'],
			['launch', 'weekly-tips'],
		]);
	});

	test('picked tags and names are merged without duplicates, picked first', async () => {
		const params = createText('Both ways', ['x'], {
			additionalFields: { tags: ['launch'], tagNames: 'Weekly Tips, Launch' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(writeOf(requests, 'POST')?.body).toMatchObject({ tags: ['launch', 'weekly-tips'] });
	});

	test('a name without a tag fails naming it, before any tag or draft is written, when "Create Missing Tags" is off', async () => {
		const params = createText('Unknown tag', ['x'], {
			additionalFields: { tagNames: 'Launch, Product News, Roadmap' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toBe(
			'Parameter "Tag Names" names tags that social set 101 does not have: "Product News", "Roadmap" [item 0]',
		);
		expect(result.error?.description).toContain('Turn on "Create Missing Tags"');
		expect(result.error?.description).toContain('Launch (launch), Weekly Tips (weekly-tips)');
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('with "Create Missing Tags" the missing tag is created (Tags: POST), then the draft carries its slug', async () => {
		const params = createText('New tag', ['x'], {
			additionalFields: { tagNames: 'launch,  Product News ', createMissingTags: true },
		});
		const { result, requests, items } = await runFresh(fx, params, { key: 'write' });
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/tags',
			'POST /v2/social-sets/101/tags',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(tagCreates(requests)[0].body).toEqual({ name: 'Product News' });
		expect(items[0].tags).toEqual(['launch', 'product-news']);
		const { body } = await api<{ results: Array<{ name: string }> }>(
			fx,
			'GET',
			'/v2/social-sets/101/tags',
		);
		expect(body.results.map((t) => t.name)).toContain('Product News');
	});

	test('a tag created for one item is found, not created again, for the next item', async () => {
		const params = createText('={{ $json.text }}', ['x'], {
			additionalFields: { tagNames: 'Roadmap', createMissingTags: true },
		});
		const { result, requests, items } = await runFresh(fx, params, {
			input: [{ json: { text: 'One' } }, { json: { text: 'Two' } }],
		});
		expect(result.error).toBeUndefined();
		expect(tagCreates(requests)).toHaveLength(1);
		expect(items.map((item) => item.tags)).toEqual([['roadmap'], ['roadmap']]);
	});

	test('more than 10 tags after merging picked tags and names fails before any tag or draft is written (Limits: tags on a draft)', async () => {
		const picked = ['launch', 'weekly-tips'];
		await seedTags(fx, 101, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
		const params = createText('Too many', ['x'], {
			additionalFields: {
				tags: picked,
				tagNames: 'a1, a2, a3, a4, a5, a6, a7, a8, launch, Brand New',
				createMissingTags: true,
			},
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error?.message).toBe(
			'Parameter "Tag Names" gives the draft 11 tags together with the 2 picked in "Tag Names or IDs"; a draft takes at most 10 [item 0]',
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('exactly 10 after merging is sent', async () => {
		await seedTags(fx, 101, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
		const params = createText('Ten', ['x'], {
			additionalFields: {
				tags: ['launch'],
				tagNames: 'a1, a2, a3, a4, a5, a6, a7, a8, launch, weekly tips',
			},
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect((writeOf(requests, 'POST')?.body as IDataObject).tags).toHaveLength(10);
	});

	test('more than 20 different names are refused before any request, counted, not matched (two names per tag at most: its name and its slug)', async () => {
		const names = Array.from({ length: 10_000 }, (_, i) => `n${i}`).join(',');
		const params = createText('Many names', ['x'], {
			additionalFields: { tagNames: names, createMissingTags: true },
		});
		await expectRejectedBeforeSending(fx, params, {
			parameter: 'Tag Names',
			problem:
				'has 10000 names, more than 20 of them different; a draft takes at most 10 tags (each matched by its name or its slug)',
		});
	});

	test('20 different names that are the names and slugs of 10 tags are sent as those 10 tags', async () => {
		const tags = Array.from({ length: 10 }, (_, i) => `Topic ${i}`);
		await seedTags(fx, 102, tags);
		const names = [...tags, ...tags.map((_, i) => `TOPIC-${i}`)];
		const params = createText('Twenty names', ['x'], {
			additionalFields: { tagNames: names.join(', ') },
		});
		const { result, requests } = await runFresh(fx, { ...params, socialSetId: byId(102) });
		expect(result.error).toBeUndefined();
		expect(writeOf(requests, 'POST')?.body).toMatchObject({
			tags: tags.map((_, i) => `topic-${i}`),
		});
	});

	test('a tag name over 32 characters is refused before any request (Limits: Tag name 1 to 32 characters)', async () => {
		const params = createText('Long name', ['x'], {
			additionalFields: { tagNames: `Launch, ${'n'.repeat(33)}`, createMissingTags: true },
		});
		await expectRejectedBeforeSending(fx, params, {
			parameter: 'Tag Names',
			problem: /33 characters long; a tag name has 1 to 32 characters/,
		});
	});

	test('names from an expression list work like the comma list', async () => {
		const params = createText('List', ['x'], {
			additionalFields: { tagNames: '={{ ["Launch", "weekly-tips"] }}' },
		});
		const { result, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(writeOf(requests, 'POST')?.body).toMatchObject({ tags: ['launch', 'weekly-tips'] });
	});
});

describe('the tag reader stops when the service answers the same page again (Paged envelope: next)', () => {
	const server = useScriptedServer(answerFirstTagPageAgain);

	test('Draft > Create with Tag Names: an error naming the repeat, and no draft is sent', async () => {
		const result = await runWorkflow(
			singleNodeWorkflow(
				createText('Hello', ['mastodon'], { additionalFields: { tagNames: 'Missing Tag' } }),
			),
			{ credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } } },
		);
		expect(result.error?.message).toBe(
			'Stopped reading /v2/social-sets/101/tags: the service answered offset 50 with the page before again',
		);
		expect(server.requests.map((r) => `${r.method} ${r.path} ${r.query.get('offset')}`)).toEqual([
			'GET /v2/social-sets/101/tags 0',
			'GET /v2/social-sets/101/tags 50',
		]);
	});
});
