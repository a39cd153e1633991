/**
 * Text segmentation (`Intl.Segmenter`) in bounded windows. Iterating the segments of one long string takes time
 * growing with the square of its length (each step costs as much as the string is long), so long texts are
 * segmented window by window: a window starts at a boundary already found, every boundary inside it but the
 * last is kept (a boundary depends only on the text before it and the character after it), and the next window
 * starts at that last boundary, since the last segment may go on past the window (word boundaries also look one
 * character further, so those near the end of a window are left to the next). A window that holds a single
 * segment grows, up to `MAX_SEGMENT` code units: a longer segment (one grapheme of thousands of combining marks,
 * which no script needs) is cut there and counted in pieces of at most that size, so no window is ever larger and
 * the segmenter's work on one window stays bounded whatever the text.
 */

type Granularity = 'grapheme' | 'word';

const WINDOW = 64;
/**
 * The longest segment taken whole, in UTF-16 code units (one more when it ends on a surrogate pair). The graphemes
 * of real text are far shorter (an emoji ZWJ sequence with skin tones is 15 units, a tag-sequence flag 14, an
 * Indic conjunct or a letter with a few combining marks under 20), so only pathological clusters are cut, each
 * counting once per 64 units. Auto-Split counts a post without spaces whole at every step, so a post of such
 * clusters costs the square of its size, which this bound keeps small: 300 Bluesky graphemes are at most 19,500
 * units.
 */
export const MAX_SEGMENT = 64;

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
		if (last < 0 && size < MAX_SEGMENT) {
			size = Math.min(MAX_SEGMENT, size * 2);
			continue;
		}
		// A segment longer than the largest window is cut at the window's end (never inside a surrogate pair).
		if (last < 0) last = to;
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
