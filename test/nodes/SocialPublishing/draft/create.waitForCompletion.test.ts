import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { draftParams } from './fixtures';

// Publishing takes 1.2 s here, so waiting and not waiting can each be seen (timing out: its own sandbox, below).
const fx = useSandbox({ publishDelayMs: 1200 });

describe('Create and Update with Publish At "now" offer the same Wait for Completion (States and transitions: publish_at=now is asynchronous; poll GET draft until finished)', () => {
	test('Create with Publish At "now" and Wait for Completion polls until finished and returns the final status and published_urls', async () => {
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['mastodon'],
			contentMode: 'text',
			text: 'Out right away',
			additionalFields: { publishAt: 'now' },
			options: { waitForCompletion: true, pollInterval: 0.2, timeout: 20 },
		});
		const { result, requests, items } = await runFresh(fx, params, { key: 'publish' });
		expect(result.error).toBeUndefined();
		expect(requests[0]).toMatchObject({ method: 'POST', body: { publish_at: 'now' } });
		const id = items[0].id;
		expect(requests.slice(1).length).toBeGreaterThanOrEqual(1);
		expect(
			requests
				.slice(1)
				.every((r) => r.method === 'GET' && r.path === `/v2/social-sets/101/drafts/${id}`),
		).toBe(true);
		expect(items[0]).toMatchObject({ id, status: 'published', publish_state: 'finished' });
		expect(items[0].published_urls).toEqual({ mastodon: expect.stringMatching(/^https:\/\//) });
	});
});

describe('Create with Publish At "now", timing out', () => {
	// A publish that takes ten minutes: the 1 s timeout comes first however slow the machine is.
	const slow = useSandbox({ publishDelayMs: 600_000 });

	test('Create with Publish At "now" and Wait for Completion times out with the same clear error as Publish Now', async () => {
		const params = draftParams('create', {
			contentType: 'posts',
			platforms: ['mastodon'],
			contentMode: 'text',
			text: 'Slow to go out',
			additionalFields: { publishAt: 'now' },
			options: { waitForCompletion: true, pollInterval: 0.3, timeout: 1 },
		});
		const { result } = await runFresh(slow, params);
		expect(result.error?.message).toMatch(
			/^Draft \d+ did not finish publishing within 1 second and may still publish \[item 0\]$/,
		);
	});
});

describe('the wait options are numbers in their bounds, checked before any request', () => {
	test('Create with Publish At "now" and a timeout that is not a number sends nothing', async () => {
		await expectRejectedBeforeSending(
			fx,
			draftParams('create', {
				contentType: 'posts',
				platforms: ['mastodon'],
				contentMode: 'text',
				text: 'Out right away',
				additionalFields: { publishAt: 'now' },
				options: { waitForCompletion: true, timeout: '={{ "never" }}' },
			}),
			{ parameter: 'Timeout (Seconds)', problem: /got "never"/ },
			{ key: 'publish' },
		);
	});
});
