import type { Runtime } from '../domain/runtime';
import type { ApiKeyRecord, UserRecord } from '../domain/store';

export interface RouteContext {
	rt: Runtime;
	method: string;
	/** absolute request URL, built from the Host header */
	url: URL;
	/** path split on "/", empty segments removed (so a trailing slash does not matter) */
	segments: string[];
	query: URLSearchParams;
	/** parsed JSON body; undefined when the request had none */
	body: unknown;
	user: UserRecord;
	apiKey: ApiKeyRecord;
	/** counts one request against the social set's `drafts.create` bucket; throws 429 when exceeded */
	takeSocialSetBucket(socialSetId: number): void;
}

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export const json = (status: number, body: unknown): Reply => ({ status, body });
