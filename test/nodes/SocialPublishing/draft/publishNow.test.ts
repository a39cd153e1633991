import { afterAnswerTo } from '../../../harness/answers';
import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { at, draftParams, seedDraft, api, hoursFromNow } from './fixtures';
import { readyMediaId } from '../media/fixtures';

// Publishing takes 1.2 s here, so waiting and not waiting can each be seen (timing out: its own sandbox, below).
const fx = useSandbox({ publishDelayMs: 1200 });

const twoPlatforms = {
	platforms: {
		mastodon: { enabled: true, posts: [{ text: 'Hello Mastodon' }], settings: {} },
		linkedin: { enabled: true, posts: [{ text: 'Hello LinkedIn' }], settings: {} },
	},
};

const publishNow = (draftId: unknown, extra: Record<string, unknown> = {}) =>
	draftParams('publishNow', { draftId: String(draftId), ...extra });

describe('Draft > Publish Now (PATCH publish_at=now; poll GET until publish_state is finished)', () => {
	test('waits for completion and returns the final draft with status and published_urls per platform', async () => {
		const draft = await seedDraft(fx, twoPlatforms);
		const { result, requests, items } = await runFresh(
			fx,
			publishNow(draft.id, { options: { pollInterval: 0.2, timeout: 20 } }),
			{ key: 'publish' },
		);
		expect(result.error).toBeUndefined();
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: `/v2/social-sets/101/drafts/${draft.id}`,
		});
		expect(requests[1]).toMatchObject({
			method: 'PATCH',
			path: `/v2/social-sets/101/drafts/${draft.id}`,
			body: { publish_at: 'now' },
		});
		const polls = requests.slice(2);
		expect(polls.length).toBeGreaterThanOrEqual(2);
		expect(
			polls.every((r) => r.method === 'GET' && r.path === `/v2/social-sets/101/drafts/${draft.id}`),
		).toBe(true);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ status: 'published', publish_state: 'finished' });
		expect(items[0].published_urls).toEqual({
			mastodon: items[0].mastodon_published_url,
			linkedin: items[0].linkedin_published_url,
		});
		expect(items[0].mastodon_published_url).toEqual(expect.stringMatching(/^https:\/\//));
	});

	test('an X Article, whose object has no enabled field (Platform configuration: x_article object), keeps its URL in published_urls', async () => {
		const draft = await seedDraft(fx, {
			platforms: { x_article: { content_markdown: '# Long form\n\nBody', cover_media_id: null } },
		});
		const { result, items } = await runFresh(
			fx,
			publishNow(draft.id, { options: { pollInterval: 0.2, timeout: 20 } }),
		);
		expect(result.error).toBeUndefined();
		expect((items[0].platforms as Record<string, unknown>).x_article).not.toHaveProperty('enabled');
		expect(items[0].published_urls).toEqual({
			x_article: expect.stringMatching(/^https:\/\/x\.com\/.+\/articles\//),
		});
		expect(items[0].published_urls).toEqual({ x_article: items[0].x_article_published_url });
	});

	test('a platform that fails shows in the final status, with null as its URL', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				...twoPlatforms.platforms,
				linkedin: { enabled: true, posts: [{ text: 'This one #fail' }], settings: {} },
			},
		});
		const { result, items } = await runFresh(
			fx,
			publishNow(draft.id, { options: { pollInterval: 0.2 } }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ status: 'error', publish_state: 'finished' });
		expect(items[0].published_urls).toEqual({
			mastodon: expect.stringMatching(/^https:\/\//),
			linkedin: null,
		});
	});

	test('without waiting: the draft is read (Rules on platform content 5), one PATCH, and the response shows publish_state in_progress', async () => {
		const draft = await seedDraft(fx, twoPlatforms);
		const { result, requests, items } = await runFresh(
			fx,
			publishNow(draft.id, { waitForCompletion: false }),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(items[0]).toMatchObject({ publish_state: 'in_progress' });
		expect(items[0].published_urls).toBeUndefined();
	});

	test('a cancelled execution stops the wait for completion at once, not at the next poll', async () => {
		const draft = await seedDraft(fx, twoPlatforms);
		let cancelledAt = 0;
		fx.sandbox.clearRequests();
		let stopListening = () => {};
		// The cancel comes once the node has the PATCH's answer, so it lands in the wait, never in a request.
		// Polls 20 s apart: an end within 10 s of the cancel is the cancel's doing, with room for a loaded machine.
		const result = await fx.runNode(
			publishNow(draft.id, { options: { pollInterval: 20, timeout: 60 } }),
			{
				onStarted: (cancel) => {
					stopListening = afterAnswerTo('PATCH', () => {
						cancelledAt = Date.now();
						cancel();
					});
				},
			},
		);
		stopListening();
		expect(result.error?.message).toBe('The execution was cancelled while waiting');
		expect(cancelledAt).toBeGreaterThan(0);
		expect(Date.now() - cancelledAt).toBeLessThan(10_000);
		expect(fx.apiRequests().map((r) => r.method)).toEqual(['GET', 'PATCH']);
	});

	test('an X draft with a URL is refused before publishing, naming rule 5 and saying to schedule instead (Rules on platform content 5: direct publishing of x drafts containing URLs is blocked)', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [{ text: 'Intro' }, { text: 'See https://example.com' }],
					settings: {},
				},
			},
		});
		const { result, requests } = await runFresh(fx, publishNow(draft.id));
		expect(result.error?.message).toBe(
			`Draft ${draft.id} cannot be published now: X post 2 contains a URL, and the API blocks direct publishing of X drafts with URLs (Rules on platform content 5) [item 0]`,
		);
		expect(result.error?.description).toMatch(
			/^Schedule it instead: scheduling X posts with URLs is allowed/,
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('an X reply is refused before publishing (Rules on platform content 5: publishing or scheduling replies through the API is blocked)', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [{ text: 'Agreed' }],
					settings: { reply_to_url: 'https://x.com/a/status/1' },
				},
			},
		});
		const { result, requests } = await runFresh(fx, publishNow(draft.id));
		expect(result.error?.message).toBe(
			`Draft ${draft.id} cannot be published now: it is an X reply (reply to https://x.com/a/status/1), and the API blocks publishing or scheduling replies (Rules on platform content 5) [item 0]`,
		);
		expect(result.error?.description).toContain('publish the reply from X itself');
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('the check reads only X: a URL on Mastodon publishes now', async () => {
		const draft = await seedDraft(fx, {
			platforms: {
				mastodon: { enabled: true, posts: [{ text: 'See https://example.com' }], settings: {} },
				x: { enabled: false, posts: [{ text: 'https://example.com' }], settings: {} },
			},
		});
		const { result, items } = await runFresh(
			fx,
			publishNow(draft.id, { options: { pollInterval: 0.2 } }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ status: 'published' });
	});

	test('a WRITE key cannot publish: 403 INSUFFICIENT_ACCESS_LEVEL', async () => {
		const draft = await seedDraft(fx, twoPlatforms);
		const { result } = await runFresh(fx, publishNow(draft.id), { key: 'write' });
		expectServiceError(result, { httpCode: 403, code: 'INSUFFICIENT_ACCESS_LEVEL' });
	});
});

describe('Publish Now, timing out', () => {
	// A publish that takes ten minutes: the 1 s timeout comes first however slow the machine is.
	const slow = useSandbox({ publishDelayMs: 600_000 });

	test('on timeout: a clear error naming the draft and that it may still publish', async () => {
		const draft = await seedDraft(slow, twoPlatforms);
		const { result, requests } = await runFresh(
			slow,
			publishNow(draft.id, { options: { pollInterval: 0.3, timeout: 1 } }),
		);
		expect(result.error?.message).toBe(
			`Draft ${draft.id} did not finish publishing within 1 second and may still publish [item 0]`,
		);
		expect(result.error?.description).toContain('Do not publish it again');
		expect(requests[1].body).toEqual({ publish_at: 'now' });
		// polls every 0.3 s until the 1 s timeout: at most 4 reads after the PATCH (fewer on a slow machine), then it stops
		const reads = requests.slice(2).filter((r) => r.method === 'GET');
		expect(reads.length).toBeGreaterThanOrEqual(1);
		expect(reads.length).toBeLessThanOrEqual(5);
		expect(requests.slice(2).every((r) => r.method === 'GET')).toBe(true);
	});
});

describe('the wait options are numbers in their bounds, checked before any request', () => {
	test.each([
		['pollInterval', '={{ "soon" }}', 'Poll Interval (Seconds)', 'soon'],
		['pollInterval', 0, 'Poll Interval (Seconds)', '0'],
		['pollInterval', '={{ 1e9 }}', 'Poll Interval (Seconds)', '1000000000'],
		['timeout', '={{ "a while" }}', 'Timeout (Seconds)', 'a while'],
		['timeout', '={{ -5 }}', 'Timeout (Seconds)', '-5'],
		['timeout', 86400, 'Timeout (Seconds)', '86400'],
	])('Publish Now with %s %s is refused', async (name, value, label, shown) => {
		const message = await expectRejectedBeforeSending(
			fx,
			publishNow(1, { options: { [name]: value } }),
			{ parameter: label, problem: /must be a number of seconds from/ },
		);
		expect(message).toContain(`got "${shown}"`);
	});

	test('a number given as text is read as that number', async () => {
		const draft = await seedDraft(fx, twoPlatforms);
		const { result } = await runFresh(
			fx,
			publishNow(draft.id, { options: { pollInterval: '={{ "0.2" }}', timeout: '={{ "20" }}' } }),
			{ key: 'publish' },
		);
		expect(result.error).toBeUndefined();
	});
});

describe('Schedule, Plan, Publish Now and Unschedule never touch content (PATCH body: partial update, only the fields sent change)', () => {
	test('no request of theirs carries platforms, and the content reads back the same', async () => {
		const media = await readyMediaId(fx, 'kept.png', 'Kept alt text');
		const rich = {
			x: {
				enabled: true,
				posts: [
					{ text: 'First', media_ids: [media], made_with_ai: true },
					{ text: 'Second', quote_post_url: 'https://x.com/a/status/9' },
				],
				settings: { community_id: '77' },
			},
			bluesky: {
				enabled: true,
				posts: [{ text: 'Sky', media_ids: [media], hide_link_preview: true }],
				settings: {},
			},
			linkedin: { enabled: false, posts: [{ text: 'Off' }], settings: {} },
		};
		const draft = await seedDraft(fx, { platforms: rich });
		const before = (await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).body.platforms;
		const runs: Array<[string, Record<string, unknown>]> = [
			['plan', { when: 'date', date: hoursFromNow(40) }],
			['schedule', { when: 'date', date: '' }],
			['unschedule', {}],
			['schedule', { when: 'nextFreeSlot' }],
			['plan', { when: 'date', date: hoursFromNow(50) }],
			['publishNow', { waitForCompletion: false }],
		];
		for (const [operation, extra] of runs) {
			const { result, requests } = await runFresh(fx, at(operation, draft.id, extra));
			expect({ operation, error: result.error?.message }).toEqual({ operation, error: undefined });
			const withPlatforms = requests.filter(
				(r) => typeof r.body === 'object' && r.body !== null && 'platforms' in r.body,
			);
			expect({ operation, withPlatforms }).toEqual({ operation, withPlatforms: [] });
			expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
		}
		// the last step published a planned draft now (States and transitions: planned PATCH publish_at=now)
		expect(
			(await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).body.publish_state,
		).toMatch(/^(in_progress|finished)$/);
		const after = (await api(fx, 'GET', `/v2/social-sets/101/drafts/${draft.id}`)).body.platforms;
		expect(after).toEqual(before);
	});
});
