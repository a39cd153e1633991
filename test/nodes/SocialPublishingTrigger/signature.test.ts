// The module object itself (not an import namespace), so that its functions can be watched.
import crypto = require('crypto');

import {
	isEventShape,
	isSignatureShape,
	isWithinTolerance,
	parseTimestamp,
	readDeliveryHeaders,
	readHeader,
	signatureMatches,
	verifyDelivery,
	type VerifyInput,
} from '../../../nodes/SocialPublishingTrigger/signature';
import { compactSorted, draftDetail, sign, SECRET } from './deliveries';

const NOW_MS = 1_795_000_000_000;
const TS = String(NOW_MS / 1000);

function input(overrides: Partial<VerifyInput> & { body?: string } = {}): VerifyInput {
	const body = Buffer.from(
		overrides.body ?? compactSorted({ event: 'draft.created', data: draftDetail(7) }),
	);
	return {
		method: 'POST',
		headers: {
			'x-service-event': 'draft.created',
			'x-service-timestamp': TS,
			'x-service-signature': sign(SECRET, TS, body),
		},
		rawBody: body,
		secret: SECRET,
		headerPrefix: 'X-Service-',
		toleranceSeconds: 300,
		nowMs: NOW_MS,
		...overrides,
	};
}

describe('Events: signature (HMAC-SHA256 over timestamp "." raw body)', () => {
	// A fixed vector, computed here with crypto.createHmac, not with the node's helper.
	const body = Buffer.from('{"data":{"id":1},"event":"draft.created"}');
	const expected = sign('whsec_vector', '1700000000', body);

	test('accepts the signature computed independently over the raw bytes', () => {
		expect(expected).toMatch(/^sha256=[0-9a-f]{64}$/);
		expect(signatureMatches('whsec_vector', '1700000000', body, expected)).toBe(true);
	});

	test.each([
		['another secret', 'whsec_other', '1700000000', body, expected],
		['another timestamp', 'whsec_vector', '1700000001', body, expected],
		[
			'one body byte changed',
			'whsec_vector',
			'1700000000',
			Buffer.from('{"data":{"id":2},"event":"draft.created"}'),
			expected,
		],
		[
			're-spaced JSON',
			'whsec_vector',
			'1700000000',
			Buffer.from('{"data": {"id": 1}, "event": "draft.created"}'),
			expected,
		],
		[
			'upper-case hex',
			'whsec_vector',
			'1700000000',
			body,
			'sha256=' + expected.slice(7).toUpperCase(),
		],
		['truncated hex', 'whsec_vector', '1700000000', body, expected.slice(0, -1)],
		['hex plus one character', 'whsec_vector', '1700000000', body, expected + '0'],
		['non-hex character', 'whsec_vector', '1700000000', body, expected.slice(0, -1) + 'g'],
		['missing scheme', 'whsec_vector', '1700000000', body, expected.slice(7)],
		['other scheme', 'whsec_vector', '1700000000', body, 'sha1=' + expected.slice(7)],
		['empty', 'whsec_vector', '1700000000', body, ''],
	])('rejects %s', (_name, secret, timestamp, rawBody, header) => {
		expect(signatureMatches(secret, timestamp, rawBody, header)).toBe(false);
	});

	test('signs bytes, not text: a body that is not valid UTF-8 verifies over its exact bytes', () => {
		const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
		const header = sign(SECRET, TS, bytes);
		expect(signatureMatches(SECRET, TS, bytes, header)).toBe(true);
		expect(signatureMatches(SECRET, TS, Buffer.from(bytes.toString('utf8')), header)).toBe(false);
	});
});

describe('Events: headers read by role with a prefix, case-insensitive', () => {
	test('finds headers whatever the case of name or prefix', () => {
		const headers = {
			'X-SERVICE-EVENT': 'a',
			'x-Service-timestamp': '1',
			'x-service-signature': 's',
		};
		expect(readDeliveryHeaders(headers, 'x-service-')).toEqual({
			event: 'a',
			timestamp: '1',
			signature: 's',
		});
		expect(readHeader(headers, 'X-Service-', 'Event')).toBe('a');
	});

	test('uses the configured prefix only', () => {
		const headers = { 'x-acme-event': 'a', 'x-acme-timestamp': '1', 'x-acme-signature': 's' };
		expect(readDeliveryHeaders(headers, 'X-Service-')).toBeUndefined();
		expect(readDeliveryHeaders(headers, 'X-Acme-')).toEqual({
			event: 'a',
			timestamp: '1',
			signature: 's',
		});
	});

	test('an empty or repeated header counts as missing', () => {
		expect(
			readDeliveryHeaders(
				{ 'x-service-event': '', 'x-service-timestamp': '1', 'x-service-signature': 's' },
				'X-Service-',
			),
		).toBeUndefined();
		expect(readHeader({ 'x-service-event': ['a', 'b'] }, 'X-Service-', 'Event')).toBeUndefined();
	});
});

describe('Events: timestamp within the tolerance, both directions', () => {
	test.each([
		[0, true],
		[300, true],
		[-300, true],
		[301, false],
		[-301, false],
	])('offset %i s from now -> %s', (offset, ok) => {
		expect(isWithinTolerance(NOW_MS / 1000 + offset, NOW_MS, 300)).toBe(ok);
	});

	test.each(['', '12a', '-5', '1.5', ' 17', '1e9', '0x10'])(
		'timestamp %j is not a Unix time',
		(value) => {
			expect(parseTimestamp(value)).toBeUndefined();
		},
	);
});

describe('verifyDelivery: the checks in order, with their status', () => {
	test('a valid delivery verifies and returns the parsed payload', () => {
		const result = verifyDelivery(input());
		expect(result).toMatchObject({ ok: true, event: 'draft.created', timestamp: NOW_MS / 1000 });
		if (result.ok) expect(result.payload.data).toEqual(JSON.parse(compactSorted(draftDetail(7))));
	});

	test.each([
		['method other than POST', { method: 'PUT' }, 401],
		['no headers', { headers: {} }, 401],
		['other secret', { secret: 'whsec_other' }, 401],
		['no secret configured', { secret: '' }, 401],
		['no raw body', { rawBody: undefined }, 401],
		['stale timestamp', { nowMs: NOW_MS + 301_000 }, 401],
		['future timestamp', { nowMs: NOW_MS - 301_000 }, 401],
	])('%s -> %i', (_name, overrides, status) => {
		expect(verifyDelivery(input(overrides as Partial<VerifyInput>))).toMatchObject({
			ok: false,
			status,
		});
	});

	function signed(body: string, event = 'draft.created'): Partial<VerifyInput> {
		const raw = Buffer.from(body);
		return {
			rawBody: raw,
			headers: {
				'x-service-event': event,
				'x-service-timestamp': TS,
				'x-service-signature': sign(SECRET, TS, raw),
			},
		};
	}

	test('the timestamp is checked before the signature, and the signature before the body', () => {
		const stale = {
			...input({ nowMs: NOW_MS + 10_000_000 }),
			secret: 'whsec_other',
			rawBody: Buffer.from('not json'),
		};
		expect(verifyDelivery(stale)).toMatchObject({
			ok: false,
			reason: 'Timestamp outside the accepted window',
		});
		const forged = { ...input(), secret: 'whsec_other', rawBody: Buffer.from('not json') };
		expect(verifyDelivery(forged)).toMatchObject({ ok: false, reason: 'Invalid signature' });
	});

	test.each([
		['a signed body that is not JSON', 'not json', 400],
		['a signed JSON array', '[1,2]', 400],
		['a signed object without data', '{"event":"draft.created"}', 400],
		[
			'a signed body whose event differs from the header',
			compactSorted({ event: 'draft.deleted', data: {} }),
			401,
		],
		['a signed body without event', compactSorted({ data: {} }), 401],
	])('%s -> %i', (_name, body, status) => {
		expect(verifyDelivery(input(signed(body)))).toMatchObject({ ok: false, status });
	});
});

describe('verifyDelivery: the cheap checks come first, and only a delivery that passes them costs an HMAC', () => {
	afterEach(() => jest.restoreAllMocks());

	/** Verifies a delivery built beforehand (building it signs it), counting HMACs and constant-time compares. */
	function verifyCounting(delivery: VerifyInput) {
		const hmac = jest.spyOn(crypto, 'createHmac');
		const compare = jest.spyOn(crypto, 'timingSafeEqual');
		const result = verifyDelivery(delivery);
		return { result, hmacs: hmac.mock.calls.length, compares: compare.mock.calls.length };
	}

	const withHeader = (name: string, value: string | string[]): Partial<VerifyInput> => ({
		headers: { ...input().headers, [`x-service-${name}`]: value },
	});

	test.each([
		['no headers', { headers: {} }, 'Missing signature headers'],
		[
			'the signature header sent twice',
			withHeader('signature', ['a', 'b']),
			'Missing signature headers',
		],
		[
			'an event header of 101 characters',
			withHeader('event', 'e'.repeat(101)),
			'Malformed event header',
		],
		[
			'an event header with a space',
			withHeader('event', 'draft created'),
			'Malformed event header',
		],
		[
			'a signature in upper-case hex',
			withHeader('signature', 'sha256=' + 'AB'.repeat(32)),
			'Invalid signature',
		],
		[
			'a signature of 65 hex digits',
			withHeader('signature', 'sha256=' + 'a'.repeat(65)),
			'Invalid signature',
		],
		[
			'a signature header of 16 KB',
			withHeader('signature', 'sha256=' + 'a'.repeat(16_000)),
			'Invalid signature',
		],
		['another scheme', withHeader('signature', 'sha1=' + 'a'.repeat(64)), 'Invalid signature'],
		[
			'a timestamp of 13 digits',
			withHeader('timestamp', '1'.repeat(13)),
			'Timestamp outside the accepted window',
		],
		[
			'a timestamp that is not a number',
			withHeader('timestamp', 'yesterday'),
			'Timestamp outside the accepted window',
		],
		['a stale timestamp', { nowMs: NOW_MS + 301_000 }, 'Timestamp outside the accepted window'],
		['a future timestamp', { nowMs: NOW_MS - 301_000 }, 'Timestamp outside the accepted window'],
	])('%s: refused with 401, no HMAC computed', (_name, overrides, reason) => {
		const { result, hmacs, compares } = verifyCounting(input(overrides as Partial<VerifyInput>));
		expect(result).toEqual({ ok: false, status: 401, reason });
		expect([hmacs, compares]).toEqual([0, 0]);
	});

	test('a well-formed delivery in the window with a wrong signature: one HMAC, compared in constant time', () => {
		const { result, hmacs, compares } = verifyCounting(input({ secret: 'whsec_other' }));
		expect(result).toEqual({ ok: false, status: 401, reason: 'Invalid signature' });
		expect([hmacs, compares]).toEqual([1, 1]);
	});

	test('a valid delivery: one HMAC, compared in constant time', () => {
		const { result, hmacs, compares } = verifyCounting(input());
		expect(result).toMatchObject({ ok: true });
		expect([hmacs, compares]).toEqual([1, 1]);
	});

	test('header shapes: the bounds are inclusive', () => {
		expect(isEventShape('e'.repeat(100))).toBe(true);
		expect(isEventShape('draft.status_changed')).toBe(true);
		expect(isEventShape('')).toBe(false);
		expect(isEventShape('draft.créé')).toBe(false);
		expect(isSignatureShape('sha256=' + '0f'.repeat(32))).toBe(true);
		expect(isSignatureShape('sha256=' + '0f'.repeat(32) + ' ')).toBe(false);
		expect(parseTimestamp('9'.repeat(12))).toBe(999_999_999_999);
	});
});
