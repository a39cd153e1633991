import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import {
	changeOf,
	changeTime,
	eventsOf,
	isDue,
	nextCheck,
	remember,
	watchesStatus,
	type DraftView,
	type EventSelection,
} from './changes';
import type { DraftOutput, PollEvent } from './description';
import { eventItem, summaryOf } from './output';
import { getDraftDetail, scanDrafts } from './draftPages';
import { bounded, readState, writeState, type KnownDraft } from './state';

/** Pages read on the first poll to learn the current status of the most recently changed drafts. */
export const SEED_PAGES = 4;

/** Drafts looked at one by one in a poll (due scheduled drafts, publishes in flight the list did not show). */
export const MAX_CHECKS = 20;

export interface PollParams {
	socialSetId: string;
	selection: EventSelection;
	draftOutput: DraftOutput;
	rawPayload: boolean;
}

interface Emission {
	id: number;
	at: number;
	events: PollEvent[];
	/** the draft as the list showed it, if it did */
	summary?: IDataObject;
}

/**
 * One poll of an active workflow. The first poll stores the cursor and what it read, and emits nothing.
 * Later polls read the list down to the cursor, look at drafts that may have changed without an edit,
 * and emit one item per draft and selected event. The state is written only after every request
 * succeeded, so a failed poll is repeated in full by the next one.
 */
export async function pollChanges(
	ctx: IPollFunctions,
	params: PollParams,
): Promise<INodeExecutionData[][] | null> {
	const store = ctx.getWorkflowStaticData('node');
	const nowMs = Date.now();
	const state = readState(store, params.socialSetId);

	if (!state) {
		const drafts = await scanDrafts(ctx, params.socialSetId, undefined, SEED_PAGES);
		const known: Record<string, KnownDraft> = {};
		for (const draft of drafts) known[draft.id] = remember(undefined, draft, nowMs);
		const cursor = drafts.reduce((max, draft) => Math.max(max, changeTime(draft)), 0);
		writeState(store, { socialSetId: params.socialSetId, cursor, known: bounded(known) });
		return null;
	}

	const horizon = state.cursor;
	const scanned = await scanDrafts(ctx, params.socialSetId, horizon);
	const summaries = new Map<number, IDataObject>(scanned.map((draft) => [draft.id, draft]));
	const views = new Map<number, DraftView & IDataObject>(scanned.map((draft) => [draft.id, draft]));
	const details = new Map<number, DraftView & IDataObject>();
	const gone = new Set<number>();

	// Drafts that may change status without an edit (a publish ends) and that the list did not show.
	const due = Object.entries(state.known)
		.filter(([id, entry]) => !views.has(Number(id)) && isDue(entry, nowMs))
		.sort(([, a], [, b]) => (a.c ?? 0) - (b.c ?? 0))
		.slice(0, MAX_CHECKS)
		.map(([id]) => Number(id));
	const checked = new Set(due);
	for (const id of due) {
		const detail = await getDraftDetail(ctx, params.socialSetId, id);
		if (!detail) {
			gone.add(id);
			continue;
		}
		details.set(id, detail);
		views.set(id, detail);
	}

	// The list shows `draft` while an immediate publish is in flight: the detail of a draft that changed tells.
	if (watchesStatus(params.selection)) {
		for (const draft of scanned) {
			if (draft.status !== 'draft' || changeTime(draft) < horizon || details.has(draft.id))
				continue;
			const previous = state.known[draft.id];
			if (previous && previous.s === 'draft' && previous.t === changeTime(draft)) continue;
			const detail = await getDraftDetail(ctx, params.socialSetId, draft.id);
			if (detail) {
				details.set(draft.id, detail);
				views.set(draft.id, detail);
			}
		}
	}

	const emissions: Emission[] = [];
	const known: Record<string, KnownDraft> = { ...state.known };
	for (const id of gone) delete known[id];
	for (const [id, view] of views) {
		const previous = state.known[id];
		const change = changeOf(previous, view, horizon);
		const events = change ? eventsOf(change, view, horizon, params.selection) : [];
		if (change && events.length > 0)
			emissions.push({ id, at: change.at, events, summary: summaries.get(id) });
		const entry = remember(previous, view, nowMs);
		if (checked.has(id) && isDue({ ...entry, c: undefined }, nowMs))
			entry.c = nextCheck(entry, nowMs);
		known[id] = entry;
	}

	const items: INodeExecutionData[] = [];
	const seenAt = new Date(nowMs).toISOString();
	emissions.sort((a, b) => a.at - b.at || a.id - b.id);
	for (const emission of emissions) {
		const draft = await draftFor(ctx, params, emission, details);
		for (const event of emission.events)
			items.push(eventItem(event, draft, seenAt, params.rawPayload));
	}

	const cursor = scanned.reduce((max, draft) => Math.max(max, changeTime(draft)), horizon);
	writeState(store, { socialSetId: params.socialSetId, cursor, known: bounded(known) });
	return items.length > 0 ? [items] : null;
}

/** The draft an item carries: the detail (read once per draft, reused), or the list's fields when asked so or when the draft is gone. */
async function draftFor(
	ctx: IPollFunctions,
	params: PollParams,
	emission: Emission,
	details: Map<number, DraftView & IDataObject>,
): Promise<IDataObject> {
	const read = details.get(emission.id);
	if (params.draftOutput === 'summary') return emission.summary ?? summaryOf(read ?? {});
	if (read) return read;
	const detail = await getDraftDetail(ctx, params.socialSetId, emission.id);
	if (detail) details.set(emission.id, detail);
	return detail ?? emission.summary ?? {};
}
