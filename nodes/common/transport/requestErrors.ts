/** The errors a request ends with when the retry policy stops it: texts of rate limits, connections, polls, Stop. */
import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { CancelSource } from './caller';
import { echo } from '../text/echo';
import { serviceApiError } from './errors';
import type { Stop } from './retryPolicy';
import { cancelled } from './wait';

/** What an error of a stopped request says about the request. */
export interface StoppedRequest {
	method: string;
	itemIndex?: number;
	/** Longest total rate-limit wait of the request. */
	capMs: number;
	poll: boolean;
	/** The credential's key and webhook secret, removed from every text copied into the error. */
	secrets?: readonly string[];
}

const minutes = (ms: number) =>
	ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;

type RateLimited = Extract<Stop, { stop: 'rateLimited' }>;

function rateLimitError(node: INode, limited: RateLimited, request: StoppedRequest): NodeApiError {
	const { itemIndex } = request;
	const which = limited.resource
		? `the social set limit for ${echo(limited.resource, 80, request.secrets)}`
		: 'the per-user limit';
	const retryAt = limited.resetAtMs ? new Date(limited.resetAtMs).toISOString() : undefined;
	const bound = `The node waits at most ${minutes(request.capMs)} for a rate limit${request.poll ? ' in a poll; the next poll tries again' : ''}.`;
	if (limited.body !== undefined) {
		const error = serviceApiError(node, 429, limited.body, itemIndex, request.secrets);
		const when = retryAt ? ` It resets at ${retryAt}: retry after that.` : '';
		error.description = `Rate limit reached: ${which}.${when} ${bound}${error.description ? `\n${error.description}` : ''}`;
		return error;
	}
	const message = `rate limit reached (${which}); retry after ${retryAt ?? 'a while'}`;
	const service = { code: 'RATE_LIMITED', message, details: [] };
	const error = new NodeApiError(node, service, {
		message: `RATE_LIMITED: ${message}`,
		description: `An earlier answer of the service said the limit is used up until ${retryAt ?? 'later'}, so no request was sent. ${bound}`,
		httpCode: '429',
		itemIndex,
	});
	error.context.service = service;
	return error;
}

export function pollBudgetError(node: INode, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(
		node,
		'The poll ran out of the time n8n gives it before its requests were done',
		{
			itemIndex,
			description:
				'Nothing was emitted and the trigger state was left as it was: the next poll reads the same changes again.',
		},
	);
}

/** A thrown error's message, echoed short: without the credential's secrets and credential-like pairs (redact.ts). */
function safeMessage(error: unknown, secrets?: readonly string[]): string {
	return echo(error instanceof Error ? error.message : String(error), undefined, secrets);
}

/** The error a request ends with, for the reason the retry policy gave (retryPolicy.ts). */
export function stopError(
	context: CancelSource,
	stop: Stop,
	request: StoppedRequest,
): NodeApiError | NodeOperationError {
	const { itemIndex } = request;
	switch (stop.stop) {
		case 'cancelled':
			return cancelled(context, itemIndex, 'during a request to the Social Publishing service');
		case 'pollBudget':
			return pollBudgetError(context.getNode(), itemIndex);
		case 'failed':
			return new NodeOperationError(
				context.getNode(),
				`Request to the Social Publishing service failed: ${safeMessage(stop.error, request.secrets)}`,
				{ itemIndex },
			);
		case 'connection':
			return new NodeApiError(
				context.getNode(),
				{ code: stop.code, message: `Connection problem: ${stop.code}` },
				{
					message: `Connection to the Social Publishing service failed (${stop.code})`,
					description: stop.idempotent
						? `Tried ${stop.tries} times.`
						: `${request.method} requests are not sent again after a dropped connection: the service may have acted on it. Check before running again.`,
					itemIndex,
				},
			);
		case 'rateLimited':
			return rateLimitError(context.getNode(), stop, request);
		case 'service':
			return serviceApiError(context.getNode(), stop.status, stop.body, itemIndex, request.secrets);
	}
}

/**
 * A 2xx answer that is not JSON (an HTML page, JSON cut short, a bare value): the API answers every request with a
 * JSON object or no content, so it is no answer of the service the node can pass on or decide from. The error names
 * the request and quotes the answer's start, bounded and without the credential's secrets.
 */
export function notJsonAnswer(
	node: INode,
	request: { method: string; path: string; itemIndex?: number },
	status: number,
	body: unknown,
	secrets: readonly string[],
): NodeOperationError {
	const what =
		typeof body === 'string'
			? `the answer is not JSON: ${JSON.stringify(echo(body, 60, secrets))}`
			: `the answer is ${typeof body} ${echo(body, 60, secrets)}, not an object`;
	return new NodeOperationError(
		node,
		`The service's answer to ${request.method} ${echo(request.path, 200, secrets)} could not be read: expected a JSON object (status ${status}); ${what}`,
		{
			itemIndex: request.itemIndex,
			description:
				'The API answers in JSON, so a proxy or gateway before the service may have answered instead. Nothing is put out from this answer. A write may still have been made: read its target before sending it again.',
		},
	);
}
