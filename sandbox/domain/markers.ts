/**
 * Comment-thread marker grammar (pure, no I/O).
 *
 * Markers live in `posts[*].text` and `x_article.content_markdown`:
 *   span:         <svc:comment-thread id=UUID>...</svc:comment-thread>
 *   self-closing: <svc:comment-thread id=UUID/>
 *
 * "Visible text" is the raw text with every recognised marker tag removed.
 * All offsets called `start`/`end`/`visibleOffset` are offsets into the visible text.
 */
import { renderArticleText } from './articleText';

export const MARKER_LIMITS = { maxDepth: 16, maxMarkersPerText: 1000 } as const;

export type MalformedSubcode =
	| 'unbalanced'
	| 'bad_uuid'
	| 'bad_attr'
	| 'bad_position'
	| 'empty_span'
	| 'mid_mention'
	| 'depth_exceeded'
	| 'count_exceeded';

export interface MarkerIssue {
	subcode: MalformedSubcode;
	message: string;
	/** raw offset of the offending tag (or of the text end for unclosed spans) */
	index: number;
}

export interface MarkerToken {
	type: 'open' | 'close' | 'point';
	/** thread id; '' for a closing tag that closes nothing, or an open tag without a usable id */
	id: string;
	rawStart: number;
	rawEnd: number;
	visibleOffset: number;
}

export interface ParsedMarker {
	id: string;
	kind: 'span' | 'point';
	/** visible offsets; start === end for a self-closing (point) marker and for an unclosed span */
	start: number;
	end: number;
	/** 1 for a top-level marker */
	depth: number;
}

export interface ParseResult {
	visible: string;
	markers: ParsedMarker[];
	tokens: MarkerToken[];
	issues: MarkerIssue[];
	/** ids used by more than one marker in the same text */
	duplicateIds: string[];
}

export interface ParseOptions {
	/** check the LinkedIn mention rule (`mid_mention`); the sandbox enables it for the `linkedin` platform */
	mentions?: boolean;
}

export interface TextRange {
	start: number;
	end: number;
}

const TAG_START = /<(\/?)svc:comment-thread(?=[\s/>]|$)/g;
const UUID_LOWER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ATTRIBUTE = /^([^\s="]+)=(?:"([^"]*)"|([^\s"]*))$/;
const MENTION = /@\[[^\]\n]*\]\(urn:li:(?:organization|person):[^)\s]+\)/g;

export function spanOpenTag(id: string): string {
	return `<svc:comment-thread id=${id}>`;
}
export const SPAN_CLOSE_TAG = '</svc:comment-thread>';
export function pointTag(id: string): string {
	return `<svc:comment-thread id=${id}/>`;
}

export function isLowercaseUuid(value: string): boolean {
	return UUID_LOWER.test(value);
}

interface RawTag {
	type: MarkerToken['type'];
	id: string;
	rawStart: number;
	rawEnd: number;
	problems: MarkerIssue[];
}

/** Reads the attribute part of an opening or self-closing tag. */
function readId(attrs: string, index: number): { id: string; problems: MarkerIssue[] } {
	const problems: MarkerIssue[] = [];
	const parts = attrs
		.trim()
		.split(/\s+/)
		.filter((p) => p !== '');
	let id = '';
	let seenId = false;
	for (const part of parts) {
		const m = ATTRIBUTE.exec(part);
		if (!m) {
			problems.push({ subcode: 'bad_attr', message: `malformed attribute "${part}"`, index });
			continue;
		}
		if (m[1] !== 'id') {
			problems.push({
				subcode: 'bad_attr',
				message: `attribute "${m[1]}" is not allowed; id is the only attribute`,
				index,
			});
			continue;
		}
		if (seenId) {
			problems.push({ subcode: 'bad_attr', message: 'attribute id is given twice', index });
			continue;
		}
		seenId = true;
		const value = m[2] ?? m[3] ?? '';
		if (!isLowercaseUuid(value)) {
			problems.push({
				subcode: 'bad_uuid',
				message: `id "${value}" is not a lowercase UUID`,
				index,
			});
		} else {
			id = value;
		}
	}
	if (!seenId && problems.length === 0)
		problems.push({ subcode: 'bad_attr', message: 'the id attribute is missing', index });
	return { id, problems };
}

/** Finds every marker tag in raw text; an unterminated tag is reported and left as text. */
function scanTags(text: string): { tags: RawTag[]; issues: MarkerIssue[] } {
	const tags: RawTag[] = [];
	const issues: MarkerIssue[] = [];
	TAG_START.lastIndex = 0;
	let m: RegExpExecArray | null;
	while ((m = TAG_START.exec(text)) !== null) {
		const rawStart = m.index;
		const bodyStart = rawStart + m[0].length;
		const gt = text.indexOf('>', bodyStart);
		const lt = text.indexOf('<', bodyStart);
		if (gt === -1 || (lt !== -1 && lt < gt)) {
			issues.push({
				subcode: 'unbalanced',
				message: 'marker tag is not terminated by ">"',
				index: rawStart,
			});
			continue;
		}
		const body = text.slice(bodyStart, gt);
		const rawEnd = gt + 1;
		TAG_START.lastIndex = rawEnd;
		if (m[1] === '/') {
			const problems: MarkerIssue[] =
				body.trim() === ''
					? []
					: [
							{
								subcode: 'bad_attr',
								message: 'a closing marker takes no attributes',
								index: rawStart,
							},
						];
			tags.push({ type: 'close', id: '', rawStart, rawEnd, problems });
			continue;
		}
		const trimmed = body.trimEnd();
		const selfClosing = trimmed.endsWith('/');
		const { id, problems } = readId(selfClosing ? trimmed.slice(0, -1) : body, rawStart);
		tags.push({ type: selfClosing ? 'point' : 'open', id, rawStart, rawEnd, problems });
	}
	return { tags, issues };
}

/** LinkedIn mentions `@[name](urn:li:organization:id)` / `@[name](urn:li:person:id)` in a text. */
export function findLinkedInMentions(text: string): TextRange[] {
	const ranges: TextRange[] = [];
	MENTION.lastIndex = 0;
	let m: RegExpExecArray | null;
	while ((m = MENTION.exec(text)) !== null)
		ranges.push({ start: m.index, end: m.index + m[0].length });
	return ranges;
}

/** True when a boundary offset falls strictly inside a mention (between its first and last character). */
export function isInsideMention(mentions: TextRange[], offset: number): boolean {
	return mentions.some((r) => offset > r.start && offset < r.end);
}

/** Parses and validates markers; never throws. */
export function parseMarkers(text: string, opts: ParseOptions = {}): ParseResult {
	const { tags, issues } = scanTags(text);
	const tokens: MarkerToken[] = [];
	const markers: ParsedMarker[] = [];
	const open: Array<{ marker: ParsedMarker; tag: RawTag }> = [];
	const seen = new Set<string>();
	const duplicates = new Set<string>();
	let visible = '';
	let cursor = 0;
	for (const tag of tags) {
		visible += text.slice(cursor, tag.rawStart);
		cursor = tag.rawEnd;
		for (const problem of tag.problems) issues.push(problem);
		const at = visible.length;
		if (tag.type === 'close') {
			const top = open.pop();
			if (!top) {
				issues.push({
					subcode: 'unbalanced',
					message: 'closing marker without an opening marker',
					index: tag.rawStart,
				});
				tokens.push({
					type: 'close',
					id: '',
					rawStart: tag.rawStart,
					rawEnd: tag.rawEnd,
					visibleOffset: at,
				});
				continue;
			}
			top.marker.end = at;
			if (at === top.marker.start) {
				issues.push({
					subcode: 'empty_span',
					message: 'a span marker must wrap at least one character',
					index: top.tag.rawStart,
				});
			}
			tokens.push({
				type: 'close',
				id: top.marker.id,
				rawStart: tag.rawStart,
				rawEnd: tag.rawEnd,
				visibleOffset: at,
			});
			continue;
		}
		const depth = open.length + 1;
		const marker: ParsedMarker = {
			id: tag.id,
			kind: tag.type === 'open' ? 'span' : 'point',
			start: at,
			end: at,
			depth,
		};
		markers.push(marker);
		tokens.push({
			type: tag.type,
			id: tag.id,
			rawStart: tag.rawStart,
			rawEnd: tag.rawEnd,
			visibleOffset: at,
		});
		if (tag.id !== '') {
			if (seen.has(tag.id)) duplicates.add(tag.id);
			seen.add(tag.id);
		}
		if (depth > MARKER_LIMITS.maxDepth) {
			issues.push({
				subcode: 'depth_exceeded',
				message: `marker nesting deeper than ${MARKER_LIMITS.maxDepth} levels`,
				index: tag.rawStart,
			});
		}
		if (tag.type === 'open') {
			open.push({ marker, tag });
		} else if (at > 0 && visible[at - 1] !== '\n') {
			issues.push({
				subcode: 'bad_position',
				message: 'a self-closing marker must sit at the start of a paragraph',
				index: tag.rawStart,
			});
		}
	}
	visible += text.slice(cursor);
	for (const { tag } of open) {
		issues.push({
			subcode: 'unbalanced',
			message: 'span marker is never closed',
			index: tag.rawStart,
		});
	}
	if (markers.length > MARKER_LIMITS.maxMarkersPerText) {
		issues.push({
			subcode: 'count_exceeded',
			message: `more than ${MARKER_LIMITS.maxMarkersPerText} markers in one text`,
			index: 0,
		});
	}
	if (opts.mentions)
		for (const issue of mentionIssues(visible, markers, tokens)) issues.push(issue);
	issues.sort((a, b) => a.index - b.index);
	return { visible, markers, tokens, issues, duplicateIds: [...duplicates] };
}

function mentionIssues(
	visible: string,
	markers: ParsedMarker[],
	tokens: MarkerToken[],
): MarkerIssue[] {
	const mentions = findLinkedInMentions(visible);
	if (mentions.length === 0) return [];
	const issues: MarkerIssue[] = [];
	for (const marker of markers) {
		if (marker.kind !== 'span') continue;
		if (isInsideMention(mentions, marker.start) || isInsideMention(mentions, marker.end)) {
			const token = tokens.find(
				(t) => t.type === 'open' && t.id === marker.id && t.visibleOffset === marker.start,
			);
			issues.push({
				subcode: 'mid_mention',
				message: 'a span marker may not start or end inside a LinkedIn mention',
				index: token ? token.rawStart : 0,
			});
		}
	}
	return issues;
}

/** Convenience: the validation issues only. */
export function validateMarkers(text: string, opts: ParseOptions = {}): MarkerIssue[] {
	return parseMarkers(text, opts).issues;
}

/** Visible text: every recognised marker tag removed (used for exclude_comment_markers and previews). */
export function stripMarkers(text: string): string {
	return parseMarkers(text).visible;
}

/** Distinct marker ids in document order (markers without a usable id are skipped). */
export function markerIds(text: string): string[] {
	return [
		...new Set(
			parseMarkers(text)
				.markers.map((m) => m.id)
				.filter((id) => id !== ''),
		),
	];
}

/** Removes the tags (open, close and self-closing) of the given thread ids; other markers stay. */
export function removeMarkers(text: string, ids: Iterable<string>): string {
	const drop = new Set(ids);
	if (drop.size === 0) return text;
	const { tokens } = parseMarkers(text);
	let out = '';
	let cursor = 0;
	for (const token of tokens) {
		if (token.id === '' || !drop.has(token.id)) continue;
		out += text.slice(cursor, token.rawStart);
		cursor = token.rawEnd;
	}
	return out + text.slice(cursor);
}

/** Start offset of the `occurrence`-th (zero-based) non-overlapping match, or -1. */
export function findOccurrence(haystack: string, needle: string, occurrence: number): number {
	if (needle === '') return -1;
	let from = 0;
	for (let n = 0; ; n++) {
		const at = haystack.indexOf(needle, from);
		if (at === -1) return -1;
		if (n === occurrence) return at;
		from = at + needle.length;
	}
}

export type InsertFailure =
	| 'malformed' // the existing text does not parse cleanly
	| 'not_found' // selected_text has no such occurrence
	| 'mid_mention' // selection starts or ends inside a LinkedIn mention
	| 'crosses_anchor' // selection partly overlaps an existing span (the spans could not nest)
	| 'overlaps_anchor' // x_article: selection shares a character with an existing span
	| 'limit'; // the new marker would break the depth or count limit

export type InsertResult =
	| { ok: true; text: string; range: TextRange }
	| { ok: false; reason: InsertFailure; message: string };

export interface InsertOptions extends ParseOptions {
	/** reject any overlap with an existing span (X Article rule) instead of allowing proper nesting */
	rejectOverlap?: boolean;
}

interface SpanInfo {
	id: string;
	start: number;
	end: number;
}

function spansOf(parsed: ParseResult): SpanInfo[] {
	return parsed.markers
		.filter((m) => m.kind === 'span')
		.map((m) => ({ id: m.id, start: m.start, end: m.end }));
}

/** Raw offset right after visible character v-1, i.e. before any tags sitting at visible offset v. */
function rawBase(parsed: ParseResult, v: number): number {
	let raw = 0;
	let vis = 0;
	for (const token of parsed.tokens) {
		if (token.visibleOffset >= v) break;
		raw += token.visibleOffset - vis + (token.rawEnd - token.rawStart);
		vis = token.visibleOffset;
	}
	return raw + (v - vis);
}

/**
 * Wraps visible range [start, end) in a new span marker. Existing spans that contain the range
 * stay outside the new one, spans inside the range end up inside it; a span with exactly the
 * same range stays outside. A partial overlap cannot be expressed and is refused.
 */
export function insertSpanAtRange(
	text: string,
	id: string,
	range: TextRange,
	opts: InsertOptions = {},
): InsertResult {
	return insertIntoParsed(text, parseMarkers(text, opts), id, range, opts);
}

function insertIntoParsed(
	text: string,
	parsed: ParseResult,
	id: string,
	range: TextRange,
	opts: InsertOptions,
): InsertResult {
	if (parsed.issues.length > 0) {
		return {
			ok: false,
			reason: 'malformed',
			message: `existing markers are malformed (${parsed.issues[0].subcode})`,
		};
	}
	const { start, end } = range;
	if (opts.mentions) {
		const mentions = findLinkedInMentions(parsed.visible);
		if (isInsideMention(mentions, start) || isInsideMention(mentions, end)) {
			return {
				ok: false,
				reason: 'mid_mention',
				message: 'the selection starts or ends inside a LinkedIn mention',
			};
		}
	}
	const spans = spansOf(parsed);
	if (opts.rejectOverlap && spans.some((s) => Math.max(s.start, start) < Math.min(s.end, end))) {
		return {
			ok: false,
			reason: 'overlaps_anchor',
			message: 'the selection overlaps an existing comment anchor',
		};
	}
	const crosses = spans.some(
		(s) =>
			(s.start < start && start < s.end && s.end < end) ||
			(start < s.start && s.start < end && end < s.end),
	);
	if (crosses) {
		return {
			ok: false,
			reason: 'crosses_anchor',
			message: 'the selection partly overlaps an existing comment anchor',
		};
	}
	const spanById = new Map(spans.map((s) => [s.id, s]));
	const openAt = insertionPoint(parsed, start, (t) => {
		const s = t.type === 'open' ? spanById.get(t.id) : undefined;
		return s !== undefined && s.end < end; // first span that will sit inside the new one
	});
	const closeAt = insertionPoint(
		parsed,
		end,
		(t) => {
			const s = t.type === 'close' ? spanById.get(t.id) : undefined;
			return s !== undefined && s.start <= start; // first span that contains the new one
		},
		true,
	);
	const out =
		text.slice(0, openAt) +
		spanOpenTag(id) +
		text.slice(openAt, closeAt) +
		SPAN_CLOSE_TAG +
		text.slice(closeAt);
	// one more marker adds at most one level; re-parse only when a limit is within reach
	const deepest = parsed.markers.reduce((max, m) => Math.max(max, m.depth), 0);
	if (
		parsed.markers.length + 1 > MARKER_LIMITS.maxMarkersPerText ||
		deepest + 1 > MARKER_LIMITS.maxDepth
	) {
		const issue = parseMarkers(out, opts).issues[0];
		if (issue)
			return {
				ok: false,
				reason: 'limit',
				message: `the new marker would break a marker limit (${issue.subcode})`,
			};
	}
	return { ok: true, text: out, range: { start, end } };
}

/**
 * Raw offset at visible offset v: before the first tag at v matching `before`; otherwise after
 * the last tag at v (or, with `afterClosesOnly`, after the last closing tag at v).
 */
function insertionPoint(
	parsed: ParseResult,
	v: number,
	before: (t: MarkerToken) => boolean,
	afterClosesOnly = false,
): number {
	let position = rawBase(parsed, v);
	for (const token of parsed.tokens) {
		if (token.visibleOffset !== v) continue;
		if (before(token)) return token.rawStart;
		if (!afterClosesOnly || token.type === 'close') position = token.rawEnd;
	}
	return position;
}

/** Post platforms: anchors the `occurrence`-th match of selectedText in the visible text. */
export function insertSpanMarker(
	text: string,
	id: string,
	selectedText: string,
	occurrence = 0,
	opts: InsertOptions = {},
): InsertResult {
	const parsed = parseMarkers(text, opts);
	const at = findOccurrence(parsed.visible, selectedText, occurrence);
	if (at === -1) return notFound(occurrence);
	return insertIntoParsed(text, parsed, id, { start: at, end: at + selectedText.length }, opts);
}

/**
 * X Article: selectedText matches the rendered article text (see articleText.ts); the marker
 * wraps the markdown from the first to the last selected character. Any overlap with an existing
 * span is refused.
 */
export function insertArticleSpanMarker(
	markdown: string,
	id: string,
	selectedText: string,
	occurrence = 0,
): InsertResult {
	const opts: InsertOptions = { rejectOverlap: true };
	const parsed = parseMarkers(markdown, opts);
	const rendered = renderArticleText(parsed.visible);
	const at = findOccurrence(rendered.text, selectedText, occurrence);
	if (at === -1) return notFound(occurrence);
	const range = {
		start: rendered.source[at],
		end: rendered.source[at + selectedText.length - 1] + 1,
	};
	return insertIntoParsed(markdown, parsed, id, range, opts);
}

function notFound(occurrence: number): InsertResult {
	return {
		ok: false,
		reason: 'not_found',
		message:
			occurrence === 0
				? 'selected_text was not found in the text'
				: `selected_text has no occurrence ${occurrence}`,
	};
}
