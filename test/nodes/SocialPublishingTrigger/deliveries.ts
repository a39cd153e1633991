/**
 * Test-side delivery building: payloads, compact sorted-key JSON, and the
 * signature computed here with crypto.createHmac (independent of the node's helper).
 */
import { createHmac } from 'node:crypto';

export const SECRET = 'whsec_trigger_test_secret';
export const PREFIX = 'X-Service-';

/** The Events table of the API specification, as the sandbox service sends them. */
export { WEBHOOK_EVENTS as EVENTS } from '../../../sandbox/domain/webhooks';

/** A Draft detail as the API specification describes it (the webhook `data`). */
export function draftDetail(
	id: number,
	overrides: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		id,
		draft_id: id,
		social_set_id: 101,
		status: 'draft',
		publish_state: null,
		created_at: '2026-11-21T10:00:00Z',
		updated_at: null,
		scheduled_date: null,
		published_at: null,
		draft_title: `Draft ${id}`,
		tags: ['launch'],
		preview: 'Hello from the trigger tests',
		share_url: null,
		private_url: `https://app.example/drafts/${id}`,
		scratchpad_text: null,
		platforms: {
			x: { enabled: true, posts: [{ text: 'Hello from the trigger tests' }], settings: {} },
		},
		...overrides,
	};
}

function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (value !== null && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		return Object.fromEntries(
			Object.keys(record)
				.sort()
				.map((k) => [k, sortKeys(record[k])]),
		);
	}
	return value;
}

/** Compact JSON with sorted keys, as the service sends it. */
export function compactSorted(value: unknown): string {
	return JSON.stringify(sortKeys(value));
}

export function sign(secret: string, timestamp: string, body: Buffer | string): string {
	return (
		'sha256=' + createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')
	);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface Delivery {
	body: Buffer;
	headers: Record<string, string>;
}

/** A correctly signed delivery of `{event, data}`. */
export function signedDelivery(opts: {
	event: string;
	data: Record<string, unknown>;
	timestamp?: number;
	secret?: string;
	prefix?: string;
	serialise?: (payload: unknown) => string;
}): Delivery {
	const timestamp = String(opts.timestamp ?? nowSeconds());
	const body = Buffer.from(
		(opts.serialise ?? compactSorted)({ event: opts.event, data: opts.data }),
		'utf8',
	);
	const prefix = opts.prefix ?? PREFIX;
	return {
		body,
		headers: {
			'Content-Type': 'application/json',
			[`${prefix}Event`]: opts.event,
			[`${prefix}Timestamp`]: timestamp,
			[`${prefix}Signature`]: sign(opts.secret ?? SECRET, timestamp, body),
		},
	};
}

export interface Answer {
	status: number;
	text: string;
	json: unknown;
}

export async function post(url: string, delivery: Delivery, method = 'POST'): Promise<Answer> {
	const res = await fetch(url, {
		method,
		headers: delivery.headers,
		body: method === 'GET' ? undefined : delivery.body,
	});
	const text = await res.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, text, json };
}

/** Same headers with one renamed, replaced or removed (by role, under the given prefix). */
export function withHeader(
	delivery: Delivery,
	role: 'Event' | 'Timestamp' | 'Signature',
	value: string | undefined,
	prefix = PREFIX,
): Delivery {
	const headers = { ...delivery.headers };
	delete headers[`${prefix}${role}`];
	if (value !== undefined) headers[`${prefix}${role}`] = value;
	return { ...delivery, headers };
}
