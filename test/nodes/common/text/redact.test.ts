import fc from 'fast-check';
import { echo } from '../../../../nodes/common/text/echo';
import {
	CUT_MARK,
	REDACTED,
	redact,
	redactPairs,
	withoutCutSecrets,
	withoutSecrets,
	withoutSecretsIn,
} from '../../../../nodes/common/text/redact';
import { cpuGrowth, perCall } from '../../../harness/cpu';

const KEY = 'sk_live_7Hq2xZp0Lw9c';

describe('redact: credential-like pairs and the credential’s own secrets', () => {
	test.each([
		['apiKey=abc123def', `apiKey=${REDACTED}`],
		['api_key: abc123def', `api_key: ${REDACTED}`],
		['API-KEY=abc123def', `API-KEY=${REDACTED}`],
		['{"apiKey":"abc \\"123\\" def","x":1}', `{"apiKey":${REDACTED},"x":1}`],
		["token='abc 123'", `token=${REDACTED}`],
		['?access_token=abc123&page=2', `?access_token=${REDACTED}&page=2`],
		['Authorization: Basic dXNlcjpwYXNz', `Authorization: ${REDACTED}`],
		['authorization=Bearer abc.def', `authorization=${REDACTED}`],
		['sent Bearer abc.def.ghi here', `sent Bearer ${REDACTED} here`],
		['secret=s3cr3t; password=hunter2', `secret=${REDACTED}; password=${REDACTED}`],
		['X-Signature: sha256=abc', `X-Signature: ${REDACTED}`],
		['X-Amz-Signature=abc&X-Amz-Date=1', `X-Amz-Signature=${REDACTED}&X-Amz-Date=1`],
		['client_secret=abc webhookSecret=def', `client_secret=${REDACTED} webhookSecret=${REDACTED}`],
	])('%s', (given, expected) => {
		expect(redactPairs(given)).toBe(expected);
	});

	test('names that only end like a secret-ish name, and prose, are left as they are', () => {
		for (const text of ['monkey=banana', 'keyboard: qwerty', 'the token expired', 'Basic plan'])
			expect(redactPairs(text)).toBe(text);
	});

	test('the secrets are removed wherever they stand, also URL-encoded and JSON-escaped', () => {
		const odd = 'k/y+"q\\z9';
		const text = `a${KEY}b ${encodeURIComponent(odd)} ${JSON.stringify(odd)} ${KEY}${KEY}`;
		const kept = withoutSecrets(text, [KEY, odd]);
		expect(kept).not.toContain(KEY);
		expect(kept).not.toContain(encodeURIComponent(odd));
		expect(kept).not.toContain('z9');
		expect(kept.startsWith(`a${REDACTED}b `)).toBe(true);
	});

	test('a secret cut by the window is removed whole: no piece of it stays at the cut', () => {
		const text = `${'x'.repeat(95)}${KEY}`;
		expect(withoutSecrets(text, [KEY], 100)).toBe(`${'x'.repeat(95)}${REDACTED}`);
		expect(echo(`${'y'.repeat(290)} ${KEY} more`, 300, [KEY])).not.toContain(KEY.slice(0, 8));
	});

	test('short or empty secrets are not looked for', () => {
		expect(withoutSecrets('a b c', ['', 'b'])).toBe('a b c');
	});

	test('generated texts: echo never shows the key, whatever surrounds it or however long the text', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 2000 }),
				fc.string({ maxLength: 2000 }),
				fc.integer({ min: 1, max: 1000 }),
				(before, after, limit) => {
					const shown = echo(`${before}${KEY}${after}`, limit, [KEY]);
					expect(shown).not.toContain(KEY);
					// no piece of the key at the cut either
					expect(shown).not.toContain(KEY.slice(0, 10));
				},
			),
			{ numRuns: 500 },
		);
	});
});

describe('withoutCutSecrets: the piece of a secret that a cut left', () => {
	/** Every piece of the key long enough to be looked for, standing at a cut. */
	const piecesAtCuts = (shown: string) =>
		Array.from({ length: KEY.length - 5 }, (_, i) => KEY.slice(0, i + 6)).filter((piece) =>
			shown.includes(`${piece}${CUT_MARK}`),
		);

	test('an echo made without the secrets, cut in the middle of the key, loses the piece', () => {
		const shown = echo(`publish state ${KEY} and more`, 'publish state '.length + 12);
		expect(shown).toContain(`${KEY.slice(0, 12)}${CUT_MARK}`);
		expect(withoutCutSecrets(shown, [KEY])).toBe(
			`publish state ${REDACTED}${CUT_MARK}${'publish state '.length + KEY.length + ' and more'.length} characters in all)`,
		);
	});

	test('generated texts and cuts: no piece of the key at a cut is left, and nothing else changes', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 300 }),
				fc.string({ maxLength: 300 }),
				fc.integer({ min: 1, max: 400 }),
				fc.boolean(),
				(before, after, limit, withKey) => {
					const echoed = echo(withKey ? `${before}${KEY}${after}` : `${before}${after}`, limit);
					const clean = withoutCutSecrets(echoed, [KEY]);
					expect(piecesAtCuts(clean)).toEqual([]);
					// the other side: a text that holds no piece of the key at its cut is left as it was
					if (piecesAtCuts(echoed).length === 0) expect(clean).toBe(echoed);
				},
			),
			{ numRuns: 1000 },
		);
	});

	test('a piece shorter than a secret looked for is left, as is a cut mark with no secret before it', () => {
		const short = `x ${KEY.slice(0, 5)}${CUT_MARK}9 characters in all)`;
		expect(withoutCutSecrets(short, [KEY])).toBe(short);
		expect(withoutCutSecrets(`plain${CUT_MARK}`, [KEY])).toBe(`plain${CUT_MARK}`);
		expect(withoutCutSecrets(`${KEY.slice(0, 9)}${CUT_MARK}`, [])).toBe(
			`${KEY.slice(0, 9)}${CUT_MARK}`,
		);
	});

	test('item data too: a text the node cut without the secrets at hand loses the piece', () => {
		const value = { dryRun: { at: `${KEY.slice(0, 10)}${CUT_MARK}400 characters in all)` } };
		expect(withoutSecretsIn(value, [KEY]).dryRun.at).toBe(
			`${REDACTED}${CUT_MARK}400 characters in all)`,
		);
	});

	test.each([
		[
			'cut marks after pieces of the key',
			(n: number) => `${KEY.slice(0, 15)}${CUT_MARK}`.repeat(n / 23),
		],
		[
			'cut marks after a run the key starts with',
			(n: number) => `${'a'.repeat(30)}${CUT_MARK}`.repeat(n / 38),
		],
		['cut marks only', (n: number) => CUT_MARK.repeat(n / 8)],
	])('%s: 4x the text takes under 10x the work', async (_name, make) => {
		const secrets = ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaab', KEY];
		const [small, large] = [make(25_000), make(100_000)];
		const growth = await cpuGrowth(
			() => perCall(() => withoutCutSecrets(small, secrets)),
			() => perCall(() => withoutCutSecrets(large, secrets)),
			10,
		);
		expect(growth.ratio).toBeLessThan(10);
	});
});

describe('redact takes time linear in the text', () => {
	const QUARTER = 25_000;
	const FULL = 100_000;
	const HOSTILE: Array<{ name: string; make: (n: number) => string }> = [
		{ name: 'an unterminated quoted value', make: (n) => `apiKey="${'a\\'.repeat(n / 2)}` },
		{ name: 'names without a separator', make: (n) => 'api_key '.repeat(n / 8) },
		{ name: 'names followed by spaces', make: (n) => `token${' '.repeat(n)}` },
		{ name: 'prefixes chained', make: (n) => 'client_access_api_'.repeat(n / 18) },
		{ name: 'words joined by hyphens', make: (n) => 'abcdefghijklmnop-'.repeat(n / 17) },
		{ name: 'separators only', make: (n) => '=:'.repeat(n / 2) },
		{ name: 'Bearer runs', make: (n) => 'bearer '.repeat(n / 7) },
		{ name: 'the key repeated and overlapping', make: (n) => 'a'.repeat(n) },
	];
	test.each(HOSTILE)('$name: 4x the text takes under 10x the work', async ({ make }) => {
		const small = make(QUARTER);
		const large = make(FULL);
		const secrets = ['aaaaaaaa', KEY];
		const growth = await cpuGrowth(
			() => perCall(() => redact(small, secrets)),
			() => perCall(() => redact(large, secrets)),
			10,
		);
		expect(growth.ratio).toBeLessThan(10);
	});
});

describe('withoutSecretsIn: an item’s data passed through without the credential’s secrets', () => {
	const SECRET = 'whsec_0123456789';

	test('texts and field names lose the secrets at any depth; pairs, numbers and other texts stay', () => {
		const value = {
			text: `token: abc123 and ${KEY}`,
			list: ['plain', `x${encodeURIComponent(KEY)}y`, 3, null, true],
			[`${SECRET}`]: { deeper: [{ note: JSON.stringify(`say "${KEY}"`) }] },
			count: 7,
		};
		expect(withoutSecretsIn(value, [KEY, SECRET])).toEqual({
			text: `token: abc123 and ${REDACTED}`,
			list: ['plain', `x${REDACTED}y`, 3, null, true],
			[REDACTED]: { deeper: [{ note: JSON.stringify(`say "${REDACTED}"`) }] },
			count: 7,
		});
	});

	test('without secrets, or with secrets too short to look for, the value is returned untouched', () => {
		const value = { text: `short ${KEY}` };
		expect(withoutSecretsIn(value, [])).toBe(value);
		expect(withoutSecretsIn(value, ['abc'])).toEqual({ text: `short ${KEY}` });
	});

	test('10,000 levels deep and 100,000 entries are walked without recursion', () => {
		let deep: Record<string, unknown> = { note: KEY };
		for (let i = 0; i < 10_000; i++) deep = { inner: deep };
		const wide = Array.from({ length: 100_000 }, (_, i) => (i % 1000 ? `e${i}` : KEY));
		const out = withoutSecretsIn({ deep, wide }, [KEY]);
		let node = out.deep;
		for (let i = 0; i < 10_000; i++) node = node.inner as Record<string, unknown>;
		expect(node.note).toBe(REDACTED);
		expect(out.wide.filter((entry) => entry === REDACTED)).toHaveLength(100);
	});

	test('its work grows linearly with the number of entries', async () => {
		const make = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ id: i, text: `t${i} ${KEY}`, tags: [`g${i}`] }));
		const small = make(10_000);
		const large = make(40_000);
		// the first call replaces the key; the calls measured walk every text and key again
		const growth = await cpuGrowth(
			() => perCall(() => withoutSecretsIn(small, [KEY])),
			() => perCall(() => withoutSecretsIn(large, [KEY])),
			10,
		);
		expect(growth.ratio).toBeLessThan(10);
	});
});
