import { ANY_STATUS, POLL_EVENTS, type PollEvent } from './description';
import { mayChangeUnedited, type KnownDraft } from './state';

/** The fields of a draft the trigger reads; the Draft summary (list) and the Draft detail both carry them. */
export interface DraftView {
	id: number;
	status: string;
	created_at: string;
	updated_at: string | null;
	published_at?: string | null;
	scheduled_date?: string | null;
	/** only in the Draft detail */
	publish_state?: string | null;
}

/** After this long the trigger stops looking on its own at a draft whose publish has not ended. */
export const FLIGHT_MAX_MS = 60 * 60_000;

/** After this long past its date the trigger stops looking on its own at a scheduled draft that did not publish. */
export const OVERDUE_MAX_MS = 7 * 24 * 60 * 60_000;

/** Longest wait between two looks at a draft that may change without an edit. */
export const CHECK_SPACING_MAX_MS = 60 * 60_000;

export function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isFinite(ms) ? ms : undefined;
}

/** When a draft last changed: `updated_at`, or `created_at` for a draft never edited (`updated_at` null). */
export function changeTime(draft: DraftView): number {
	return timeOf(draft.updated_at) ?? timeOf(draft.created_at) ?? 0;
}

export interface Change {
	id: number;
	/** created since the previous poll */
	created: boolean;
	/** status before the change: a status, null for a new draft, undefined when the trigger never saw the draft */
	from: string | null | undefined;
	to: string;
	/** change time (ms), for the order of the output */
	at: number;
}

/**
 * What changed about one draft since the trigger last saw it. `horizon` is the cursor of the previous poll:
 * a draft not remembered and created at or after it is new; one created before it is an older draft the
 * trigger never saw (its earlier status is unknown). Unchanged status gives undefined.
 */
export function changeOf(
	previous: KnownDraft | undefined,
	draft: DraftView,
	horizon: number,
): Change | undefined {
	const base = { id: draft.id, to: draft.status, at: changeTime(draft) };
	if (previous)
		return previous.s === draft.status ? undefined : { ...base, created: false, from: previous.s };
	if ((timeOf(draft.created_at) ?? 0) >= horizon) return { ...base, created: true, from: null };
	return { ...base, created: false, from: undefined };
}

export interface EventSelection {
	events: readonly string[];
	toStatus: string;
}

/** Whether the change is a status transition the trigger can vouch for. */
function isTransition(change: Change, draft: DraftView, horizon: number): boolean {
	if (change.from === null) return change.to !== 'draft';
	// Never seen before: only a publish is provable, by its published_at since the previous poll.
	if (change.from === undefined)
		return change.to === 'published' && (timeOf(draft.published_at) ?? -1) >= horizon;
	return change.from !== change.to;
}

/** The selected events one change gives, in the order the webhook sends its counterparts. */
export function eventsOf(
	change: Change,
	draft: DraftView,
	horizon: number,
	selection: EventSelection,
): PollEvent[] {
	const wanted = new Set(selection.events);
	const out: PollEvent[] = [];
	if (change.created && wanted.has(POLL_EVENTS.created)) out.push(POLL_EVENTS.created);
	if (!isTransition(change, draft, horizon)) return out;
	if (change.to === 'published' && wanted.has(POLL_EVENTS.published))
		out.push(POLL_EVENTS.published);
	if (change.to === 'error' && wanted.has(POLL_EVENTS.failed)) out.push(POLL_EVENTS.failed);
	if (
		wanted.has(POLL_EVENTS.statusChanged) &&
		(selection.toStatus === ANY_STATUS || selection.toStatus === change.to)
	) {
		out.push(POLL_EVENTS.statusChanged);
	}
	return out;
}

/** Whether the selection needs status changes at all (New Draft and Comments All Resolved do not). */
export function watchesStatus(selection: EventSelection): boolean {
	return selection.events.some(
		(event) => event !== POLL_EVENTS.created && event !== POLL_EVENTS.commentsResolved,
	);
}

/**
 * What to remember of a draft after reading it. A publish in flight is known from the detail's
 * `publish_state` (the list keeps showing `draft` meanwhile) or from status `publishing`; without a
 * detail, an earlier "in flight" stays while the list still shows `draft`.
 */
export function remember(
	previous: KnownDraft | undefined,
	draft: DraftView,
	nowMs: number,
): KnownDraft {
	const entry: KnownDraft = { s: draft.status, t: changeTime(draft) };
	if (draft.status === 'scheduled') {
		const date = timeOf(draft.scheduled_date);
		if (date !== undefined) entry.d = date;
	}
	const inFlight =
		draft.status === 'publishing' ||
		draft.publish_state === 'in_progress' ||
		// the list shows `draft` during an immediate publish: without a detail, an earlier "in flight" stays
		(draft.publish_state === undefined &&
			draft.status === 'draft' &&
			previous?.s === 'draft' &&
			previous.f !== undefined);
	if (inFlight) entry.f = previous?.f ?? nowMs;
	const sameWait = previous !== undefined && previous.s === entry.s && previous.d === entry.d;
	if (sameWait && previous.c !== undefined && mayChangeUnedited(entry)) entry.c = previous.c;
	return entry;
}

/** When to look again at a draft that was looked at on its own and may still change: sooner while fresh, then up to hourly. */
export function nextCheck(entry: KnownDraft, nowMs: number): number {
	const since = entry.f ?? entry.d ?? nowMs;
	return nowMs + Math.min(CHECK_SPACING_MAX_MS, Math.max(0, nowMs - since) / 2);
}

/** Whether a draft that may change without an edit is due for a look of its own (the list did not show it). */
export function isDue(entry: KnownDraft, nowMs: number): boolean {
	const flying = entry.f !== undefined && nowMs - entry.f <= FLIGHT_MAX_MS;
	const overdue =
		entry.s === 'scheduled' &&
		entry.d !== undefined &&
		entry.d <= nowMs &&
		nowMs - entry.d <= OVERDUE_MAX_MS;
	return (flying || overdue) && (entry.c ?? 0) <= nowMs;
}
