/**
 * Draft > Update with Content Options > UTM Tags, through n8n-core against the sandbox (PATCH drafts: "partial
 * update keeps omitted fields and unsupplied platforms"; Marker rules on PATCH: every thread anchored on a platform
 * must appear in its submitted text). Only the text the update gives is tagged: the posts and platforms it keeps
 * from the draft stay as they are; a link inside a comment marker keeps the text the thread anchors on.
 */
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { api, draftParams, seedDraft } from './fixtures';

const fx = useSandbox({ mediaProcessingMs: 10 });

const tail = (source: string) =>
	`utm_source=${source}&utm_medium=social&utm_campaign=spring-launch`;
const utm = { utmTags: { tags: { campaign: 'spring-launch' } } };

type Stored = { platforms: Record<string, { posts: Array<{ text: string }> }> };

async function textsOf(id: unknown, platform: string, markers = false): Promise<string[]> {
	const query = markers ? '' : '?exclude_comment_markers=true';
	const { body } = await api<Stored>(fx, 'GET', `/v2/social-sets/101/drafts/${String(id)}${query}`);
	return body.platforms[platform].posts.map((post) => post.text);
}

async function seedLinked(): Promise<IDataObject> {
	return await seedDraft(fx, {
		platforms: {
			x: {
				enabled: true,
				posts: [{ text: 'Kept: https://example.com/kept' }, { text: 'Second' }],
				settings: {},
			},
			linkedin: {
				enabled: true,
				posts: [{ text: 'LinkedIn: https://example.com/other' }],
				settings: {},
			},
		},
	});
}

describe('Draft > Update with UTM Tags (PATCH drafts)', () => {
	test('Edit Single Posts: only the post the update sets is tagged; the kept post and the other platform stay as they were', async () => {
		const draft = await seedLinked();
		const { result } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'edit',
				editPosts: {
					edit: [
						{ editAction: 'setText', postNumber: 2, text: 'New: https://example.com/new' },
						{ editAction: 'append', text: 'Appended https://example.com/end#top' },
					],
				},
				contentOptions: utm,
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await textsOf(draft.id, 'x')).toEqual([
			'Kept: https://example.com/kept',
			`New: https://example.com/new?${tail('x')}`,
			`Appended https://example.com/end?${tail('x')}#top`,
		]);
		expect(await textsOf(draft.id, 'linkedin')).toEqual(['LinkedIn: https://example.com/other']);
	});

	test('One Text on two platforms: each gets its own source', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: { enabled: true, posts: [{ text: 'Was: https://example.com/was' }], settings: {} },
				linkedin: { enabled: true, posts: [{ text: 'Was too' }], settings: {} },
			},
		});
		const { result } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x', 'linkedin'],
				contentMode: 'text',
				text: 'Now: https://example.com/now',
				contentOptions: utm,
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await textsOf(draft.id, 'x')).toEqual([`Now: https://example.com/now?${tail('x')}`]);
		expect(await textsOf(draft.id, 'linkedin')).toEqual([
			`Now: https://example.com/now?${tail('linkedin')}`,
		]);
	});

	test('a link inside a comment marker keeps its text, and the thread stays anchored; a link outside is tagged', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [{ text: 'See https://example.com/anchored and https://example.com/free' }],
					settings: {},
				},
			},
		});
		const thread = await api<{ id: string }>(
			fx,
			'POST',
			`/v2/social-sets/101/drafts/${String(draft.id)}/comment-threads`,
			{
				post_index: 0,
				selected_text: 'https://example.com/anchored',
				text: 'Is this the right page?',
			},
		);
		expect(thread.status).toBe(201);
		const [withMarker] = await textsOf(draft.id, 'x', true);
		expect(withMarker).toContain(`<svc:comment-thread id=`);
		const { result } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: withMarker,
				contentOptions: utm,
			}),
		);
		expect(result.error).toBeUndefined();
		const [after] = await textsOf(draft.id, 'x', true);
		expect(after).toBe(
			withMarker.replace('https://example.com/free', `https://example.com/free?${tail('x')}`),
		);
		const threads = await api<{ results: Array<{ id: string }> }>(
			fx,
			'GET',
			`/v2/social-sets/101/drafts/${String(draft.id)}/comment-threads`,
		);
		expect(threads.body.results.map((t) => t.id)).toEqual([thread.body.id]);
	});

	test('Validate Only shows the tagged text of the posts the update gives, beside the posts it keeps', async () => {
		const draft = await seedLinked();
		const { result, items, requests } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'edit',
				editPosts: {
					edit: [{ editAction: 'setText', postNumber: 2, text: 'New: https://example.com/new' }],
				},
				contentOptions: utm,
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
		const body = items[0].body as Stored;
		expect(body.platforms.x.posts.map((post) => post.text)).toEqual([
			'Kept: https://example.com/kept',
			`New: https://example.com/new?${tail('x')}`,
		]);
		expect(await textsOf(draft.id, 'x')).toEqual(['Kept: https://example.com/kept', 'Second']);
	});
});
