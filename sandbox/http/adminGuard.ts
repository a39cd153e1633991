import type http from 'node:http';
import { ApiError } from '../domain/errors';

/**
 * Who may drive the admin routes (`/__sandbox/*`), besides being a loopback client (server.ts).
 *
 * A loopback check alone lets any web page the user has open reach them: a browser sends a cross-origin
 * `text/plain` POST without asking first, and a page whose name is made to resolve to 127.0.0.1 (DNS
 * rebinding) can even read the answers. So a request must also:
 * - name the sandbox by a loopback Host (`localhost`, `127.x.x.x` or `[::1]`, with the port it listens on):
 *   a rebound page sends its own name;
 * - carry no Origin, or a loopback one (`http://localhost:3000`): a page elsewhere sends its own, and a
 *   sandboxed or file page sends `null`;
 * - when it changes something (any method but GET and HEAD), say `Content-Type: application/json`: a
 *   browser sends that type cross-origin only after a preflight, which the sandbox never answers.
 * Extension beyond the contract: the admin routes are the sandbox's own.
 */

const LOOPBACK_NAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function isLoopbackName(hostname: string): boolean {
	return LOOPBACK_NAME.test(hostname);
}

/** `localhost:4010`, `127.0.0.1:4010`, `[::1]:4010`; without a port only when the sandbox listens on 80. */
export function isLoopbackHost(host: string | undefined, port: number | undefined): boolean {
	const match = /^(localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[^\]]*\])(?::(\d{1,5}))?$/i.exec(host ?? '');
	if (!match || !isLoopbackName(match[1])) return false;
	return Number(match[2] ?? 80) === port;
}

/** `http://localhost:3000`, `https://127.0.0.1`, `http://[::1]:8080`; not `null`, not any other name. */
export function isLoopbackOrigin(origin: string): boolean {
	let url: URL;
	try {
		url = new URL(origin);
	} catch {
		return false;
	}
	return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackName(url.hostname);
}

/** The reason an admin request is refused, or undefined when it may go on. */
export function adminRequestProblem(req: http.IncomingMessage): ApiError | undefined {
	if (!isLoopbackHost(req.headers.host, req.socket.localPort))
		return new ApiError(
			403,
			'FORBIDDEN',
			'Admin routes need a loopback Host header (localhost, 127.x.x.x or [::1], with the port)',
		);
	const origin = req.headers.origin;
	if (origin !== undefined && !isLoopbackOrigin(origin))
		return new ApiError(
			403,
			'FORBIDDEN',
			'Admin routes refuse requests from a non-loopback Origin',
		);
	const method = (req.method ?? 'GET').toUpperCase();
	if (method !== 'GET' && method !== 'HEAD') {
		const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		if (type !== 'application/json')
			return new ApiError(
				415,
				'VALIDATION_ERROR',
				'Admin routes that change something need Content-Type: application/json',
			);
	}
	return undefined;
}
