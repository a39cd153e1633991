/**
 * Text segmentation (`Intl.Segmenter`) in bounded windows. Iterating the segments of one long string takes time
 * growing with the square of its length (each step costs as much as the string is long), so long texts are
 * segmented window by window: a window starts at a boundary already found, every boundary inside it but the
 * last is kept (a boundary depends only on the text before it and the character after it), and the next window
 * starts at that last boundary, since the last segment may go on past the window (word boundaries also look one
 * character further, so those near the end of a window are left to the next). A window that holds a single
 * segment (one grapheme of thousands of combining marks) grows until the segment ends.
 */

type Granularity = 'grapheme' | 'word';

const WINDOW = 64;

const segmenters: Partial<Record<Granularity, Intl.Segmenter>> = {};

function segmenter(granularity: Granularity): Intl.Segmenter {
	return (segmenters[granularity] ??= new Intl.Segmenter(undefined, { granularity }));
}

/**
 * Calls `onStart` with each offset where a segment starts, after the first (0 is left out), in order. Word
 * segments of scripts written without spaces come from a dictionary over the whole run, so in a run longer than
 * a window they may fall a little differently at the seams than over the whole run; grapheme boundaries are the
 * same.
 */
function eachSegmentStart(
	text: string,
	granularity: Granularity,
	onStart: (at: number) => void,
): void {
	const n = text.length;
	let from = 0;
	let size = WINDOW;
	while (from < n) {
		let to = Math.min(n, from + size);
		// A window never ends inside a surrogate pair: the character after a boundary must be whole.
		const unit = text.charCodeAt(to - 1);
		if (to < n && unit >= 0xd800 && unit <= 0xdbff) to++;
		// A word boundary also looks at the character after the next one (`don't`, `3.14`), so boundaries that
		// close to the end of a window are left to the next one.
		const keepBefore = to === n ? n : to - (granularity === 'word' ? 4 : 0);
		let last = -1;
		for (const segment of segmenter(granularity).segment(text.slice(from, to))) {
			const at = from + segment.index;
			if (segment.index === 0 || at >= keepBefore) continue;
			// every boundary but the window's last is final; the last is held until the window is done
			if (last >= 0) onStart(last);
			last = at;
		}
		if (to === n) {
			if (last >= 0) onStart(last);
			break;
		}
		if (last < 0) {
			size *= 2;
			continue;
		}
		// the last boundary starts the next window (its segment may go on past this one) and is kept
		onStart(last);
		from = last;
		size = WINDOW;
	}
}

/** The offsets where segments start, after the first (0 is left out), in order. */
export function segmentStarts(text: string, granularity: Granularity): number[] {
	const starts: number[] = [];
	eachSegmentStart(text, granularity, (at) => starts.push(at));
	return starts;
}

/** The number of graphemes (extended grapheme clusters) of a text, counted without keeping the offsets. */
export function graphemeTotal(text: string): number {
	if (text.length === 0) return 0;
	let count = 1;
	eachSegmentStart(text, 'grapheme', () => count++);
	return count;
}
