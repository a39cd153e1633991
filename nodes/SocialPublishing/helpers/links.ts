/**
 * Links in post text as X's public text rules (twitter-text 3) find them: with `http://` or `https://`, or a bare
 * domain ending in a known top-level domain (`example.com/path`). X counts each link as 23 characters whatever its
 * length; Mastodon does the same for links with a scheme. The grammar below restates those rules; the node's tests
 * compare it with the twitter-text package on generated texts.
 */
import { labelToAscii } from './punycode';
import { TLD_ALTERNATION } from './tlds';

export interface Link {
	/** UTF-16 offset of the first character. */
	start: number;
	/** UTF-16 length the counter skips (the link text as found). */
	length: number;
}

const LATIN_ACCENTS =
	'\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u00ff\\u0100-\\u024f\\u0253\\u0254\\u0256\\u0257\\u0259\\u025b\\u0263\\u0268\\u026f\\u0272\\u0289\\u028b\\u02bb\\u0300-\\u036f\\u1e00-\\u1eff';
const CYRILLIC = '\\u0400-\\u04ff';
const SPACES =
	'\\x09-\\x0d\\x20\\x85\\xa0\\u1680\\u180e\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const INVALID = '\\ufffe\\ufeff\\uffff';
const DIRECTIONAL = '\\u202a-\\u202e\\u061c\\u200e\\u200f\\u2066-\\u2069';
const PUNCTUATION = "!'#%&()*+,\\\\\\-./:;<=>?@\\[\\]^_{|}~$";

const DOMAIN_CHAR = `[^${PUNCTUATION}${SPACES}${INVALID}${DIRECTIONAL}]`;
const TLD = `(?:(?:${TLD_ALTERNATION})(?=[^0-9a-zA-Z@+\\-]|$)|xn--[\\-0-9a-z]+)`;
const SUBDOMAIN = `(?:(?:${DOMAIN_CHAR}(?:[_\\-]|${DOMAIN_CHAR})*)?${DOMAIN_CHAR}\\.)`;
const DOMAIN_NAME = `(?:(?:${DOMAIN_CHAR}(?:-|${DOMAIN_CHAR})*)?${DOMAIN_CHAR}\\.)`;
const DOMAIN = `(?:${SUBDOMAIN}*${DOMAIN_NAME}${TLD})`;
const PATH_CHAR = `[a-z${CYRILLIC}0-9!*';:=+,.$/%#\\[\\]\\-\\u2013_~@|&${LATIN_ACCENTS}]`;
const BALANCED_PARENS = `\\((?:${PATH_CHAR}+|(?:${PATH_CHAR}*\\(${PATH_CHAR}+\\)${PATH_CHAR}*))\\)`;
const PATH_END = `(?:[+\\-a-z${CYRILLIC}0-9=_#/${LATIN_ACCENTS}]|${BALANCED_PARENS})`;
const PATH = `(?:(?:${PATH_CHAR}*(?:${BALANCED_PARENS}${PATH_CHAR}*)*${PATH_END})|(?:@${PATH_CHAR}+/))`;
const QUERY_CHAR = "[a-z0-9!?*'@();:&=+$/%#\\[\\]\\-_.,~|]";
const QUERY_END = '[a-z0-9\\-_&=#/]';
const PRECEDING = `(?:[^A-Za-z0-9@\\uff20$#\\uff03${INVALID}]|[${DIRECTIONAL}]|^)`;
/** 1 preceding character, 2 link, 3 scheme, 4 domain, 5 path. */
const LINK_SOURCE = `(${PRECEDING})((https?:\\/\\/)?(${DOMAIN})(?::[0-9]+)?(\\/${PATH}*)?(?:\\?${QUERY_CHAR}*${QUERY_END})?)`;
const ASCII_DOMAIN_SOURCE = `(?:(?:[\\-a-z0-9${LATIN_ACCENTS}]+)\\.)+(?:(?:${TLD_ALTERNATION})(?=[^0-9a-zA-Z@+\\-]|$)|xn--[\\-0-9a-z]+)`;
const TCO_SOURCE = `^https?:\\/\\/t\\.co\\/([a-z0-9]+)(?:\\?${QUERY_CHAR}*${QUERY_END})?`;

const MAX_LINK_LENGTH = 4096;
const MAX_LABEL_LENGTH = 63;
const MAX_TCO_SLUG = 40;

let compiled: { link: RegExp; asciiDomain: RegExp; tco: RegExp } | undefined;

/** The expressions are large (every top-level domain), so they are built on first use and kept. */
function patterns() {
	compiled ??= {
		link: new RegExp(LINK_SOURCE, 'gi'),
		asciiDomain: new RegExp(ASCII_DOMAIN_SOURCE, 'gi'),
		tco: new RegExp(TCO_SOURCE, 'i'),
	};
	return compiled;
}

/** Each label of the domain is 1 to 63 characters once written in ASCII, and the whole link at most 4096. */
function isValidDomain(link: string, scheme: string, domain: string): boolean {
	if (domain.startsWith('xn--') && !new RegExp(ASCII_DOMAIN_SOURCE, 'i').test(domain)) return false;
	let asciiLength = 0;
	for (const label of domain.split('.')) {
		const ascii = label
			.split(/[\u3002\uff0e\uff61]/)
			.map(labelToAscii)
			.join('.');
		if (ascii.length < 1 || ascii.length > MAX_LABEL_LENGTH) return false;
		asciiLength += ascii.length + 1;
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
	// No part of a link holds a space and every link holds a dot, so the expression only runs over the runs of
	// non-space text around each dot, each with the character before it (the expression needs it): the same
	// matches, far fewer attempts.
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

const SPACE = new RegExp(`[${SPACES}]`);

function isSpace(unit: number): boolean {
	return unit <= 0x20
		? unit === 0x20 || (unit >= 0x09 && unit <= 0x0d)
		: unit >= 0x85 && SPACE.test(String.fromCharCode(unit));
}
const runCache = new Map<string, Link[]>();
const RUN_CACHE_SIZE = 2000;

/** Links of one run, kept: the same runs recur (Auto-Split counts the same text often). */
function linksInRun(run: string, bareDomains: boolean): Link[] {
	const key = `${bareDomains ? 1 : 0}${run}`;
	let found = runCache.get(key);
	if (!found) {
		found = [];
		findInRun(run, bareDomains, found);
		if (runCache.size >= RUN_CACHE_SIZE) runCache.clear();
		runCache.set(key, found);
	}
	return found;
}

/** Links in one run (with the character before it; a link cannot start on that space). */
function findInRun(text: string, bareDomains: boolean, links: Link[]): void {
	const { link, asciiDomain, tco } = patterns();
	link.lastIndex = 0;
	let m: RegExpExecArray | null;
	while ((m = link.exec(text)) !== null) {
		const [, before, found, scheme, domain, path] = m;
		const end = link.lastIndex;
		const start = end - found.length;
		if (!isValidDomain(found, scheme ?? 'https://', domain)) continue;
		if (scheme) {
			const short = tco.exec(found);
			if (short && short[1].length > MAX_TCO_SLUG) continue;
			links.push({ start, length: short ? short[0].length : found.length });
			continue;
		}
		if (!bareDomains || /[-_./]$/.test(before)) continue;
		// Only the ASCII domains inside count; the last one carries the path.
		let last: Link | undefined;
		let searchFrom = 0;
		asciiDomain.lastIndex = 0;
		let d: RegExpExecArray | null;
		while ((d = asciiDomain.exec(domain)) !== null) {
			const at = domain.indexOf(d[0], searchFrom);
			searchFrom = at + d[0].length;
			last = { start: start + at, length: d[0].length };
			links.push(last);
		}
		if (last && path) last.length = found.length - domain.length + last.length;
	}
}
