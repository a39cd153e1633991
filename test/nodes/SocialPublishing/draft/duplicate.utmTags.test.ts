/**
 * Draft > Duplicate with Options > UTM Tags, through n8n-core against the sandbox (GET the source without comment
 * markers, POST drafts): the copy's posts are tagged per platform, the source keeps its text; a post the tags make
 * longer than its platform's default limit (Limits: not shown; docs/post-length.md) is refused before the POST.
 */
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { seedDraft } from './fixtures';
import { duplicateParams, readDraft } from './duplicate.fixtures';

const fx = useSandbox({ mediaProcessingMs: 10 });

const tail = (source: string) => `utm_source=${source}&utm_medium=social&utm_campaign=recycled`;
const utm = { options: { utmTags: { tags: { campaign: 'recycled' } } } };

type Platforms = Record<string, { enabled: boolean; posts: Array<{ text: string }> }>;

describe('Draft > Duplicate with UTM Tags (POST drafts)', () => {
	test("the copy's posts are tagged on every platform, disabled ones too; the source keeps its text", async () => {
		const source = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [
						{ text: 'One https://example.com/a' },
						{ text: 'Two https://example.com/b?ref=1' },
					],
					settings: {},
				},
				mastodon: {
					enabled: false,
					posts: [{ text: 'Toot https://example.com/a' }],
					settings: {},
				},
			},
		});
		const { result, items, requests } = await runFresh(fx, duplicateParams(source.id, utm));
		expect(result.error).toBeUndefined();
		expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		const copy = (await readDraft(fx, items[0].id)).platforms as Platforms;
		expect(copy.x.posts.map((post) => post.text)).toEqual([
			`One https://example.com/a?${tail('x')}`,
			`Two https://example.com/b?ref=1&${tail('x')}`,
		]);
		expect(copy.mastodon).toMatchObject({
			enabled: false,
			posts: [{ text: `Toot https://example.com/a?${tail('mastodon')}` }],
		});
		const kept = (await readDraft(fx, source.id)).platforms as Platforms;
		expect(kept.x.posts[0].text).toBe('One https://example.com/a');
	});

	test('a post the tags make too long for its platform is refused, naming UTM Tags, the platform and the post; nothing is created', async () => {
		const text = `${'a'.repeat(260)} https://example.com/launch`;
		const source = await seedDraft(fx, {
			platforms: { bluesky: { enabled: true, posts: [{ text }], settings: {} } },
		});
		const { result, requests } = await runFresh(fx, duplicateParams(source.id, utm));
		expect(result.error?.message).toMatch(
			/^Parameter "UTM Tags" gives Bluesky post 1 a length of \d+ \(graphemes\); Bluesky takes at most 300 once its links are tagged; shorten the source draft's post or leave out UTM Tags \[item 0\]$/,
		);
		expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
		// without the tags the copy is made
		const { result: plain } = await runFresh(fx, duplicateParams(source.id));
		expect(plain.error).toBeUndefined();
	});
});
