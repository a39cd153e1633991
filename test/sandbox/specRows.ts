/**
 * Map of the API specification's rows to the sandbox tests that walk them.
 * `specRows.test.ts` checks every listed test name exists in test/sandbox/*.test.ts,
 * so a missing row or a renamed test is visible (test/SPEC-MAP.md maps the same tables to sandbox and node
 * tests together). The comment-thread engineer adds
 * the comment-thread and marker rows under their own sections.
 */

export interface SpecRow {
	/** spec section: Endpoints, States and transitions, Errors, Limits, Events, ... */
	section: string;
	/** the row as the spec words it */
	row: string;
	/** titles of the `it(...)` tests that check the row */
	tests: string[];
}

export const SPEC_ROWS: SpecRow[] = [
	{
		section: 'Endpoints',
		row: 'GET /v2/me',
		tests: [
			'Endpoints GET /v2/me: 200 User for any valid key',
			'Authentication: missing key is 401 UNAUTHORIZED',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets',
		tests: [
			'Endpoints GET /v2/social-sets: lists only accessible sets in the paged envelope',
			'Endpoints GET /v2/social-sets: 401 without a key',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/',
		tests: [
			'Endpoints GET /v2/social-sets/{id}/: detail with platforms and publishing_quota, trailing slash optional',
			'Endpoints GET /v2/social-sets/{id}/: 403 FORBIDDEN without access, 404 NOT_FOUND when missing',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/linkedin/organizations/resolve',
		tests: [
			'Endpoints GET linkedin/organizations/resolve: company and school URLs resolve deterministically',
			'Endpoints GET linkedin/organizations/resolve: 400 VALIDATION_ERROR for other URLs or a missing URL',
			'Endpoints GET linkedin/organizations/resolve: 503 SERVICE_UNAVAILABLE (vanity sandbox-unavailable or fault)',
			'Endpoints GET linkedin/organizations/resolve: 403 and 404 on the social set',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/drafts',
		tests: [
			'Endpoints GET drafts: paged Draft summaries, default order -updated_at',
			'Endpoints GET drafts: status filter',
			'Endpoints GET drafts: tag filter (repeated tag parameter, any of the tags)',
			'Endpoints GET drafts: order_by scheduled_date ascending and descending, nulls last',
			'Endpoints GET drafts: 422 for unknown status or order_by values',
			'Endpoints GET drafts: 403 without access, 404 unknown set',
		],
	},
	{
		section: 'Endpoints',
		row: 'POST /v2/social-sets/{social_set_id}/drafts',
		tests: [
			'Endpoints POST drafts: 201 Draft detail with every documented field',
			'Endpoints POST drafts: 403 FORBIDDEN without access, 403 INSUFFICIENT_ACCESS_LEVEL for READ, 404 unknown set',
			'Endpoints POST drafts publish_at=next-free-slot: takes the next free queue slot in the set time zone',
			'Errors 402 MONETIZATION_ERROR: paused account cannot create or edit drafts',
			'Errors 422 VALIDATION_ERROR: wrong types name the field path',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/drafts/{draft_id}',
		tests: [
			'Endpoints GET draft: 200 detail; 404 for unknown or other-set ids; 403 without access',
			'Endpoints GET draft: preview never shows markers; exclude_comment_markers must be a boolean (422)',
			'Endpoints GET/PATCH exclude_comment_markers=true: the render hook strips markers, storage keeps them',
		],
	},
	{
		section: 'Endpoints',
		row: 'PATCH /v2/social-sets/{social_set_id}/drafts/{draft_id}',
		tests: [
			'Endpoints PATCH draft: partial update keeps omitted fields and unsupplied platforms',
			'Endpoints PATCH draft: 403 for READ, 404 unknown draft, 422 schema failure',
			'Endpoints PATCH draft: publish_at=now answers publish_state in_progress; poll until finished',
			'Endpoints PATCH marker rules: the validation hook runs before platform text changes and can reject',
			'Endpoints PATCH force_overwrite_comments: threads returned by the hook are handed to resolveThreads after the update',
			'States published PATCH: any edit is 400 VALIDATION_ERROR and the draft is unchanged',
		],
	},
	{
		section: 'Endpoints',
		row: 'DELETE /v2/social-sets/{social_set_id}/drafts/{draft_id}',
		tests: [
			'Endpoints DELETE draft: 204 no body; 404 unknown; 403 READ',
			'Endpoints DELETE draft: the onDraftDeleted hook hears about deletions',
		],
	},
	{
		section: 'Endpoints',
		row: 'POST /v2/social-sets/{social_set_id}/media/upload',
		tests: [
			'Endpoints POST media/upload: 201 with media_id and a presigned upload_url served by the sandbox',
			'Endpoints POST media/upload: 403 for READ, 403 without access, 404 unknown set',
			'Limits file_name: max 255 characters and the documented pattern (422)',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/media/{media_id}',
		tests: [
			'Media upload flow: a plain PUT of raw bytes answers 200 and the media moves processing -> ready',
			'Endpoints GET media: 404 for unknown ids and media of another set; 403 without access',
		],
	},
	{
		section: 'Endpoints',
		row: 'PATCH /v2/social-sets/{social_set_id}/media/{media_id}',
		tests: [
			'Endpoints PATCH media: alt_text set, omitted keeps, null clears; 422 wrong type; 403 READ; 404 unknown',
		],
	},
	{
		section: 'Endpoints',
		row: 'Media upload flow (presigned PUT, no extra headers, 200/204)',
		tests: [
			'Media upload flow: extra headers (Content-Type, Authorization, custom) are 403 SignatureDoesNotMatch in XML',
			'Media upload flow: the storage host streams large bodies (32 MiB) and records only their length',
			'Media: an empty upload makes the media failed',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/tags',
		tests: [
			'Endpoints GET tags: paged tags ordered by slug',
			'Endpoints GET tags: 403 without access, 404 unknown set',
		],
	},
	{
		section: 'Endpoints',
		row: 'POST /v2/social-sets/{social_set_id}/tags',
		tests: [
			'Endpoints POST tags: 201 Tag with a generated slug (sandbox slug rule)',
			'Endpoints POST tags: 403 INSUFFICIENT_ACCESS_LEVEL for READ, FORBIDDEN without access, 404 unknown set',
			'Errors 400 VALIDATION_ERROR: duplicate tag name (case-insensitive)',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/queue/schedule',
		tests: [
			'Endpoints GET queue/schedule: 200 with timezone and rules',
			'Endpoints GET queue/schedule: a missing schedule is created with defaults',
		],
	},
	{
		section: 'Endpoints',
		row: 'PUT /v2/social-sets/{social_set_id}/queue/schedule',
		tests: [
			'Endpoints PUT queue/schedule: ADMIN replaces the rules atomically; empty array allowed',
			'Endpoints PUT queue/schedule: 403 INSUFFICIENT_ACCESS_LEVEL below ADMIN, 404 unknown set',
			'Endpoints PUT queue/schedule: rule validation (422 ranges and day codes, 400 duplicates)',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/queue',
		tests: [
			'Endpoints GET queue: slots from the rules in the social set time zone (DST aware)',
			'Endpoints GET queue: drafts in slots, custom_time items for custom dates and collision overflow',
			'Endpoints GET queue: 400 VALIDATION_ERROR for missing, malformed or reversed dates; 403/404 on the set',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/analytics/{platform}/posts',
		tests: [
			'Endpoints GET analytics posts: default limit 25, no count, next/previous, newest first',
			'Endpoints GET analytics posts: include_replies adds replies; date range filters',
			'Endpoints GET analytics posts: 400 for missing dates and unsupported platform; 403/404 on the set',
			'a draft published to X adds one X post naming the draft, with its URL, time, text and metrics',
		],
	},
	{
		section: 'Endpoints',
		row: 'GET /v2/social-sets/{social_set_id}/analytics/{platform}/followers',
		tests: [
			'Endpoints GET analytics followers: defaults end today in set tz, start 29 days before',
			'Endpoints GET analytics followers: explicit range; null current count when no data in range',
			'Endpoints GET analytics followers: 503 SERVICE_UNAVAILABLE can be forced',
		],
	},
	{
		section: 'States and transitions',
		row: '(new) POST draft without plan_at/publish_at -> draft',
		tests: ['States (new) POST without plan_at/publish_at: WRITE creates status draft'],
	},
	{
		section: 'States and transitions',
		row: '(new) POST draft with plan_at -> planned',
		tests: ['States (new) POST with plan_at: WRITE creates planned with scheduled_date set'],
	},
	{
		section: 'States and transitions',
		row: '(new) POST draft with publish_at datetime or next-free-slot -> scheduled (PUBLISH)',
		tests: [
			'States (new) POST with publish_at datetime or next-free-slot: PUBLISH creates scheduled',
			'States (new) POST with publish_at: WRITE only is 403 INSUFFICIENT_ACCESS_LEVEL',
		],
	},
	{
		section: 'States and transitions',
		row: '(new) POST draft with publish_at=now -> stored draft, publish_state in_progress then finished',
		tests: [
			'States (new) POST with publish_at=now: stored status draft with publish_state in_progress, later finished and published',
		],
	},
	{
		section: 'States and transitions',
		row: 'draft PATCH plan_at datetime or next-free-slot -> planned',
		tests: ['States draft PATCH plan_at datetime or next-free-slot: WRITE moves to planned'],
	},
	{
		section: 'States and transitions',
		row: 'planned PATCH plan_at -> planned (date moves)',
		tests: ['States planned PATCH plan_at: WRITE moves the date, stays planned'],
	},
	{
		section: 'States and transitions',
		row: 'scheduled PATCH plan_at -> planned (PUBLISH)',
		tests: [
			'States scheduled PATCH plan_at: PUBLISH moves to planned (schedule disarmed); WRITE is 403',
		],
	},
	{
		section: 'States and transitions',
		row: 'planned PATCH publish_at datetime or next-free-slot -> scheduled (PUBLISH, echo keeps date)',
		tests: [
			'States planned PATCH publish_at datetime or next-free-slot: PUBLISH moves to scheduled (echo keeps the date)',
		],
	},
	{
		section: 'States and transitions',
		row: 'planned PATCH publish_at=now -> publishes immediately',
		tests: ['States planned PATCH publish_at=now: PUBLISH publishes immediately'],
	},
	{
		section: 'States and transitions',
		row: 'planned or scheduled PATCH plan_at=null or publish_at=null -> draft',
		tests: [
			'States planned or scheduled PATCH plan_at=null or publish_at=null: back to draft, date cleared',
		],
	},
	{
		section: 'States and transitions',
		row: 'published PATCH -> unchanged, 400 VALIDATION_ERROR',
		tests: ['States published PATCH: any edit is 400 VALIDATION_ERROR and the draft is unchanged'],
	},
	{
		section: 'States and transitions',
		row: 'any status deleted with WRITE (draft.deleted)',
		tests: ['States: any status can be deleted with WRITE (204); READ is 403'],
	},
	{
		section: 'States and transitions',
		row: 'rules: plan_at/publish_at mutually exclusive; plan_at not now; planned edits WRITE, scheduled PUBLISH',
		tests: [
			'States rules: plan_at and publish_at together are rejected (422)',
			'States rules: plan_at does not accept now (422)',
			'States rules: content edits on a planned draft need WRITE only, on a scheduled draft PUBLISH',
			'States rules: past dates are 400 VALIDATION_ERROR',
		],
	},
	{
		section: 'States and transitions',
		row: 'planned: a past date is neither overdue nor a failure',
		tests: ['States: a past planned date is neither overdue nor a failure'],
	},
	{
		section: 'States and transitions',
		row: 'scheduled at due time -> publishing -> published / error (sandbox choice)',
		tests: [
			'States: a scheduled draft publishes on its own at scheduled_date (publishing, then published)',
			'States: a platform failure (#fail in the text) ends in error; the draft can be rescheduled',
		],
	},
	{
		section: 'States and transitions',
		row: 'media: processing -> ready or failed (upload URL expiry)',
		tests: [
			'Media upload flow: a plain PUT of raw bytes answers 200 and the media moves processing -> ready',
			'Limits upload URL lifetime: after one hour without a file the media is failed with an error_reason',
		],
	},
	{
		section: 'States and transitions',
		row: 'publish progress: publish_state null -> in_progress -> finished',
		tests: [
			'Endpoints PATCH draft: publish_at=now answers publish_state in_progress; poll until finished',
		],
	},
	{
		section: 'Errors',
		row: '400 VALIDATION_ERROR',
		tests: [
			'Errors 400 VALIDATION_ERROR: no platform enabled',
			'Errors 400 VALIDATION_ERROR: more than one LinkedIn post',
			'Errors 400 VALIDATION_ERROR: media unknown, still processing',
			'Errors 400 VALIDATION_ERROR: draft limit reached',
			'States published PATCH: any edit is 400 VALIDATION_ERROR and the draft is unchanged',
			'Errors 400 VALIDATION_ERROR: duplicate tag name (case-insensitive)',
			'Limits tag name: 1 to 32 characters (too short 400, too long 422)',
			'Endpoints GET queue: 400 VALIDATION_ERROR for missing, malformed or reversed dates; 403/404 on the set',
			'Endpoints GET analytics posts: 400 for missing dates and unsupported platform; 403/404 on the set',
			'Errors 400 VALIDATION_ERROR: x_article is standalone',
			'Errors 400 VALIDATION_ERROR: tags must exist',
			'Errors 400 VALIDATION_ERROR: platform not connected to the social set',
			'Errors 400 VALIDATION_ERROR: next-free-slot with an empty queue schedule',
		],
	},
	{
		section: 'Errors',
		row: '401 UNAUTHORIZED',
		tests: [
			'Authentication: missing key is 401 UNAUTHORIZED',
			'Authentication: invalid key is 401 UNAUTHORIZED',
		],
	},
	{
		section: 'Errors',
		row: '402 MONETIZATION_ERROR',
		tests: [
			'Errors 402 MONETIZATION_ERROR: paused account cannot create or edit drafts',
			'Admin route POST /__sandbox/social-sets/{id}/account switches plan state; unknown admin route is 404',
		],
	},
	{
		section: 'Errors',
		row: '403 INSUFFICIENT_ACCESS_LEVEL',
		tests: [
			'States (new) POST with publish_at: WRITE only is 403 INSUFFICIENT_ACCESS_LEVEL',
			'Endpoints PUT queue/schedule: 403 INSUFFICIENT_ACCESS_LEVEL below ADMIN, 404 unknown set',
		],
	},
	{
		section: 'Errors',
		row: '403 MONETIZATION_ERROR',
		tests: [
			'Errors 403 MONETIZATION_ERROR: X communities without the plan feature',
			'Errors 403 MONETIZATION_ERROR: tags need the plan feature',
		],
	},
	{
		section: 'Errors',
		row: '403 FORBIDDEN',
		tests: [
			'Endpoints GET /v2/social-sets/{id}/: 403 FORBIDDEN without access, 404 NOT_FOUND when missing',
			'Errors 403 FORBIDDEN: publishing or scheduling replies is blocked; saving them is fine',
			'Errors 403 FORBIDDEN: direct publishing of URL-bearing x drafts is blocked',
		],
	},
	{
		section: 'Errors',
		row: '404 NOT_FOUND',
		tests: [
			'Endpoints GET /v2/social-sets/{id}/: 403 FORBIDDEN without access, 404 NOT_FOUND when missing',
			'Errors: unknown path is 404 NOT_FOUND',
			'Endpoints GET draft: 200 detail; 404 for unknown or other-set ids; 403 without access',
		],
	},
	{
		section: 'Errors',
		row: '422 VALIDATION_ERROR (field paths)',
		tests: [
			'Errors 422 VALIDATION_ERROR: wrong types name the field path',
			'Errors 422 VALIDATION_ERROR: missing platforms, unknown platform, unknown post field',
			'Errors 422 VALIDATION_ERROR: unknown enum values (reply_settings, publish_at)',
			'Errors 422 VALIDATION_ERROR: media ids must be UUID strings; body must be a JSON object',
		],
	},
	{
		section: 'Errors',
		row: '429 RATE_LIMITED',
		tests: [
			'Rate limits: per-user fixed window over all endpoints; 429 RATE_LIMITED when exceeded, new window after reset',
			'Errors 429 RATE_LIMITED: forced 429s carry the rate limit headers with a reset',
		],
	},
	{
		section: 'Errors',
		row: '503 SERVICE_UNAVAILABLE',
		tests: [
			'Endpoints GET linkedin/organizations/resolve: 503 SERVICE_UNAVAILABLE (vanity sandbox-unavailable or fault)',
			'Endpoints GET analytics followers: 503 SERVICE_UNAVAILABLE can be forced',
			'Errors 503 SERVICE_UNAVAILABLE: a burst of N injected 503s, then normal answers',
		],
	},
	{
		section: 'Limits',
		row: 'Page size default 10, min 1, max 50',
		tests: [
			'Limits page size: default 10 with count, limit, offset, next, previous',
			'Limits page size: min 1, max 50; outside is 422 VALIDATION_ERROR',
			'Limits page size: next/previous keep other query parameters and use the request Host',
		],
	},
	{
		section: 'Limits',
		row: 'Offset min 0, default 0',
		tests: ['Limits offset: min 0, default 0; negative is 422'],
	},
	{
		section: 'Limits',
		row: 'Analytics posts page size default 25, max 100',
		tests: [
			'Endpoints GET analytics posts: default limit 25, no count, next/previous, newest first',
			'Limits analytics posts page size: 1 to 100 (422 outside), offset >= 0',
		],
	},
	{
		section: 'Limits',
		row: 'Analytics date range larger than 366 days rejected',
		tests: [
			'Limits analytics date range: 366 days accepted, larger rejected (400), both endpoints',
		],
	},
	{
		section: 'Limits',
		row: 'Queue date range larger than 62 days rejected',
		tests: ['Limits queue date range: 62 days accepted, larger rejected with 400'],
	},
	{
		section: 'Limits',
		row: 'draft_title max 512 characters',
		tests: ['Limits draft_title: 512 characters accepted, 513 rejected (422)'],
	},
	{
		section: 'Limits',
		row: 'tags on a draft up to 10 items',
		tests: ['Limits tags on a draft: 10 accepted, 11 rejected (422)'],
	},
	{
		section: 'Limits',
		row: 'Tag name 1 to 32 characters',
		tests: ['Limits tag name: 1 to 32 characters (too short 400, too long 422)'],
	},
	{
		section: 'Limits',
		row: 'file_name max 255 characters, pattern',
		tests: ['Limits file_name: max 255 characters and the documented pattern (422)'],
	},
	{
		section: 'Limits',
		row: 'Upload URL lifetime 1 hour',
		tests: [
			'Limits upload URL lifetime: after one hour without a file the media is failed with an error_reason',
		],
	},
	{
		section: 'Limits',
		row: 'Webhook retries: 4 retries, 5 attempts',
		tests: [
			'Events delivery: non-2xx answers are retried with exponential backoff and every attempt is recorded',
			'Limits webhook retries: 5 attempts in all, then the delivery is given up',
		],
	},
	{
		section: 'Limits',
		row: 'Webhook auto-disable after 100 consecutive failures',
		tests: [
			'Limits webhook auto-disable: after 100 consecutive failures the endpoint gets no more events',
		],
	},
	{
		section: 'Limits',
		row: 'Rate limit headers on every response; per user and per social set (drafts.create)',
		tests: [
			'Rate limits: both header families on every response, including errors',
			'Rate limits: per-user fixed window over all endpoints; 429 RATE_LIMITED when exceeded, new window after reset',
			'Rate limits: per-social-set bucket for drafts.create',
		],
	},
	{
		section: 'Events',
		row: 'draft.created, draft.planned, draft.scheduled, draft.published, draft.status_changed, draft.tags_changed, draft.deleted',
		tests: [
			'Events table: created, planned, scheduled, published, status_changed alongside, tags_changed, deleted',
			'Events: draft.published is not sent when publishing fails; status_changed carries status error',
			'Events: scheduled drafts fire status_changed to publishing, then published, when the clock passes',
		],
	},
	{
		section: 'Events',
		row: 'Signature and headers (Event, Timestamp, Signature)',
		tests: [
			'Events signature: sha256= lowercase hex HMAC-SHA256(secret, timestamp.body) verifies independently',
			'Events headers: custom prefix and secret per webhook; events filter',
		],
	},
	{
		section: 'Events',
		row: 'Delivery: any 2xx acknowledges; non-2xx retried with exponential backoff',
		tests: [
			'Events delivery: non-2xx answers are retried with exponential backoff and every attempt is recorded',
			'Events delivery: network errors count as failures (status null) and are retried',
		],
	},
	{
		section: 'Resources',
		row: 'Platform content rule 1: one LinkedIn post',
		tests: ['Errors 400 VALIDATION_ERROR: more than one LinkedIn post'],
	},
	{
		section: 'Resources',
		row: 'Platform content rule 3: media still processing rejected',
		tests: ['Errors 400 VALIDATION_ERROR: media unknown, still processing'],
	},
	{
		section: 'Resources',
		row: 'Platform content rule 4: alt text copied at attach time',
		tests: [
			'Resources rule 4: alt text is copied into the draft at attach time (post media array)',
		],
	},
	{
		section: 'Resources',
		row: 'Platform content rule 5: replies blocked from publishing and scheduling; URL-bearing x posts blocked from publishing now only',
		tests: [
			'Errors 403 FORBIDDEN: publishing or scheduling replies is blocked; saving them is fine',
			'Errors 403 FORBIDDEN: direct publishing of URL-bearing x drafts is blocked',
			'Rules on platform content 5: a URL-bearing x draft can be scheduled (POST and PATCH) and publishes when due; only publishing it now is 403 FORBIDDEN',
		],
	},
	{
		section: 'Resources',
		row: 'Platform content rule 6: communities need the plan',
		tests: ['Errors 403 MONETIZATION_ERROR: X communities without the plan feature'],
	},
	{
		section: 'Resources',
		row: 'Draft detail preview: smart-trimmed, at most 100 characters',
		tests: ['Resources Draft detail: preview is smart-trimmed to at most 100 characters'],
	},
	{
		section: 'Resources',
		row: 'Publishing quota reported in the social set detail',
		tests: [
			'States: publishing quota is updated on publish',
			'Social set detail publishing_quota: remaining is the limit less used, resets_at the next UTC month; optional, left out when the account does not report it',
		],
	},
	{
		section: 'Sandbox',
		row: 'Fault injection (latency, 503, drop, 429, paths) and admin routes',
		tests: [
			'Faults: latency delays matching requests until cleared',
			'Faults: dropped connections destroy the socket without a response for the next N requests',
			'Faults: limited to a path substring',
			'Admin route POST /__sandbox/faults sets faults; DELETE clears them',
			'Admin routes: requests are recorded with method, path, query, lower-cased headers, parsed body and status',
			'Admin route POST /__sandbox/clock/advance moves the sandbox clock',
			'Admin route POST /__sandbox/rate-limits reconfigures the buckets',
			'Admin route POST /__sandbox/reset restores the seed',
			'Admin route POST /__sandbox/webhooks registers an endpoint out of process',
			'Admin routes answer only on loopback (non-loopback clients get 404)',
		],
	},
	{
		section: 'Sandbox',
		row: 'CLI (npm run sandbox)',
		tests: [
			'CLI prints Base URL, keys with access levels and the webhook secret; /v2/me answers 200 with a printed key; SIGTERM stops it',
			'CLI rejects unknown flags and malformed rate limits with exit code 2',
		],
	},
	{
		section: 'Sandbox',
		row: 'Comment-thread seam in the router',
		tests: [
			'Comment threads seam: paths under drafts/{id}/comment-threads reach the comment-thread module after set and draft checks',
		],
	},
	// comment threads and comment-thread markers (test/sandbox/commentThreads.test.ts, test/sandbox/markers.test.ts)
	{
		section: 'Endpoints',
		row: 'GET comment-threads: READ; platform and status filters (unresolved default, resolved, all), limit 1-50 default 10, offset; 200 paged threads ordered by creation time',
		tests: [
			'GET comment-threads lists unresolved threads ordered by creation, filtered by platform and status',
			'GET comment-threads pages with limit (default 10) and offset',
			'GET comment-threads rejects %s with 422 VALIDATION_ERROR',
		],
	},
	{
		section: 'Endpoints',
		row: 'POST comment-threads: WRITE; post_index, selected_text, text, platform (required with several commentable platforms), occurrence; thread',
		tests: [
			'POST comment-threads anchors selected_text with a span marker and returns 201 with the thread',
			'occurrence picks the zero-based match of selected_text in the visible text',
			'post_index selects the post of a thread; a post that does not exist is 400',
			'platform is required when the draft has several commentable platforms',
			'creating a thread needs WRITE: READ gets 403 INSUFFICIENT_ACCESS_LEVEL',
			'unknown drafts, social sets without access and unknown threads are refused',
		],
	},
	{
		section: 'Endpoints',
		row: 'POST comment-threads/{id}/comments: WRITE; text; full updated thread',
		tests: ['POST comments adds a comment and returns 201 with the full updated thread'],
	},
	{
		section: 'Endpoints',
		row: 'POST comment-threads/{id}/resolve: thread author or WRITE; thread; markers removed from the text',
		tests: ['POST resolve returns 200, removes the markers from the text, and is one-way'],
	},
	{
		section: 'Endpoints',
		row: 'PATCH comment-threads/{id}/comments/{comment_id}: comment author only; full updated thread',
		tests: ['PATCH comments edits a comment: author only, 200 with the full thread'],
	},
	{
		section: 'Endpoints',
		row: 'DELETE comment-threads/{id}/comments/{comment_id}: comment author or WRITE; 204; deleting the root comment deletes the thread and its markers',
		tests: [
			'DELETE a comment: author or WRITE, 204; deleting the root comment deletes the thread and its markers',
		],
	},
	{
		section: 'Endpoints',
		row: 'DELETE comment-threads/{id}: thread author or WRITE; 204; removes thread, comments and markers',
		tests: ['DELETE a thread: author or WRITE, 204; removes thread, comments and markers'],
	},
	{
		section: 'Comment threads',
		row: 'for post platforms, selected_text is an exact substring of the post visible text at post_index',
		tests: [
			'selected_text must be an exact substring of the visible post text, else 400 VALIDATION_ERROR',
			'matches across existing markers (markers excluded from the match)',
		],
	},
	{
		section: 'Comment threads',
		row: 'x_article: selected_text matches rendered article text in document order, ignoring markdown syntax, media tags and X-post embed tags',
		tests: [
			'X Article: selected_text matches rendered text, ignoring markdown syntax, media and X-post embed tags',
			'renders the supported markdown subset without syntax or embed tags',
			'matches in document order with occurrence, ignoring embed tags',
		],
	},
	{
		section: 'Comment threads',
		row: 'an X Article selection overlapping an existing stored anchor returns 400 VALIDATION_ERROR',
		tests: [
			'X Article: a selection overlapping an existing stored anchor returns 400 VALIDATION_ERROR',
			'refuses any overlap with an existing anchor, even full containment',
		],
	},
	{
		section: 'Comment threads',
		row: 'a selection starting or ending inside a LinkedIn mention returns 400 VALIDATION_ERROR',
		tests: [
			'a selection starting or ending inside a LinkedIn mention returns 400 VALIDATION_ERROR',
			'a selection holding whole mentions, or none, is accepted',
		],
	},
	{
		section: 'Comment threads',
		row: 'threads cannot be created on auto-synced platforms',
		tests: [
			'threads on an auto-synced platform (settings.auto_sync) cannot be created or commented: 409 CONFLICT',
		],
	},
	{
		section: 'States and transitions',
		row: 'comment thread unresolved to resolved via resolve; one-way, no reopen',
		tests: ['POST resolve returns 200, removes the markers from the text, and is one-way'],
	},
	{
		section: 'States and transitions',
		row: 'adding a comment to a resolved thread, or to a thread on an auto-synced platform, returns 409 CONFLICT',
		tests: [
			'adding a comment to a resolved thread returns 409 CONFLICT',
			'threads on an auto-synced platform (settings.auto_sync) cannot be created or commented: 409 CONFLICT',
		],
	},
	{
		section: 'Comment-thread markers in text',
		row: 'span and self-closing markers; id is a lowercase UUID and the only allowed attribute',
		tests: [
			'parses span and self-closing markers and reports visible offsets',
			'accepts a double-quoted id and nested spans',
		],
	},
	{
		section: 'Comment-thread markers in text',
		row: 'a self-closing marker must sit at the start of a paragraph; a span marker must wrap at least one character',
		tests: [
			'a self-closing marker may start any line, including after other markers',
			'keeps a leading self-closing marker at the paragraph start',
		],
	},
	{
		section: 'Comment-thread markers in text',
		row: 'a span marker may not start or end inside a LinkedIn mention',
		tests: [
			'mid_mention: a span may not start or end inside a LinkedIn mention',
			'mid_mention: wrapping a whole mention, or text next to it, is fine',
		],
	},
	{
		section: 'Drafts',
		row: 'PATCH marker rules: every thread anchored on a platform must appear in that platform submitted text (recommended flow keeps markers)',
		tests: [
			'PATCH keeping every marker succeeds (recommended flow)',
			'a PATCH that sends no text for a platform does not check that platform',
		],
	},
	{
		section: 'Drafts',
		row: 'PATCH: a missing marker returns 409 COMMENTS_MARKER_MISMATCH',
		tests: [
			'PATCH missing a marker returns 409 COMMENTS_MARKER_MISMATCH listing missing markers per platform',
			'PATCH dropping a post that holds a marker is a mismatch too',
			'X Article markers are validated in content_markdown',
		],
	},
	{
		section: 'Drafts',
		row: 'PATCH: force_overwrite_comments true resolves the affected threads and removes their anchors; only JSON true or false',
		tests: [
			'force_overwrite_comments true resolves the affected threads and removes their anchors',
			'force_overwrite_comments must be a JSON boolean',
		],
	},
	{
		section: 'Drafts',
		row: 'PATCH: an unknown id returns 400 COMMENTS_MARKER_UNKNOWN_ID (no override)',
		tests: [
			'an unknown marker id returns 400 COMMENTS_MARKER_UNKNOWN_ID, even with force_overwrite_comments',
			'a marker of a resolved thread, or of another platform, is an unknown id',
		],
	},
	{
		section: 'Drafts',
		row: 'PATCH: a malformed marker returns 400 COMMENTS_MARKER_MALFORMED with a subcode in details',
		tests: [
			'a malformed marker returns 400 COMMENTS_MARKER_MALFORMED with subcode mid_mention in details (LinkedIn)',
			'X Article markers are validated in content_markdown',
		],
	},
	{
		section: 'Drafts',
		row: 'PATCH: validation runs even when exclude_comment_markers is set; with it the response text has no markers',
		tests: [
			'exclude_comment_markers renders text without markers on GET and PATCH, but PATCH validation still runs',
		],
	},
	{
		section: 'Drafts',
		row: 'DELETE draft (comment threads go with it)',
		tests: ['deleting a draft deletes its comment threads'],
	},
	{
		section: 'Errors',
		row: '400 COMMENTS_MARKER_UNKNOWN_ID: submitted marker id not on the draft, platform or post',
		tests: [
			'an unknown marker id returns 400 COMMENTS_MARKER_UNKNOWN_ID, even with force_overwrite_comments',
			'a marker of a resolved thread, or of another platform, is an unknown id',
		],
	},
	{
		section: 'Errors',
		row: '400 COMMENTS_MARKER_MALFORMED: subcodes unbalanced, bad_uuid, bad_attr, bad_position, empty_span, mid_mention, depth_exceeded, count_exceeded',
		tests: [
			'a malformed marker returns 400 COMMENTS_MARKER_MALFORMED with subcode mid_mention in details (LinkedIn)',
			'reports issues in text order and keeps parsing after one',
			'depth_exceeded: 16 levels pass, 17 fail',
			'count_exceeded: 1000 markers pass, 1001 fail',
		],
	},
	{
		section: 'Errors',
		row: '409 COMMENTS_MARKER_MISMATCH: expected marker missing; body lists missing markers per platform',
		tests: [
			'PATCH missing a marker returns 409 COMMENTS_MARKER_MISMATCH listing missing markers per platform',
		],
	},
	{
		section: 'Errors',
		row: '409 CONFLICT: comment added to a resolved thread or to a thread on an auto-synced platform',
		tests: [
			'adding a comment to a resolved thread returns 409 CONFLICT',
			'threads on an auto-synced platform (settings.auto_sync) cannot be created or commented: 409 CONFLICT',
		],
	},
	{
		section: 'Errors',
		row: '400 VALIDATION_ERROR: comment anchoring problems',
		tests: [
			'selected_text must be an exact substring of the visible post text, else 400 VALIDATION_ERROR',
			'X Article: a selection overlapping an existing stored anchor returns 400 VALIDATION_ERROR',
			'a selection starting or ending inside a LinkedIn mention returns 400 VALIDATION_ERROR',
		],
	},
	{
		section: 'Limits',
		row: 'Page size default 10, min 1, max 50 (comment threads); offset min 0',
		tests: [
			'GET comment-threads pages with limit (default 10) and offset',
			'GET comment-threads rejects %s with 422 VALIDATION_ERROR',
		],
	},
	{
		section: 'Limits',
		row: 'Comment selected_text 1 to 50000 characters; comment text 1 to 10000; occurrence 0 to 10000',
		tests: [
			'create thread body limits: %s -> 422 naming the field',
			'create thread limits: text of 10000 characters and occurrence 10000 are accepted',
			'PATCH comments edits a comment: author only, 200 with the full thread',
		],
	},
	{
		section: 'Limits',
		row: 'Threads per draft 5000',
		tests: ['threads per draft: 5000 are accepted, the 5001st is 400 VALIDATION_ERROR'],
	},
	{
		section: 'Limits',
		row: 'Comments per thread 500',
		tests: ['comments per thread: 500 are accepted, the 501st is 400 VALIDATION_ERROR'],
	},
	{
		section: 'Limits',
		row: 'Marker nesting / count: 16 levels / 1000 per post',
		tests: [
			'depth_exceeded: 16 levels pass, 17 fail',
			'count_exceeded: 1000 markers pass, 1001 fail',
			'refuses the 1001st marker of a text',
			'refuses an anchor that would nest deeper than 16 levels',
		],
	},
];
