import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { NODE, byId } from '../../../harness/workflows';
import { readPosts, setPosts } from './bestTimesFixtures';
import { chartBars, hasChart, svgOf } from './chartPicture';

/**
 * Analytics > Get Posts with Top Posts Chart (spec: Analytics post, `metrics.impressions` and
 * `metrics.engagement.total`): the bars are the posts read with the highest engagement rate, counted here
 * from the posts the sandbox gives over plain HTTP.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

const today = DateTime.now().setZone('Europe/Berlin').startOf('day');
const day = (daysBack: number) => today.minus({ days: daysBack }).toISODate() as string;
const range = { startDate: day(365), endDate: day(0) };

const posts = (extra: IDataObject = {}, id = 101) => ({
	resource: 'analytics',
	operation: 'getPosts',
	socialSetId: byId(id),
	platform: 'x',
	...range,
	returnAll: true,
	options: { topPostsChart: true, pictureFormat: 'svg' },
	...extra,
});

describe('Analytics > Get Posts > Top Posts Chart', () => {
	test('the bars are the 10 posts with the highest engagement / impressions, in order, each with its rate and impressions', async () => {
		const result = await fx.runNode(posts());
		expect(result.error).toBeUndefined();
		const items = result.output(NODE);
		expect(items[0].binary?.data).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: `top-posts-101-${range.startDate}-${range.endDate}.svg`,
		});
		expect(items.slice(1).some(hasChart)).toBe(false);
		const read = (await readPosts(fx, 101, range)) as unknown as Array<{
			post_id: string;
			preview_text: string;
			metrics: { impressions: number; engagement: { total: number } };
		}>;
		expect(items.map((item) => item.json.post_id)).toEqual(read.map((post) => post.post_id));
		const expected = read
			.filter((post) => post.metrics.impressions > 0)
			.map((post) => ({
				postId: post.post_id,
				rate: post.metrics.engagement.total / post.metrics.impressions,
				impressions: post.metrics.impressions,
			}))
			.sort((a, b) => b.rate - a.rate || b.impressions - a.impressions)
			.slice(0, 10);
		const bars = chartBars(svgOf(items[0]));
		expect(bars.map(({ postId, impressions }) => ({ postId, impressions }))).toEqual(
			expected.map(({ postId, impressions }) => ({ postId, impressions })),
		);
		bars.forEach((bar, index) => {
			expect(bar.rate).toBeCloseTo(expected[index].rate, 6);
			expect(bar.texts[2]).toBe(
				`${(expected[index].rate * 100).toFixed(2)}% · ${expected[index].impressions.toLocaleString('en-US')} impr.`,
			);
		});
	});

	test('hostile previews (markup, CDATA end, RTL, emoji, control characters, 100,000 characters) are drawn as text, cut', async () => {
		const hostile = [
			`<script>alert(1)</script> & ]]> ${'y'.repeat(100_000)}`,
			'שלום עולם 👩🏽‍💻\u0000\u0007\u202e end',
		];
		await setPosts(
			fx,
			101,
			hostile.map((preview_text, index) => ({
				created_at: `${day(3)}T10:0${index}:00Z`,
				impressions: 1000,
				likes: 100 - index,
				preview_text,
			})),
		);
		const result = await fx.runNode(posts());
		const svg = svgOf(result.output(NODE)[0]);
		const bars = chartBars(svg);
		expect(bars).toHaveLength(2);
		expect(bars[0].texts[0]).toMatch(/^1\. <script>alert\(1\)<\/script> & \]\]> y+…$/);
		expect(Array.from(bars[0].texts[0]).length).toBeLessThanOrEqual(42);
		expect(bars[1].texts[0]).toBe('2. שלום עולם 👩🏽‍💻 end');
		expect(svg).not.toContain('<script');
		expect(svg.length).toBeLessThan(8_000);
	});

	test('no posts in the range: one item saying so carries a chart saying so', async () => {
		await setPosts(fx, 101, []);
		const result = await fx.runNode(posts());
		expect(result.error).toBeUndefined();
		const [only, ...none] = result.output(NODE);
		expect(none).toEqual([]);
		expect(only.json).toEqual({
			social_set_id: 101,
			start_date: range.startDate,
			end_date: range.endDate,
			posts: 0,
		});
		const svg = svgOf(only);
		expect(chartBars(svg)).toEqual([]);
		expect(svg).toContain('>No posts with impressions in this range</text>');
	});

	test('without the option, no chart', async () => {
		const result = await fx.runNode(posts({ options: {} }));
		expect(result.output(NODE).some(hasChart)).toBe(false);
	});
});
