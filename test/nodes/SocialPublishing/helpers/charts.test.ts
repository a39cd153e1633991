import fc from 'fast-check';
import {
	CHART_MAX_POINTS,
	TOP_POSTS,
	followersChartSvg,
	topPostsChartSvg,
} from '../../../../nodes/SocialPublishing/helpers/charts';
import { wellFormedProblems } from './wellFormed';

/** The pictures drawn from whatever a service may answer: any JSON, hostile texts, empty and huge lists. */

const hostile = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 30 }),
	fc.constantFrom('<script>', '&', ']]>', '\u0000\u202e', 'שלום', '👩🏽‍💻', 'x'.repeat(5000)),
);
/** Values whose text cannot be had without running their code, or that have none. */
const unprintable = fc.constantFrom<unknown>(
	Object.create(null),
	{ toString: 1 },
	{ valueOf: () => 1, toString: null },
	Symbol('s'),
	10n,
);
const value = fc.oneof(
	hostile,
	fc.integer(),
	fc.double(),
	fc.constant(null),
	unprintable,
	fc.anything({ withNullPrototype: true, withBigInt: true }),
);
const text = { title: 'T', subtitle: 'S' };

const count = (svg: string, pattern: RegExp) => (svg.match(pattern) ?? []).length;

test('followers chart: any series gives a well-formed picture of at most 400 points', () => {
	const point = fc.record({ date: value, followers_count: fc.oneof(fc.integer(), value) });
	fc.assert(
		fc.property(
			fc.oneof(value, fc.record({ data: fc.array(point, { maxLength: 900 }) })),
			(series) => {
				const svg = followersChartSvg(series, text);
				expect(wellFormedProblems(svg)).toEqual([]);
				expect(count(svg, /<circle /g)).toBeLessThanOrEqual(CHART_MAX_POINTS);
			},
		),
		{ numRuns: 120 },
	);
});

test('top posts chart: any posts give a well-formed picture of at most 10 bars', () => {
	const post = fc.record({
		post_id: value,
		preview_text: value,
		created_at: value,
		metrics: fc.oneof(
			value,
			fc.record({
				impressions: fc.oneof(fc.nat(), value),
				engagement: fc.record({ total: fc.oneof(fc.nat(), value) }),
			}),
		),
	});
	fc.assert(
		fc.property(fc.oneof(value, fc.array(post, { maxLength: 60 })), (posts) => {
			const svg = topPostsChartSvg(posts, text);
			expect(wellFormedProblems(svg)).toEqual([]);
			expect(count(svg, /<g data-post-id=/g)).toBeLessThanOrEqual(TOP_POSTS);
		}),
		{ numRuns: 120 },
	);
});

test('a flat series and a single day are drawn inside the plot, not at its edge or off it', () => {
	for (const data of [
		[{ date: '2026-11-01', followers_count: 500 }],
		Array.from({ length: 5 }, (_, i) => ({ date: `2026-11-0${i + 1}`, followers_count: 500 })),
	]) {
		const svg = followersChartSvg({ data }, text);
		expect(wellFormedProblems(svg)).toEqual([]);
		const ys = [...svg.matchAll(/<circle [^>]*cy="([\d.]+)"/g)].map((match) => Number(match[1]));
		expect(ys).toHaveLength(data.length);
		for (const y of ys) {
			expect(y).toBeGreaterThanOrEqual(84);
			expect(y).toBeLessThanOrEqual(84 + 240);
		}
		expect(svg).toContain('500 on 2026-11-01 to 500 on');
	}
});
