import { DateTime } from 'luxon';
import { POST_PLATFORMS, platformName } from '../../common/platformLists';
import type { Picture, PictureFormat, PictureSize, PictureWriter } from './picture';
import { drawPicture } from './pictureFormats';
import { SvgWriter } from './svg';

/**
 * The queue view (Queue view: days, each with its items in order) as a calendar picture: one band per day in the
 * social set's time zone, each slot on a line at its time, a filled slot with its draft's title (or the first words
 * of its preview) and platforms, a free slot marked as free (or as past, once its time has gone). Each element of a
 * slot carries `data-slot` (`filled`, `free`, `past`) and `data-at`, so a reader can count them. Bounded: at most
 * CALENDAR_MAX_DAYS days and CALENDAR_LINES_PER_DAY lines a day are drawn, the rest counted on a "+N more" line
 * (`data-more`, `data-filled`, `data-free`); every text from the service is cut and escaped (svg.ts). One pass over
 * the view.
 */

/** Days drawn at most; the rest are counted on the last line. */
export const CALENDAR_MAX_DAYS = 31;
/** Lines a day shows at most, its "+N more" line included. */
export const CALENDAR_LINES_PER_DAY = 8;

const WIDTH = 720;
const LINE = 24;
const DAY_HEAD = 28;
const TOP = 92;
const BOX_X = 78;
const BOX_W = WIDTH - BOX_X - 16;
const TITLE_COLUMNS = 56;
const PLATFORM_COLUMNS = 30;

const COLORS = {
	filled: { fill: '#dbe9ff', stroke: '#2f6fd6' },
	custom: { fill: '#efe3ff', stroke: '#7a4cc2' },
	free: { fill: '#ffffff', stroke: '#8a96a3' },
	past: { fill: '#f3f3f3', stroke: '#c8c8c8' },
};

export interface CalendarInput {
	/** the service's queue view, read defensively */
	view: unknown;
	zone: string;
	/** how the zone is named in the picture (default: the zone) */
	zoneLabel?: string;
	/** the picture's first line */
	title: string;
	/** free slots before this instant are drawn as past */
	nowMs: number;
}

type Slot = 'filled' | 'free' | 'past';

interface Line {
	slot: Slot;
	at: string;
	time: string;
	kind: string;
	title: string;
	platforms: string;
	draftId: string;
}

interface Day {
	date: string;
	lines: Line[];
	filled: number;
	free: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A date of the service as text: a string only (any other value could not be written without running its code). */
const dateOf = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 40) : '');

const nonEmpty = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A draft summary's platforms that are on (`x_post_enabled` and the others), by name. */
function platformsOf(draft: Record<string, unknown>): string {
	return POST_PLATFORMS.filter((platform) => draft[`${platform}_post_enabled`] === true)
		.map(platformName)
		.join(', ');
}

function lineOf(raw: unknown, zone: string, nowMs: number): Line {
	const item = isRecord(raw) ? raw : {};
	const at = typeof item.at === 'string' ? item.at : '';
	const when = DateTime.fromISO(at, { zone });
	const draft = isRecord(item.draft) ? item.draft : undefined;
	const kind = typeof item.kind === 'string' ? item.kind : '';
	const time = when.isValid ? when.toFormat('HH:mm') : '--:--';
	if (!draft) {
		const past = when.isValid && when.toMillis() <= nowMs;
		const slot: Slot = past ? 'past' : 'free';
		return { slot, at, time, kind, title: '', platforms: '', draftId: '' };
	}
	const id = typeof draft.id === 'number' || typeof draft.id === 'string' ? String(draft.id) : '';
	const title =
		nonEmpty(draft.draft_title) ?? nonEmpty(draft.preview) ?? (id ? `Draft ${id}` : 'Draft');
	return { slot: 'filled', at, time, kind, title, platforms: platformsOf(draft), draftId: id };
}

/** The view's days, each with the lines it draws and the counts of all its items. */
interface MoreDays {
	days: number;
	filled: number;
	free: number;
}

function daysOf({ view, zone, nowMs }: CalendarInput): { days: Day[]; more: MoreDays } {
	const days: Day[] = [];
	const more: MoreDays = { days: 0, filled: 0, free: 0 };
	for (const rawDay of listOf(isRecord(view) ? view.days : undefined)) {
		const drawn = days.length < CALENDAR_MAX_DAYS;
		const day: Day | MoreDays = drawn
			? { date: dateOf(isRecord(rawDay) ? rawDay.date : undefined), lines: [], filled: 0, free: 0 }
			: more;
		for (const raw of listOf(isRecord(rawDay) ? rawDay.items : undefined)) {
			const filled = isRecord(raw) && isRecord(raw.draft);
			if (filled) day.filled++;
			else day.free++;
			if ('lines' in day && day.lines.length < CALENDAR_LINES_PER_DAY)
				day.lines.push(lineOf(raw, zone, nowMs));
		}
		if ('lines' in day) days.push(day);
		else more.days++;
	}
	return { days, more };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function dayLabel(date: string): string {
	const day = DateTime.fromISO(date);
	return day.isValid ? day.toFormat('cccc d LLLL yyyy', { locale: 'en-GB' }) : date;
}

/** Whether a day's lines are all drawn, or the last one gives way to "+N more". */
function shownLines(day: Day): { lines: Line[]; hidden: number } {
	const total = day.filled + day.free;
	if (total <= CALENDAR_LINES_PER_DAY) return { lines: day.lines, hidden: 0 };
	const lines = day.lines.slice(0, CALENDAR_LINES_PER_DAY - 1);
	return { lines, hidden: total - lines.length };
}

function drawLine(svg: PictureWriter, line: Line, y: number): void {
	const custom = line.kind === 'custom_time';
	const colors =
		line.slot === 'filled' ? (custom ? COLORS.custom : COLORS.filled) : COLORS[line.slot];
	const about =
		line.slot === 'filled'
			? `${line.time} ${line.title}${line.platforms ? ` (${line.platforms})` : ''}${custom ? ', custom time' : ''}`
			: `${line.time} ${line.slot === 'free' ? 'free slot' : 'free slot, time passed'}`;
	svg.group({
		'data-slot': line.slot,
		'data-at': line.at,
		'data-kind': line.kind,
		'data-draft-id': line.draftId || undefined,
	});
	svg.text({ x: 16, y: y + 13, 'font-weight': 'bold', fill: '#333333' }, line.time, 5);
	svg.shape(
		'rect',
		{
			x: BOX_X,
			y: y - 2,
			width: BOX_W,
			height: LINE - 5,
			rx: 4,
			...colors,
			'stroke-dasharray': line.slot === 'filled' ? undefined : '4 3',
		},
		about,
	);
	if (line.slot === 'filled') {
		svg.text({ x: BOX_X + 8, y: y + 12, fill: '#10213a' }, line.title, TITLE_COLUMNS, true);
		const right = `${line.platforms || 'no platform'}${custom ? ' · custom time' : ''}`;
		svg.text(
			{ x: BOX_X + BOX_W - 8, y: y + 12, 'text-anchor': 'end', fill: '#3d4b5c', 'font-size': 11 },
			right,
			PLATFORM_COLUMNS + 14,
		);
	} else
		svg.text(
			{ x: BOX_X + 8, y: y + 12, fill: '#6b7785', 'font-style': 'italic' },
			line.slot === 'free' ? 'free slot' : 'free slot (time passed)',
			30,
		);
	svg.end();
}

function drawMore(svg: PictureWriter, counts: { filled: number; free: number }, y: number): void {
	const hidden = counts.filled + counts.free;
	svg.group({ 'data-more': hidden, 'data-filled': counts.filled, 'data-free': counts.free });
	svg.text(
		{ x: BOX_X + 8, y: y + 12, fill: '#3d4b5c', 'font-weight': 'bold' },
		`… +${hidden} more: ${counts.filled} filled, ${counts.free} free`,
		60,
	);
	svg.end();
}

/** Counts of the lines a day leaves out (drawn lines are known; the rest is its counts minus those). */
function hiddenCounts(day: Day, lines: Line[]): { filled: number; free: number } {
	const drawnFilled = lines.filter((line) => line.slot === 'filled').length;
	return { filled: day.filled - drawnFilled, free: day.free - (lines.length - drawnFilled) };
}

function drawDay(svg: PictureWriter, day: Day, top: number): number {
	const { lines, hidden } = shownLines(day);
	svg.shape('rect', {
		x: 8,
		y: top,
		width: WIDTH - 16,
		height: DAY_HEAD - 4,
		rx: 4,
		fill: '#f0f3f7',
	});
	svg.text({ x: 16, y: top + 17, 'font-weight': 'bold', 'font-size': 13 }, dayLabel(day.date), 40);
	svg.text(
		{ x: WIDTH - 16, y: top + 17, 'text-anchor': 'end', fill: '#3d4b5c' },
		`${day.filled} filled · ${day.free} free`,
		40,
	);
	let y = top + DAY_HEAD + 2;
	if (day.filled + day.free === 0) {
		svg.text({ x: BOX_X + 8, y: y + 12, fill: '#6b7785', 'font-style': 'italic' }, 'no slots', 20);
		return y + LINE;
	}
	for (const line of lines) {
		drawLine(svg, line, y);
		y += LINE;
	}
	if (hidden > 0) {
		drawMore(svg, hiddenCounts(day, lines), y);
		y += LINE;
	}
	return y;
}

function heightOf(days: Day[], more: MoreDays): number {
	let height = TOP + 16;
	for (const day of days) {
		const shown = Math.max(1, Math.min(day.filled + day.free, CALENDAR_LINES_PER_DAY));
		height += DAY_HEAD + 2 + shown * LINE + 6;
	}
	if (more.days > 0) height += LINE + 8;
	if (days.length === 0 || days.every((day) => day.filled + day.free === 0)) height += LINE + 8;
	return height;
}

function drawLegend(svg: PictureWriter): void {
	const entries: Array<[string, { fill: string; stroke: string }, boolean]> = [
		['filled', COLORS.filled, false],
		['custom time', COLORS.custom, false],
		['free', COLORS.free, true],
		['time passed', COLORS.past, true],
	];
	entries.forEach(([name, colors, dashed], index) => {
		const x = 16 + index * 120;
		svg.shape('rect', {
			x,
			y: 64,
			width: 22,
			height: 12,
			rx: 3,
			...colors,
			'stroke-dasharray': dashed ? '4 3' : undefined,
		});
		svg.text({ x: x + 28, y: 74, fill: '#3d4b5c', 'font-size': 11 }, name, 14);
	});
}

/** The calendar picture of a queue view as an SVG text. */
export function queueCalendarSvg(input: CalendarInput): string {
	return drawCalendar(input, (size) => new SvgWriter(size)).toString();
}

/** The calendar picture written as PNG or SVG. */
export function queueCalendarPicture(input: CalendarInput, format: PictureFormat): Picture {
	return drawPicture(format, (make) => drawCalendar(input, make));
}

/** Where the calendar draws a slot's box, from the top of its line, and the colours of its kinds. */
export const CALENDAR_BOX = { x: BOX_X, width: BOX_W, height: LINE - 5, colors: COLORS };

/** The calendar picture of a queue view (see the top of this file), drawn on the writer `make` gives. */
export function drawCalendar<W extends PictureWriter>(
	input: CalendarInput,
	make: (size: PictureSize) => W,
): W {
	const { days, more } = daysOf(input);
	const view = isRecord(input.view) ? input.view : {};
	const filled = days.reduce((sum, day) => sum + day.filled, more.filled);
	const free = days.reduce((sum, day) => sum + day.free, more.free);
	const range = `${dateOf(view.start_date)} to ${dateOf(view.end_date)}`;
	const height = heightOf(days, more);
	const svg = make({ width: WIDTH, height, title: input.title });
	svg.shape('rect', { width: WIDTH, height, fill: '#ffffff' });
	svg.text({ x: 16, y: 28, 'font-size': 18, 'font-weight': 'bold' }, input.title, 60);
	svg.text(
		{ x: 16, y: 50, fill: '#3d4b5c' },
		`${range} · times in ${input.zoneLabel ?? input.zone} · ${plural(filled, 'filled slot')}, ${plural(free, 'free slot')}`,
		100,
	);
	drawLegend(svg);
	let y = TOP;
	if (filled + free === 0) {
		svg.text(
			{ x: 16, y: y + 16, 'font-size': 14, fill: '#b00020', 'data-empty': 'true' },
			`No slots from ${range}: no queue rule and nothing scheduled`,
			80,
		);
		y += LINE + 8;
	}
	for (const day of days) y = drawDay(svg, day, y) + 6;
	if (more.days > 0)
		svg
			.group({ 'data-more-days': more.days, 'data-filled': more.filled, 'data-free': more.free })
			.text(
				{ x: 16, y: y + 14, fill: '#3d4b5c', 'font-weight': 'bold' },
				`… +${plural(more.days, 'more day')} not drawn: ${more.filled} filled, ${more.free} free (see the items)`,
				90,
			)
			.end();
	return svg;
}
