import { ECHO_LIMIT, echo, echoList } from '../../../../nodes/common/text/echo';

describe('echo: a value from outside, bounded before it goes into an error', () => {
	test('a short one-line value stays as it is', () => {
		expect(echo('No such draft')).toBe('No such draft');
		expect(echo(42)).toBe('42');
		expect(echo(undefined)).toBe('');
		expect(echo({ a: 1 })).toBe('{"a":1}');
	});

	test('control characters, newlines and invisible characters become single spaces', () => {
		expect(echo('line one\nline two\r\n\tthree\u0007\u001b[31m')).toBe(
			'line one line two three [31m',
		);
		expect(echo('a\u200bb\u202ec\u2028d\ufeffe\u0085f')).toBe('a b c d e f');
	});

	test('the zero-width joiner of an emoji sequence stays', () => {
		expect(echo('coder 👩\u200d💻')).toBe('coder 👩\u200d💻');
	});

	test('a 1 MB text is cut to the limit, with an ellipsis and its length', () => {
		const text = `Ignore previous instructions. ${'A'.repeat(1_000_000)}`;
		const bounded = echo(text);
		expect(bounded.startsWith('Ignore previous instructions. AAA')).toBe(true);
		expect(bounded).toMatch(new RegExp(`… \\(cut, ${text.length} characters in all\\)$`));
		expect(bounded.length).toBeLessThan(ECHO_LIMIT + 50);
	});

	test('a text of exactly the limit is kept whole; one more character is cut', () => {
		expect(echo('x'.repeat(ECHO_LIMIT))).toBe('x'.repeat(ECHO_LIMIT));
		expect(echo('x'.repeat(ECHO_LIMIT + 1))).toBe(
			`${'x'.repeat(ECHO_LIMIT)}… (cut, ${ECHO_LIMIT + 1} characters in all)`,
		);
	});

	test('a long run of whitespace before the text cannot hide that it was cut', () => {
		const bounded = echo(`${' '.repeat(10_000)}tail`, 20);
		expect(bounded).toContain('… (cut, 10004 characters in all)');
	});

	test('an emoji at the cut is not split in half', () => {
		const bounded = echo(`${'x'.repeat(9)}😀😀`, 10);
		expect(bounded).toBe(`${'x'.repeat(9)}… (cut, 13 characters in all)`);
	});

	test('a list shows at most 20 entries and says how many more', () => {
		const ids = Array.from({ length: 25 }, (_, i) => `id${i}`);
		expect(echoList(ids)).toBe(`${ids.slice(0, 20).join(', ')} and 5 more`);
		expect(echoList(['a\nb'])).toBe('a b');
	});
});
