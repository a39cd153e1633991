import * as http from 'http';
import type { AddressInfo } from 'net';

export interface ScriptedResponse {
	status?: number;
	headers?: Record<string, string>;
	/** Object bodies are sent as JSON; strings and Buffers as they are (a Buffer gets no default Content-Type). */
	body?: unknown;
	/** Destroy the socket without answering. */
	drop?: boolean;
	/** Never answer: the request stays open until the client gives up or the server stops. */
	hold?: boolean;
}

export interface ReceivedRequest {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: http.IncomingHttpHeaders;
	body: string;
	at: number;
}

type Responder = (request: ReceivedRequest) => ScriptedResponse;

/**
 * A loopback HTTP server whose answers a test scripts: a queue of responses, then a fallback.
 * It records every request it receives.
 */
export class ScriptedServer {
	readonly requests: ReceivedRequest[] = [];
	private readonly queue: Array<ScriptedResponse | Responder> = [];
	private fallback: Responder = () => ({
		status: 404,
		body: { error: { code: 'NOT_FOUND', message: 'Nothing scripted' } },
	});
	private server?: http.Server;
	baseUrl = '';

	async start(): Promise<this> {
		this.server = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const url = new URL(req.url ?? '/', 'http://localhost');
				const received: ReceivedRequest = {
					method: req.method ?? 'GET',
					path: url.pathname,
					query: url.searchParams,
					headers: req.headers,
					body: Buffer.concat(chunks).toString('utf8'),
					at: Date.now(),
				};
				this.requests.push(received);
				const next = this.queue.shift() ?? this.fallback;
				const answer = typeof next === 'function' ? next(received) : next;
				if (answer.drop) {
					req.socket.destroy();
					return;
				}
				if (answer.hold) return;
				if (Buffer.isBuffer(answer.body)) {
					res.writeHead(answer.status ?? 200, { ...answer.headers });
					res.end(answer.body);
					return;
				}
				const isText = typeof answer.body === 'string';
				const payload =
					answer.body === undefined
						? ''
						: isText
							? (answer.body as string)
							: JSON.stringify(answer.body);
				res.writeHead(answer.status ?? 200, {
					...(payload && !isText ? { 'Content-Type': 'application/json' } : {}),
					...(payload && isText ? { 'Content-Type': 'text/html' } : {}),
					...answer.headers,
				});
				res.end(payload);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
		return this;
	}

	reply(...responses: Array<ScriptedResponse | Responder>): this {
		this.queue.push(...responses);
		return this;
	}

	otherwise(responder: Responder): this {
		this.fallback = responder;
		return this;
	}

	reset(): void {
		this.requests.length = 0;
		this.queue.length = 0;
	}

	async stop(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}
}
