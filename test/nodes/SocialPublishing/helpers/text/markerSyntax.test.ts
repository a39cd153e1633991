import fc from 'fast-check';
import {
	checkMarkers,
	findMarkerIds,
	stripMarkers,
} from '../../../../../nodes/SocialPublishing/helpers/text/markerSyntax';
import { parseMarkers } from '../../../../../sandbox/domain/markers';

const A = '0b6a9c1e-4f1d-4a53-9c11-8e2f3c4d5e6f';
const B = '1c7b0d2f-5a2e-4b64-8d22-9f3a4b5c6d7e';
const open = (id: string) => `<svc:comment-thread id=${id}>`;
const close = '</svc:comment-thread>';
const point = (id: string) => `<svc:comment-thread id=${id}/>`;

function subcodeOf(text: string, options?: { linkedInMentions?: boolean }): string | undefined {
	const result = checkMarkers(text, options);
	return result.ok ? undefined : result.subcode;
}

describe('markers helper (Comment-thread markers in text)', () => {
	test('well-formed span, nested span and self-closing markers pass', () => {
		const text = `${point(A)}Intro\n${open(B)}Hello ${open(A)}world${close}${close}!`;
		expect(checkMarkers(text)).toEqual({ ok: true });
		expect(findMarkerIds(text)).toEqual([A, B]);
		expect(stripMarkers(text)).toBe('Intro\nHello world!');
	});

	test('text without markers is ok, has no ids and strips to itself', () => {
		expect(checkMarkers('plain <b>html</b> text')).toEqual({ ok: true });
		expect(findMarkerIds('plain')).toEqual([]);
		expect(stripMarkers('a < b > c')).toBe('a < b > c');
	});

	test('the id attribute quoted with double quotes is read too', () => {
		expect(findMarkerIds(`<svc:comment-thread id="${A}">x${close}`)).toEqual([A]);
	});

	test.each([
		['unbalanced: span never closed', `${open(A)}text`, 'unbalanced'],
		['unbalanced: close without open', `text${close}`, 'unbalanced'],
		['unbalanced: tag without ">"', `<svc:comment-thread id=${A} text`, 'unbalanced'],
		[
			'bad_uuid: uppercase id (id is a lowercase UUID)',
			`${open(A.toUpperCase())}x${close}`,
			'bad_uuid',
		],
		['bad_uuid: not a UUID', `${open('123')}x${close}`, 'bad_uuid'],
		[
			'bad_attr: a second attribute (id is the only allowed attribute)',
			`<svc:comment-thread id=${A} color=red>x${close}`,
			'bad_attr',
		],
		['bad_attr: no id', `<svc:comment-thread>x${close}`, 'bad_attr'],
		[
			'bad_attr: attributes on a closing tag',
			`${open(A)}x</svc:comment-thread id=${A}>`,
			'bad_attr',
		],
		['bad_position: self-closing marker mid-paragraph', `Hello ${point(A)}world`, 'bad_position'],
		['empty_span: span wraps nothing', `a${open(A)}${close}b`, 'empty_span'],
	])('%s', (_name, text, subcode) => {
		const result = checkMarkers(text);
		expect(result).toMatchObject({ ok: false, subcode });
		expect((result as { message: string }).message.length).toBeGreaterThan(0);
	});

	test('self-closing marker at the start of a later paragraph is allowed', () => {
		expect(checkMarkers(`First\n${point(A)}Second`)).toEqual({ ok: true });
	});

	test('depth_exceeded: nesting depth at most 16', () => {
		const ids = Array.from(
			{ length: 17 },
			(_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		);
		const nest = (n: number) => ids.slice(0, n).map(open).join('') + 'x' + close.repeat(n);
		expect(checkMarkers(nest(16))).toEqual({ ok: true });
		expect(subcodeOf(nest(17))).toBe('depth_exceeded');
	});

	test('count_exceeded: at most 1000 markers per post', () => {
		const ids = (n: number) =>
			Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
		const text = (n: number) =>
			ids(n)
				.map((id) => `${open(id)}w${close} `)
				.join('');
		expect(checkMarkers(text(1000))).toEqual({ ok: true });
		expect(subcodeOf(text(1001))).toBe('count_exceeded');
	});

	test('mid_mention: a span may not start or end inside a LinkedIn mention (checked when asked)', () => {
		const mention = '@[Acme](urn:li:organization:123)';
		const inside = `Hi @[Ac${open(A)}me](urn:li:organization:123) there${close}`;
		expect(subcodeOf(inside, { linkedInMentions: true })).toBe('mid_mention');
		expect(checkMarkers(inside)).toEqual({ ok: true });
		expect(
			checkMarkers(`Hi ${open(A)}${mention}${close} there`, { linkedInMentions: true }),
		).toEqual({ ok: true });
	});

	test('a tag with more malformed attributes than a call takes arguments (400,000) is refused as bad_attr, not a crash', () => {
		const tag = `<svc:comment-thread ${'a '.repeat(400_000)}>`;
		expect(checkMarkers(`${tag}x${close}`)).toEqual({
			ok: false,
			subcode: 'bad_attr',
			message: 'malformed attribute "a"',
		});
		expect(stripMarkers(`before ${tag}x${close} after`)).toBe('before x after');
	});

	test('the first problem by position is reported', () => {
		expect(subcodeOf(`${open('BAD')}x${close} ${open(A)}y`)).toBe('bad_uuid');
	});

	test('agrees with the sandbox grammar on generated texts (ok or not, first subcode, ids, visible text)', () => {
		const piece = fc.constantFrom(
			open(A),
			open(B),
			close,
			point(A),
			point(B),
			'\n',
			'x',
			'word ',
			'<',
			'>',
			'/',
			'<svc:comment-thread id=BAD>',
			'<svc:comment-thread id=' + A + ' x=1>',
			'@[Acme](urn:li:person:9)',
			'@[',
			')',
		);
		fc.assert(
			fc.property(fc.array(piece, { maxLength: 14 }), fc.boolean(), (pieces, mentions) => {
				const text = pieces.join('');
				const theirs = parseMarkers(text, { mentions });
				const mine = checkMarkers(text, { linkedInMentions: mentions });
				expect(mine.ok ? undefined : mine.subcode).toBe(theirs.issues[0]?.subcode);
				expect(stripMarkers(text)).toBe(theirs.visible);
				expect(findMarkerIds(text)).toEqual([
					...new Set(theirs.markers.map((m) => m.id).filter(Boolean)),
				]);
			}),
			{ numRuns: 2000 },
		);
	});
});
