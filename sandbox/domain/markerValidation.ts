/**
 * Marker rules of draft PATCH, plugged into the hooks of markerHooks.ts.
 *
 * For every platform whose text the PATCH submits (posts[*].text, or x_article.content_markdown), in order:
 * 1. 400 COMMENTS_MARKER_MALFORMED: any grammar issue; details `[{field, message, subcode}]`.
 * 2. 400 VALIDATION_ERROR: the same thread id used by two markers of one platform.
 * 3. 400 COMMENTS_MARKER_UNKNOWN_ID: an id that is not an unresolved thread of this draft on this
 *    platform; details `[{field, message, id}]`. force_overwrite_comments does not override it.
 * 4. 409 COMMENTS_MARKER_MISMATCH: an unresolved thread of the platform has no marker in the submitted
 *    text; body `{error: {code, message, details: [{field: "platforms.<p>", message}], missing: {<p>: [ids]}}}`.
 *    With force_overwrite_comments true the PATCH goes through and those threads are resolved.
 * Platforms the PATCH does not send text for are not checked. Validation ignores exclude_comment_markers.
 */
import { resolveThreads, threadsOfDraft } from './commentThreadModel';
import type { CommentThreadRecord } from './commentThreadRecords';
import type { ErrorBody, FieldIssue } from './errors';
import type { MarkerHooks, MarkerValidationInput, MarkerValidationResult } from './markerHooks';
import { registerMarkerHooks } from './markerHooks';
import { parseMarkers, stripMarkers } from './markers';
import { ALL_PLATFORMS, AnyPlatform } from './platforms';
import { DraftRecord, PlatformsConfig, Store } from './store';

/** At most this many malformed-marker details are listed in one error. */
const MAX_DETAILS = 20;

export interface MismatchErrorBody extends ErrorBody {
	error: ErrorBody['error'] & { missing: Partial<Record<AnyPlatform, string[]>> };
}

interface SubmittedText {
	field: string;
	text: string;
}

/** The texts a PATCH body submits for one platform, or null when it sends none for it. */
function submittedTexts(platforms: PlatformsConfig, platform: AnyPlatform): SubmittedText[] | null {
	if (platform === 'x_article') {
		const md = platforms.x_article?.content_markdown;
		return typeof md === 'string'
			? [{ field: 'platforms.x_article.content_markdown', text: md }]
			: null;
	}
	const posts: unknown = platforms[platform]?.posts;
	if (!Array.isArray(posts)) return null;
	return posts.map((post: { text?: unknown }, i) => ({
		field: `platforms.${platform}.posts[${i}].text`,
		text: typeof post?.text === 'string' ? post.text : '',
	}));
}

const fail = (
	status: number,
	code: string,
	message: string,
	details: FieldIssue[],
): MarkerValidationResult => ({
	ok: false,
	status,
	body: { error: { code, message, details: details.slice(0, MAX_DETAILS) } },
});

interface PlatformCheck {
	malformed: FieldIssue[];
	duplicates: FieldIssue[];
	unknown: FieldIssue[];
	missing: string[];
}

function checkPlatform(
	platform: AnyPlatform,
	texts: SubmittedText[],
	active: CommentThreadRecord[],
): PlatformCheck {
	const result: PlatformCheck = { malformed: [], duplicates: [], unknown: [], missing: [] };
	const known = new Set(active.filter((t) => t.platform === platform).map((t) => t.id));
	const found = new Set<string>();
	for (const { field, text } of texts) {
		const parsed = parseMarkers(text, { mentions: platform === 'linkedin' });
		if (parsed.issues.length > 0) {
			for (const issue of parsed.issues)
				result.malformed.push({ field, message: issue.message, subcode: issue.subcode });
			continue;
		}
		for (const marker of parsed.markers) {
			if (found.has(marker.id)) {
				result.duplicates.push({
					field,
					message: `comment thread ${marker.id} is marked more than once`,
					id: marker.id,
				});
				continue;
			}
			found.add(marker.id);
			if (!known.has(marker.id)) {
				result.unknown.push({
					field,
					message: `comment thread ${marker.id} is not an open thread of this draft on ${platform}`,
					id: marker.id,
				});
			}
		}
	}
	result.missing = [...known].filter((id) => !found.has(id));
	return result;
}

export function validatePatchMarkers(input: MarkerValidationInput): MarkerValidationResult {
	const active = threadsOfDraft(input.store, input.draft.id).filter(
		(t) => t.status === 'unresolved',
	);
	const malformed: FieldIssue[] = [];
	const duplicates: FieldIssue[] = [];
	const unknown: FieldIssue[] = [];
	const missing: Partial<Record<AnyPlatform, string[]>> = {};
	for (const platform of ALL_PLATFORMS) {
		const texts = submittedTexts(input.platforms, platform);
		if (texts === null) continue;
		const check = checkPlatform(platform, texts, active);
		// one by one: a spread passes each entry as an argument, and a text can hold more than the stack takes
		for (const issue of check.malformed) malformed.push(issue);
		for (const issue of check.duplicates) duplicates.push(issue);
		for (const issue of check.unknown) unknown.push(issue);
		if (check.missing.length > 0) missing[platform] = check.missing;
	}
	if (malformed.length > 0)
		return fail(
			400,
			'COMMENTS_MARKER_MALFORMED',
			'A comment-thread marker is malformed',
			malformed,
		);
	if (duplicates.length > 0)
		return fail(400, 'VALIDATION_ERROR', 'A comment thread is marked more than once', duplicates);
	if (unknown.length > 0)
		return fail(
			400,
			'COMMENTS_MARKER_UNKNOWN_ID',
			'A marker names an unknown comment thread',
			unknown,
		);
	const missingIds = Object.values(missing).flat();
	if (missingIds.length === 0 || input.forceOverwriteComments)
		return { ok: true, resolveThreadIds: missingIds };
	return { ok: false, status: 409, body: mismatchBody(missing) };
}

function mismatchBody(missing: Partial<Record<AnyPlatform, string[]>>): MismatchErrorBody {
	const details: FieldIssue[] = Object.entries(missing).map(([platform, ids]) => ({
		field: `platforms.${platform}`,
		message: `markers missing for comment threads: ${ids.join(', ')}`,
	}));
	return {
		error: {
			code: 'COMMENTS_MARKER_MISMATCH',
			message:
				'Submitted text is missing comment-thread markers; keep them or send force_overwrite_comments=true',
			details,
			missing,
		},
	};
}

function resolveByIds(store: Store, draft: DraftRecord, ids: string[]): void {
	const wanted = new Set(ids);
	resolveThreads(
		draft,
		threadsOfDraft(store, draft.id).filter((t) => wanted.has(t.id)),
	);
}

function deleteDraftThreads(store: Store, draftId: number): void {
	for (const t of threadsOfDraft(store, draftId)) store.commentThreads.delete(t.id);
}

export const commentMarkerHooks: MarkerHooks = {
	validate: validatePatchMarkers,
	resolveThreads: resolveByIds,
	stripMarkers,
	onDraftDeleted: deleteDraftThreads,
};

/** Installs the comment-thread marker hooks (idempotent). */
export function installCommentMarkerHooks(): void {
	registerMarkerHooks(commentMarkerHooks);
}
