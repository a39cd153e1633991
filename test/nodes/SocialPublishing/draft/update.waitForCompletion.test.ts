import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { draftParams, seedDraft } from './fixtures';

// Publishing takes 1.2 s here, so waiting, not waiting and timing out can each be seen.
const fx = useSandbox({ publishDelayMs: 1200 });

const twoPlatforms = {
	platforms: {
		mastodon: { enabled: true, posts: [{ text: 'Hello Mastodon' }], settings: {} },
		linkedin: { enabled: true, posts: [{ text: 'Hello LinkedIn' }], settings: {} },
	},
};

describe('Create and Update with Publish At "now" offer the same Wait for Completion (States and transitions: publish_at=now is asynchronous; poll GET draft until finished)', () => {
	test('Update with Publish At "now" and Wait for Completion polls until finished; without the option it returns at in_progress', async () => {
		const waited = await seedDraft(fx, twoPlatforms);
		const params = (id: unknown, options: Record<string, unknown>) =>
			draftParams('update', { draftId: String(id), updateFields: { publishAt: 'now' }, options });
		const { result, items } = await runFresh(
			fx,
			params(waited.id, { waitForCompletion: true, pollInterval: 0.2, timeout: 20 }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ status: 'published', publish_state: 'finished' });
		expect(items[0].published_urls).toEqual({
			mastodon: expect.stringMatching(/^https:\/\//),
			linkedin: expect.stringMatching(/^https:\/\//),
		});
		const notWaited = await seedDraft(fx, twoPlatforms);
		const quick = await runFresh(fx, params(notWaited.id, {}));
		expect(quick.items[0]).toMatchObject({ publish_state: 'in_progress' });
		expect(quick.items[0].published_urls).toBeUndefined();
	});
});

describe('the wait options are numbers in their bounds, checked before any request', () => {
	test('Update with Publish At "now" and a poll interval that is not a number sends nothing', async () => {
		await expectRejectedBeforeSending(
			fx,
			draftParams('update', {
				draftId: '1',
				additionalFields: { publishAt: 'now' },
				options: { waitForCompletion: true, pollInterval: '={{ "fast" }}' },
			}),
			{ parameter: 'Poll Interval (Seconds)', problem: /got "fast"/ },
			{ key: 'publish' },
		);
	});
});
