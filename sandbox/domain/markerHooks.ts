import type { ErrorBody } from './errors';
import type { DraftRecord, PlatformsConfig, Store } from './store';

/**
 * Seam between draft PATCH (sandbox-core) and comment-thread markers (comment-thread engineer).
 * Defaults are no-ops; `registerMarkerHooks` replaces any subset of them.
 */

export interface MarkerValidationInput {
	store: Store;
	/** the draft as stored before the PATCH is applied */
	draft: DraftRecord;
	/** the platforms object as submitted in the PATCH body (already schema-checked) */
	platforms: PlatformsConfig;
	forceOverwriteComments: boolean;
}

export type MarkerValidationResult =
	| { ok: false; status: number; body: ErrorBody }
	| { ok: true; resolveThreadIds: string[] };

export interface MarkerHooks {
	/** Called by draft PATCH before platform text changes are applied. */
	validate(input: MarkerValidationInput): MarkerValidationResult;
	/** Called after the PATCH was applied, with the ids `validate` returned (force_overwrite_comments). */
	resolveThreads(store: Store, draft: DraftRecord, threadIds: string[]): void;
	/** Renders text without markers: used for GET/PATCH with exclude_comment_markers=true. */
	stripMarkers(text: string): string;
	/** Called when a draft is deleted so its threads can go too. */
	onDraftDeleted(store: Store, draftId: number): void;
}

const defaults: MarkerHooks = {
	validate: () => ({ ok: true, resolveThreadIds: [] }),
	resolveThreads: () => undefined,
	stripMarkers: (text) => text,
	onDraftDeleted: () => undefined,
};

let current: MarkerHooks = { ...defaults };

export function registerMarkerHooks(hooks: Partial<MarkerHooks>): void {
	current = { ...current, ...hooks };
}

export function markerHooks(): MarkerHooks {
	return current;
}

export function resetMarkerHooks(): void {
	current = { ...defaults };
}
