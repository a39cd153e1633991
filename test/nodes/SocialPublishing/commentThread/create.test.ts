import {
	findMarkerIds,
	stripMarkers,
} from '../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import {
	UUID,
	articleMarkdown,
	createArticleDraft,
	createDraft,
	params,
	postText,
	threadsPath,
} from './fixtures';

const fx = useSandbox();
const create = (draftId: number | string, fields: Record<string, unknown>) =>
	params('commentThread', 'create', draftId, {
		postIndex: 0,
		selectedText: 'launch',
		text: 'Capitalise?',
		...fields,
	});

beforeEach(() => fx.sandbox.clearRequests());

describe('Comment Thread > Create (POST .../comment-threads)', () => {
	test('anchors the selected text and returns the thread with its first comment', async () => {
		const draftId = await createDraft(fx, { x: ['Intro post', 'The launch is today, launch!'] });
		fx.sandbox.clearRequests();
		const result = await fx.runNode(create(draftId, { postIndex: 1 }), { key: 'write' });
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			// Post Index above 0 without Platform: the draft is read first in case it is an X Article
			expect.objectContaining({ method: 'GET', path: `/v2/social-sets/101/drafts/${draftId}` }),
			expect.objectContaining({
				method: 'POST',
				path: threadsPath(draftId),
				body: { post_index: 1, selected_text: 'launch', text: 'Capitalise?' },
				status: 201,
			}),
		]);
		const [item] = result.output(NODE);
		expect(item.json).toMatchObject({
			id: expect.stringMatching(UUID),
			draft_id: draftId,
			platform: 'x',
			status: 'unresolved',
			selected_text: 'launch',
			comments: [{ id: expect.stringMatching(UUID), text: 'Capitalise?', user: { id: 3 } }],
		});
		const text = await postText(fx, draftId, 'x', 1);
		expect(findMarkerIds(text)).toEqual([item.json.id]);
		expect(stripMarkers(text)).toBe('The launch is today, launch!');
	});

	test('Platform and Occurrence options are sent; the second match is anchored on that platform', async () => {
		const draftId = await createDraft(fx, { x: ['go go go'], linkedin: ['go go go'] });
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			create(draftId, { selectedText: 'go', options: { platform: 'linkedin', occurrence: 1 } }),
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].body).toEqual({
			post_index: 0,
			selected_text: 'go',
			text: 'Capitalise?',
			platform: 'linkedin',
			occurrence: 1,
		});
		const thread = result.output(NODE)[0].json;
		expect(thread.platform).toBe('linkedin');
		expect(await postText(fx, draftId, 'linkedin')).toBe(
			`go <svc:comment-thread id=${thread.id}>go</svc:comment-thread> go`,
		);
		expect(findMarkerIds(await postText(fx, draftId, 'x'))).toEqual([]);
	});

	test('X Article: the selection matches the rendered text, ignoring markdown syntax', async () => {
		const draftId = await createArticleDraft(fx, '# Big news\n\nWe **ship** on Monday.');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(
			create(draftId, { selectedText: 'ship on Monday', options: { platform: 'x_article' } }),
		);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].body).toEqual({
			platform: 'x_article',
			selected_text: 'ship on Monday',
			text: 'Capitalise?',
		});
		expect(result.output(NODE)[0].json).toMatchObject({
			platform: 'x_article',
			selected_text: 'ship on Monday',
		});
		expect(findMarkerIds(await articleMarkdown(fx, draftId))).toEqual([
			result.output(NODE)[0].json.id,
		]);
	});

	test('X Article without the Platform option: Post Index 0 is sent as 0, one above 0 is refused after reading the draft, before the POST (Comment threads: for x_article, omit post_index or send 0)', async () => {
		const draftId = await createArticleDraft(fx, '# Big news\n\nWe **ship** on Monday.');
		fx.sandbox.clearRequests();
		const refused = await fx.runNode(
			create(draftId, { postIndex: 2, selectedText: 'ship on Monday' }),
		);
		expect(refused.error?.message).toBe(
			'Parameter "Post Index" must be 0 for an X Article (it has no separate posts); this draft is an X Article [item 0]',
		);
		expect(fx.apiRequests().map((r) => r.method)).toEqual(['GET']);
		fx.sandbox.clearRequests();
		const created = await fx.runNode(
			create(draftId, { postIndex: 0, selectedText: 'ship on Monday' }),
		);
		expect(created.error).toBeUndefined();
		expect(
			fx
				.apiRequests()
				.map((r) => [r.method, (r.body as { post_index?: number } | undefined)?.post_index]),
		).toEqual([['POST', 0]]);
		expect(created.output(NODE)[0].json).toMatchObject({ platform: 'x_article' });
	});

	test("without Platform on a draft with several commentable platforms, the service's error and details surface", async () => {
		const draftId = await createDraft(fx, { x: ['launch'], mastodon: ['launch'] });
		fx.sandbox.clearRequests();
		const result = await fx.runNode(create(draftId, {}));
		expect(result.error?.message).toMatch(/^VALIDATION_ERROR: /);
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toMatch(
			/^platform: required when the draft has several commentable platforms/,
		);
		expect(fx.apiRequests()).toHaveLength(1);
	});

	test("selected text missing from the post surfaces the service's 400 VALIDATION_ERROR", async () => {
		const draftId = await createDraft(fx, { x: ['Nothing to see'] });
		const result = await fx.runNode(create(draftId, { selectedText: 'absent words' }));
		expect(result.error?.message).toMatch(/^VALIDATION_ERROR: /);
		expect(result.error?.httpCode).toBe('400');
	});

	test('a comment of exactly 10,000 characters counted as code points (emoji) is accepted', async () => {
		const draftId = await createDraft(fx, { x: ['launch'] });
		const text = '🚀'.repeat(10_000);
		const result = await fx.runNode(create(draftId, { text }));
		expect(result.error).toBeUndefined();
		expect((result.output(NODE)[0].json.comments as Array<{ text: string }>)[0].text).toBe(text);
	});
});

describe('Comment Thread > Create: rules checked before sending (Limits)', () => {
	test.each([
		[
			'Text empty (from an expression)',
			{ text: '={{ "" }}' },
			'Parameter "Text" must be 1 to 10,000 characters, got 0 [item 0]',
		],
		[
			'Text over 10,000 characters',
			{ text: 'a'.repeat(10_001) },
			'Parameter "Text" must be 1 to 10,000 characters, got 10001 [item 0]',
		],
		[
			'Selected Text empty (from an expression)',
			{ selectedText: '={{ $json.missing ?? "" }}' },
			'Parameter "Selected Text" must be 1 to 50,000 characters, got 0 [item 0]',
		],
		[
			'Selected Text over 50,000 characters',
			{ selectedText: 'b'.repeat(50_001) },
			'Parameter "Selected Text" must be 1 to 50,000 characters, got 50001 [item 0]',
		],
		[
			'Occurrence over 10,000',
			{ options: { occurrence: 10_001 } },
			'Parameter "Occurrence" must be a whole number from 0 to 10,000, got "10001" [item 0]',
		],
		[
			'Occurrence negative',
			{ options: { occurrence: -1 } },
			'Parameter "Occurrence" must be a whole number from 0 to 10,000, got "-1" [item 0]',
		],
		[
			'Occurrence not whole',
			{ options: { occurrence: 1.5 } },
			'Parameter "Occurrence" must be a whole number from 0 to 10,000, got "1.5" [item 0]',
		],
		[
			'Post Index negative',
			{ postIndex: -1 },
			'Parameter "Post Index" must be a whole number of at least 0, got "-1" [item 0]',
		],
		[
			'Post Index not whole',
			{ postIndex: 0.5 },
			'Parameter "Post Index" must be a whole number of at least 0, got "0.5" [item 0]',
		],
	])('%s is refused and nothing is sent', async (_case, fields, message) => {
		const result = await fx.runNode(create(12, fields));
		expect(result.error?.message).toBe(message);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('Post Index other than 0 with Platform "X Article" is refused and nothing is sent', async () => {
		const result = await fx.runNode(
			create(12, { postIndex: 2, options: { platform: 'x_article' } }),
		);
		expect(result.error?.message).toBe(
			'Parameter "Post Index" must be 0 for an X Article (it has no separate posts) [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('a Draft ID that is not a whole number is refused and nothing is sent', async () => {
		const result = await fx.runNode(create('12a', {}));
		expect(result.error?.message).toBe(
			'Parameter "Draft ID" must be a whole number, got "12a" [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('Continue On Fail: a refused item becomes an error item, the next item is still created', async () => {
		const draftId = await createDraft(fx, { x: ['launch'] });
		fx.sandbox.clearRequests();
		const result = await fx.runNode(create(draftId, { text: '={{ $json.comment }}' }), {
			input: [{ json: { comment: '' } }, { json: { comment: 'Fine' } }],
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		const [refused, created] = result.output(NODE);
		expect(refused).toEqual({
			json: {
				error: { message: 'Parameter "Text" must be 1 to 10,000 characters, got 0 [item 0]' },
			},
			pairedItem: { item: 0 },
		});
		expect(created.json).toMatchObject({ status: 'unresolved', comments: [{ text: 'Fine' }] });
		expect(created.pairedItem).toEqual({ item: 1 });
		expect(fx.apiRequests()).toHaveLength(1);
	});
});
