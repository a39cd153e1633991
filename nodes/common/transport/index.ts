/**
 * The transport: every request of the nodes goes through `apiRequest`. Its rooms:
 * request.ts (the request loop), retryPolicy.ts (after a failed try: wait or stop), requestErrors.ts (the
 * errors a stopped request ends with), caller.ts (credential, Stop signal, poll deadline), paging.ts (Return
 * All), rateLimit.ts (the service's counters), errors.ts (service errors), url.ts, wait.ts, writeWatch.ts,
 * upload.ts and download.ts (presigned PUT and public downloads), endpoints.ts.
 */
export { CREDENTIAL_TYPE, startPoll } from './caller';
export { apiRequestAllItems } from './paging';
export type { Page } from './paging';
export { rateLimitMemory } from './rateLimit';
export { apiRequest } from './request';
export type { ApiContext, ApiRequest } from './request';
export { policy } from './retryPolicy';
