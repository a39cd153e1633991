import * as http from 'http';
import type { AddressInfo } from 'net';
import type { ScriptedResponse } from './scriptedServer';

/** One request the proxy passed on or answered itself. */
export interface ProxiedRequest {
	method: string;
	/** the path with its query */
	url: string;
	path: string;
	/** the status the node got */
	status: number;
	/** the body the node got (for a passed-on request, the sandbox's) */
	body: string;
	/** whether the proxy answered it with a swapped answer */
	swapped: boolean;
	/** passed on, its answer dropped */
	dropped?: boolean;
}

/** Which requests get another answer: a method and path, the first `times` of them (all when undefined). */
export interface Swap {
	method: string;
	path: string | RegExp;
	/** The answer given instead of the sandbox's; with `dropAfterStore`, none: the request is passed on, then its connection dropped. */
	answer?: ScriptedResponse;
	/** Pass the request on to the sandbox (a write is stored), then drop the connection: the outcome is lost. */
	dropAfterStore?: boolean;
	/** Matching requests passed on untouched before the swap starts. */
	skip?: number;
	times?: number;
}

/**
 * A loopback proxy in front of the sandbox: it passes every request on and gives back the sandbox's answer,
 * except for the requests a test swaps, which it answers itself (a malformed or oversized answer for one
 * route while the sandbox answers the rest). It records every request with the answer the node got.
 */
export class AnswerProxy {
	readonly requests: ProxiedRequest[] = [];
	private swaps: Swap[] = [];
	private server?: http.Server;
	baseUrl = '';

	constructor(private readonly target: () => string) {}

	async start(): Promise<this> {
		this.server = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				void this.handle(req, Buffer.concat(chunks), res);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
		return this;
	}

	/** Answers the matching requests with `swap.answer` from now on. */
	swap(swap: Swap): this {
		this.swaps.push({ ...swap });
		return this;
	}

	reset(): void {
		this.requests.length = 0;
		this.swaps = [];
	}

	/** Requests after the first swapped one that are not reads (a write sent on a malformed answer). */
	writesAfterSwap(): ProxiedRequest[] {
		const first = this.requests.findIndex((request) => request.swapped);
		if (first === -1) return [];
		return this.requests.slice(first + 1).filter((request) => request.method !== 'GET');
	}

	private matching(method: string, path: string): Swap | undefined {
		return this.swaps.find(
			(swap) =>
				swap.method === method &&
				(typeof swap.path === 'string' ? swap.path === path : swap.path.test(path)) &&
				(swap.times === undefined || swap.times > 0),
		);
	}

	private async handle(
		req: http.IncomingMessage,
		body: Buffer,
		res: http.ServerResponse,
	): Promise<void> {
		const method = req.method ?? 'GET';
		const url = req.url ?? '/';
		const path = new URL(url, 'http://localhost').pathname;
		let swap = this.matching(method, path);
		if (swap?.skip) {
			swap.skip--;
			swap = undefined;
		}
		if (swap?.dropAfterStore) {
			if (swap.times !== undefined) swap.times--;
			const stored = await forward(this.target(), method, url, req.headers, body).catch(
				() => undefined,
			);
			this.requests.push({
				method,
				url,
				path,
				status: stored?.status ?? 0,
				body: '',
				swapped: false,
				dropped: true,
			});
			res.socket?.destroy();
			return;
		}
		if (swap?.answer) {
			if (swap.times !== undefined) swap.times--;
			const answer = swap.answer;
			const payload =
				answer.body === undefined
					? ''
					: typeof answer.body === 'string'
						? answer.body
						: JSON.stringify(answer.body);
			this.requests.push({
				method,
				url,
				path,
				status: answer.status ?? 200,
				body: payload,
				swapped: true,
			});
			res.writeHead(answer.status ?? 200, {
				...(payload
					? { 'Content-Type': typeof answer.body === 'string' ? 'text/html' : 'application/json' }
					: {}),
				...answer.headers,
			});
			res.end(payload);
			return;
		}
		try {
			const answer = await forward(this.target(), method, url, req.headers, body);
			this.requests.push({
				method,
				url,
				path,
				status: answer.status,
				body: answer.body,
				swapped: false,
			});
			res.writeHead(answer.status, answer.headers);
			res.end(answer.body);
		} catch {
			res.socket?.destroy();
		}
	}

	async stop(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}
}

/** A proxy in front of `target` for the file or `describe` block: started before, emptied before each test, stopped after. */
export function useAnswerProxy(target: () => string): AnswerProxy {
	const proxy = new AnswerProxy(target);
	beforeAll(async () => {
		await proxy.start();
	});
	afterAll(async () => {
		await proxy.stop();
	});
	beforeEach(() => proxy.reset());
	return proxy;
}

/** One request passed on to `target` on a connection of its own (no pool: nothing stays open after a test). */
function forward(
	target: string,
	method: string,
	url: string,
	incoming: http.IncomingHttpHeaders,
	body: Buffer,
): Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: string }> {
	const headers = { ...incoming };
	delete headers.host;
	delete headers.connection;
	return new Promise((resolve, reject) => {
		const request = http.request(
			new URL(url, target),
			{ method, headers, agent: false },
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => {
					const out: http.OutgoingHttpHeaders = {};
					for (const [name, value] of Object.entries(response.headers))
						if (!['content-length', 'transfer-encoding', 'connection'].includes(name))
							out[name] = value;
					resolve({
						status: response.statusCode ?? 502,
						headers: out,
						body: Buffer.concat(chunks).toString('utf8'),
					});
				});
				response.on('error', reject);
			},
		);
		request.on('error', reject);
		request.end(body.length ? body : undefined);
	});
}

/** A path as a pattern: its numbers and ids stand for any (the targets are made anew for each run). */
export function routeOf(path: string): RegExp {
	const pattern = path
		.split('/')
		.map((part) =>
			/^\d+$/.test(part)
				? '\\d+'
				: /^[0-9a-f-]{16,}$/i.test(part)
					? '[^/]+'
					: part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
		)
		.join('/');
	return new RegExp(`^${pattern}$`);
}
