import type { IDataObject } from 'n8n-workflow';
import { MAX_LISTED_PROBLEMS } from '../../../../nodes/SocialPublishing/actions/draft/validateOnly/collect';
import { MAX_MEDIA_URLS } from '../../../../nodes/SocialPublishing/actions/draft/content/media';
import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { createText, draftParams, seedDraft } from './fixtures';

/**
 * Every list bounded (issue 25): at most 100 Media URLs per item, refused before any request or download whatever
 * their number; Spread Media over the most an item may give; Validate Only's answer listing the first 100 problems
 * and counting the rest.
 */
const fx = useSandbox();

const urls = (count: number, extension = 'png') =>
	Array.from({ length: count }, (_, i) => `https://media.invalid/p${i}.${extension}`);

describe('Draft > Create and Update: at most 100 Media URLs per item, before any request', () => {
	test('10,000 Media URLs with Spread Media on: refused at once, naming the parameter, the count and the cap', async () => {
		// the last URL is not even an http(s) URL: the count is checked before any URL is read
		const given = [...urls(9_999), 'file:///etc/passwd'].join(', ');
		const message = await expectRejectedBeforeSending(
			fx,
			createText('Many', ['x'], { mediaUrls: given, contentOptions: { spreadMedia: true } }),
			{
				parameter: 'Media URLs',
				problem: `gives 10000 Media URLs; an item takes at most ${MAX_MEDIA_URLS}`,
			},
		);
		expect(message.length).toBeLessThan(400);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('101 is one too many: with Validate Only, the answer of that item lists it; the item with 100 is checked as usual', async () => {
		const { result, requests, items } = await runFresh(
			fx,
			createText('={{ $json.text }}', ['x'], {
				mediaUrls: '={{ $json.urls }}',
				options: { validateOnly: true },
			}),
			{
				input: [
					{ json: { text: 'Fine', urls: urls(MAX_MEDIA_URLS).join(',') } },
					{ json: { text: 'Too many', urls: urls(MAX_MEDIA_URLS + 1).join(',') } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(items[0].problems).toEqual([
			expect.stringContaining('X post 1 has 100 images; X takes at most 4 images'),
		]);
		expect(items[1].problems).toContain(
			`Parameter "Media URLs" gives 101 Media URLs; an item takes at most 100 (each is downloaded before any upload). Upload the files with Media > Upload and give their Media IDs, or spread the posts over more items [item 1]`,
		);
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
	});

	test('List of Posts: the URLs of all posts count together, the error names Posts', async () => {
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', {
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'posts',
				posts: {
					post: [
						{ text: 'One', mediaUrls: urls(60).join(',') },
						{ text: 'Two', mediaUrls: urls(60, 'jpg').join(',') },
					],
				},
			}),
			{
				parameter: 'Posts',
				problem: 'gives 120 Media URLs in all its 2 posts; an item takes at most 100',
			},
		);
	});

	test('Update: the same cap, before the draft is read', async () => {
		const draft = await seedDraft(fx, {
			platforms: { x: { enabled: true, posts: [{ text: 'Old' }], settings: {} } },
		});
		await expectRejectedBeforeSending(
			fx,
			draftParams('update', {
				draftId: String((draft as IDataObject).id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: 'New',
				mediaUrls: urls(MAX_MEDIA_URLS + 1).join(','),
			}),
			{ parameter: 'Media URLs', problem: 'gives 101 Media URLs; an item takes at most 100' },
		);
	});

	test('100 Media URLs with Spread Media on X: 25 posts of 4, every URL once and in order (Validate Only)', async () => {
		const given = urls(MAX_MEDIA_URLS);
		const { result, items } = await runFresh(
			fx,
			createText('Many', ['x'], {
				mediaUrls: given.join(', '),
				contentOptions: { spreadMedia: true },
				options: { validateOnly: true },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ valid: true, problems: [] });
		expect(items[0]).not.toHaveProperty('problemsOmitted');
		const posts = ((items[0].body as IDataObject).platforms as { x: { posts: IDataObject[] } }).x
			.posts;
		expect(posts.map((post) => (post.media_ids as string[]).length)).toEqual(Array(25).fill(4));
		expect(posts.flatMap((post) => post.media_ids)).toEqual(given.map((url) => `<upload: ${url}>`));
	});
});

describe('Draft > Create with Validate Only: the answer is bounded', () => {
	test("20,000 posts over X's limit: the first 100 problems listed, 19,900 counted, the list under 110 KB", async () => {
		const text = Array.from({ length: 20_000 }, (_, i) => `${i} ${'x'.repeat(300)}`).join(
			'\n---\n',
		);
		const { result, requests, items } = await runFresh(
			fx,
			createText(text, ['x'], { options: { validateOnly: true } }),
		);
		expect(result.error).toBeUndefined();
		const answer = items[0];
		const problems = answer.problems as string[];
		expect(answer.valid).toBe(false);
		expect(problems).toHaveLength(MAX_LISTED_PROBLEMS);
		expect(answer.problemsOmitted).toBe(20_000 - MAX_LISTED_PROBLEMS);
		expect(problems[0]).toMatch(/^Parameter "Text" gives X post 1 a length of 302 /);
		expect(problems[99]).toMatch(/^Parameter "Text" gives X post 100 a length of 303 /);
		expect(JSON.stringify(problems).length).toBeLessThan(110_000);
		// what is left grows with the posts given (the body as it would be sent), not with the problems
		const rest = JSON.stringify({ ...answer, problems: [] }).length;
		expect(rest).toBeLessThan(text.length + 20_000 * 60);
		expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
	}, 60_000);

	test('a few problems: the answer has its usual shape, without problemsOmitted', async () => {
		const text = ['a'.repeat(281), 'b'.repeat(281)].join('\n---\n');
		const { items } = await runFresh(
			fx,
			createText(text, ['x'], { options: { validateOnly: true } }),
		);
		expect(items[0].problems).toHaveLength(2);
		expect(items[0]).not.toHaveProperty('problemsOmitted');
	});
});
