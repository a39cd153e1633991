/**
 * What a picture is drawn on: the calls the drawing code makes (heatMap.ts, queueCalendar.ts, charts.ts), which
 * both writers take, the SVG writer (svg.ts) and the PNG writer (raster.ts). A picture is drawn by one function
 * and written in either format. Both writers count elements the same way (`ElementBudget`): past MAX_ELEMENTS,
 * and inside a group that was left out, a call draws nothing and is counted as left out.
 */

/** Elements a picture holds at most; the writer leaves out any past it and says so in the picture. */
export const MAX_ELEMENTS = 5000;

/** Attribute values: a text (bounded, escaped), a number, or a list of numbers (a polyline's `points`). */
export type Attributes = Record<string, string | number | readonly number[] | undefined>;

export interface PictureSize {
	width: number;
	height: number;
	/** default 12 */
	fontSize?: number;
	/** written as the picture's `<title>` (what a viewer and a screen reader show); not drawn */
	title?: string;
}

/** A fill made of diagonal lines (`fill: 'url(#id)'`): the heat map's slots with too few posts. */
export interface Hatch {
	/** what `url(#id)` names */
	id: string;
	/** the pattern's size in pixels */
	size: number;
	background: string;
	stroke: string;
	strokeWidth: number;
}

export type PictureFormat = 'png' | 'svg';

/** A written picture: its bytes, media type and file name extension. */
export interface Picture {
	data: Uint8Array;
	mimeType: 'image/png' | 'image/svg+xml';
	fileExtension: PictureFormat;
}

export interface PictureWriter {
	/** Elements drawn so far. */
	readonly elements: number;
	/** An empty element (`rect`, `line`, `circle`, `polyline`), with a tooltip (SVG only) when `tooltip` is given. */
	shape(name: string, attrs: Attributes, tooltip?: string): this;
	/** A line of text, cut to `columns` with an ellipsis; with `tooltip`, the longer text as its tooltip (SVG only). */
	text(attrs: Attributes, value: unknown, columns: number, tooltip?: boolean): this;
	/** Opens a group; every group is closed with `end`. */
	group(attrs: Attributes): this;
	end(): this;
	/** A hatched fill the picture names as `url(#id)`. */
	hatch(pattern: Hatch): this;
	/** The whole picture, written. */
	picture(): Picture;
}

/** How the writers count elements: the same elements are drawn, and left out, in both formats. */
export class ElementBudget {
	private readonly open: boolean[] = [];
	count = 0;
	left = 0;

	constructor(private readonly max = MAX_ELEMENTS) {}

	/** Whether one more element is drawn (counted either way). */
	room(): boolean {
		if (this.open.includes(false) || this.count >= this.max) {
			this.left++;
			return false;
		}
		this.count++;
		return true;
	}

	/** Opens a group: whether it is drawn. */
	push(): boolean {
		const kept = this.room();
		this.open.push(kept);
		return kept;
	}

	/** Closes the last group: whether it was drawn. */
	pop(): boolean {
		const kept = this.open.pop();
		if (kept === undefined) throw new Error('end() without an open group');
		return kept;
	}

	/** The groups still open that were drawn. */
	get openDrawn(): number {
		return this.open.filter((kept) => kept).length;
	}
}
