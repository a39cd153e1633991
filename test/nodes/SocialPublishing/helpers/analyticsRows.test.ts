import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	followerRows,
	postRow,
	postRows,
	RowShapeError,
} from '../../../../nodes/SocialPublishing/helpers/analyticsRows';
import { asRows } from '../../../../nodes/SocialPublishing/actions/analytics/analyticsFields';
import { ECHO_LIMIT } from '../../../../nodes/common/text/echo';

const AT = '2026-03-02T06:00:00.000Z';

/** An analytics post as the specification shapes it ("Analytics post"). */
const post = (postId: string, impressions: number, likes: number, extra: object = {}) => ({
	platform: 'x',
	post_id: postId,
	created_at: '2026-02-27T09:14:00Z',
	preview_text: `Post ${postId}`,
	url: `https://x.com/acme/status/${postId}`,
	draft_id: null,
	metrics: {
		impressions,
		engagement: {
			total: likes + 3,
			likes,
			comments: 1,
			shares: 1,
			quotes: 0,
			profile_clicks: 1,
			link_clicks: null,
			saves: 2,
		},
	},
	...extra,
});

describe('postRow: one flat row per analytics post', () => {
	test('every metric is a column of its own, the key is platform and post id, the rate is total per impression', () => {
		expect(postRow(post('1795', 2000, 37), 101, AT)).toEqual({
			key: 'x:1795',
			platform: 'x',
			post_id: '1795',
			social_set_id: 101,
			created_at: '2026-02-27T09:14:00Z',
			url: 'https://x.com/acme/status/1795',
			text: 'Post 1795',
			draft_id: null,
			impressions: 2000,
			likes: 37,
			comments: 1,
			shares: 1,
			quotes: 0,
			profile_clicks: 1,
			link_clicks: null,
			saves: 2,
			engagement_total: 40,
			engagement_rate: 0.02,
			fetched_at: AT,
		});
	});

	test('no value of a row is an object or a list', () => {
		const row = postRow(post('1', 10, 1, { draft_id: 55 }), 7, AT);
		expect(Object.values(row).filter((v) => v !== null && typeof v === 'object')).toEqual([]);
		expect(row.draft_id).toBe(55);
	});

	test('no impressions gives no rate (null), not a division by zero', () => {
		expect(postRow(post('2', 0, 4), 101, AT).engagement_rate).toBeNull();
		const bare = postRow({ platform: 'x', post_id: '3' }, 101, AT);
		expect(bare).toMatchObject({ key: 'x:3', impressions: null, engagement_total: null });
		expect(bare.engagement_rate).toBeNull();
	});

	test.each([
		[null, /analytics post 4 is not an object: null/],
		[{ platform: 'x' }, /analytics post 4: post_id is missing or empty: nothing/],
		[{ platform: '', post_id: '9' }, /analytics post 4: platform is missing or empty: ""/],
		[{ ...post('9', 10, 1), metrics: [] }, /metrics is not an object: \[\]/],
		[
			{ ...post('9', 10, 1), metrics: { impressions: -1 } },
			/metrics.impressions is not a whole number of at least 0: -1/,
		],
		[
			{ ...post('9', 10, 1), metrics: { impressions: 5, engagement: { likes: '3' } } },
			/metrics.engagement.likes is not a whole number of at least 0: "3"/,
		],
		[{ ...post('9', 10, 1), draft_id: 'd1' }, /draft_id is not a whole number: "d1"/],
		[{ ...post('9', 10, 1), created_at: 5 }, /created_at is not a text: 5/],
	])(
		'a post the rows cannot be made from is refused, naming what is wrong (case %#)',
		(bad, message) => {
			expect(() => postRow(bad, 101, AT, 3)).toThrow(RowShapeError);
			expect(() => postRow(bad, 101, AT, 3)).toThrow(message);
		},
	);
});

describe('postRows', () => {
	test('keeps the order given and one row per key (a post seen twice keeps its later copy)', () => {
		const rows = postRows([post('1', 100, 1), post('2', 100, 2), post('1', 300, 9)], 101, AT);
		expect(rows.map((r) => [r.key, r.impressions])).toEqual([
			['x:2', 100],
			['x:1', 300],
		]);
		expect(postRows([], 101, AT)).toEqual([]);
	});
});

describe('followerRows: one row per date of the followers series', () => {
	test('date, followers, social set and a key of platform, set and date', () => {
		const series = {
			platform: 'x',
			current_followers_count: 1210,
			data: [
				{ date: '2026-02-28', followers_count: 1200 },
				{ date: '2026-03-01', followers_count: 1210 },
			],
		};
		expect(followerRows(series, 102, AT)).toEqual([
			{
				key: 'x:102:2026-02-28',
				platform: 'x',
				social_set_id: 102,
				date: '2026-02-28',
				followers: 1200,
				fetched_at: AT,
			},
			{
				key: 'x:102:2026-03-01',
				platform: 'x',
				social_set_id: 102,
				date: '2026-03-01',
				followers: 1210,
				fetched_at: AT,
			},
		]);
		expect(followerRows({ platform: 'x', data: [] }, 102, AT)).toEqual([]);
	});

	test.each([
		['no object', 'x', /the followers series is not an object: "x"/],
		['no platform', { data: [] }, /platform is missing or empty/],
		['data not a list', { platform: 'x', data: {} }, /data is not a list: \{\}/],
		[
			'a date that is not YYYY-MM-DD',
			{ platform: 'x', data: [{ date: '01/03/2026', followers_count: 1 }] },
			/data\[0\]\.date is not a YYYY-MM-DD date: "01\/03\/2026"/,
		],
		[
			'a missing count',
			{ platform: 'x', data: [{ date: '2026-03-01', followers_count: null }] },
			/data\[0\]\.followers_count is missing: null/,
		],
		[
			'a negative count',
			{ platform: 'x', data: [{ date: '2026-03-01', followers_count: -2 }] },
			/followers_count is not a whole number of at least 0: -2/,
		],
	])('%s is refused, naming what is wrong', (_case, bad, message) => {
		expect(() => followerRows(bad, 101, AT)).toThrow(message);
	});
});

describe('asRows: a shape the rows cannot be made from becomes an error of the item', () => {
	const node = { name: 'Social Publishing', type: 'x', typeVersion: 1 } as unknown as INode;
	const context = { getNode: () => node } as unknown as IExecuteFunctions;

	test('a NodeOperationError with the item index and what is wrong', async () => {
		let caught: unknown;
		try {
			await asRows(context, 2, () => postRows([{ platform: 'x' }], 101, AT));
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(NodeOperationError);
		expect((caught as NodeOperationError).message).toBe(
			"The service's analytics could not be made into rows: analytics post 1: post_id is missing or empty: nothing",
		);
		expect((caught as NodeOperationError).context.itemIndex).toBe(2);
	});

	test('rows that can be made are returned as they are', async () => {
		expect(await asRows(context, 0, () => postRows([post('5', 10, 1)], 101, AT))).toHaveLength(1);
	});

	// Issue 38, finding 6: before the fix the error quoted the value whole (1,000,099 characters for a 1 MB
	// value) and a key the service reflected back, unredacted, twice.
	test('a value of 1 MB that reflects the key is quoted bounded and without the key', async () => {
		const key = 'sp_live_reflectedKey0123456789';
		const withCredential = {
			getNode: () => node,
			getCredentials: async () => ({ apiKey: key, baseUrl: 'http://127.0.0.1', webhookSecret: '' }),
		} as unknown as IExecuteFunctions;
		const huge = `${key} ${'A'.repeat(1_000_000)} ${key}`;
		let caught: unknown;
		try {
			await asRows(withCredential, 0, () =>
				postRows([{ platform: 'x', post_id: '1', metrics: huge }], 101, AT),
			);
		} catch (error) {
			caught = error;
		}
		const message = (caught as NodeOperationError).message;
		expect(caught).toBeInstanceOf(NodeOperationError);
		expect(message).toMatch(
			/^The service's analytics could not be made into rows: analytics post 1: metrics is not an object: /,
		);
		expect(message.length).toBeLessThan(ECHO_LIMIT + 200);
		expect(message).not.toContain(key);
		expect(message).toContain('[redacted]');
		expect(message).toContain('characters in all');
	});
});
