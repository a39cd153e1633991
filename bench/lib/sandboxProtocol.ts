import type { FaultConfig, SandboxOptions } from '../../sandbox';

export type ChildRequest = { id: number } & (
	| { cmd: 'clear' }
	| { cmd: 'summary' }
	| { cmd: 'rateLimits'; limits: SandboxOptions['rateLimits'] }
	| { cmd: 'faults'; faults: FaultConfig }
	| { cmd: 'seedDrafts'; total: number; socialSetId?: number }
	| { cmd: 'account'; socialSetId: number; patch: Record<string, number | boolean> }
	| { cmd: 'reset' }
	| { cmd: 'memory' }
	| { cmd: 'close' }
);

export type ChildReply =
	| { id: number; ok: true; result: unknown }
	| { id: number; ok: false; error: string };

export interface RequestSummary {
	/** Requests to /v2 and to the upload host. */
	total: number;
	/** "METHOD /v2/social-sets/{id}/drafts" -> count */
	byRoute: Record<string, number>;
	statuses: Record<string, number>;
	/** GET requests (first 1000): path and query as the sandbox parsed them. */
	listQueries: Array<{ path: string; query: Record<string, string[]> }>;
	/** Value of the Connection request header -> count ("(none)" when absent). */
	connectionHeaders: Record<string, number>;
	/** Bytes the upload host accepted (successful PUTs to presigned URLs). */
	uploadedBytes: number;
	/** TCP connections accepted since the last clear or reset. */
	connections: number;
	/** When each 429 answer was sent (ms since the epoch, in order), to count them per rate-limit window. */
	throttledAt: number[];
	/** Parsed JSON body of the first request that had one. */
	firstBody?: unknown;
}

export interface ChildReady {
	baseUrl: string;
	keys: { admin: string; publish: string; write: string; read: string; outsider: string };
}
