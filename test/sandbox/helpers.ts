import { Sandbox, SandboxOptions, startSandbox } from '../../sandbox/index';

/** Test helpers for the sandbox's own tests: real HTTP on loopback through global fetch. */

export interface ApiResponse<T = any> {
	status: number;
	body: T;
	headers: Headers;
}

export type KeyName = keyof Sandbox['keys'];

/** Starts one sandbox per test file (port 0) and closes it afterwards. */
export function useSandbox(opts: SandboxOptions = {}): () => Sandbox {
	let sb: Sandbox | undefined;
	beforeAll(async () => {
		sb = await startSandbox({ quiet: true, mediaProcessingMs: 20, publishDelayMs: 20, ...opts });
	});
	afterAll(async () => {
		await sb?.close();
	});
	return () => {
		if (!sb) throw new Error('sandbox not started');
		return sb;
	};
}

export async function call<T = any>(
	sb: Sandbox,
	key: KeyName | null | string,
	method: string,
	path: string,
	body?: unknown,
	headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
	const token = key === null ? null : key in sb.keys ? sb.keys[key as KeyName] : key;
	const res = await fetch(sb.baseUrl + path, {
		method,
		headers: {
			...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
			...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
			...headers,
		},
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await res.text();
	let parsed: unknown = text;
	if (text && (res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
	return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function waitFor<T>(
	probe: () => Promise<T | undefined | false>,
	timeoutMs = 20_000,
	stepMs = 10,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined && value !== false) return value;
		if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
		await new Promise((r) => setTimeout(r, stepMs));
	}
}

/** Creates an upload, PUTs bytes, and waits for `ready`; returns the media id. */
export async function readyMedia(
	sb: Sandbox,
	setId = 101,
	fileName = 'photo.png',
	altText?: string,
): Promise<string> {
	const created = await call(sb, 'write', 'POST', `/v2/social-sets/${setId}/media/upload`, {
		file_name: fileName,
		...(altText !== undefined ? { alt_text: altText } : {}),
	});
	expect(created.status).toBe(201);
	const put = await fetch(created.body.upload_url, {
		method: 'PUT',
		body: Buffer.from('fake image bytes'),
	});
	expect(put.status).toBe(200);
	await waitFor(async () => {
		const m = await call(
			sb,
			'read',
			'GET',
			`/v2/social-sets/${setId}/media/${created.body.media_id}`,
		);
		return m.body.status === 'ready';
	});
	return created.body.media_id as string;
}

/** A minimal valid platforms object for social set 101. */
export function xPost(text = 'Hello from the sandbox'): Record<string, unknown> {
	return { x: { enabled: true, posts: [{ text }], settings: {} } };
}

export function errorCode(res: ApiResponse): string | undefined {
	return res.body?.error?.code;
}

/** A date-time `days` days from the sandbox clock, as ISO string. */
export function inDays(sb: Sandbox, days: number): string {
	return new Date(sb.clock.now().getTime() + days * 86_400_000).toISOString();
}

/** Waits until at least `marginMs` remain in the current fixed rate-limit window (windows run on real time). */
export async function awayFromWindowEdge(windowSeconds: number, marginMs = 1500): Promise<void> {
	const windowMs = windowSeconds * 1000;
	const left = windowMs - (Date.now() % windowMs);
	if (left < marginMs) await new Promise((r) => setTimeout(r, left + 10));
}
