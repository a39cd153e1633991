/**
 * The sandbox in its own process, so the benchmark process's CPU time and memory are the node's
 * (and the raw client's) alone. Driven over the IPC channel by `sandboxProcess.ts`.
 */
import http from 'http';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { ChildReply, ChildRequest, RequestSummary } from './sandboxProtocol';

const PERSONAL_SET = 101;
/** TCP connections the sandbox accepted since the last `clear`. */
let connections = 0;
/** When each 429 answer since the last `clear` was sent (ms since the epoch). */
let throttledAt: number[] = [];
const SEED_CONCURRENCY = 16;

/** Creates drafts through the sandbox's own HTTP API until the social set holds exactly `total`. */
async function seedDrafts(sandbox: Sandbox, total: number, socialSetId: number): Promise<number> {
	sandbox.setAccount(socialSetId, { draftLimit: 10_000_000, paused: false });
	const url = `${sandbox.baseUrl}/v2/social-sets/${socialSetId}/drafts`;
	const headers = {
		Authorization: `Bearer ${sandbox.keys.admin}`,
		'Content-Type': 'application/json',
	};
	const existing = (await (await fetch(`${url}?limit=1`, { headers })).json()) as {
		count?: number;
	};
	if (typeof existing.count !== 'number') throw new Error('The draft list has no count');
	if (existing.count > total)
		throw new Error(`The social set already holds ${existing.count} drafts, more than ${total}`);
	const count = total - existing.count;
	let next = 0;
	let failed = 0;
	const worker = async (): Promise<void> => {
		while (next < count) {
			const n = next++;
			const body = JSON.stringify({
				platforms: { x: { enabled: true, posts: [{ text: `Seeded draft ${n}` }], settings: {} } },
			});
			const response = await fetch(url, { method: 'POST', headers, body });
			await response.arrayBuffer();
			if (response.status !== 201) failed++;
		}
	};
	await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
	if (failed > 0) throw new Error(`${failed} of ${count} seed drafts were refused`);
	sandbox.clearRequests();
	connections = 0;
	return total;
}

function summarize(sandbox: Sandbox): RequestSummary {
	const api = sandbox.requests.filter(
		(r) => r.path.startsWith('/v2') || r.path.startsWith('/__storage/'),
	);
	const byRoute: Record<string, number> = {};
	const statuses: Record<string, number> = {};
	for (const r of api) {
		const route = `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, '/{id}').replace(/\/[0-9a-f-]{36}(?=\/|$)/gi, '/{uuid}')}`;
		byRoute[route] = (byRoute[route] ?? 0) + 1;
		statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
	}
	const listQueries = api
		.filter((r) => r.method === 'GET')
		.slice(0, 1000)
		.map((r) => ({ path: r.path, query: r.query }));
	const connectionHeaders: Record<string, number> = {};
	for (const r of api) {
		const value = r.headers.connection ?? '(none)';
		connectionHeaders[value] = (connectionHeaders[value] ?? 0) + 1;
	}
	const firstBody = api.find(
		(r) =>
			r.body !== undefined &&
			!(typeof r.body === 'object' && r.body !== null && 'rawLength' in r.body),
	)?.body;
	let uploadedBytes = 0;
	for (const r of api) {
		if (!r.path.startsWith('/__storage/') || r.status !== 200) continue;
		const length = (r.body as { rawLength?: unknown } | undefined)?.rawLength;
		if (typeof length === 'number') uploadedBytes += length;
	}
	return {
		total: api.length,
		byRoute,
		statuses,
		listQueries,
		connectionHeaders,
		connections,
		throttledAt,
		uploadedBytes,
		firstBody,
	};
}

async function handle(sandbox: Sandbox, request: ChildRequest): Promise<unknown> {
	switch (request.cmd) {
		case 'clear':
			sandbox.clearRequests();
			connections = 0;
			throttledAt = [];
			return null;
		case 'summary':
			return summarize(sandbox);
		case 'rateLimits':
			sandbox.setRateLimits(request.limits);
			return null;
		case 'faults':
			sandbox.faults.set(request.faults);
			return null;
		case 'seedDrafts':
			return await seedDrafts(sandbox, request.total, request.socialSetId ?? PERSONAL_SET);
		case 'account':
			return sandbox.setAccount(request.socialSetId, request.patch);
		case 'reset':
			await sandbox.reset();
			connections = 0;
			throttledAt = [];
			return null;
		case 'memory':
			return process.memoryUsage().rss;
		case 'close':
			await sandbox.close();
			setImmediate(() => process.exit(0));
			return null;
	}
}

/**
 * The sandbox's server announces `Keep-Alive: timeout=1`; Node's clients (fetch and http.Agent) keep a
 * 1 s safety margin and so never reuse such a connection. A real service keeps connections longer, and
 * the raw baseline should get the keep-alive a plain client gets there: the server's timeout is set to
 * `keepAliveMs` (Node's own default, 5 s, unless told otherwise).
 */
async function startWithKeepAlive(options: SandboxOptions, keepAliveMs: number): Promise<Sandbox> {
	const servers: http.Server[] = [];
	const original = http.createServer;
	http.createServer = ((...args: Parameters<typeof original>) => {
		const server = original(...args);
		servers.push(server);
		return server;
	}) as typeof original;
	try {
		const sandbox = await startSandbox({ port: 0, quiet: true, ...options });
		for (const server of servers) {
			server.keepAliveTimeout = keepAliveMs;
			server.on('connection', () => connections++);
			server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) =>
				res.once('finish', () => {
					if (res.statusCode === 429) throttledAt.push(Date.now());
				}),
			);
		}
		return sandbox;
	} finally {
		http.createServer = original;
	}
}

async function main(): Promise<void> {
	const { keepAliveMs, ...options } = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions & {
		keepAliveMs?: number;
	};
	const sandbox = await startWithKeepAlive(options, keepAliveMs ?? 5000);
	const send = (reply: ChildReply): void => {
		process.send?.(reply);
	};
	process.on('message', (message: ChildRequest) => {
		handle(sandbox, message).then(
			(result) => send({ id: message.id, ok: true, result }),
			(error: Error) => send({ id: message.id, ok: false, error: error.message }),
		);
	});
	process.on('disconnect', () => {
		void sandbox.close().finally(() => process.exit(0));
	});
	send({ id: 0, ok: true, result: { baseUrl: sandbox.baseUrl, keys: sandbox.keys } });
}

main().catch((error: Error) => {
	console.error(`sandbox child failed: ${error.message}`);
	process.exit(1);
});
