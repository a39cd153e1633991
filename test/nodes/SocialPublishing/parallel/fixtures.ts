import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { RecordedRequest } from '../../../../sandbox';
import type { Faults } from '../../../../sandbox/http/faults';
import type { SandboxFixture } from '../../../harness/sandbox';
import { createText } from '../draft/fixtures';

/** The parameters with Request Options > Max Parallel Requests set. */
export const withParallel = (parameters: INodeParameters, max: number): INodeParameters => ({
	...parameters,
	requestOptions: { maxParallelRequests: max },
});

/** Create from each item's text and title (draft_title tells the items apart at the sandbox). */
export const createTitled = (extra: IDataObject = {}) =>
	createText('={{ $json.text }}', ['x'], {
		mediaIds: '={{ $json.media }}',
		additionalFields: { draftTitle: '={{ $json.title }}', ...extra },
	});

/** `count` items for `createTitled`, titled `${prefix}-${n}`. */
export const titled = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, n) => ({
		json: { text: `${prefix} post ${n}`, title: `${prefix}-${n}`, media: '' },
	}));

/** The item number in a request's draft_title (`prefix-n`), or -1. */
export function itemOf(request: RecordedRequest): number {
	const title = (request.body as { draft_title?: string } | undefined)?.draft_title ?? '';
	const match = /-(\d+)$/.exec(title);
	return match ? Number(match[1]) : -1;
}

export interface Arrival {
	request: RecordedRequest;
	/** Date.now() when the request reached the sandbox. */
	at: number;
	/** Date.now() when its answer was sent (undefined while in flight, or when dropped). */
	answeredAt?: number;
}

/**
 * Watches the sandbox's request log: each /v2 request from its arrival to its answer. What is in flight at
 * the sandbox is also in flight at the node (a request reaches the sandbox after the node sent it, and is
 * answered before the node reads the answer), so the most at once seen here is at most what the node had.
 */
export function watchInFlight(fx: SandboxFixture) {
	const list = fx.sandbox.requests;
	const arrivals: Arrival[] = [];
	let open = 0;
	let most = 0;
	const track = (request: RecordedRequest) => {
		if (!request.path.startsWith('/v2')) return;
		const arrival: Arrival = { request, at: Date.now() };
		arrivals.push(arrival);
		open++;
		most = Math.max(most, open);
		let status = request.status;
		Object.defineProperty(request, 'status', {
			enumerable: true,
			configurable: true,
			get: () => status,
			set: (value: number) => {
				status = value;
				if (value !== 0 && arrival.answeredAt === undefined) {
					arrival.answeredAt = Date.now();
					open--;
				}
			},
		});
	};
	const push = list.push;
	list.push = (...records: RecordedRequest[]) => {
		for (const record of records) track(record);
		return push.apply(list, records);
	};
	return {
		arrivals,
		/** The most /v2 requests in flight at once at the sandbox since the watch started (or was reset). */
		mostAtOnce: () => most,
		reset: () => {
			arrivals.length = 0;
			most = open;
		},
		stop: () => {
			list.push = push;
		},
	};
}

/**
 * Each /v2 request waits a different time (between `minMs` and `maxMs`, from a fixed sequence) before the
 * sandbox handles it, so requests sent together are handled in another order than they were sent.
 * Returns the function that puts back the sandbox's own latency.
 */
export function jitter(fx: SandboxFixture, minMs: number, maxMs: number): () => void {
	// the sandbox's Faults object: its latency read per request is replaced while the test runs
	const faults = fx.sandbox.faults as unknown as Faults;
	const own = faults.latencyFor;
	let seed = 7;
	faults.latencyFor = () => {
		seed = (seed * 48271) % 2147483647;
		return minMs + (seed % (maxMs - minMs + 1));
	};
	return () => {
		faults.latencyFor = own;
	};
}
