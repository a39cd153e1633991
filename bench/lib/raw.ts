/**
 * The physical floor: the same HTTP calls the node makes, written by hand.
 * `fetchJson` uses Node's global fetch (undici, keep-alive: one connection is reused): the baseline.
 * `fetchCloseJson` is the same with `Connection: close`, a new TCP connection per request, which is
 * what n8n's HTTP helper does: the pair shows what keep-alive is worth.
 * `closeJson` uses bare node:http with `Connection: close` and no agent: the leanest client there is.
 */
import http from 'http';

export interface RawRequest {
	method: string;
	url: string;
	apiKey?: string;
	body?: unknown;
}

export interface RawResponse {
	status: number;
	headers: Record<string, string>;
	json: unknown;
}

function headersFor(request: RawRequest): Record<string, string> {
	const headers: Record<string, string> = { Accept: 'application/json' };
	if (request.apiKey) headers.Authorization = `Bearer ${request.apiKey}`;
	if (request.body !== undefined) headers['Content-Type'] = 'application/json';
	return headers;
}

function parse(text: string): unknown {
	return text ? (JSON.parse(text) as unknown) : undefined;
}

async function fetchWith(
	request: RawRequest,
	extraHeaders: Record<string, string>,
): Promise<RawResponse> {
	const response = await fetch(request.url, {
		method: request.method,
		headers: { ...headersFor(request), ...extraHeaders },
		body: request.body === undefined ? undefined : JSON.stringify(request.body),
	});
	const text = await response.text();
	return {
		status: response.status,
		headers: Object.fromEntries(response.headers),
		json: parse(text),
	};
}

/** Global fetch; the connection is kept alive and reused. */
export function fetchJson(request: RawRequest): Promise<RawResponse> {
	return fetchWith(request, {});
}

/** Global fetch with `Connection: close`: a new TCP connection per request, like n8n's HTTP helper. */
export function fetchCloseJson(request: RawRequest): Promise<RawResponse> {
	return fetchWith(request, { Connection: 'close' });
}

export function closeJson(request: RawRequest): Promise<RawResponse> {
	const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
	const headers: Record<string, string> = { ...headersFor(request), Connection: 'close' };
	if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
	return new Promise((resolve, reject) => {
		const req = http.request(
			request.url,
			{ method: request.method, headers, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const flat: Record<string, string> = {};
					for (const [name, value] of Object.entries(res.headers)) {
						if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
					}
					resolve({
						status: res.statusCode ?? 0,
						headers: flat,
						json: parse(Buffer.concat(chunks).toString('utf8')),
					});
				});
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(payload);
	});
}

export type RawClient = (request: RawRequest) => Promise<RawResponse>;

export function expectStatus(response: RawResponse, wanted: number, what: string): void {
	if (response.status !== wanted) {
		throw new Error(
			`${what}: expected HTTP ${wanted}, got ${response.status} ${JSON.stringify(response.json).slice(0, 200)}`,
		);
	}
}

/**
 * n8n's own HTTP helper without the engine or the node: the call `this.helpers.httpRequest` makes
 * (n8n-core hands the options to OutboundHttp from @n8n/backend-network), with the options the
 * node's transport passes. The difference to `fetchCloseJson` is n8n's client (axios, a new agent
 * per request, redirect following); the difference to the node is the engine, credential
 * resolution and the node's own code.
 */
export async function n8nHelperJson(request: RawRequest): Promise<RawResponse> {
	const { Container } = await import('@n8n/di');
	const { OutboundHttp } = await import('@n8n/backend-network');
	const response = (await Container.get(OutboundHttp)
		.requests()
		.request({
			method: request.method as 'POST',
			url: request.url,
			json: true,
			body: request.body as object,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 60_000,
			// As the node's transport passes it: the API never redirects.
			disableFollowRedirect: true,
			headers: headersFor(request),
		})) as { statusCode: number; headers: Record<string, string>; body: unknown };
	return { status: response.statusCode, headers: response.headers, json: response.body };
}
