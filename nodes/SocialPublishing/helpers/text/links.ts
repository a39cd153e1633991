/**
 * Links in post text as X's public text rules (twitter-text 3) find them: with `http://` or `https://`, or a bare
 * domain ending in a known top-level domain (`example.com/path`). X counts each link as 23 characters whatever its
 * length; Mastodon does the same for links with a scheme. The node's tests compare the result with the
 * twitter-text package on generated texts.
 *
 * twitter-text finds links with one regular expression tried at every position; on a long run without spaces
 * (CJK, emoji, `a.a.a…`) each attempt scans to the next dot and back, which takes time growing with the square of
 * the run. Here the domain part is found by a scanner instead: one pass from the right computes, for every position,
 * where the label starting there ends and the last label of its chain that is followed by a top-level domain,
 * which is exactly the match the expression's backtracking settles on. Only the parts after the domain (port, path,
 * query) are matched by an expression, anchored at the end of the domain; a match consumes them, so no character is
 * read by more than a few attempts. Every step is linear in the length of the text.
 */
import { labelToAscii } from './punycode';
import { TLD_ALTERNATION } from './tlds';

export interface Link {
	/** UTF-16 offset of the first character. */
	start: number;
	/** UTF-16 length the counter skips (the link text as found). */
	length: number;
}

/** Ranges of UTF-16 code units, first and last included. */
type Ranges = ReadonlyArray<readonly [number, number]>;

const range = (first: number, last = first): readonly [number, number] => [first, last];
const units = (chars: string): Ranges => Array.from(chars, (ch) => range(ch.charCodeAt(0)));

/*
 * The character classes of twitter-text's expression, as code unit ranges (written as ranges, not as expression
 * classes: a class holding combining marks reads as misleading to linters, and the table below needs no expression).
 */
const LATIN_ACCENTS: Ranges = [
	range(0xc0, 0xd6),
	range(0xd8, 0xf6),
	range(0xf8, 0xff),
	range(0x100, 0x24f),
	range(0x253, 0x254),
	range(0x256, 0x257),
	range(0x259),
	range(0x25b),
	range(0x263),
	range(0x268),
	range(0x26f),
	range(0x272),
	range(0x289),
	range(0x28b),
	range(0x2bb),
	range(0x300, 0x36f),
	range(0x1e00, 0x1eff),
];
const CYRILLIC: Ranges = [range(0x400, 0x4ff)];
const SPACES: Ranges = [
	range(0x09, 0x0d),
	range(0x20),
	range(0x85),
	range(0xa0),
	range(0x1680),
	range(0x180e),
	range(0x2000, 0x200a),
	range(0x2028, 0x2029),
	range(0x202f),
	range(0x205f),
	range(0x3000),
];
const INVALID: Ranges = [range(0xfffe), range(0xfeff), range(0xffff)];
const DIRECTIONAL: Ranges = [
	range(0x202a, 0x202e),
	range(0x61c),
	range(0x200e, 0x200f),
	range(0x2066, 0x2069),
];
const PUNCTUATION = units("!'#%&()*+,\\-./:;<=>?@[]^_{|}~$");
const LOWER = [range(0x61, 0x7a)];
const UPPER = [range(0x41, 0x5a)];
const DIGITS = [range(0x30, 0x39)];

/** Not a domain character: punctuation, spaces, invalid and directional characters. */
const NOT_DOMAIN: Ranges = [...PUNCTUATION, ...SPACES, ...INVALID, ...DIRECTIONAL];
/** What may not come right before a link (except directional characters, which may). */
const NOT_PRECEDING: Ranges = [
	...UPPER,
	...LOWER,
	...DIGITS,
	...units('@$#'),
	range(0xff20),
	range(0xff03),
	...INVALID,
];
const ASCII_LABEL: Ranges = [...units('-'), ...LOWER, ...DIGITS, ...LATIN_ACCENTS];
const PATH_CHARS: Ranges = [
	...LOWER,
	...CYRILLIC,
	...DIGITS,
	...units("!*';:=+,.$/%#[]-_~@|&"),
	range(0x2013),
	...LATIN_ACCENTS,
];
const PATH_ENDS: Ranges = [...units('+-=_#/'), ...LOWER, ...CYRILLIC, ...DIGITS, ...LATIN_ACCENTS];

const TLD = `(?:${TLD_ALTERNATION})(?=[^0-9a-zA-Z@+\\-]|$)|xn--[\\-0-9a-z]+`;
const QUERY_CHAR = "[a-z0-9!?*'@();:&=+$/%#\\[\\]\\-_.,~|]";
const QUERY_END = '[a-z0-9\\-_&=#/]';
/** What may follow the domain before the path: a port. */
const PORT = ':[0-9]+';
/** What may follow the path: a query. */
const QUERY = `\\?${QUERY_CHAR}*${QUERY_END}`;
const TCO_SOURCE = `^https?:\\/\\/t\\.co\\/([a-z0-9]+)(?:\\?${QUERY_CHAR}*${QUERY_END})?`;

const MAX_LINK_LENGTH = 4096;
const MAX_LABEL_LENGTH = 63;
const MAX_TCO_SLUG = 40;

const IS_DOMAIN = 1;
const IS_PRECEDING = 2;
const IS_ASCII_LABEL = 4;
const IS_SPACE = 8;
const IS_PATH_CHAR = 16;
const IS_PATH_END = 32;

interface Patterns {
	tld: RegExp;
	port: RegExp;
	query: RegExp;
	tco: RegExp;
	/** Per UTF-16 code unit, the classes it belongs to (bits above). */
	classes: Uint8Array;
}

/**
 * For every code unit, the unit a case-insensitive expression (without the `u` flag) compares it as: its upper case
 * when that is one unit and does not turn a non-ASCII unit into ASCII (ECMAScript's Canonicalize).
 */
function caseFolded(): Uint16Array {
	const folded = new Uint16Array(0x10000);
	for (let unit = 0; unit < 0x10000; unit++) {
		const upper = String.fromCharCode(unit).toUpperCase();
		const mapped = upper.length === 1 ? upper.charCodeAt(0) : unit;
		folded[unit] = unit >= 0x80 && mapped < 0x80 ? unit : mapped;
	}
	return folded;
}

/**
 * Membership of the ranges per code unit; with `folded`, per folded unit (a unit is in the class when its folded
 * unit is that of a member, as a case-insensitive class matches).
 */
function member(ranges: Ranges, folded?: Uint16Array): Uint8Array {
	const table = new Uint8Array(0x10000);
	for (const [first, last] of ranges)
		for (let unit = first; unit <= last; unit++) table[folded ? folded[unit] : unit] = 1;
	return table;
}

/** The class bits of every code unit (exported for the tests, which compare them with twitter-text's classes). */
export function linkCharacterClasses(): Uint8Array {
	return patterns().classes;
}

let compiled: Patterns | undefined;

/** Built on first use and kept: the TLD expression is large, the class table is made from the classes above. */
function patterns(): Patterns {
	if (compiled) return compiled;
	const classes = new Uint8Array(0x10000);
	const folded = caseFolded();
	const caseless = (ranges: Ranges) => member(ranges, folded);
	const exact = (ranges: Ranges) => member(ranges);
	const notDomain = caseless(NOT_DOMAIN);
	const notPreceding = caseless(NOT_PRECEDING);
	const directional = caseless(DIRECTIONAL);
	const asciiLabel = caseless(ASCII_LABEL);
	const space = exact(SPACES);
	const pathChar = caseless(PATH_CHARS);
	const pathEnd = caseless(PATH_ENDS);
	for (let unit = 0; unit < 0x10000; unit++) {
		const key = folded[unit];
		let bits = 0;
		if (!notDomain[key]) bits |= IS_DOMAIN;
		if (!notPreceding[key] || directional[key]) bits |= IS_PRECEDING;
		if (asciiLabel[key]) bits |= IS_ASCII_LABEL;
		if (space[unit]) bits |= IS_SPACE;
		if (pathChar[key]) bits |= IS_PATH_CHAR;
		if (pathEnd[key]) bits |= IS_PATH_END;
		classes[unit] = bits;
	}
	compiled = {
		tld: new RegExp(TLD, 'iy'),
		port: new RegExp(PORT, 'y'),
		query: new RegExp(QUERY, 'iy'),
		tco: new RegExp(TCO_SOURCE, 'i'),
		classes,
	};
	return compiled;
}

/** End of the top-level domain starting at `at` (the first alternative that matches, as the expression takes it), or -1. */
function tldEnd(text: string, at: number): number {
	if (at >= text.length) return -1;
	const { tld } = patterns();
	tld.lastIndex = at;
	return tld.test(text) ? tld.lastIndex : -1;
}

const DOT = 0x2e;
const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;

/**
 * For every position q where a label starts (a label: characters of `isLabelChar` ending right before a dot, as the
 * expression's label groups require), the start of the last label of the chain of labels from q that is followed by
 * a top-level domain; -1 where there is none. That label is where the greedy repetition of labels gives back to,
 * so the domain runs from q to the end of the top-level domain after it. One pass from the right; a top-level domain
 * is looked up once per dot.
 */
function lastLabelBeforeTld(
	text: string,
	isLabelStart: (q: number) => boolean,
	labelEnd: Int32Array,
	isFinalLabel: (q: number, dot: number) => boolean,
): Int32Array {
	const n = text.length;
	const last = new Int32Array(n + 1).fill(-1);
	const tlds = new Map<number, number>();
	for (let q = n - 1; q >= 0; q--) {
		if (!isLabelStart(q)) continue;
		const dot = labelEnd[q];
		if (dot >= n || text.charCodeAt(dot) !== DOT) continue;
		let found = last[dot + 1];
		if (found < 0 && isFinalLabel(q, dot)) {
			let end = tlds.get(dot + 1);
			if (end === undefined) {
				end = tldEnd(text, dot + 1);
				tlds.set(dot + 1, end);
			}
			if (end >= 0) found = q;
		}
		last[q] = found;
	}
	return last;
}

const SLASH = 0x2f;
const OPEN = 0x28;
const CLOSE = 0x29;

/** End of the run of path characters from `at`. */
function pathCharsEnd(text: string, at: number): number {
	const { classes } = patterns();
	while (at < text.length && classes[text.charCodeAt(at)] & IS_PATH_CHAR) at++;
	return at;
}

/**
 * End of balanced parentheses at `at` (`(chars)` or `(chars(chars)chars)`, the expression's `\((?:c+|c*\(c+\)c*)\)`),
 * or -1. Each run of path characters in it is taken whole: the character after a run is a parenthesis, never a path
 * character, so the expression has no other way to match.
 */
function parensEnd(text: string, at: number): number {
	if (text.charCodeAt(at) !== OPEN) return -1;
	const first = pathCharsEnd(text, at + 1);
	const next = text.charCodeAt(first);
	if (next === CLOSE) return first > at + 1 ? first + 1 : -1;
	if (next !== OPEN) return -1;
	const inner = pathCharsEnd(text, first + 1);
	if (inner === first + 1 || text.charCodeAt(inner) !== CLOSE) return -1;
	const last = pathCharsEnd(text, inner + 1);
	return text.charCodeAt(last) === CLOSE ? last + 1 : -1;
}

/**
 * End of twitter-text's path part `(\/(?:c*(?:P c*)*e|P|@c+\/)*)?` from `at` (c a path character, e an ending
 * character, P balanced parentheses), as its backtracking settles it, or -1 when there is no `/`.
 *
 * The first segment (`c*(?:P c*)*e`) is the chain of runs of path characters joined by parentheses, cut after the
 * chain's last ending character that lies in a run: the greedy repetitions give back until they find one. Every
 * later segment starts inside the same chain, after that character, where no run holds an ending character any
 * more, so only parentheses that follow directly make segments (`P`), one each. `@c+/` never applies: a run
 * holding a `/` is a segment already. The expression read the rest of the chain again for every segment, which
 * took time growing with the square of a run of `(a)(a)(a)…`; here the chain is read once.
 */
function pathEnd(text: string, at: number): number {
	if (text.charCodeAt(at) !== SLASH) return -1;
	const { classes } = patterns();
	let end = at + 1;
	for (let q = end; ; ) {
		const runEnd = pathCharsEnd(text, q);
		for (let i = runEnd - 1; i >= q && i >= end; i--)
			if (classes[text.charCodeAt(i)] & IS_PATH_END) {
				end = i + 1;
				break;
			}
		q = parensEnd(text, runEnd);
		if (q < 0) break;
	}
	for (let close = parensEnd(text, end); close >= 0; close = parensEnd(text, end)) end = close;
	return end;
}

/** End of what may follow a domain: port, path (from `pathStart`, -1 when none), query. */
function afterDomain(text: string, domainEnd: number): { pathStart: number; end: number } {
	const { port, query } = patterns();
	port.lastIndex = domainEnd;
	let end = port.test(text) ? port.lastIndex : domainEnd;
	const path = pathEnd(text, end);
	const pathStart = path < 0 ? -1 : end;
	if (path >= 0) end = path;
	query.lastIndex = end;
	if (query.test(text)) end = query.lastIndex;
	return { pathStart, end };
}

interface Match {
	/** Where the link starts and ends in the run. */
	start: number;
	end: number;
	/** The character before the link ('' at the start of the run). */
	before: string;
	scheme: string;
	domain: string;
	path: string | undefined;
}

/**
 * The matches of twitter-text's link expression in a run, in order, without overlap: a link is tried after each
 * character that may precede one (and at the very start), and a match resumes the search at its end.
 */
function matchLinks(text: string): Match[] {
	const { classes } = patterns();
	const n = text.length;
	const cls = (i: number) => classes[text.charCodeAt(i)];
	// End of the run of label characters (domain characters, '-', '_') from each position; first '_' from each position.
	const labelEnd = new Int32Array(n + 1);
	const underscore = new Int32Array(n + 1);
	labelEnd[n] = n;
	underscore[n] = n;
	for (let q = n - 1; q >= 0; q--) {
		const unit = text.charCodeAt(q);
		const inLabel = (classes[unit] & IS_DOMAIN) !== 0 || unit === HYPHEN || unit === UNDERSCORE;
		labelEnd[q] = inLabel ? labelEnd[q + 1] : q;
		underscore[q] = unit === UNDERSCORE ? q : underscore[q + 1];
	}
	// A label (sub-domain or domain name) starts and ends with a domain character; the domain name has no '_'.
	const last = lastLabelBeforeTld(
		text,
		(q) => (cls(q) & IS_DOMAIN) !== 0 && (cls(labelEnd[q] - 1) & IS_DOMAIN) !== 0,
		labelEnd,
		(q, dot) => underscore[q] > dot,
	);
	const matchAt = (start: number): Match | undefined => {
		const scheme = /^https?:\/\//i.exec(text.slice(start, start + 8))?.[0] ?? '';
		const domainStart = start + scheme.length;
		if (domainStart >= n) return undefined;
		const label = last[domainStart];
		if (label < 0) return undefined;
		const domainEnd = tldEnd(text, labelEnd[label] + 1);
		const { pathStart, end } = afterDomain(text, domainEnd);
		return {
			start,
			end,
			before: '',
			scheme,
			domain: text.slice(domainStart, domainEnd),
			path: pathStart < 0 ? undefined : text.slice(pathStart, end),
		};
	};
	const matches: Match[] = [];
	let p = 0;
	while (p < n) {
		let match: Match | undefined;
		const preceding = (cls(p) & IS_PRECEDING) !== 0;
		if (preceding) {
			match = matchAt(p + 1);
			if (match) match.before = text[p];
		}
		// At the very start the expression also tries a link with no character before it.
		if (!match && p === 0) match = matchAt(0);
		if (!match) {
			p++;
			continue;
		}
		matches.push(match);
		p = match.end;
	}
	return matches;
}

/**
 * The ASCII domains inside a domain (twitter-text's `validAsciiDomain`, searched globally): chains of labels of
 * ASCII letters, digits, '-' and Latin accents, each followed by a dot, ending in a known top-level domain.
 * Start and length of each, in order.
 */
function asciiDomains(domain: string): Array<[number, number]> {
	const { classes } = patterns();
	const n = domain.length;
	const labelEnd = new Int32Array(n + 1);
	labelEnd[n] = n;
	for (let q = n - 1; q >= 0; q--)
		labelEnd[q] = classes[domain.charCodeAt(q)] & IS_ASCII_LABEL ? labelEnd[q + 1] : q;
	const last = lastLabelBeforeTld(
		domain,
		(q) => labelEnd[q] > q,
		labelEnd,
		() => true,
	);
	const found: Array<[number, number]> = [];
	for (let u = 0; u < n; ) {
		const label = last[u];
		if (label < 0) {
			u++;
			continue;
		}
		const end = tldEnd(domain, labelEnd[label] + 1);
		found.push([u, end - u]);
		u = end;
	}
	return found;
}

function codePoints(text: string): number {
	let count = text.length;
	for (let i = 0; i < text.length; i++) {
		const unit = text.charCodeAt(i);
		if (unit >= 0xd800 && unit <= 0xdbff) {
			const next = text.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) count--;
		}
	}
	return count;
}

/**
 * Each label of the domain is 1 to 63 characters once written in ASCII, and the whole link at most 4096.
 * A label of more than 63 code points is refused without encoding it: its ASCII form is never shorter (ASCII
 * stays as it is, every other code point gives at least one character after `xn--`), so the result is the same
 * and the encoding only ever runs on short labels.
 */
function isValidDomain(
	link: string,
	scheme: string,
	domain: string,
	ascii: () => Array<[number, number]>,
): boolean {
	if (domain.startsWith('xn--') && ascii().length === 0) return false;
	let asciiLength = 0;
	for (const label of domain.split('.')) {
		if (label.length > MAX_LABEL_LENGTH && codePoints(label) > MAX_LABEL_LENGTH) return false;
		const asciiLabel = label
			.split(/[\u3002\uff0e\uff61]/)
			.map(labelToAscii)
			.join('.');
		if (asciiLabel.length < 1 || asciiLabel.length > MAX_LABEL_LENGTH) return false;
		asciiLength += asciiLabel.length + 1;
		// The link is at least as long as its domain, so the link is over its limit already.
		if (scheme.length + asciiLength - 1 > MAX_LINK_LENGTH) return false;
	}
	return scheme.length + link.length + (asciiLength - 1 - domain.length) <= MAX_LINK_LENGTH;
}

/**
 * The links of a text (already NFC-normalized). `bareDomains`: also domains without a scheme, as X counts them;
 * Mastodon counts only links with a scheme.
 */
export function findLinks(text: string, bareDomains = true): Link[] {
	if (!text.includes('.')) return [];
	const links: Link[] = [];
	// No part of a link holds a space and every link holds a dot, so links are searched only in the runs of
	// non-space text around each dot, each with the character before it (a link may start after it).
	let dot = text.indexOf('.');
	while (dot !== -1) {
		let start = dot;
		while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
		let end = dot + 1;
		while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
		const from = Math.max(0, start - 1);
		for (const found of linksInRun(text.slice(from, end), bareDomains))
			links.push({ start: from + found.start, length: found.length });
		dot = text.indexOf('.', end);
	}
	return links;
}

function isSpace(unit: number): boolean {
	return (patterns().classes[unit] & IS_SPACE) !== 0;
}

const runCache = new Map<string, Link[]>();
const RUN_CACHE_SIZE = 2000;
/** Only short runs are kept, so the cache stays small whatever texts come by. */
const RUN_CACHE_MAX_LENGTH = 512;

/** Links of one run, kept when short: the same runs recur (Auto-Split counts the same text often). */
function linksInRun(run: string, bareDomains: boolean): Link[] {
	if (run.length > RUN_CACHE_MAX_LENGTH) return findInRun(run, bareDomains);
	const key = `${bareDomains ? 1 : 0}${run}`;
	let found = runCache.get(key);
	if (!found) {
		found = findInRun(run, bareDomains);
		if (runCache.size >= RUN_CACHE_SIZE) runCache.clear();
		runCache.set(key, found);
	}
	return found;
}

/** Links in one run (with the character before it; a link cannot start on that space). */
function findInRun(text: string, bareDomains: boolean): Link[] {
	const { tco } = patterns();
	const links: Link[] = [];
	for (const { start, end, before, scheme, domain, path } of matchLinks(text)) {
		const found = text.slice(start, end);
		let ascii: Array<[number, number]> | undefined;
		const asciiOf = () => (ascii ??= asciiDomains(domain));
		if (!isValidDomain(found, scheme || 'https://', domain, asciiOf)) continue;
		if (scheme) {
			const short = tco.exec(found);
			if (short && short[1].length > MAX_TCO_SLUG) continue;
			links.push({ start, length: short ? short[0].length : found.length });
			continue;
		}
		if (!bareDomains || /[-_./]$/.test(before)) continue;
		// Only the ASCII domains inside count; the last one carries the path. Each is placed where its text
		// first occurs from the end of the one before, as twitter-text places it.
		let last: Link | undefined;
		let searchFrom = 0;
		for (const [index, length] of asciiOf()) {
			const at = domain.indexOf(domain.substr(index, length), searchFrom);
			searchFrom = at + length;
			last = { start: start + at, length };
			links.push(last);
		}
		if (last && path) last.length = found.length - domain.length + last.length;
	}
	return links;
}
