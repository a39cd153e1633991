/**
 * Draft > Create with Content Options > UTM Tags: campaign parameters on every link of every post, per platform,
 * before the length check (Limits: "Character limits of post text per platform: not shown"; docs/post-length.md),
 * run through n8n-core against the sandbox. What the service stores is read back from it (POST drafts: 201 Draft
 * detail); the spec's Comment-thread markers in text and LinkedIn mentions (Rules on platform content) are left as
 * written. Media URLs are downloaded as given.
 */
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { PNG_BYTES } from '../media/fixtures';
import { postLength } from '../../../../nodes/SocialPublishing/helpers/text/textLength';
import { cpuGrowth, cpuOf } from '../../../harness/cpu';
import { api, createText, draftParams } from './fixtures';

const fx = useSandbox({ mediaProcessingMs: 10 });
const files = new ScriptedServer();
beforeAll(async () => {
	await files.start();
});
afterAll(async () => {
	await files.stop();
});
beforeEach(() => files.reset());

const ALL = ['x', 'linkedin', 'mastodon', 'threads', 'bluesky', 'substack'];
const utm = (tags: IDataObject) => ({ contentOptions: { utmTags: { tags } } });
const tail = (source: string, campaign = 'spring-launch', medium = 'social') =>
	`utm_source=${source}&utm_medium=${medium}&utm_campaign=${campaign}`;

type Stored = { platforms: Record<string, { posts: Array<{ text: string }> }> };

async function stored(id: unknown): Promise<Stored> {
	const { status, body } = await api<Stored>(fx, 'GET', `/v2/social-sets/101/drafts/${String(id)}`);
	expect(status).toBe(200);
	return body;
}

describe('Draft > Create with UTM Tags (POST drafts; Limits: not shown)', () => {
	test('every link of every post of every platform is stored with its platform as utm_source; a source set per platform replaces it', async () => {
		const text =
			'Launch day: https://example.com/launch and the docs https://docs.example.com/start#install\n---\nMore at https://example.com/blog?ref=home';
		const params = createText(text, ALL, {
			platformTexts: {
				platformText: [
					{ platform: 'linkedin', text: 'On LinkedIn: https://example.com/launch' },
					{ platform: 'substack', text: 'On Substack: https://example.com/launch' },
				],
			},
			...utm({
				campaign: 'spring-launch',
				medium: 'social',
				sources: { source: [{ platform: 'x', source: 'twitter' }] },
			}),
		});
		const { result, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		const draft = await stored(items[0].id);
		for (const platform of ALL) {
			const source = platform === 'x' ? 'twitter' : platform;
			const posts = draft.platforms[platform].posts.map((post) => post.text);
			if (platform === 'linkedin' || platform === 'substack') {
				const name = platform === 'linkedin' ? 'LinkedIn' : 'Substack';
				expect(posts).toEqual([`On ${name}: https://example.com/launch?${tail(source)}`]);
				continue;
			}
			expect(posts[0]).toBe(
				`Launch day: https://example.com/launch?${tail(source)} and the docs https://docs.example.com/start?${tail(source)}#install`,
			);
			expect(posts[1]).toBe(`More at https://example.com/blog?ref=home&${tail(source)}`);
		}
	});

	test('a link that already has a parameter keeps its value; the parameters it lacks are added', async () => {
		const params = createText(
			'Old: https://example.com/a?utm_source=newsletter&utm_campaign=winter and https://example.com/b?utm_medium=email',
			['mastodon'],
			utm({ campaign: 'spring-launch' }),
		);
		const { result, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect((await stored(items[0].id)).platforms.mastodon.posts[0].text).toBe(
			'Old: https://example.com/a?utm_source=newsletter&utm_campaign=winter&utm_medium=social and https://example.com/b?utm_medium=email&utm_source=mastodon&utm_campaign=spring-launch',
		);
	});

	test('values are percent-encoded; an empty Medium adds no utm_medium', async () => {
		const params = createText('See https://example.com/p', ['bluesky'], {
			...utm({ campaign: 'Spring sale & more #1', medium: '' }),
		});
		const { result, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect((await stored(items[0].id)).platforms.bluesky.posts[0].text).toBe(
			'See https://example.com/p?utm_source=bluesky&utm_campaign=Spring%20sale%20%26%20more%20%231',
		);
	});

	test('a LinkedIn mention, a bare domain and a Media URL stay as written', async () => {
		files.otherwise(() => ({
			status: 200,
			headers: { 'Content-Type': 'image/png' },
			body: PNG_BYTES,
		}));
		const mediaUrl = `${files.baseUrl}/images/launch.png?size=large`;
		const text =
			'Thanks @[Acme](urn:li:organization:42), more on acme.example.com/blog and https://example.com/launch';
		const params = createText(text, ['linkedin'], {
			mediaUrls: mediaUrl,
			...utm({ campaign: 'spring-launch' }),
		});
		const { result, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect((await stored(items[0].id)).platforms.linkedin.posts[0].text).toBe(
			`Thanks @[Acme](urn:li:organization:42), more on acme.example.com/blog and https://example.com/launch?${tail('linkedin')}`,
		);
		expect(files.requests.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
			'/images/launch.png?size=large',
		]);
	});

	test('the length check counts the tagged links: a Bluesky post that fits untagged but not tagged is refused, naming the post and the platform; X counts every link as 23', async () => {
		const link = 'https://example.com/launch';
		const filler = 'a'.repeat(300 - 2 - link.length);
		const second = `${filler} ${link}`;
		expect(postLength('bluesky', second)).toBeLessThanOrEqual(300);
		const tagged = `${second}?${tail('bluesky')}`;
		expect(postLength('bluesky', tagged)).toBeGreaterThan(300);
		const text = `First\n---\n${second}`;
		// untagged it is sent
		const plain = await runFresh(fx, createText(text, ['bluesky']));
		expect(plain.result.error).toBeUndefined();
		await expectRejectedBeforeSending(
			fx,
			createText(text, ['bluesky'], utm({ campaign: 'spring-launch' })),
			{
				parameter: 'Text',
				problem: new RegExp(
					`gives Bluesky post 2 a length of ${postLength('bluesky', tagged)} \\(graphemes\\); Bluesky takes at most 300`,
				),
			},
		);
		// X counts the tagged link as 23 as well: the same text for X alone is sent, tagged
		const { result, items } = await runFresh(
			fx,
			createText(`${'b'.repeat(250)} ${link}`, ['x'], utm({ campaign: 'spring-launch' })),
		);
		expect(result.error).toBeUndefined();
		expect((await stored(items[0].id)).platforms.x.posts[0].text).toBe(
			`${'b'.repeat(250)} ${link}?${tail('x')}`,
		);
	});

	test('Auto-Split splits the tagged text, never inside a link', async () => {
		const sentences = Array.from(
			{ length: 12 },
			(_, i) => `Point ${i + 1} is explained at https://example.com/points/${i + 1} today.`,
		).join(' ');
		const params = createText(sentences, ['bluesky'], {
			contentOptions: {
				autoSplit: true,
				utmTags: { tags: { campaign: 'spring-launch' } },
			},
		});
		const { result, items } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		const posts = (await stored(items[0].id)).platforms.bluesky.posts.map((post) => post.text);
		expect(posts.length).toBeGreaterThan(1);
		for (const post of posts) expect(postLength('bluesky', post)).toBeLessThanOrEqual(300);
		const joined = posts.join(' ');
		for (let i = 1; i <= 12; i++)
			expect(joined).toContain(`https://example.com/points/${i}?${tail('bluesky')}`);
	});

	test('Validate Only shows the tagged text in the body and counts it in each post length', async () => {
		const text = 'Read https://example.com/launch now';
		const params = createText(text, ['x', 'threads'], {
			...utm({ campaign: 'spring-launch' }),
			options: { validateOnly: true },
		});
		const { result, items, requests } = await runFresh(fx, params);
		expect(result.error).toBeUndefined();
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
		const answer = items[0] as IDataObject & {
			body: { platforms: Record<string, { posts: Array<{ text: string }> }> };
			platforms: Record<string, { posts: Array<{ length: number }> }>;
		};
		expect(answer.valid).toBe(true);
		const threadsText = `Read https://example.com/launch?${tail('threads')} now`;
		expect(answer.body.platforms.x.posts[0].text).toBe(
			`Read https://example.com/launch?${tail('x')} now`,
		);
		expect(answer.body.platforms.threads.posts[0].text).toBe(threadsText);
		expect(answer.platforms.threads.posts[0].length).toBe(postLength('threads', threadsText));
		expect(answer.platforms.threads.posts[0].length).toBeGreaterThan(postLength('threads', text));
	});

	test('Validate Only lists the post the tags make too long', async () => {
		const text = `${'a'.repeat(260)} https://example.com/launch`;
		const { result, items } = await runFresh(
			fx,
			createText(text, ['bluesky'], {
				...utm({ campaign: 'spring-launch' }),
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ valid: false });
		expect((items[0].problems as string[])[0]).toMatch(
			/^Parameter "Text" gives Bluesky post 1 a length of \d+ \(graphemes\); Bluesky takes at most 300/,
		);
	});

	test.each([
		[
			'an empty Campaign',
			{ campaign: '  ' },
			'UTM Tags > Campaign',
			/is empty; give the campaign, or remove UTM Tags/,
		],
		[
			'a Campaign over 100 characters',
			{ campaign: 'c'.repeat(101) },
			'UTM Tags > Campaign',
			/is 101 characters long; give at most 100/,
		],
		[
			'a platform given two sources',
			{
				campaign: 'a',
				sources: {
					source: [
						{ platform: 'x', source: 'twitter' },
						{ platform: 'x', source: 'tw' },
					],
				},
			},
			'UTM Tags > Source Per Platform',
			/sets the source of X twice/,
		],
		[
			'an empty source',
			{ campaign: 'a', sources: { source: [{ platform: 'bluesky', source: '' }] } },
			'UTM Tags > Source Per Platform',
			/gives Bluesky an empty source/,
		],
	])('%s is refused before any request', async (_name, tags, parameter, problem) => {
		const campaign = (tags as IDataObject).campaign;
		const given =
			typeof campaign === 'string' && campaign.trim() === ''
				? { ...tags, campaign: `={{ ${JSON.stringify(campaign)} }}` }
				: tags;
		await expectRejectedBeforeSending(fx, createText('https://example.com', ['x'], utm(given)), {
			parameter,
			problem,
		});
	});

	test('a post with more links to tag than the cap is refused, naming the post and the platform', async () => {
		const links = Array.from({ length: 101 }, (_, i) => `https://e.com/${i}`).join(' ');
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', {
				contentType: 'posts',
				platforms: ['threads'],
				contentMode: 'posts',
				posts: { post: [{ text: 'First' }, { text: links }] },
				...utm({ campaign: 'spring-launch' }),
			}),
			{
				parameter: 'Posts',
				problem:
					/\(post 2 for Threads\) has 101 links to tag; UTM Tags tags at most 100 links in one post/,
			},
		);
	});

	test.each([
		['links past the cap', (n: number) => 'https://a.com/p?x=1#f '.repeat(n / 22 + 1).slice(0, n)],
		[
			'60 links, then a run glued to the last',
			(n: number) => {
				const links = 'https://a.com/p '.repeat(60);
				return `${links}https://a.com/q${'(a).'.repeat(n / 4)}`.slice(0, n);
			},
		],
	])(
		'a hostile 100,000-character text with UTM Tags is answered (Validate Only) in time linear in its length: %s',
		async (_name, make) => {
			const run = (n: number) => async () =>
				await cpuOf(async () => {
					const { result, items } = await runFresh(
						fx,
						createText(make(n), ['substack', 'bluesky'], {
							...utm({ campaign: 'spring-launch' }),
							options: { validateOnly: true },
						}),
					);
					expect(result.error).toBeUndefined();
					expect(items).toHaveLength(1);
				});
			await run(1000)();
			const growth = await cpuGrowth(run(25_000), run(100_000), 10);
			expect(growth.ratio).toBeLessThan(10);
			expect(growth.largeMs).toBeLessThan(3000);
		},
		120_000,
	);
});
