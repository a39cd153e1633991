import type { INodeExecutionData } from 'n8n-workflow';
import { wellFormedProblems } from '../helpers/wellFormed';
import { unescape } from '../queue/calendarPicture';

/** Reading the analytics charts back in the tests: points and bars by their data attributes. */

export { svgOf } from '../queue/calendarPicture';

const attribute = (tag: string, name: string) => {
	const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
	return match ? unescape(match[1]) : undefined;
};

function checked(svg: string): string {
	const problems = wellFormedProblems(svg);
	if (problems.length > 0) throw new Error(`the chart is not well-formed: ${problems.join('; ')}`);
	return svg;
}

/** The followers line's points: each circle's date and count. */
export function chartPoints(svg: string): Array<{ date: string; count: number }> {
	return [...checked(svg).matchAll(/<circle [^>]*>/g)].map((match) => ({
		date: attribute(match[0], 'data-date') as string,
		count: Number(attribute(match[0], 'data-count')),
	}));
}

/** The top posts chart's bars: post id, rate, impressions, and the texts drawn in the bar's group. */
export function chartBars(svg: string) {
	return [...checked(svg).matchAll(/(<g data-post-id="[^>]*>)([\s\S]*?)<\/g>/g)].map((match) => ({
		postId: attribute(match[1], 'data-post-id') as string,
		rate: Number(attribute(match[1], 'data-rate')),
		impressions: Number(attribute(match[1], 'data-impressions')),
		texts: [...match[2].matchAll(/<text[^>]*>(?:<title>[^<]*<\/title>)?([^<]*)<\/text>/g)].map(
			(text) => unescape(text[1]),
		),
	}));
}

export const hasChart = (item: INodeExecutionData | undefined) =>
	item?.binary?.data?.mimeType === 'image/svg+xml';
