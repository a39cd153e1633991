/**
 * The burst: real signed deliveries made by the sandbox, sent at once to two n8n webhook processes,
 * with exact duplicates sent to the other process than their original.
 *
 * The sandbox signs and sends every delivery itself (its webhook dispatcher: sorted compact JSON,
 * HMAC-SHA256 over timestamp + "." + body). Its dispatcher sends one delivery at a time per endpoint,
 * so it sends them to a local capture endpoint first; the burst then replays those exact bytes and
 * headers to n8n, many at a time.
 */
import { createServer, IncomingMessage, Server } from 'http';
import type { Sandbox } from '../../../sandbox';
import { waitFor } from '../../lib/processes';

export interface CapturedDelivery {
	/** The delivery headers exactly as the sandbox sent them (content type and the three X-Service- headers). */
	headers: Record<string, string>;
	body: string;
	draftId: number;
	timestamp: number;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

async function listen(server: Server): Promise<number> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const address = server.address();
	return typeof address === 'object' && address ? address.port : 0;
}

/** Publishes `count` fresh drafts in the sandbox and captures the draft.published delivery the sandbox sends for each. */
export async function captureDeliveries(
	sandbox: Sandbox,
	count: number,
	log: (line: string) => void,
): Promise<CapturedDelivery[]> {
	const captured: CapturedDelivery[] = [];
	const server = createServer((req, res) => {
		void readBody(req).then((body) => {
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(req.headers)) {
				if (typeof value === 'string' && (name === 'content-type' || name.startsWith('x-service-')))
					headers[name] = value;
			}
			const parsed = JSON.parse(body) as { data: { id: number } };
			captured.push({
				headers,
				body,
				draftId: parsed.data.id,
				timestamp: Number(headers['x-service-timestamp']),
			});
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
		});
	});
	const port = await listen(server);
	try {
		sandbox.setAccount(101, { draftLimit: 1_000_000, quotaLimit: 1_000_000 });
		sandbox.setRateLimits({
			user: { limit: 1_000_000, windowSeconds: 60 },
			socialSet: { limit: 1_000_000, windowSeconds: 60 },
		});
		sandbox.addWebhook({ url: `http://127.0.0.1:${port}/capture`, events: ['draft.published'] });
		const started = Date.now();
		let next = 0;
		const createOne = async (): Promise<void> => {
			while (next < count) {
				const i = next++;
				const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/101/drafts`, {
					method: 'POST',
					headers: {
						authorization: `Bearer ${sandbox.keys.admin}`,
						'content-type': 'application/json',
					},
					body: JSON.stringify({
						platforms: {
							x: {
								enabled: true,
								posts: [{ text: `Queue-mode burst ${i + 1} of ${count}` }],
								settings: {},
							},
							linkedin: {
								enabled: true,
								posts: [{ text: `Queue-mode burst ${i + 1} of ${count}` }],
								settings: {},
							},
						},
						publish_at: 'now',
					}),
				});
				if (res.status !== 201)
					throw new Error(
						`Creating draft ${i + 1} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
					);
				await res.arrayBuffer();
			}
		};
		await Promise.all(Array.from({ length: 8 }, createOne));
		await waitFor(
			`the sandbox to send ${count} draft.published deliveries`,
			async () => (captured.length >= count ? true : undefined),
			120_000,
			100,
		);
		log(
			`the sandbox published ${count} drafts and sent ${captured.length} signed draft.published deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
	} finally {
		await new Promise((resolve) => server.close(resolve));
	}
	const ids = new Set(captured.map((d) => d.draftId));
	if (ids.size !== captured.length)
		throw new Error(
			`expected one delivery per draft, got ${captured.length} deliveries for ${ids.size} drafts`,
		);
	return captured;
}

export type SendKind = 'original' | 'duplicate-after-ack' | 'duplicate-simultaneous';

export interface Send {
	delivery: CapturedDelivery;
	kind: SendKind;
	/** Index of the webhook process it goes to. */
	target: number;
	status?: number;
	/** What the trigger answered (for example {"received":true,"duplicate":true}). */
	answer?: string;
	error?: string;
	latencyMs?: number;
}

export interface BurstPlan {
	originals: Send[];
	duplicates: Send[];
}

/**
 * `originals` deliveries split evenly across `targets` webhook processes, and `duplicates` exact
 * copies of evenly spaced originals, each sent to the next process after its original's (or, with
 * `sameProcess`, to its original's, as a load balancer routing by the signature header would). Half
 * the duplicates go out together with their original (both in flight at once); the other half right
 * after the original was acknowledged, as a service's retry after a lost answer would.
 */
export function planBurst(
	deliveries: CapturedDelivery[],
	duplicates: number,
	targets: number,
	sameProcess = false,
): BurstPlan {
	const originals: Send[] = deliveries.map((delivery, i) => ({
		delivery,
		kind: 'original',
		target: i % targets,
	}));
	const step = Math.floor(originals.length / duplicates);
	if (step < 1)
		throw new Error(
			`${duplicates} duplicates need at least as many originals, have ${originals.length}`,
		);
	const dups: Send[] = [];
	for (let k = 0; k < duplicates; k++) {
		const original = originals[k * step];
		dups.push({
			delivery: original.delivery,
			kind: k % 2 === 0 ? 'duplicate-after-ack' : 'duplicate-simultaneous',
			target: sameProcess ? original.target : (original.target + 1) % targets,
		});
	}
	return { originals, duplicates: dups };
}

async function deliver(send: Send, urls: string[]): Promise<void> {
	const started = performance.now();
	try {
		const res = await fetch(urls[send.target], {
			method: 'POST',
			headers: send.delivery.headers,
			body: send.delivery.body,
			signal: AbortSignal.timeout(30_000),
		});
		send.answer = await res.text();
		send.status = res.status;
	} catch (error) {
		send.error = (error as Error).message;
	}
	send.latencyMs = performance.now() - started;
}

/** Sends the whole plan with at most `concurrency` deliveries in flight; resolves when every one is answered. */
export async function sendBurst(
	plan: BurstPlan,
	urls: string[],
	concurrency: number,
): Promise<{ sends: Send[]; wallMs: number }> {
	const byOriginal = new Map<Send, Send[]>();
	for (const dup of plan.duplicates) {
		const original = plan.originals.find((o) => o.delivery === dup.delivery);
		if (!original) throw new Error('a duplicate without its original');
		byOriginal.set(original, [...(byOriginal.get(original) ?? []), dup]);
	}
	const queue: Send[] = [];
	for (const original of plan.originals) {
		queue.push(original);
		for (const dup of byOriginal.get(original) ?? [])
			if (dup.kind === 'duplicate-simultaneous') queue.push(dup);
	}
	const started = performance.now();
	const sends: Send[] = [];
	await new Promise<void>((resolve) => {
		let inFlight = 0;
		const pump = (): void => {
			while (inFlight < concurrency && queue.length) {
				const send = queue.shift() as Send;
				// A simultaneous duplicate leaves together with its original, even past the concurrency limit.
				const partner =
					send.kind === 'original' &&
					queue[0]?.kind === 'duplicate-simultaneous' &&
					queue[0].delivery === send.delivery
						? (queue.shift() as Send)
						: undefined;
				for (const s of partner ? [send, partner] : [send]) {
					inFlight++;
					sends.push(s);
					void deliver(s, urls).then(() => {
						inFlight--;
						if (s.kind === 'original')
							for (const dup of byOriginal.get(s) ?? [])
								if (dup.kind === 'duplicate-after-ack') queue.unshift(dup);
						if (queue.length === 0 && inFlight === 0) resolve();
						else pump();
					});
				}
			}
		};
		pump();
	});
	return { sends, wallMs: performance.now() - started };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
