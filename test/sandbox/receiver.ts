import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback webhook receiver for tests: records raw requests and answers with scripted statuses. */
export interface Received {
	at: number;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export interface Receiver {
	url: string;
	received: Received[];
	close(): Promise<void>;
}

export async function startReceiver(statuses: number[] = [], fallback = 200): Promise<Receiver> {
	const received: Received[] = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', (c: string) => (body += c));
		req.on('end', () => {
			received.push({ at: Date.now(), headers: req.headers, body });
			res.statusCode = statuses.shift() ?? fallback;
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
