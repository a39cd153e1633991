/** The request loop: prepares one request, tries it, and asks the retry policy what a failed try leads to. */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE, cancelSignalOf, credentialsOf, pollDeadlineOf } from './caller';
import type { Lane } from './lane';
import { laneOf, takesSlot } from './lane';
import { bucketScope } from './buckets';
import type { BucketScope } from './rateLimit';
import { rateLimitMemory } from './rateLimit';
import { notJsonAnswer, pollBudgetError, stopError } from './requestErrors';
import type { Failure, Tries } from './retryPolicy';
import { NO_TRIES, afterFailure, policy } from './retryPolicy';
import type { Query } from './url';
import { buildUrl } from './url';
import { cancelled, waitOrCancel } from './wait';
import { writeNoteFor } from './writeWatch';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path under the base URL, one of `endpoints` (endpoints.ts). */
	path: string;
	qs?: Query;
	body?: IDataObject;
	itemIndex?: number;
}

/** One request, ready to be tried: what every try sends and what bounds it. */
interface Prepared {
	request: ApiRequest;
	method: IHttpRequestMethods;
	options: IHttpRequestOptions;
	scope: BucketScope;
	signal?: AbortSignal;
	deadline?: number;
	/** Notes each answer in the log of the item whose write this is (writeWatch.ts). */
	noteWrite?: (status: number | undefined) => void;
	/** The credential's secrets, removed from the texts of its errors. */
	secrets: readonly string[];
	/** The lane of the item, when the router runs items in flight together (lane.ts). */
	lane?: Lane;
}

/**
 * The one way to the network. Joins base URL and path, authenticates with the credential,
 * waits out exhausted rate-limit buckets (a bounded time), retries what is safe to retry, and maps
 * service errors. Stopping the execution ends a request in flight and any wait.
 * What a failed try leads to (wait and try again, or which error) is decided in retryPolicy.ts.
 */
export async function apiRequest<T = IDataObject>(
	context: ApiContext,
	request: ApiRequest,
): Promise<T> {
	const prepared = await prepare(context, request);
	const { lane } = prepared;
	// A write that takes the next free slot goes after those of the items before it, retries included.
	if (lane && takesSlot(prepared.method, request.body))
		return await lane.inOrder(async () => await tryUntilDone<T>(context, prepared));
	return await tryUntilDone<T>(context, prepared);
}

/** Tries a prepared request until it is answered with a 2xx, or the retry policy stops it. */
async function tryUntilDone<T>(context: ApiContext, prepared: Prepared): Promise<T> {
	const { request } = prepared;
	const poll = prepared.deadline !== undefined;
	const capMs = poll ? policy.maxPollRateLimitWaitMs : policy.maxRateLimitWaitMs;
	let tries: Tries = NO_TRIES;
	const waitOrStop = async (failure: Failure) => {
		const bounds = { method: prepared.method, capMs, deadline: prepared.deadline };
		const decision = afterFailure(failure, tries, { ...bounds, nowMs: Date.now() });
		if ('stop' in decision) {
			const { method, secrets } = prepared;
			const about = { method, itemIndex: request.itemIndex, capMs, poll, secrets };
			throw stopError(context, decision, about);
		}
		tries = decision.tries;
		await waitOrCancel(context, decision.waitMs, request.itemIndex);
	};
	for (;;) {
		// looked at again after each wait: a wait for an answer of an unknown window may end with the window
		// still unknown, and requests woken together at a reset go no more than its Limit at once
		for (
			let blocked = rateLimitMemory.blockingFor(prepared.scope, Date.now());
			blocked;
			blocked = rateLimitMemory.blockingFor(prepared.scope, Date.now())
		) {
			const waited = waitOrStop({ blocked });
			// held for an answer: the next one ends the wait
			if (blocked.awaitingAnswer) await Promise.race([rateLimitMemory.nextAnswer(), waited]);
			else await waited;
		}
		const outcome = await tryOnce(context, prepared);
		if ('answer' in outcome) return outcome.answer as T;
		await waitOrStop(outcome.failure);
	}
}

async function prepare(context: ApiContext, request: ApiRequest): Promise<Prepared> {
	const method = request.method.toUpperCase() as IHttpRequestMethods;
	// Retry On Fail's memory watches what each item's writes came to: the item's log now
	const noteWrite = writeNoteFor(context, method);
	const caller = await credentialsOf(context);
	const { baseUrl, secrets } = caller;
	const signal = cancelSignalOf(context);
	const deadline = pollDeadlineOf(context);
	const options: IHttpRequestOptions = {
		method,
		url: buildUrl(baseUrl, request.path, request.qs),
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: policy.requestTimeoutMs,
		// The API never redirects; without the redirect layer each request costs less CPU.
		disableFollowRedirect: true,
		headers: { Accept: 'application/json' },
	};
	if (signal) options.abortSignal = signal;
	if (request.body !== undefined) options.body = request.body;
	const scope = bucketScope(caller, method, request.path);
	const lane = laneOf(context);
	return { request, method, options, scope, signal, deadline, noteWrite, secrets, lane };
}

/** Sends the request once: its answer's body after a 2xx, else what went wrong. */
async function tryOnce(
	context: ApiContext,
	prepared: Prepared,
): Promise<{ answer: unknown } | { failure: Failure }> {
	const { request, options, signal, deadline } = prepared;
	if (signal?.aborted) throw cancelled(context, request.itemIndex, 'before a request was sent');
	if (deadline !== undefined) {
		const left = deadline - Date.now();
		if (left <= 0) throw pollBudgetError(context.getNode(), request.itemIndex);
		options.timeout = Math.min(policy.requestTimeoutMs, left);
	}
	let response: IN8nHttpFullResponse;
	// counted against the known budget while in flight; given back when answered, kept as spent for the
	// window when no answer came (the service may have counted it)
	const taken = rateLimitMemory.take(prepared.scope, Date.now());
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		rateLimitMemory.lose(taken);
		prepared.noteWrite?.(undefined);
		prepared.lane?.answered(undefined, {});
		return { failure: { thrown: error, cancelled: signal?.aborted === true } };
	}
	prepared.noteWrite?.(Number(response?.statusCode ?? 0));
	const headers = (response.headers ?? {}) as Record<string, string>;
	const status = response.statusCode;
	// the buckets this request counts against, as its answer left them (a read's: the user bucket only)
	const limits = rateLimitMemory.rememberAnswer(prepared.scope, headers, Date.now(), taken, status);
	prepared.lane?.answered(status, limits);
	if (status >= 200 && status < 300) {
		const empty = status === 204 || response.body === '' || response.body === undefined;
		if (empty) return { answer: {} };
		// a page or a bare value with 2xx is no item and no answer to decide from (an object or a list is read on)
		if (typeof response.body !== 'object')
			throw notJsonAnswer(
				context.getNode(),
				{ ...prepared.request, method: prepared.method },
				status,
				response.body,
				prepared.secrets,
			);
		return { answer: response.body };
	}
	return { failure: { status, limits, body: response.body } };
}
