import {
	MalformedSubcode,
	findLinkedInMentions,
	findOccurrence,
	insertArticleSpanMarker,
	insertSpanMarker,
	markerIds,
	parseMarkers,
	pointTag,
	removeMarkers,
	spanOpenTag,
	stripMarkers,
	validateMarkers,
	SPAN_CLOSE_TAG,
} from '../../sandbox/domain/markers';
import { renderArticleText } from '../../sandbox/domain/articleText';

const A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const C = 'c9bf9e57-1685-4c89-bafb-ff5af830be8a';

const span = (id: string, inner: string): string => `${spanOpenTag(id)}${inner}${SPAN_CLOSE_TAG}`;
const subcodes = (text: string, mentions = false): MalformedSubcode[] =>
	validateMarkers(text, { mentions }).map((i) => i.subcode);
const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const insertOk = (
	text: string,
	id: string,
	selected: string,
	occurrence = 0,
	mentions = false,
): string => {
	const r = insertSpanMarker(text, id, selected, occurrence, { mentions });
	if (!r.ok) throw new Error(`insert failed: ${r.reason}`);
	return r.text;
};

describe('Comment-thread markers in text: grammar', () => {
	it('parses span and self-closing markers and reports visible offsets', () => {
		const text = `${pointTag(A)}Intro ${span(B, 'big news')} today`;
		const parsed = parseMarkers(text);
		expect(parsed.issues).toEqual([]);
		expect(parsed.visible).toBe('Intro big news today');
		expect(parsed.markers).toEqual([
			{ id: A, kind: 'point', start: 0, end: 0, depth: 1 },
			{ id: B, kind: 'span', start: 6, end: 14, depth: 1 },
		]);
	});

	it('accepts a double-quoted id and nested spans', () => {
		const text = `<svc:comment-thread id="${A}">one ${span(B, 'two')}</svc:comment-thread>`;
		const parsed = parseMarkers(text);
		expect(parsed.issues).toEqual([]);
		expect(parsed.markers.map((m) => [m.id, m.depth, m.start, m.end])).toEqual([
			[A, 1, 0, 7],
			[B, 2, 4, 7],
		]);
	});

	it('leaves look-alike tags as text', () => {
		const text = '<svc:comment-threads id=x> and <svc:media media_id=1/>';
		expect(parseMarkers(text).markers).toEqual([]);
		expect(stripMarkers(text)).toBe(text);
	});

	describe('COMMENTS_MARKER_MALFORMED subcodes (Errors)', () => {
		it.each<[string, MalformedSubcode, string]>([
			['unclosed span', 'unbalanced', `${spanOpenTag(A)}text`],
			['stray closing tag', 'unbalanced', `text${SPAN_CLOSE_TAG}`],
			['unterminated tag', 'unbalanced', `<svc:comment-thread id=${A} text`],
			['uppercase uuid', 'bad_uuid', `${span(A.toUpperCase(), 'x')}`],
			['not a uuid', 'bad_uuid', `${span('1234', 'x')}`],
			['uuid without dashes', 'bad_uuid', `${span(A.replace(/-/g, ''), 'x')}`],
			['extra attribute', 'bad_attr', `<svc:comment-thread id=${A} color=red>x${SPAN_CLOSE_TAG}`],
			['missing id', 'bad_attr', `<svc:comment-thread>x${SPAN_CLOSE_TAG}`],
			['id given twice', 'bad_attr', `<svc:comment-thread id=${A} id=${A}>x${SPAN_CLOSE_TAG}`],
			['attribute without value', 'bad_attr', `<svc:comment-thread id>x${SPAN_CLOSE_TAG}`],
			['attribute on closing tag', 'bad_attr', `${spanOpenTag(A)}x</svc:comment-thread id=${A}>`],
			['self-closing mid-line', 'bad_position', `Hello ${pointTag(A)}world`],
			['empty span', 'empty_span', `Hello ${span(A, '')}world`],
			['span wrapping only a marker', 'empty_span', `${span(A, pointTag(B))}x`],
		])('%s -> %s', (_name, expected, text) => {
			expect(subcodes(text)).toEqual([expected]);
		});

		// Spec, Comment threads: "A malformed marker returns 400 COMMENTS_MARKER_MALFORMED with a subcode in
		// details" — however many problems one tag has (each used to be passed as an argument of one call).
		it('a tag with 400,000 malformed attributes is bad_attr, not a crash', () => {
			const tag = `<svc:comment-thread ${'a '.repeat(400_000)}>`;
			const issues = validateMarkers(`${tag}x${SPAN_CLOSE_TAG}`, { mentions: true });
			expect(issues.length).toBeGreaterThan(100_000);
			expect(new Set(issues.map((i) => i.subcode))).toEqual(new Set(['bad_attr']));
			expect(stripMarkers(`Hello ${tag}x${SPAN_CLOSE_TAG}`)).toBe('Hello x');
		});

		it('a self-closing marker may start any line, including after other markers', () => {
			expect(subcodes(`${pointTag(A)}${pointTag(B)}First\n${pointTag(C)}Second`)).toEqual([]);
		});

		it('mid_mention: a span may not start or end inside a LinkedIn mention', () => {
			const starts = `Thanks @[Ac${spanOpenTag(A)}me](urn:li:organization:42) team${SPAN_CLOSE_TAG}`;
			const ends = `Thanks ${spanOpenTag(A)}to @[Jane Doe](urn:li:person:${SPAN_CLOSE_TAG}abc)`;
			expect(subcodes(starts, true)).toEqual(['mid_mention']);
			expect(subcodes(ends, true)).toEqual(['mid_mention']);
		});

		it('mid_mention: wrapping a whole mention, or text next to it, is fine', () => {
			const whole = `Thanks ${span(A, '@[Acme](urn:li:organization:42)')} and ${span(B, 'team')}`;
			const around = `${span(A, 'Thanks @[Acme](urn:li:organization:42) a')}ll`;
			expect(subcodes(whole, true)).toEqual([]);
			expect(subcodes(around, true)).toEqual([]);
		});

		it('mid_mention is only checked when asked (LinkedIn text)', () => {
			const text = `@[Ac${spanOpenTag(A)}me](urn:li:organization:42)${SPAN_CLOSE_TAG}`;
			expect(subcodes(text, false)).toEqual([]);
		});

		it('depth_exceeded: 16 levels pass, 17 fail', () => {
			const nest = (n: number): string => {
				let inner = 'x';
				for (let i = n; i >= 1; i--) inner = span(uuid(i), inner);
				return inner;
			};
			expect(subcodes(nest(16))).toEqual([]);
			expect(subcodes(nest(17))).toEqual(['depth_exceeded']);
		});

		it('count_exceeded: 1000 markers pass, 1001 fail', () => {
			const many = (n: number): string =>
				Array.from({ length: n }, (_, i) => span(uuid(i), 'w')).join(' ');
			expect(subcodes(many(1000))).toEqual([]);
			expect(subcodes(many(1001))).toEqual(['count_exceeded']);
		});

		it('reports issues in text order and keeps parsing after one', () => {
			const text = `${span('BAD', 'x')} then ${pointTag(A)} and ${SPAN_CLOSE_TAG}`;
			expect(subcodes(text)).toEqual(['bad_uuid', 'bad_position', 'unbalanced']);
		});
	});

	it('flags ids used twice in one text', () => {
		expect(parseMarkers(`${span(A, 'a')} ${span(A, 'b')}`).duplicateIds).toEqual([A]);
	});
});

describe('Comment-thread markers in text: strip, list, remove', () => {
	const text = `${pointTag(C)}Hi ${span(A, `big ${span(B, 'news')}`)}!`;

	it('stripMarkers returns the visible text', () => {
		expect(stripMarkers(text)).toBe('Hi big news!');
	});

	it('markerIds lists each id once in document order', () => {
		expect(markerIds(text)).toEqual([C, A, B]);
	});

	it('removeMarkers drops only the given threads, keeping their text', () => {
		expect(removeMarkers(text, [A])).toBe(`${pointTag(C)}Hi big ${span(B, 'news')}!`);
		expect(removeMarkers(text, [B, C])).toBe(`Hi ${span(A, 'big news')}!`);
		expect(removeMarkers(text, [])).toBe(text);
		expect(removeMarkers(text, ['not-there'])).toBe(text);
	});
});

describe('Comment threads: anchoring selected_text on a post (create thread)', () => {
	it('findOccurrence counts non-overlapping matches from zero', () => {
		expect(findOccurrence('aaaa', 'aa', 0)).toBe(0);
		expect(findOccurrence('aaaa', 'aa', 1)).toBe(2);
		expect(findOccurrence('aaaa', 'aa', 2)).toBe(-1);
		expect(findOccurrence('abc', '', 0)).toBe(-1);
	});

	it('wraps the occurrence-th match of the visible text', () => {
		expect(insertOk('Hello world, hello world', A, 'world', 1)).toBe(
			`Hello world, hello ${span(A, 'world')}`,
		);
		expect(insertOk('Hello world, hello world', A, 'world')).toBe(
			`Hello ${span(A, 'world')}, hello world`,
		);
	});

	it('matches across existing markers (markers excluded from the match)', () => {
		const text = `Ship ${span(A, 'the')} release`;
		const out = insertOk(text, B, 'Ship the release');
		expect(out).toBe(span(B, `Ship ${span(A, 'the')} release`));
		expect(parseMarkers(out).issues).toEqual([]);
	});

	it('nests inside a wider anchor and around a narrower one at shared boundaries', () => {
		const inside = insertOk(span(A, 'big news'), B, 'big');
		expect(inside).toBe(span(A, `${span(B, 'big')} news`));
		const around = insertOk(`${span(A, 'big')} news`, B, 'big news');
		expect(around).toBe(span(B, `${span(A, 'big')} news`));
		const same = insertOk(span(A, 'big'), B, 'big');
		expect(same).toBe(span(A, span(B, 'big')));
		const after = insertOk(`${span(A, 'big')} news`, B, ' news');
		expect(after).toBe(`${span(A, 'big')}${span(B, ' news')}`);
	});

	it('keeps a leading self-closing marker at the paragraph start', () => {
		const out = insertOk(`${pointTag(A)}Hello`, B, 'Hello');
		expect(out).toBe(`${pointTag(A)}${span(B, 'Hello')}`);
		expect(parseMarkers(out).issues).toEqual([]);
	});

	it('refuses a selection that partly overlaps an existing span', () => {
		const r = insertSpanMarker(`${span(A, 'big news')} today`, B, 'news today');
		expect(r).toMatchObject({ ok: false, reason: 'crosses_anchor' });
	});

	it('reports a missing selection or occurrence', () => {
		expect(insertSpanMarker('Hello', A, 'bye')).toMatchObject({ ok: false, reason: 'not_found' });
		expect(insertSpanMarker('Hello', A, 'Hello', 1)).toMatchObject({
			ok: false,
			reason: 'not_found',
		});
	});

	it('refuses to anchor in text whose markers are malformed', () => {
		expect(insertSpanMarker(`${spanOpenTag(A)}Hello`, B, 'Hello')).toMatchObject({
			ok: false,
			reason: 'malformed',
		});
	});

	it('refuses the 1001st marker of a text', () => {
		const full = Array.from({ length: 1000 }, (_, i) => span(uuid(i), 'w')).join(' ') + ' free';
		const r = insertSpanMarker(full, A, 'free');
		expect(r).toMatchObject({ ok: false, reason: 'limit' });
		if (!r.ok) expect(r.message).toContain('count_exceeded');
		const lighter = removeMarkers(full, [uuid(0)]);
		expect(insertSpanMarker(lighter, A, 'free')).toMatchObject({ ok: true });
	});

	it('refuses an anchor that would nest deeper than 16 levels', () => {
		let text = 'x';
		for (let i = 16; i >= 1; i--) text = span(uuid(i), text);
		expect(insertSpanMarker(text, A, 'x')).toMatchObject({ ok: false, reason: 'limit' });
	});
});

describe('Comment threads: LinkedIn mention boundaries', () => {
	const post =
		'Congrats @[Acme Corp](urn:li:organization:2414183) and @[Jane](urn:li:person:abc123)!';

	it('finds organization and person mentions', () => {
		expect(findLinkedInMentions(post).map((r) => post.slice(r.start, r.end))).toEqual([
			'@[Acme Corp](urn:li:organization:2414183)',
			'@[Jane](urn:li:person:abc123)',
		]);
	});

	it.each(['Acme', 'Corp](urn', 'Congrats @[Acme', '2414183) and'])(
		'a selection starting or ending inside a mention is refused: %s',
		(selected) => {
			expect(insertSpanMarker(post, A, selected, 0, { mentions: true })).toMatchObject({
				ok: false,
				reason: 'mid_mention',
			});
		},
	);

	it('a selection holding whole mentions, or none, is accepted', () => {
		const whole = insertOk(
			post,
			A,
			'@[Acme Corp](urn:li:organization:2414183) and @[Jane](urn:li:person:abc123)',
			0,
			true,
		);
		expect(stripMarkers(whole)).toBe(post);
		expect(insertOk(post, A, 'Congrats ', 0, true)).toBe(`${span(A, 'Congrats ')}${post.slice(9)}`);
	});
});

describe('Comment threads: X Article rendered text', () => {
	const article = [
		'# Launch *day* #',
		'',
		'We ship **bold** ideas and _fresh_ code like `a*b*c`.',
		'<svc:media media_id=0f8fad5b-d9cb-469f-a165-70867728950e/>',
		'> - [x] Read the [docs](https://example.com "Docs") first',
		'<svc:x-post url=https://x.com/acme/status/1/>',
		'```ts',
		'const **kept** = 1;',
		'```',
		'***',
		'1. Step \\*one\\* ~~old~~ <https://example.com/a_b>',
		'snake_case_name stays, 2 * 3 * 4 too',
	].join('\n');

	it('renders the supported markdown subset without syntax or embed tags', () => {
		expect(renderArticleText(article).text).toBe(
			[
				'Launch day',
				'',
				'We ship bold ideas and fresh code like a*b*c.',
				'',
				'Read the docs first',
				'',
				'const **kept** = 1;',
				'',
				'Step *one* old https://example.com/a_b',
				'snake_case_name stays, 2 * 3 * 4 too',
			].join('\n'),
		);
	});

	it('maps every rendered character back to the same character of the markdown', () => {
		const { text, source } = renderArticleText(article);
		expect(source).toHaveLength(text.length);
		for (let i = 0; i < text.length; i++) expect(article[source[i]]).toBe(text[i]);
	});

	it('anchors a selection that spans markdown syntax, from first to last selected character', () => {
		const r = insertArticleSpanMarker(article, A, 'bold ideas and fresh');
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.text).toContain(`**${spanOpenTag(A)}bold** ideas and _fresh${SPAN_CLOSE_TAG}_`);
		expect(stripMarkers(r.text)).toBe(article);
	});

	it('matches in document order with occurrence, ignoring embed tags', () => {
		const md = 'one\n<svc:media media_id=x/>\none';
		const r = insertArticleSpanMarker(md, A, 'one', 1);
		expect(r).toMatchObject({ ok: true, text: `one\n<svc:media media_id=x/>\n${span(A, 'one')}` });
		expect(insertArticleSpanMarker(md, A, 'media_id')).toMatchObject({
			ok: false,
			reason: 'not_found',
		});
	});

	it('matches through links: the URL is not rendered text', () => {
		expect(insertArticleSpanMarker(article, A, 'docs first')).toMatchObject({ ok: true });
		expect(insertArticleSpanMarker(article, A, 'example.com "Docs"')).toMatchObject({
			ok: false,
			reason: 'not_found',
		});
	});

	it('refuses any overlap with an existing anchor, even full containment', () => {
		const first = insertArticleSpanMarker('Alpha beta gamma', A, 'beta');
		if (!first.ok) throw new Error('first anchor failed');
		expect(insertArticleSpanMarker(first.text, B, 'Alpha beta')).toMatchObject({
			ok: false,
			reason: 'overlaps_anchor',
		});
		expect(insertArticleSpanMarker(first.text, B, 'et')).toMatchObject({
			ok: false,
			reason: 'overlaps_anchor',
		});
		expect(insertArticleSpanMarker(first.text, B, 'Alpha ')).toMatchObject({ ok: true });
	});
});
