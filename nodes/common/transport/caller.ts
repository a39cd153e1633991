/**
 * What the n8n context gives each request: the credential (and the hash that stands for it), n8n's Stop signal
 * and the running poll's deadline.
 */
import { createHash } from 'crypto';
import type { INode, IPollFunctions } from 'n8n-workflow';
import { runOf } from '../run';
import { policy } from './retryPolicy';
import { normalizeBaseUrl } from './url';

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
	/** Stands for the service (the base URL, normalized) in the rate-limit memory: a social set's bucket is the service's. */
	service: string;
	/** n8n's Stop. */
	signal?: AbortSignal;
	/** The running poll's deadline (Unix milliseconds); undefined outside a poll. */
	deadline?: number;
	/**
	 * The credential's key and webhook secret: removed from every text copied into an error (redact.ts). Kept with
	 * the context only, as n8n keeps the credential.
	 */
	secrets: readonly string[];
}

interface Credentials {
	baseUrl: string;
	apiKey: string;
	webhookSecret?: string;
}

/** What `credentialsOf` reads. */
type CredentialsRead = Pick<Caller, 'baseUrl' | 'owner' | 'service' | 'secrets'>;

export type CredentialSource = CancelSource & { getCredentials(type: string): Promise<unknown> };

/** What a context's credential gave: one node run, poll or list search has one credential, read once. */
const credentialsSeen = new WeakMap<object, CredentialsRead>();

/** Deadlines of running polls, by their context: a poll's waits and requests end before its budget does. */
const pollDeadlines = new WeakMap<object, number>();

export function cancelSignalOf(context: CancelSource): AbortSignal | undefined {
	return typeof context.getExecutionCancelSignal === 'function'
		? context.getExecutionCancelSignal()
		: undefined;
}

/** The credential's base URL, the hash that stands for it and its secrets: read once per context. */
export async function credentialsOf(context: CredentialSource): Promise<CredentialsRead> {
	const seen = credentialsSeen.get(runOf(context));
	if (seen) return seen;
	const credentials = (await context.getCredentials(CREDENTIAL_TYPE)) as Credentials;
	const owner = createHash('sha256')
		.update(`${credentials.baseUrl}\n${credentials.apiKey}`)
		.digest('hex')
		.slice(0, 16);
	const secrets = [credentials.apiKey, credentials.webhookSecret].filter(
		(secret): secret is string => typeof secret === 'string' && secret !== '',
	);
	const baseUrl = String(credentials.baseUrl ?? '');
	const service = createHash('sha256')
		.update(normalizeBaseUrl(baseUrl).toLowerCase())
		.digest('hex')
		.slice(0, 16);
	const read = { baseUrl, owner, service, secrets };
	credentialsSeen.set(runOf(context), read);
	return read;
}

/**
 * The credential's secrets, for an error's texts: read from the context when it has a credential, none when it
 * cannot be read (the error is still made, with the pairs redacted).
 */
export async function secretsOf(context: object): Promise<readonly string[]> {
	const source = context as Partial<CredentialSource>;
	if (typeof source.getCredentials !== 'function') return [];
	try {
		return (await credentialsOf(source as CredentialSource)).secrets;
	} catch {
		return [];
	}
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
