/**
 * Where Auto-Split may break a text: paragraph breaks and sentence ends, each as the gaps (start, end) an
 * expression would match globally in the text. Scanners instead of the expressions: with a lookbehind or a
 * leading `[ \t]*`, the expressions read a run of spaces or quotes again from every position in it, which takes
 * time growing with the square of the run. Each scanner reads every character a fixed number of times.
 */

export type GapRange = [start: number, end: number];

const LINE_FEED = 0x0a;
const WHITESPACE = /\s/;

/** `\s` of a regular expression, for one UTF-16 code unit. */
export function isWhitespace(unit: number): boolean {
	if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
	return unit >= 0x80 && WHITESPACE.test(String.fromCharCode(unit));
}

function isBlank(unit: number): boolean {
	return unit === 0x20 || unit === 0x09;
}

/** Matches of `/[ \t]*\n[ \t]*\n\s*\/g`: a blank line, with the spaces around it. */
export function paragraphGaps(text: string): GapRange[] {
	const gaps: GapRange[] = [];
	const n = text.length;
	let from = 0;
	let feed = text.indexOf('\n');
	while (feed !== -1) {
		let next = feed + 1;
		while (next < n && isBlank(text.charCodeAt(next))) next++;
		if (next >= n || text.charCodeAt(next) !== LINE_FEED) {
			feed = text.indexOf('\n', feed + 1);
			continue;
		}
		let start = feed;
		while (start > from && isBlank(text.charCodeAt(start - 1))) start--;
		let end = next + 1;
		while (end < n && isWhitespace(text.charCodeAt(end))) end++;
		gaps.push([start, end]);
		from = end;
		feed = text.indexOf('\n', end);
	}
	return gaps;
}

const SENTENCE_END = new Set([0x2e, 0x21, 0x3f, 0x2026]); // . ! ? …
const CLOSING = new Set([0x22, 0x27, 0x2019, 0x201d, 0x00bb, 0x29, 0x5d]); // " ' ’ ” » ) ]
const CJK_STOP = new Set([0x3002, 0xff01, 0xff1f, 0xff0e, 0xff61]); // 。！？．｡

/** Whether a sentence end, then any closing quotes or brackets, comes right before `at`. */
function afterSentenceEnd(text: string, at: number): boolean {
	let k = at - 1;
	while (k >= 0 && CLOSING.has(text.charCodeAt(k))) k--;
	return k >= 0 && SENTENCE_END.has(text.charCodeAt(k));
}

/**
 * Matches of
 * `/(?<=[.!?\u2026]["'\u2019\u201d\u00bb)\]]*)\s+|(?<=[\u3002\uff01\uff1f\uff0e\uff61])\s*|\s*\n\s*\/g`: spaces after a
 * sentence end (closing quotes allowed between), after a CJK full stop (possibly none), or around a line break.
 * Each match runs to the end of the spaces from where it starts; an empty match moves the search on by one.
 */
export function sentenceGaps(text: string): GapRange[] {
	const gaps: GapRange[] = [];
	const n = text.length;
	for (let at = 0; at <= n; ) {
		let end = at;
		let lineFeed = false;
		while (end < n && isWhitespace(text.charCodeAt(end))) {
			if (text.charCodeAt(end) === LINE_FEED) lineFeed = true;
			end++;
		}
		const spaces = end > at;
		const match =
			(at > 0 && CJK_STOP.has(text.charCodeAt(at - 1))) ||
			(spaces && (lineFeed || afterSentenceEnd(text, at)));
		if (match) gaps.push([at, end]);
		// No match starts inside a run of spaces that did not match at its start: none follows a sentence end
		// or a CJK stop there, and the rest of the run holds no line feed either.
		at = spaces ? end : at + 1;
	}
	return gaps;
}
