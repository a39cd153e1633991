import type { Picture, PictureFormat, PictureSize, PictureWriter } from './picture';
import { drawPicture } from './pictureFormats';
import { SvgWriter } from './svg';

/**
 * The analytics charts as SVG pictures, drawn with svg.ts: the followers series (Followers series: `data`,
 * ascending by date, of `{date, followers_count}`) as a line, and the posts (Analytics post) with the highest
 * engagement rate (`metrics.engagement.total / metrics.impressions`, as Get Best Times counts it) as bars. Every
 * point carries `data-date` and `data-count`, every bar `data-post-id`, `data-rate` and `data-impressions`, so a
 * reader can compare them with the analytics they were drawn from. Pure; the service's values are read
 * defensively, every text cut and escaped, the points and bars bounded.
 */

/** Points a followers line holds at most (a year of days, and some); a longer series is thinned evenly, its last point kept. */
export const CHART_MAX_POINTS = 400;
/** Bars of the top posts chart. */
export const TOP_POSTS = 10;

const WIDTH = 720;
const LEFT = 76;
const RIGHT = 24;
const TOP = 84;
const PLOT_H = 240;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const whole = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const grouped = (n: number) =>
	String(Math.round(n))
		.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
		.replace(/^-,/, '-');

export interface ChartText {
	title: string;
	subtitle: string;
}

function header(svg: PictureWriter, text: ChartText): void {
	svg.text({ x: 16, y: 28, 'font-size': 18, 'font-weight': 'bold' }, text.title, 60);
	svg.text({ x: 16, y: 50, fill: '#3d4b5c' }, text.subtitle, 100);
}

function emptyNote(svg: PictureWriter, message: string, y: number): void {
	svg.text(
		{
			x: WIDTH / 2,
			y,
			'text-anchor': 'middle',
			'font-size': 15,
			fill: '#b00020',
			'data-empty': 'true',
		},
		message,
		80,
	);
}

export interface FollowerPoint {
	date: string;
	count: number;
}

/** The series' points with a count, in the order given, thinned evenly to CHART_MAX_POINTS (the last one kept). */
export function followerPoints(series: unknown): { points: FollowerPoint[]; total: number } {
	const data = listOf(isRecord(series) ? series.data : undefined);
	const valid: FollowerPoint[] = [];
	for (const raw of data) {
		const count = whole(isRecord(raw) ? raw.followers_count : undefined);
		if (count === undefined) continue;
		const date = isRecord(raw) && typeof raw.date === 'string' ? raw.date.slice(0, 40) : '';
		valid.push({ date, count });
	}
	if (valid.length <= CHART_MAX_POINTS) return { points: valid, total: valid.length };
	const step = valid.length / (CHART_MAX_POINTS - 1);
	const points: FollowerPoint[] = [];
	for (let i = 0; i < CHART_MAX_POINTS - 1; i++) points.push(valid[Math.floor(i * step)]);
	points.push(valid[valid.length - 1]);
	return { points, total: valid.length };
}

/** Four or five round steps covering low..high. */
function ticks(low: number, high: number): number[] {
	const span = Math.max(high - low, 1);
	const raw = span / 4;
	const power = 10 ** Math.floor(Math.log10(raw));
	const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
	const first = Math.floor(low / step) * step;
	const out: number[] = [];
	for (let value = first; value <= high + step * 0.001 && out.length < 8; value += step)
		out.push(value);
	if (out[out.length - 1] < high) out.push(out[out.length - 1] + step);
	return out;
}

function axes(svg: PictureWriter, marks: number[], y: (value: number) => number): void {
	for (const mark of marks) {
		svg.shape('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: y(mark), y2: y(mark), stroke: '#e3e7ec' });
		svg.text(
			{ x: LEFT - 8, y: y(mark) + 4, 'text-anchor': 'end', fill: '#3d4b5c' },
			grouped(mark),
			12,
		);
	}
}

/** The followers chart as an SVG text. */
export function followersChartSvg(series: unknown, text: ChartText): string {
	return drawFollowersChart(series, text, (size) => new SvgWriter(size)).toString();
}

/** The followers chart written as PNG or SVG. */
export function followersChartPicture(
	series: unknown,
	text: ChartText,
	format: PictureFormat,
): Picture {
	return drawPicture(format, (make) => drawFollowersChart(series, text, make));
}

/** The followers series as a line (see the top of this file), drawn on the writer `make` gives. */
export function drawFollowersChart<W extends PictureWriter>(
	series: unknown,
	text: ChartText,
	make: (size: PictureSize) => W,
): W {
	const { points, total } = followerPoints(series);
	const height = TOP + PLOT_H + 56;
	const svg = make({ width: WIDTH, height, title: text.title });
	svg.shape('rect', { width: WIDTH, height, fill: '#ffffff' });
	header(svg, text);
	if (points.length === 0) {
		emptyNote(svg, 'No followers data in this range', TOP + PLOT_H / 2);
		return svg;
	}
	let low = points[0].count;
	let high = points[0].count;
	for (const point of points) {
		low = Math.min(low, point.count);
		high = Math.max(high, point.count);
	}
	const marks = ticks(low, high);
	const bottom = marks[0];
	const span = Math.max(marks[marks.length - 1] - bottom, 1);
	const y = (value: number) => TOP + PLOT_H - ((value - bottom) / span) * PLOT_H;
	const plotW = WIDTH - LEFT - RIGHT;
	const x = (index: number) =>
		points.length === 1 ? LEFT + plotW / 2 : LEFT + (index / (points.length - 1)) * plotW;
	axes(svg, marks, y);
	const first = points[0];
	const last = points[points.length - 1];
	const change = last.count - first.count;
	svg.text(
		{ x: 16, y: 70, fill: '#10213a', 'font-weight': 'bold' },
		`${grouped(first.count)} on ${first.date} to ${grouped(last.count)} on ${last.date} (${change >= 0 ? '+' : ''}${grouped(change)})${total > points.length ? `; ${points.length} of ${total} days drawn` : ''}`,
		100,
	);
	const line: number[] = [];
	points.forEach((point, index) => line.push(x(index), y(point.count)));
	svg.shape('polyline', { points: line, fill: 'none', stroke: '#2f6fd6', 'stroke-width': 2 });
	points.forEach((point, index) =>
		svg.shape(
			'circle',
			{
				cx: x(index),
				cy: y(point.count),
				r: points.length > 90 ? 1.5 : 3,
				fill: '#2f6fd6',
				'data-date': point.date,
				'data-count': point.count,
			},
			`${point.date}: ${grouped(point.count)} followers`,
		),
	);
	const labelAt = (index: number, anchor: string) =>
		svg.text(
			{ x: x(index), y: TOP + PLOT_H + 20, 'text-anchor': anchor, fill: '#3d4b5c' },
			points[index].date,
			12,
		);
	labelAt(0, points.length === 1 ? 'middle' : 'start');
	if (points.length > 2) labelAt(Math.floor((points.length - 1) / 2), 'middle');
	if (points.length > 1) labelAt(points.length - 1, 'end');
	return svg;
}

export interface RankedPost {
	id: string;
	preview: string;
	createdAt: string;
	rate: number;
	impressions: number;
	engagement: number;
}

/** The posts with a rate (positive impressions and an engagement total), highest rate first (then more impressions), at most `top`. */
export function topPosts(
	posts: unknown,
	top = TOP_POSTS,
): { ranked: RankedPost[]; read: number; skipped: number } {
	const list = listOf(posts);
	const rated: RankedPost[] = [];
	for (const raw of list) {
		const post = isRecord(raw) ? raw : {};
		const metrics = isRecord(post.metrics) ? post.metrics : {};
		const impressions = whole(metrics.impressions);
		const engagement = whole(isRecord(metrics.engagement) ? metrics.engagement.total : undefined);
		if (impressions === undefined || impressions <= 0 || engagement === undefined) continue;
		rated.push({
			id:
				typeof post.post_id === 'string' || typeof post.post_id === 'number'
					? String(post.post_id)
					: '',
			preview: typeof post.preview_text === 'string' ? post.preview_text : '',
			createdAt: typeof post.created_at === 'string' ? post.created_at : '',
			rate: engagement / impressions,
			impressions,
			engagement,
		});
	}
	rated.sort((a, b) => b.rate - a.rate || b.impressions - a.impressions);
	return {
		ranked: rated.slice(0, Math.max(0, top)),
		read: list.length,
		skipped: list.length - rated.length,
	};
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;
const BAR_H = 34;
const LABEL_W = 300;

/** The top posts chart as an SVG text. */
export function topPostsChartSvg(posts: unknown, text: ChartText): string {
	return drawTopPostsChart(posts, text, (size) => new SvgWriter(size)).toString();
}

/** The top posts chart written as PNG or SVG. */
export function topPostsChartPicture(
	posts: unknown,
	text: ChartText,
	format: PictureFormat,
): Picture {
	return drawPicture(format, (make) => drawTopPostsChart(posts, text, make));
}

/** The posts with the highest engagement rate as bars (see the top of this file), drawn on the writer `make` gives. */
export function drawTopPostsChart<W extends PictureWriter>(
	posts: unknown,
	text: ChartText,
	make: (size: PictureSize) => W,
): W {
	const { ranked, read, skipped } = topPosts(posts);
	const height = TOP + Math.max(ranked.length, 2) * BAR_H + 40;
	const svg = make({ width: WIDTH, height, title: text.title });
	svg.shape('rect', { width: WIDTH, height, fill: '#ffffff' });
	header(svg, text);
	svg.text(
		{ x: 16, y: 70, fill: '#3d4b5c' },
		`${read} post${read === 1 ? '' : 's'} read${skipped ? `, ${skipped} without impressions or engagement left out` : ''}; engagement rate = engagement / impressions`,
		100,
	);
	if (ranked.length === 0) {
		emptyNote(svg, 'No posts with impressions in this range', TOP + BAR_H);
		return svg;
	}
	const best = ranked[0].rate || 1;
	const barW = WIDTH - LABEL_W - 140;
	ranked.forEach((post, index) => {
		const y = TOP + index * BAR_H;
		svg.group({
			'data-post-id': post.id,
			'data-rate': post.rate.toFixed(6),
			'data-impressions': post.impressions,
		});
		svg.text(
			{ x: 16, y: y + 14, fill: '#10213a' },
			`${index + 1}. ${post.preview || post.id || 'post'}`,
			42,
			true,
		);
		svg.text(
			{ x: 30, y: y + 28, fill: '#6b7785', 'font-size': 10 },
			post.createdAt.slice(0, 10),
			12,
		);
		svg.shape(
			'rect',
			{
				x: LABEL_W,
				y: y + 4,
				width: Math.max(2, (post.rate / best) * barW),
				height: BAR_H - 12,
				rx: 3,
				fill: '#2f6fd6',
			},
			`${percent(post.rate)}: ${grouped(post.engagement)} engagements / ${grouped(post.impressions)} impressions`,
		);
		svg.text(
			{ x: WIDTH - 16, y: y + 20, 'text-anchor': 'end', fill: '#10213a' },
			`${percent(post.rate)} · ${grouped(post.impressions)} impr.`,
			24,
		);
		svg.end();
	});
	return svg;
}
