import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';

/**
 * Slack between n8n's clock and the service's: the service prints whole seconds, and two hosts'
 * clocks differ by a little even when synchronised.
 */
export const CLOCK_MARGIN_MS = 5_000;

/** Whether a service time is at or after the moment a try began (less the margin). */
export function since(value: unknown, startedAtMs: number): boolean {
	if (typeof value !== 'string') return false;
	const at = Date.parse(value);
	return Number.isFinite(at) && at >= startedAtMs - CLOCK_MARGIN_MS;
}

export function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

/** DELETE, where 404 means an earlier try already deleted it. */
export async function deleteOrGone(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string,
): Promise<void> {
	const failure = await apiRequest(context, { method: 'DELETE', path, itemIndex }).then(
		() => undefined,
		(error: unknown) => error,
	);
	if (failure !== undefined && !isNotFound(failure)) throw failure;
}
