/**
 * Map of the API specification's rows to the sandbox tests that walk them.
 * `specRows.test.ts` checks every listed test name exists in test/sandbox/*.test.ts,
 * so a missing row or a renamed test is visible. The comment-thread engineer adds
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
	// rows are added per resource below
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
		tests: [
			'POST comments adds a comment and returns 201 with the full updated thread',
		],
	},
	{
		section: 'Endpoints',
		row: 'POST comment-threads/{id}/resolve: thread author or WRITE; thread; markers removed from the text',
		tests: [
			'POST resolve returns 200, removes the markers from the text, and is one-way',
		],
	},
	{
		section: 'Endpoints',
		row: 'PATCH comment-threads/{id}/comments/{comment_id}: comment author only; full updated thread',
		tests: [
			'PATCH comments edits a comment: author only, 200 with the full thread',
		],
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
		tests: [
			'DELETE a thread: author or WRITE, 204; removes thread, comments and markers',
		],
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
		tests: [
			'POST resolve returns 200, removes the markers from the text, and is one-way',
		],
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
		tests: [
			'deleting a draft deletes its comment threads',
		],
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
		tests: [
			'threads per draft: 5000 are accepted, the 5001st is 400 VALIDATION_ERROR',
		],
	},
	{
		section: 'Limits',
		row: 'Comments per thread 500',
		tests: [
			'comments per thread: 500 are accepted, the 501st is 400 VALIDATION_ERROR',
		],
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
