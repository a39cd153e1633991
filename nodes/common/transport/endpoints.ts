/**
 * Every path of the API, one function per path of the specification's Endpoints list, so a path is written
 * once. Ids go into the path as the callers give them (checked whole numbers or UUIDs, never encoded here).
 */
type Id = number | string;

/** `/v2/social-sets/{social_set_id}`, the stem of every path of one social set. */
const socialSetStem = (socialSetId: Id) => `/v2/social-sets/${socialSetId}`;

const draftStem = (socialSetId: Id, draftId: Id) =>
	`${socialSetStem(socialSetId)}/drafts/${draftId}`;

const threadStem = (socialSetId: Id, draftId: Id, threadId: Id) =>
	`${draftStem(socialSetId, draftId)}/comment-threads/${threadId}`;

export const endpoints = {
	/** Endpoints, Users and social sets: GET /v2/me. */
	me: () => '/v2/me',
	/** Endpoints, Users and social sets: GET /v2/social-sets. */
	socialSets: () => '/v2/social-sets',
	/** Endpoints, Users and social sets: GET /v2/social-sets/{social_set_id}/ (with the slash). */
	socialSet: (socialSetId: Id) => `${socialSetStem(socialSetId)}/`,
	/** Endpoints, Users and social sets: GET …/linkedin/organizations/resolve. */
	linkedInOrganizationResolve: (socialSetId: Id) =>
		`${socialSetStem(socialSetId)}/linkedin/organizations/resolve`,

	/** Endpoints, Drafts: GET (list) and POST (create) …/drafts. */
	drafts: (socialSetId: Id) => `${socialSetStem(socialSetId)}/drafts`,
	/** Endpoints, Drafts: GET, PATCH and DELETE …/drafts/{draft_id}. */
	draft: (socialSetId: Id, draftId: Id) => draftStem(socialSetId, draftId),

	/** Endpoints, Comment threads: GET (list) and POST (create) on the base path …/comment-threads. */
	commentThreads: (socialSetId: Id, draftId: Id) =>
		`${draftStem(socialSetId, draftId)}/comment-threads`,
	/** Endpoints, Comment threads: DELETE /{comment_thread_id}. */
	commentThread: (socialSetId: Id, draftId: Id, threadId: Id) =>
		threadStem(socialSetId, draftId, threadId),
	/** Endpoints, Comment threads: POST /{comment_thread_id}/comments. */
	threadComments: (socialSetId: Id, draftId: Id, threadId: Id) =>
		`${threadStem(socialSetId, draftId, threadId)}/comments`,
	/** Endpoints, Comment threads: PATCH and DELETE /{comment_thread_id}/comments/{comment_id}. */
	threadComment: (socialSetId: Id, draftId: Id, threadId: Id, commentId: Id) =>
		`${threadStem(socialSetId, draftId, threadId)}/comments/${commentId}`,
	/** Endpoints, Comment threads: POST /{comment_thread_id}/resolve. */
	threadResolve: (socialSetId: Id, draftId: Id, threadId: Id) =>
		`${threadStem(socialSetId, draftId, threadId)}/resolve`,

	/** Endpoints, Media: POST …/media/upload. */
	mediaUpload: (socialSetId: Id) => `${socialSetStem(socialSetId)}/media/upload`,
	/** Endpoints, Media: GET and PATCH …/media/{media_id}. */
	media: (socialSetId: Id, mediaId: Id) => `${socialSetStem(socialSetId)}/media/${mediaId}`,

	/** Endpoints, Tags: GET (list) and POST (create) …/tags. */
	tags: (socialSetId: Id) => `${socialSetStem(socialSetId)}/tags`,

	/** Endpoints, Queue: GET and PUT …/queue/schedule. */
	queueSchedule: (socialSetId: Id) => `${socialSetStem(socialSetId)}/queue/schedule`,
	/** Endpoints, Queue: GET …/queue (the queue view). */
	queue: (socialSetId: Id) => `${socialSetStem(socialSetId)}/queue`,

	/** Endpoints, Analytics: GET …/analytics/{platform}/posts. */
	analyticsPosts: (socialSetId: Id, platform: string) =>
		`${socialSetStem(socialSetId)}/analytics/${platform}/posts`,
	/** Endpoints, Analytics: GET …/analytics/{platform}/followers. */
	analyticsFollowers: (socialSetId: Id, platform: string) =>
		`${socialSetStem(socialSetId)}/analytics/${platform}/followers`,
};
