/**
 * The service's limits, in one place: the API specification's "Limits" table and the limits its other sections
 * state (Platform configuration, Rules on platform content). Every check and every paged read takes its figure
 * from here. The node's own bounds, which the user can set (downloads of Media URLs: mediaUpload/downloadLimits.ts;
 * post lengths and media per platform, which the specification does not show: actions/draft/content/platformLimits.ts),
 * live where they are read.
 */

/** Page size: default 10, min 1, max 50 (social sets, drafts, tags, comment threads). */
export const PAGE_SIZE_MAX = 50;

/** Analytics posts page size: default 25, max 100. */
export const ANALYTICS_PAGE_SIZE_MAX = 100;

/** Analytics date range: larger than 366 days rejected (both analytics endpoints). */
export const ANALYTICS_MAX_DAYS = 366;

/** Queue date range: larger than 62 days rejected (GET queue; also Validate Only's look at the queue). */
export const QUEUE_MAX_DAYS = 62;

/** A draft: up to 10 tags, a title of at most 512 characters (Limits), one LinkedIn post (Platform configuration). */
export const DRAFT_LIMITS = {
	maxTags: 10,
	maxTitleLength: 512,
	maxLinkedInPosts: 1,
} as const;

/** Tag name: 1 to 32 characters (create tag; also the tags Draft Create and Update name). */
export const TAG_NAME_MAX = 32;

/** file_name: at most 255 characters (create media upload). */
export const FILE_NAME_MAX = 255;

/** Comment text: 1 to 10000 characters. */
export const COMMENT_TEXT_MAX = 10_000;

/** Comment selected_text: 1 to 50000 characters (create thread). */
export const SELECTED_TEXT_MAX = 50_000;

/** occurrence: 0 to 10000 (create thread). */
export const OCCURRENCE_MAX = 10_000;
