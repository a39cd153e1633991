import { escapeXml, heatMapSvg } from '../../../../nodes/SocialPublishing/helpers/heatMap';
import type { SlotStats } from '../../../../nodes/SocialPublishing/helpers/postingSlots';
import { wellFormedProblems } from './wellFormed';

const slot = (day: number, hour: number, posts: number, rate: number): SlotStats => ({
	day,
	hour,
	posts,
	medianRate: rate,
	medianImpressions: 1500,
});

describe('heatMapSvg', () => {
	test('a well-formed SVG with one cell per weekday and hour, the day names, and the slot figures in each cell title', () => {
		const svg = heatMapSvg({
			stats: [slot(1, 9, 4, 0.05), slot(3, 18, 1, 0.2)],
			minPosts: 3,
			title: 'Best times',
			subtitle: 'in America/New_York',
		});
		expect(wellFormedProblems(svg)).toEqual([]);
		expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
		expect(svg.match(/<rect x="\d+" y="\d+" width="26" height="26"/g)).toHaveLength(168);
		expect(svg).toContain(
			'Tuesday 09:00: 4 posts, median engagement rate 5.00%, median impressions 1500</title>',
		);
		expect(svg).toContain(
			'Thursday 18:00: 1 post, median engagement rate 20.00%, median impressions 1500 (fewer than 3: not ranked)',
		);
		expect(svg).toContain('fill="url(#few)"><title>Thursday 18:00');
		expect(svg).toContain('Monday 00:00: no posts');
		for (const day of ['Monday', 'Sunday']) expect(svg).toContain(`>${day}</text>`);
	});

	test('text from outside is escaped: the SVG stays well-formed and nothing is injected', () => {
		const hostile = `Zone "<script>alert('x')</script>" & <svg onload=1>`;
		const svg = heatMapSvg({
			stats: [slot(0, 0, 3, 0.01)],
			minPosts: 3,
			title: hostile,
			subtitle: `${hostile}\u0000\u0007`,
		});
		expect(wellFormedProblems(svg)).toEqual([]);
		expect(svg).not.toContain('<script');
		expect(svg).not.toContain('<svg onload');
		expect(svg).toContain(
			'Zone &quot;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;&quot; &amp; &lt;svg onload=1&gt;',
		);
		expect(escapeXml('a\u0001b & c')).toBe('ab &amp; c');
	});

	test('the checker itself finds what is not well-formed', () => {
		expect(wellFormedProblems('<a>x & y</a>')).not.toEqual([]);
		expect(wellFormedProblems('<a><b></a>')).not.toEqual([]);
		expect(wellFormedProblems('<a title="<">x</a>')).not.toEqual([]);
	});

	test('its size does not depend on the text given beyond a line: a 1,000,000-character title is cut, without a pass over all of it', () => {
		const small = heatMapSvg({ stats: [], minPosts: 1, title: 'x'.repeat(1_000), subtitle: '' });
		const large = heatMapSvg({
			stats: [],
			minPosts: 1,
			title: '&'.repeat(1_000_000),
			subtitle: '',
		});
		expect(large.length).toBeLessThan(small.length + 1_000);
		expect(wellFormedProblems(large)).toEqual([]);
	});
});
