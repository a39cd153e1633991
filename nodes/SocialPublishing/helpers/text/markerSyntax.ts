/**
 * Comment-thread markers in draft text, as the API specification defines them:
 * `<svc:comment-thread id=UUID>...</svc:comment-thread>` (span) and `<svc:comment-thread id=UUID/>` (self-closing).
 * Pure functions, no I/O: used to check user text before it is sent. Every step is linear in the length of the text.
 */
import { echo } from '../../../common/text/echo';
import { findLinkedInMentions } from './mentions';

export type MarkerSubcode =
	| 'unbalanced'
	| 'bad_uuid'
	| 'bad_attr'
	| 'bad_position'
	| 'empty_span'
	| 'mid_mention'
	| 'depth_exceeded'
	| 'count_exceeded';

export type MarkerCheck = { ok: true } | { ok: false; subcode: MarkerSubcode; message: string };

export const MARKER_MAX_DEPTH = 16;
export const MARKER_MAX_COUNT = 1000;

const TAG_START = /<(\/?)svc:comment-thread(?=[\s/>]|$)/g;
const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ATTRIBUTE = /^([^\s="]+)=(?:"([^"]*)"|([^\s"]*))$/;

interface Tag {
	kind: 'open' | 'close' | 'point';
	id: string;
	start: number;
	end: number;
	problems: Issue[];
}

interface Issue {
	subcode: MarkerSubcode;
	message: string;
	index: number;
}

function readAttributes(attrs: string, index: number): { id: string; problems: Issue[] } {
	const problems: Issue[] = [];
	let id = '';
	let seen = false;
	for (const part of attrs.trim().split(/\s+/).filter(Boolean)) {
		const m = ATTRIBUTE.exec(part);
		if (!m || m[1] !== 'id' || seen) {
			const what = !m
				? `malformed attribute "${echo(part, 80)}"`
				: m[1] !== 'id'
					? `attribute "${echo(m[1], 80)}" is not allowed (only id)`
					: 'id is given twice';
			problems.push({ subcode: 'bad_attr', message: what, index });
			continue;
		}
		seen = true;
		const value = m[2] ?? m[3] ?? '';
		if (LOWER_UUID.test(value)) id = value;
		else
			problems.push({
				subcode: 'bad_uuid',
				message: `id "${echo(value, 80)}" is not a lowercase UUID`,
				index,
			});
	}
	if (!seen && problems.length === 0)
		problems.push({ subcode: 'bad_attr', message: 'the id attribute is missing', index });
	return { id, problems };
}

function scan(text: string): { tags: Tag[]; issues: Issue[] } {
	const tags: Tag[] = [];
	const issues: Issue[] = [];
	const re = new RegExp(TAG_START.source, 'g');
	// The next '>' and '<' are looked up again only once the search has passed them (tags start in order), so a
	// text of unclosed tags is not read to its end once per tag.
	let gt = -2;
	let lt = -2;
	let m: RegExpExecArray | null;
	while ((m = re.exec(text)) !== null) {
		const start = m.index;
		const bodyStart = start + m[0].length;
		if (gt !== -1 && gt < bodyStart) gt = text.indexOf('>', bodyStart);
		if (lt !== -1 && lt < bodyStart) lt = text.indexOf('<', bodyStart);
		if (gt === -1 || (lt !== -1 && lt < gt)) {
			issues.push({
				subcode: 'unbalanced',
				message: 'a marker tag is not closed by ">"',
				index: start,
			});
			continue;
		}
		re.lastIndex = gt + 1;
		const body = text.slice(bodyStart, gt);
		if (m[1] === '/') {
			const problems: Issue[] = body.trim()
				? [{ subcode: 'bad_attr', message: 'a closing marker takes no attributes', index: start }]
				: [];
			tags.push({ kind: 'close', id: '', start, end: gt + 1, problems });
			continue;
		}
		const point = body.trimEnd().endsWith('/');
		const { id, problems } = readAttributes(point ? body.trimEnd().slice(0, -1) : body, start);
		tags.push({ kind: point ? 'point' : 'open', id, start, end: gt + 1, problems });
	}
	return { tags, issues };
}

interface Parsed {
	visible: string;
	ids: string[];
	issues: Issue[];
}

/** A span as it lands in the visible text (offsets there), and where its opening tag starts in the text. */
interface Span {
	start: number;
	end: number;
	index: number;
}

/** What a walk over the tags gathers: the visible text so far, the open spans, closed spans, ids and problems. */
interface Walk {
	visible: string;
	open: Array<{ tag: Tag; at: number }>;
	spans: Span[];
	ids: string[];
	seen: Set<string>;
	count: number;
	issues: Issue[];
}

function parse(text: string, mentions: boolean): Parsed {
	const { tags, issues } = scan(text);
	const walk = walkTags(text, tags, issues);
	if (mentions) checkMentions(walk);
	// stable: problems at one position keep the order they were found in
	issues.sort((a, b) => a.index - b.index);
	return { visible: walk.visible, ids: walk.ids, issues };
}

/** Reads the tags in order: the text between them is the visible text; each tag's problems are added. */
function walkTags(text: string, tags: Tag[], issues: Issue[]): Walk {
	const walk: Walk = {
		visible: '',
		open: [],
		spans: [],
		ids: [],
		seen: new Set(),
		count: 0,
		issues,
	};
	let cursor = 0;
	for (const tag of tags) {
		walk.visible += text.slice(cursor, tag.start);
		cursor = tag.end;
		// one by one: a tag may carry more problems than a spread's arguments can hold
		for (const problem of tag.problems) issues.push(problem);
		if (tag.kind === 'close') closeSpan(walk, tag);
		else openMarker(walk, tag);
	}
	walk.visible += text.slice(cursor);
	for (const { tag } of walk.open)
		issues.push({
			subcode: 'unbalanced',
			message: 'a span marker is never closed',
			index: tag.start,
		});
	if (walk.count > MARKER_MAX_COUNT) {
		issues.push({
			subcode: 'count_exceeded',
			message: `more than ${MARKER_MAX_COUNT} markers in one text`,
			index: 0,
		});
	}
	return walk;
}

/** A closing tag ends the innermost open span, which must wrap at least one character. */
function closeSpan(walk: Walk, tag: Tag): void {
	const at = walk.visible.length;
	const top = walk.open.pop();
	if (!top) {
		walk.issues.push({
			subcode: 'unbalanced',
			message: 'a closing marker has no opening marker',
			index: tag.start,
		});
		return;
	}
	if (at === top.at)
		walk.issues.push({
			subcode: 'empty_span',
			message: 'a span marker must wrap at least one character',
			index: top.tag.start,
		});
	walk.spans.push({ start: top.at, end: at, index: top.tag.start });
}

/** An opening or self-closing tag: one more marker, its id (each once), its depth and, self-closing, its place. */
function openMarker(walk: Walk, tag: Tag): void {
	const at = walk.visible.length;
	walk.count++;
	if (tag.id && !walk.seen.has(tag.id)) {
		walk.seen.add(tag.id);
		walk.ids.push(tag.id);
	}
	if (walk.open.length + 1 > MARKER_MAX_DEPTH) {
		walk.issues.push({
			subcode: 'depth_exceeded',
			message: `markers nest deeper than ${MARKER_MAX_DEPTH} levels`,
			index: tag.start,
		});
	}
	if (tag.kind === 'open') walk.open.push({ tag, at });
	else if (at > 0 && walk.visible[at - 1] !== '\n') {
		walk.issues.push({
			subcode: 'bad_position',
			message: 'a self-closing marker must sit at the start of a paragraph',
			index: tag.start,
		});
	}
}

/** A span may not start or end inside a LinkedIn mention of the visible text. */
function checkMentions(walk: Walk): void {
	const ranges = findLinkedInMentions(walk.visible);
	for (const span of walk.spans) {
		if (insideRange(ranges, span.start) || insideRange(ranges, span.end)) {
			walk.issues.push({
				subcode: 'mid_mention',
				message: 'a span marker may not start or end inside a LinkedIn mention',
				index: span.index,
			});
		}
	}
}

/** Whether `offset` lies inside one of `ranges`, which do not overlap and come in order: binary search. */
function insideRange(ranges: Array<{ start: number; end: number }>, offset: number): boolean {
	// the last range starting before the offset is the only candidate
	let low = 0;
	let high = ranges.length;
	while (low < high) {
		const mid = (low + high) >> 1;
		if (ranges[mid].start < offset) low = mid + 1;
		else high = mid;
	}
	return low > 0 && offset < ranges[low - 1].end;
}

/** Thread ids of the well-formed markers in the text, each once, in document order. */
export function findMarkerIds(text: string): string[] {
	return parse(text, false).ids;
}

/**
 * Checks the marker grammar; the first problem (by position) with the service's COMMENTS_MARKER_MALFORMED subcode.
 * `linkedInMentions` adds the rule that a span may not start or end inside a LinkedIn mention.
 */
export function checkMarkers(
	text: string,
	options: { linkedInMentions?: boolean } = {},
): MarkerCheck {
	const first = parse(text, options.linkedInMentions ?? false).issues[0];
	return first ? { ok: false, subcode: first.subcode, message: first.message } : { ok: true };
}

/** The text with every marker tag removed (the visible text). */
export function stripMarkers(text: string): string {
	return parse(text, false).visible;
}

/**
 * Where the markers of a text lie in the text as written (offsets of the text, not of the visible text): each
 * tag, and each span from its opening tag to its closing tag, so the wrapped text too; a span never closed
 * runs to the end of the text. In the order the tags start; spans may nest. Linear in the length of the text.
 */
export function markerRanges(text: string): Array<{ start: number; end: number }> {
	const ranges: Array<{ start: number; end: number }> = [];
	if (!text.includes('<svc:comment-thread') && !text.includes('</svc:comment-thread'))
		return ranges;
	const open: Array<{ start: number; end: number }> = [];
	for (const tag of scan(text).tags) {
		if (tag.kind === 'close') {
			const top = open.pop();
			if (top) top.end = tag.end;
			else ranges.push({ start: tag.start, end: tag.end });
			continue;
		}
		const range = { start: tag.start, end: tag.kind === 'point' ? tag.end : text.length };
		ranges.push(range);
		if (tag.kind === 'open') open.push(range);
	}
	return ranges;
}
