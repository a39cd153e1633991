import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Verification of signed webhook deliveries (API specification, "Events").
 *
 * Everything here is pure: the clock is passed in as `nowMs`, nothing is read
 * from the environment, and no error text carries the secret or the signature.
 */

export const DEFAULT_HEADER_PREFIX = 'X-Service-';
export const DEFAULT_TOLERANCE_SECONDS = 300;
export const SIGNATURE_SCHEME = 'sha256=';

const SIGNATURE_HEX = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
/** Longest event header read: the API's event names are far shorter (Events). */
export const MAX_EVENT_LENGTH = 100;
/** An event name: visible ASCII characters, no spaces. */
const EVENT_NAME = /^[\x21-\x7e]+$/;
/** `sha256=` and 64 hex digits. */
const SIGNATURE_LENGTH = 'sha256='.length + 64;
const MAX_TIMESTAMP_LENGTH = 12;

export type HeaderRole = 'Event' | 'Timestamp' | 'Signature';

/** Request headers as Node's http module hands them over (names lower-cased). */
export type HeaderBag = Record<string, string | string[] | undefined>;

export interface DeliveryHeaders {
	event: string;
	timestamp: string;
	signature: string;
}

export interface DeliveryPayload {
	event: string;
	data: Record<string, unknown>;
	[key: string]: unknown;
}

export interface VerifyInput {
	method: string | undefined;
	headers: HeaderBag;
	rawBody: Buffer | undefined;
	secret: string;
	headerPrefix: string;
	toleranceSeconds: number;
	nowMs: number;
}

export interface VerifiedDelivery {
	ok: true;
	event: string;
	/** Unix seconds from the timestamp header. */
	timestamp: number;
	/** The signature header value, for replay memory only: never output it. */
	signature: string;
	payload: DeliveryPayload;
}

export interface RejectedDelivery {
	ok: false;
	status: 400 | 401;
	reason: string;
}

export type Verification = VerifiedDelivery | RejectedDelivery;

/** Full header name for a role, e.g. `X-Service-` + `Signature`. */
export function headerName(prefix: string, role: HeaderRole): string {
	return `${prefix.trim()}${role}`;
}

/** Reads one header by role and prefix; names compare case-insensitively. */
export function readHeader(
	headers: HeaderBag,
	prefix: string,
	role: HeaderRole,
): string | undefined {
	const wanted = headerName(prefix, role).toLowerCase();
	for (const [name, value] of Object.entries(headers)) {
		if (name.toLowerCase() !== wanted) continue;
		if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
		return value;
	}
	return undefined;
}

/** The three delivery headers, or undefined when any of them is missing or empty. */
export function readDeliveryHeaders(
	headers: HeaderBag,
	prefix: string,
): DeliveryHeaders | undefined {
	const event = readHeader(headers, prefix, 'Event');
	const timestamp = readHeader(headers, prefix, 'Timestamp');
	const signature = readHeader(headers, prefix, 'Signature');
	if (!event || !timestamp || !signature) return undefined;
	return { event, timestamp, signature };
}

/** True when the header has the shape of a signature: `sha256=` and 64 lowercase hex digits. */
export function isSignatureShape(signatureHeader: string): boolean {
	return (
		signatureHeader.length === SIGNATURE_LENGTH &&
		signatureHeader.startsWith(SIGNATURE_SCHEME) &&
		SIGNATURE_HEX.test(signatureHeader.slice(SIGNATURE_SCHEME.length))
	);
}

/** True when the event header is 1 to 100 visible ASCII characters. */
export function isEventShape(event: string): boolean {
	return event.length <= MAX_EVENT_LENGTH && EVENT_NAME.test(event);
}

/** Hex HMAC-SHA256 keyed with the secret over `timestamp + "." + raw body bytes`. */
export function computeSignatureHex(secret: string, timestamp: string, rawBody: Buffer): string {
	return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/**
 * Checks a `sha256=<hex>` header against the raw body. The expected value is
 * computed over the bytes as received; the comparison is constant-time after
 * a length check.
 */
export function signatureMatches(
	secret: string,
	timestamp: string,
	rawBody: Buffer,
	signatureHeader: string,
): boolean {
	if (!isSignatureShape(signatureHeader)) return false;
	const provided = signatureHeader.slice(SIGNATURE_SCHEME.length);
	const expected = Buffer.from(computeSignatureHex(secret, timestamp, rawBody), 'utf8');
	const given = Buffer.from(provided, 'utf8');
	if (given.length !== expected.length) return false;
	return timingSafeEqual(given, expected);
}

/** Unix seconds from the timestamp header, or undefined when it is not a plain integer. */
export function parseTimestamp(value: string): number | undefined {
	return value.length <= MAX_TIMESTAMP_LENGTH && UNIX_SECONDS.test(value)
		? Number(value)
		: undefined;
}

/** True when the timestamp lies within the tolerance of now, in either direction. */
export function isWithinTolerance(
	timestampSeconds: number,
	nowMs: number,
	toleranceSeconds: number,
): boolean {
	return Math.abs(nowMs / 1000 - timestampSeconds) <= toleranceSeconds;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(rawBody: Buffer): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(rawBody.toString('utf8')) as unknown };
	} catch {
		return { ok: false };
	}
}

const reject = (status: 400 | 401, reason: string): RejectedDelivery => ({
	ok: false,
	status,
	reason,
});

/** What the checks before the HMAC found: the headers and the timestamp they carry. */
export type HeaderCheck =
	| { ok: true; headers: DeliveryHeaders; timestamp: number }
	| RejectedDelivery;

/**
 * The cheap checks, which need neither the secret nor the body: the three headers present, each of its
 * shape and bounded length, and the timestamp within the tolerance. Only a delivery that passes them
 * costs an HMAC over its body.
 */
export function checkHeaders(
	input: Pick<VerifyInput, 'headers' | 'headerPrefix' | 'toleranceSeconds' | 'nowMs'>,
): HeaderCheck {
	const headers = readDeliveryHeaders(input.headers, input.headerPrefix);
	if (!headers) return reject(401, 'Missing signature headers');
	if (!isEventShape(headers.event)) return reject(401, 'Malformed event header');
	if (!isSignatureShape(headers.signature)) return reject(401, 'Invalid signature');
	const timestamp = parseTimestamp(headers.timestamp);
	if (
		timestamp === undefined ||
		!isWithinTolerance(timestamp, input.nowMs, input.toleranceSeconds)
	) {
		return reject(401, 'Timestamp outside the accepted window');
	}
	return { ok: true, headers, timestamp };
}

/**
 * Runs every check in order, cheapest first: method; headers (present, shaped, bounded) and the
 * timestamp within the tolerance; then the signature (HMAC over the body, compared in constant time);
 * JSON body; event header against the body's event. Replay memory and the event filter are applied by
 * the caller on a verified delivery.
 */
export function verifyDelivery(input: VerifyInput): Verification {
	if ((input.method ?? '').toUpperCase() !== 'POST') return reject(401, 'Method not allowed');

	const checked = checkHeaders(input);
	if (!checked.ok) return checked;
	const { headers, timestamp } = checked;

	if (!input.secret || !input.rawBody) return reject(401, 'Invalid signature');
	if (!signatureMatches(input.secret, headers.timestamp, input.rawBody, headers.signature)) {
		return reject(401, 'Invalid signature');
	}

	const parsed = parseJson(input.rawBody);
	if (!parsed.ok || !isPlainObject(parsed.value)) return reject(400, 'Body is not a JSON object');
	const body = parsed.value;

	if (body.event !== headers.event) return reject(401, 'Event header does not match the body');
	if (!isPlainObject(body.data)) return reject(400, 'Body has no draft data');

	return {
		ok: true,
		event: headers.event,
		timestamp,
		signature: headers.signature,
		payload: body as DeliveryPayload,
	};
}
