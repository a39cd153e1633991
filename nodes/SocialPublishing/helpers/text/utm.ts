/**
 * UTM tags: campaign parameters (`utm_source`, `utm_medium`, `utm_campaign`) added to the links of a post text.
 * Pure functions, no I/O. Every step is linear in the length of the text.
 *
 * Which links: those the node's link finder (links.ts, X's public text rules) finds with `http://` or `https://`.
 * A bare domain (`example.com/page`) is left as written: Mastodon does not link it, and a tag on a word that is not
 * a link would only make the text longer. Links inside a comment-thread marker (a span's wrapped text or a tag) and
 * inside a LinkedIn mention are left as they are: the thread anchors on that text, the mention is the service's.
 *
 * How: the parameters are put at the end of the link's query, before its fragment (`#…`); a parameter the link
 * already has (by its decoded name) keeps its value and is not added again, so tagging twice gives the text of
 * tagging once. Values are percent-encoded, and the last character of the tagged link is always one the link
 * finder ends a link on, so the text after a link never joins it. The tagged text is searched for links once
 * more: a tagged link that would be found with another extent (text glued to it, or past 4,096 characters) is
 * left as written.
 */
import { findLinks } from './links';
import { markerRanges } from './markerSyntax';
import { findLinkedInMentions } from './mentions';

/** The parameters to add, in order: name and value (not encoded). */
export type UtmParameters = ReadonlyArray<readonly [name: string, value: string]>;

/** Most links one text may have tagged: a post with more is refused rather than tagged in part. */
export const UTM_MAX_LINKS = 100;
/** Longest value of one parameter, in characters (before encoding). */
export const UTM_MAX_VALUE_LENGTH = 100;

export type UtmResult = { text: string; tagged: number } | { problem: string };

interface Found {
	start: number;
	end: number;
}

/** A code unit that is half of a surrogate pair without its other half becomes U+FFFD (encodeURIComponent throws on it). */
function wellFormed(value: string): string {
	return value.replace(
		/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
		'\uFFFD',
	);
}

const percent = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * A value as a query takes it: percent-encoded (RFC 3986: also `!'()*`), and a last `.` or `~` encoded too, so the
 * tagged link ends on a character the link finder ends a link on.
 */
export function encodeUtmValue(value: string): string {
	const encoded = encodeURIComponent(wellFormed(value)).replace(/[!'()*]/g, percent);
	return /[.~]$/.test(encoded) ? encoded.slice(0, -1) + percent(encoded.slice(-1)) : encoded;
}

/** A query's parameter name as a server reads it: `+` a space, percent-decoded when it decodes. */
function decodedName(part: string): string {
	const equals = part.indexOf('=');
	const raw = (equals < 0 ? part : part.slice(0, equals)).replace(/\+/g, ' ');
	try {
		return decodeURIComponent(raw);
	} catch {
		return raw;
	}
}

/** The link with the parameters it lacks added at the end of its query, before its fragment; the link itself when it lacks none. */
export function tagLink(link: string, parameters: UtmParameters): string {
	const hash = link.indexOf('#');
	const base = hash < 0 ? link : link.slice(0, hash);
	const fragment = hash < 0 ? '' : link.slice(hash);
	const question = base.indexOf('?');
	const names = new Set<string>();
	if (question >= 0)
		for (const part of base.slice(question + 1).split('&')) names.add(decodedName(part));
	const added: string[] = [];
	for (const [name, value] of parameters)
		if (!names.has(name)) added.push(`${name}=${encodeUtmValue(value)}`);
	if (added.length === 0) return link;
	return `${base}${question < 0 ? '?' : '&'}${added.join('&')}${fragment}`;
}

/** Per position of the text, how many protected ranges (markers, mentions) cover it up to there: a prefix count. */
function protectedPrefix(text: string): Int32Array | undefined {
	const ranges: Found[] = markerRanges(text);
	// one by one: a text may hold more mentions than a spread's arguments can take
	for (const mention of findLinkedInMentions(text)) ranges.push(mention);
	if (ranges.length === 0) return undefined;
	const depth = new Int32Array(text.length + 1);
	for (const { start, end } of ranges) {
		depth[start]++;
		depth[end]--;
	}
	const covered = new Int32Array(text.length + 1);
	let open = 0;
	for (let i = 0; i < text.length; i++) {
		open += depth[i];
		covered[i + 1] = covered[i] + (open > 0 ? 1 : 0);
	}
	return covered;
}

/** The links with a scheme that lie outside every marker and mention. */
function taggableLinks(text: string): Found[] {
	const covered = protectedPrefix(text);
	const links: Found[] = [];
	for (const { start, length } of findLinks(text, false)) {
		const end = start + length;
		if (covered && covered[end] - covered[start] > 0) continue;
		links.push({ start, end });
	}
	return links;
}

interface Built {
	text: string;
	/** Where each link stands in the built text, and whether it was changed. */
	placed: Array<Found & { changed: boolean }>;
}

function build(text: string, links: Found[], tagged: Array<string | undefined>): Built {
	let out = '';
	let cursor = 0;
	const placed: Built['placed'] = [];
	links.forEach((link, i) => {
		out += text.slice(cursor, link.start);
		const written = tagged[i] ?? text.slice(link.start, link.end);
		placed.push({
			start: out.length,
			end: out.length + written.length,
			changed: tagged[i] !== undefined,
		});
		out += written;
		cursor = link.end;
	});
	return { text: out + text.slice(cursor), placed };
}

/**
 * The changed links to leave as written: each link the link finder would not find as placed (a changed one
 * itself, an unchanged one through the changed link before it), and the changed link before each link it finds
 * that was not there.
 */
function misread(built: Built): Set<number> {
	const { placed } = built;
	const bad = new Set<number>();
	const key = (start: number, end: number) => `${start}:${end}`;
	const found = findLinks(built.text, false).map(({ start, length }) => ({
		start,
		end: start + length,
	}));
	const foundKeys = new Set(found.map(({ start, end }) => key(start, end)));
	const expected = new Set(placed.map(({ start, end }) => key(start, end)));
	let before = -1;
	const blameBefore = (start: number) => {
		while (before + 1 < placed.length && placed[before + 1].start <= start) before++;
		for (let i = before; i >= 0 && i > before - 2; i--)
			if (placed[i].changed) {
				bad.add(i);
				return;
			}
	};
	placed.forEach((link, i) => {
		if (foundKeys.has(key(link.start, link.end))) return;
		if (link.changed) bad.add(i);
		else if (i > 0 && placed[i - 1].changed) bad.add(i - 1);
	});
	for (const { start, end } of found) if (!expected.has(key(start, end))) blameBefore(start);
	return bad;
}

const ROUNDS = 3;

/**
 * The text with `parameters` added to each of its links (see the top of the file), and how many links changed; a
 * problem when more than UTM_MAX_LINKS links would change.
 */
export function tagLinks(text: string, parameters: UtmParameters): UtmResult {
	if (parameters.length === 0 || !text.includes('://')) return { text, tagged: 0 };
	const links = taggableLinks(text);
	const tagged: Array<string | undefined> = links.map(({ start, end }) => {
		const link = text.slice(start, end);
		const result = tagLink(link, parameters);
		return result === link ? undefined : result;
	});
	const count = tagged.filter((link) => link !== undefined).length;
	if (count === 0) return { text, tagged: 0 };
	if (count > UTM_MAX_LINKS)
		return {
			problem: `has ${count} links to tag; UTM Tags tags at most ${UTM_MAX_LINKS} links in one post`,
		};
	for (let round = 0; round < ROUNDS; round++) {
		const built = build(text, links, tagged);
		const bad = misread(built);
		if (bad.size === 0)
			return { text: built.text, tagged: built.placed.filter((l) => l.changed).length };
		for (const index of bad) tagged[index] = undefined;
	}
	const built = build(text, links, tagged);
	if (misread(built).size > 0)
		return { problem: 'has links that cannot be tagged without changing what is linked' };
	return { text: built.text, tagged: built.placed.filter((l) => l.changed).length };
}
