/**
 * What the n8n context gives each request: the credential (and the hash that stands for it), n8n's Stop signal
 * and the running poll's deadline.
 */
import { createHash } from 'crypto';
import type { INode, IPollFunctions } from 'n8n-workflow';
import { policy } from './retryPolicy';

export const CREDENTIAL_TYPE = 'socialPublishingApi';

/** A context of n8n that may run a request: it can be stopped, and names its node in errors. */
export interface CancelSource {
	getExecutionCancelSignal?: () => AbortSignal | undefined;
	getNode(): INode;
}

/** What the n8n context gives each of its requests: `credentialsOf`, `cancelSignalOf` and `pollDeadlineOf`. */
export interface Caller {
	baseUrl: string;
	/** Stands for the credential in the rate-limit memory: a hash, so the key itself is kept nowhere. */
	owner: string;
	/** n8n's Stop. */
	signal?: AbortSignal;
	/** The running poll's deadline (Unix milliseconds); undefined outside a poll. */
	deadline?: number;
}

interface Credentials {
	baseUrl: string;
	apiKey: string;
}

type CredentialSource = CancelSource & { getCredentials(type: string): Promise<unknown> };

/** What a context's credential gave: one node run, poll or list search has one credential, read once. */
const credentialsSeen = new WeakMap<object, Pick<Caller, 'baseUrl' | 'owner'>>();

/** Deadlines of running polls, by their context: a poll's waits and requests end before its budget does. */
const pollDeadlines = new WeakMap<object, number>();

export function cancelSignalOf(context: CancelSource): AbortSignal | undefined {
	return typeof context.getExecutionCancelSignal === 'function'
		? context.getExecutionCancelSignal()
		: undefined;
}

/** The credential's base URL and the hash that stands for it: read once per context. */
export async function credentialsOf(
	context: CredentialSource,
): Promise<Pick<Caller, 'baseUrl' | 'owner'>> {
	const seen = credentialsSeen.get(context);
	if (seen) return seen;
	const credentials = (await context.getCredentials(CREDENTIAL_TYPE)) as Credentials;
	const owner = createHash('sha256')
		.update(`${credentials.baseUrl}\n${credentials.apiKey}`)
		.digest('hex')
		.slice(0, 16);
	const read = { baseUrl: String(credentials.baseUrl ?? ''), owner };
	credentialsSeen.set(context, read);
	return read;
}

/** The running poll's deadline (Unix milliseconds); undefined outside a poll. */
export function pollDeadlineOf(context: object): number | undefined {
	return pollDeadlines.get(context);
}

/**
 * Starts a poll's clock. n8n gives a poll a time budget (`getPollBudgetMs`, in hosts that have it) after which
 * it abandons the poll; every request and wait of this poll then ends a margin (a tenth, at most 5 s) before
 * it. Rate-limit waits in a poll are also capped at `policy.maxPollRateLimitWaitMs`.
 */
export function startPoll(context: IPollFunctions, nowMs = Date.now()): void {
	const offered = (context as { getPollBudgetMs?: () => number }).getPollBudgetMs;
	const budget = typeof offered === 'function' ? Number(offered.call(context)) : NaN;
	const usable = Number.isFinite(budget) && budget > 0 ? budget : policy.pollBudgetFallbackMs;
	pollDeadlines.set(context, nowMs + usable - Math.min(5_000, usable / 10));
}
