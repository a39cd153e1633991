/**
 * Rendered text of X Article markdown, as used to match a comment's selected_text (pure).
 *
 * The rendered text is the markdown (with comment markers already removed) minus its syntax;
 * it is always a subsequence of the input, and `source[i]` is the input offset of rendered
 * character i. Supported, line by line:
 * - fenced code blocks (``` or ~~~, 3+ characters): fence lines vanish with their line break,
 *   the lines between are kept verbatim;
 * - leading whitespace of a line is dropped;
 * - block quotes: any number of leading `>` (each with one optional space);
 * - ATX headings `#`..`######` followed by a space (and an optional closing run of `#`);
 * - thematic breaks (`---`, `***`, `___`, spaced or not): the line's characters vanish;
 * - list items `-`, `*`, `+`, `1.`, `1)` followed by whitespace, and a task box `[ ]`/`[x]`;
 * and inside a line:
 * - backslash escapes of ASCII punctuation (the backslash vanishes, the character is literal);
 * - code spans (a backtick run closed by a run of the same length): the backticks vanish,
 *   the content is literal;
 * - embed tags `<svc:media .../>` and `<svc:x-post .../>` vanish entirely;
 * - autolinks `<https://...>`, `<http://...>`, `<mailto:...>`: the angle brackets vanish;
 * - links `[label](url "title")` and images `![alt](url)`: only the label / alt text remains;
 * - emphasis and strikethrough: `*`, `**`, `***`, `_`, `__`, `___`, `~~` pairs on one line,
 *   where the opener is followed and the closer preceded by a non-space character, the two runs
 *   have the same length, and `_` runs are not inside a word.
 * Not supported (kept as literal text): setext headings, tables, HTML other than the embed tags,
 * reference-style links, entities, nested brackets inside link labels, emphasis across lines.
 * Line breaks are kept, so a selection spanning paragraphs contains their "\n" characters.
 */

export interface RenderedText {
	text: string;
	source: number[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
const EMBED = /<svc:(?:media|x-post)\b[^>]*>/g;
const AUTOLINK = /<(?:https?:|mailto:)[^\s<>]*>/g;
const LINK = /!?\[[^[\]\n]*\]\([^()\s]*(?:\s+"[^"\n]*")?\)/g;

class LineState {
	readonly keep: boolean[];
	readonly literal: boolean[];
	constructor(readonly md: string) {
		this.keep = new Array<boolean>(md.length).fill(true);
		this.literal = new Array<boolean>(md.length).fill(false);
	}
	drop(from: number, to: number): void {
		for (let i = from; i < to; i++) this.keep[i] = false;
	}
	protect(from: number, to: number): void {
		for (let i = from; i < to; i++) this.literal[i] = true;
	}
	free(i: number): boolean {
		return this.keep[i] && !this.literal[i];
	}
}

export function renderArticleText(md: string): RenderedText {
	const state = new LineState(md);
	let fence: string | null = null;
	let lineStart = 0;
	while (lineStart <= md.length) {
		const nl = md.indexOf('\n', lineStart);
		const lineEnd = nl === -1 ? md.length : nl;
		const withBreak = nl === -1 ? lineEnd : lineEnd + 1;
		const line = md.slice(lineStart, lineEnd);
		const fenceMatch = FENCE.exec(line);
		if (fence !== null) {
			if (
				fenceMatch &&
				fenceMatch[1][0] === fence[0] &&
				fenceMatch[1].length >= fence.length &&
				line.trim() === fenceMatch[1]
			) {
				fence = null;
				state.drop(lineStart, withBreak);
			} else {
				state.protect(lineStart, lineEnd);
			}
		} else if (fenceMatch) {
			fence = fenceMatch[1];
			state.drop(lineStart, withBreak);
		} else {
			renderLine(state, lineStart, lineEnd);
		}
		if (nl === -1) break;
		lineStart = nl + 1;
	}
	const text: string[] = [];
	const source: number[] = [];
	for (let i = 0; i < md.length; i++) {
		if (state.keep[i]) {
			text.push(md[i]);
			source.push(i);
		}
	}
	return { text: text.join(''), source };
}

function renderLine(state: LineState, start: number, end: number): void {
	const line = state.md.slice(start, end);
	if (THEMATIC_BREAK.test(line)) {
		state.drop(start, end);
		return;
	}
	const prefix = blockPrefix(line);
	const contentStart = start + prefix.length;
	state.drop(start, contentStart);
	const closing = prefix.heading ? /[ \t]+#+[ \t]*$/.exec(state.md.slice(contentStart, end)) : null;
	const inlineEnd = closing ? contentStart + closing.index : end;
	state.drop(inlineEnd, end);
	renderInline(state, contentStart, inlineEnd);
}

const BLOCK_PREFIX =
	/^[ \t]*(?:>[ \t]*)*(?:(#{1,6}(?:[ \t]+|$))|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/;

/** Leading whitespace, quote markers, and a heading or list marker of a line. */
function blockPrefix(line: string): { length: number; heading: boolean } {
	const m = BLOCK_PREFIX.exec(line);
	return m ? { length: m[0].length, heading: m[1] !== undefined } : { length: 0, heading: false };
}

function renderInline(state: LineState, start: number, end: number): void {
	const md = state.md;
	for (let i = start; i < end - 1; i++) {
		if (md[i] === '\\' && ASCII_PUNCT.test(md[i + 1])) {
			state.drop(i, i + 1);
			state.protect(i + 1, i + 2);
			i++;
		}
	}
	codeSpans(state, start, end);
	eachMatch(state, EMBED, start, end, (s, e) => state.drop(s, e));
	eachMatch(state, AUTOLINK, start, end, (s, e) => {
		state.drop(s, s + 1);
		state.drop(e - 1, e);
		state.protect(s + 1, e - 1);
	});
	eachMatch(state, LINK, start, end, (s, e) => {
		const labelStart = md.indexOf('[', s) + 1;
		const labelEnd = md.indexOf('](', labelStart);
		state.drop(s, labelStart);
		state.drop(labelEnd, e);
	});
	emphasis(state, start, end);
}

/** Calls fn for each regex match in [start, end) whose characters are all still free. */
function eachMatch(
	state: LineState,
	re: RegExp,
	start: number,
	end: number,
	fn: (s: number, e: number) => void,
): void {
	const slice = state.md.slice(start, end);
	re.lastIndex = 0;
	let m: RegExpExecArray | null;
	while ((m = re.exec(slice)) !== null) {
		const s = start + m.index;
		const e = s + m[0].length;
		let free = true;
		for (let i = s; i < e && free; i++) free = state.free(i);
		if (free) fn(s, e);
	}
}

function runLength(md: string, at: number, end: number, ch: string): number {
	let n = 0;
	while (at + n < end && md[at + n] === ch) n++;
	return n;
}

function codeSpans(state: LineState, start: number, end: number): void {
	const md = state.md;
	let i = start;
	while (i < end) {
		if (md[i] !== '`' || !state.free(i)) {
			i++;
			continue;
		}
		const n = runLength(md, i, end, '`');
		let j = i + n;
		let closeAt = -1;
		while (j < end) {
			if (md[j] === '`') {
				const m = runLength(md, j, end, '`');
				if (m === n) {
					closeAt = j;
					break;
				}
				j += m;
			} else {
				j++;
			}
		}
		if (closeAt === -1) {
			i += n;
			continue;
		}
		state.drop(i, i + n);
		state.drop(closeAt, closeAt + n);
		state.protect(i + n, closeAt);
		i = closeAt + n;
	}
}

interface DelimiterRun {
	ch: string;
	start: number;
	length: number;
}

function emphasis(state: LineState, start: number, end: number): void {
	const md = state.md;
	const openers: DelimiterRun[] = [];
	let i = start;
	while (i < end) {
		const ch = md[i];
		if ((ch !== '*' && ch !== '_' && ch !== '~') || !state.free(i)) {
			i++;
			continue;
		}
		let n = 0;
		while (i + n < end && md[i + n] === ch && state.free(i + n)) n++;
		const run: DelimiterRun = { ch, start: i, length: n };
		i += n;
		if (ch === '~' ? n !== 2 : n > 3) continue;
		const before = run.start > 0 ? md[run.start - 1] : ' ';
		const after = i < md.length ? md[i] : ' ';
		const intraword = ch === '_';
		const canOpen = !/\s/.test(after) && !(intraword && /[\p{L}\p{N}]/u.test(before));
		const canClose = !/\s/.test(before) && !(intraword && /[\p{L}\p{N}]/u.test(after));
		const match = canClose ? findOpener(openers, run) : -1;
		if (match !== -1) {
			const opener = openers[match];
			state.drop(opener.start, opener.start + opener.length);
			state.drop(run.start, run.start + run.length);
			openers.length = match;
		} else if (canOpen) {
			openers.push(run);
		}
	}
}

function findOpener(openers: DelimiterRun[], closer: DelimiterRun): number {
	for (let k = openers.length - 1; k >= 0; k--) {
		if (openers[k].ch === closer.ch && openers[k].length === closer.length) return k;
	}
	return -1;
}
