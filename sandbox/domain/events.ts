import type { Runtime } from './runtime';
import { draftDetail } from './render';
import type { DraftRecord, DraftStatus } from './store';
import type { WebhookEvent } from './webhooks';

export function emitDraftEvent(rt: Runtime, event: WebhookEvent, draft: DraftRecord): void {
	rt.webhooks.emit(event, draftDetail(rt, draft));
}

const SPECIFIC: Partial<Record<DraftStatus, WebhookEvent>> = {
	planned: 'draft.planned',
	scheduled: 'draft.scheduled',
	published: 'draft.published',
};

/** A status move: the specific event (if any) followed by draft.status_changed. No-op when unchanged; `from` null = new draft. */
export function emitStatusChange(rt: Runtime, draft: DraftRecord, from: DraftStatus | null): void {
	if (from === draft.status) return;
	const specific = SPECIFIC[draft.status];
	if (specific) emitDraftEvent(rt, specific, draft);
	// a new draft saved as plain `draft` is only draft.created; every other move also fires status_changed
	if (from !== null || specific) emitDraftEvent(rt, 'draft.status_changed', draft);
}
