/**
 * The transport's face: callers outside transport/ import from here and from endpoints.ts only (the layout test
 * holds this). Its rooms: request.ts (the request loop), retryPolicy.ts (after a failed try: wait or stop),
 * requestErrors.ts (the errors a stopped request ends with), caller.ts (credential, Stop signal, poll deadline),
 * paging.ts (Return All), rateLimit.ts (the service's counters), budget.ts (what is known of them, read only), errors.ts (service errors), url.ts, wait.ts,
 * writeWatch.ts, endpoints.ts; and the Files, which never reach the request loop and its key: upload.ts (the
 * presigned PUT) and download.ts (public downloads, bounded by downloadGuard.ts).
 */
export { CREDENTIAL_TYPE, cancelSignalOf, secretsOf, startPoll } from './caller';
export { closeDownload, openDownload } from './download';
export type { OpenDownload } from './download';
export { downloadDeadline } from './downloadGuard';
export type { DownloadLimits } from './downloadGuard';
export {
	DRAFT_STATUSES,
	draftShape,
	mediaUploadShape,
	pageShape,
	queueScheduleShape,
	queueViewShape,
	readAnswer,
} from './answer';
export type { AnswerShape } from './answer';
export { withoutSecretsInError, withoutSecretsOut } from './secretsOut';
export { apiRequestAllItems } from './paging';
export type { Page } from './paging';
export { knownRateLimits } from './buckets';
export { rateLimitMemory } from './rateLimit';
export { apiRequest } from './request';
export type { ApiContext, ApiRequest } from './request';
export { policy } from './retryPolicy';
export { putToUploadUrl } from './upload';
export type { UploadBody } from './upload';
export { idProblem } from './url';
export type { Query } from './url';
export { cancelled, waitOrCancel } from './wait';
export { watchWrites } from './writeWatch';
export type { WriteWatch } from './writeWatch';
export { takesSlot, watchLane } from './lane';
export type { Lane } from './lane';
export type { RateLimitHeaders } from './rateLimit';
