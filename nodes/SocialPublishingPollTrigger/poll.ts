import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import {
	changeOf,
	changeTime,
	eventsOf,
	isDue,
	nextCheck,
	remember,
	watchesStatus,
	type EventSelection,
} from './changes';
import { POLL_EVENTS, type DraftOutput, type PollEvent } from './description';
import { checkReviews } from './review';
import { eventItem, summaryOf } from './output';
import { getDraftDetail, scanDrafts, type DraftSummary } from './draftPages';
import {
	bounded,
	readState,
	writeState,
	type KnownDraft,
	type PollState,
	type ReviewState,
} from './state';

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

/** What a poll read: the list down to the cursor, and the drafts it looked at one by one. */
interface PollReads {
	scanned: DraftSummary[];
	/** Each draft's latest view: its detail when one was read, else its list fields. */
	views: Map<number, DraftSummary>;
	details: Map<number, DraftSummary>;
	/** The due drafts looked at (at most MAX_CHECKS), and those of them that no longer exist. */
	checked: Set<number>;
	gone: Set<number>;
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
		await seedState(ctx, store, params.socialSetId, nowMs);
		return null;
	}

	const horizon = state.cursor;
	const scanned = await scanDrafts(ctx, params.socialSetId, horizon);
	const reads: PollReads = {
		scanned,
		views: new Map(scanned.map((draft) => [draft.id, draft])),
		details: new Map(),
		checked: new Set(),
		gone: new Set(),
	};
	await checkDueDrafts(ctx, params.socialSetId, state, reads, nowMs);
	if (watchesStatus(params.selection)) await checkInFlight(ctx, params.socialSetId, state, reads);

	const compared = compareWithKnown(state, reads, params.selection, nowMs);
	const { emissions } = compared;
	const known = bounded(compared.known);
	const review = params.selection.events.includes(POLL_EVENTS.commentsResolved)
		? await reviewEmissions(ctx, { params, state, known, reads, emissions }, nowMs)
		: undefined;
	const items = await itemsOf(ctx, params, emissions, reads.details, nowMs);
	const cursor = scanned.reduce((max, draft) => Math.max(max, changeTime(draft)), horizon);
	writeState(store, { socialSetId: params.socialSetId, cursor, known, review });
	return items.length > 0 ? [items] : null;
}

/**
 * Comments All Resolved (review.ts): one emission per draft whose last open thread was resolved, after the
 * status events; the draft as the list showed it, else its detail (read here, once, and reused).
 */
async function reviewEmissions(
	ctx: IPollFunctions,
	poll: {
		params: PollParams;
		state: PollState;
		known: Record<string, KnownDraft>;
		reads: PollReads;
		emissions: Emission[];
	},
	nowMs: number,
): Promise<ReviewState> {
	const { params, state, known, reads, emissions } = poll;
	const previous = state.review ?? { w: {}, r: 0, v: 0 };
	const checked = await checkReviews(ctx, params.socialSetId, known, previous, nowMs);
	const listed = new Map<number, IDataObject>(reads.scanned.map((draft) => [draft.id, draft]));
	for (const id of checked.resolved) {
		let summary = listed.get(id);
		if (!summary && params.draftOutput === 'summary') {
			const detail = reads.details.get(id) ?? (await getDraftDetail(ctx, params.socialSetId, id));
			if (detail) reads.details.set(id, detail);
			summary = summaryOf(detail ?? { id });
		}
		emissions.push({ id, at: nowMs, events: [POLL_EVENTS.commentsResolved], summary });
	}
	return checked.review;
}

/** The first poll: reads the most recently changed drafts (SEED_PAGES) and stores their status and the cursor. */
async function seedState(
	ctx: IPollFunctions,
	store: IDataObject,
	socialSetId: string,
	nowMs: number,
): Promise<void> {
	const drafts = await scanDrafts(ctx, socialSetId, undefined, SEED_PAGES);
	const known: Record<string, KnownDraft> = {};
	for (const draft of drafts) known[draft.id] = remember(undefined, draft, nowMs);
	const cursor = drafts.reduce((max, draft) => Math.max(max, changeTime(draft)), 0);
	writeState(store, { socialSetId, cursor, known: bounded(known) });
}

/**
 * Drafts that may change status without an edit (a publish ends) and that the list did not show: the
 * longest unchecked first, at most MAX_CHECKS, each read in detail; one that no longer exists is gone.
 */
async function checkDueDrafts(
	ctx: IPollFunctions,
	socialSetId: string,
	state: PollState,
	reads: PollReads,
	nowMs: number,
): Promise<void> {
	const due = Object.entries(state.known)
		.filter(([id, entry]) => !reads.views.has(Number(id)) && isDue(entry, nowMs))
		.sort(([, a], [, b]) => (a.c ?? 0) - (b.c ?? 0))
		.slice(0, MAX_CHECKS)
		.map(([id]) => Number(id));
	for (const id of due) {
		reads.checked.add(id);
		const detail = await getDraftDetail(ctx, socialSetId, id);
		if (!detail) {
			reads.gone.add(id);
			continue;
		}
		reads.details.set(id, detail);
		reads.views.set(id, detail);
	}
}

/**
 * The list shows `draft` while an immediate publish is in flight: the detail of a draft in the list that
 * changed since the cursor and was not read yet tells.
 */
async function checkInFlight(
	ctx: IPollFunctions,
	socialSetId: string,
	state: PollState,
	reads: PollReads,
): Promise<void> {
	const horizon = state.cursor;
	for (const draft of reads.scanned) {
		if (draft.status !== 'draft' || changeTime(draft) < horizon || reads.details.has(draft.id))
			continue;
		const previous = state.known[draft.id];
		if (previous && previous.s === 'draft' && previous.t === changeTime(draft)) continue;
		const detail = await getDraftDetail(ctx, socialSetId, draft.id);
		if (detail) {
			reads.details.set(draft.id, detail);
			reads.views.set(draft.id, detail);
		}
	}
}

/**
 * Each draft seen against what the state knew: its selected events (in the order of their change), and the
 * state's new entry for it; a due draft looked at gets its next check, a gone one is forgotten.
 */
function compareWithKnown(
	state: PollState,
	reads: PollReads,
	selection: EventSelection,
	nowMs: number,
): { emissions: Emission[]; known: Record<string, KnownDraft> } {
	const horizon = state.cursor;
	const summaries = new Map<number, IDataObject>(reads.scanned.map((draft) => [draft.id, draft]));
	const emissions: Emission[] = [];
	const known: Record<string, KnownDraft> = { ...state.known };
	for (const id of reads.gone) delete known[id];
	for (const [id, view] of reads.views) {
		const previous = state.known[id];
		const change = changeOf(previous, view, horizon);
		const events = change ? eventsOf(change, view, horizon, selection) : [];
		if (change && events.length > 0)
			emissions.push({ id, at: change.at, events, summary: summaries.get(id) });
		const entry = remember(previous, view, nowMs);
		if (reads.checked.has(id) && isDue({ ...entry, c: undefined }, nowMs))
			entry.c = nextCheck(entry, nowMs);
		known[id] = entry;
	}
	emissions.sort((a, b) => a.at - b.at || a.id - b.id);
	return { emissions, known };
}

/** One item per emission and event, oldest change first, each carrying its draft. */
async function itemsOf(
	ctx: IPollFunctions,
	params: PollParams,
	emissions: Emission[],
	details: Map<number, DraftSummary>,
	nowMs: number,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	const seenAt = new Date(nowMs).toISOString();
	for (const emission of emissions) {
		const draft = await draftFor(ctx, params, emission, details);
		for (const event of emission.events)
			items.push(eventItem(event, draft, seenAt, params.rawPayload));
	}
	return items;
}

/** The draft an item carries: the detail (read once per draft, reused), or the list's fields when asked so or when the draft is gone. */
async function draftFor(
	ctx: IPollFunctions,
	params: PollParams,
	emission: Emission,
	details: Map<number, DraftSummary>,
): Promise<IDataObject> {
	const read = details.get(emission.id);
	if (params.draftOutput === 'summary') return emission.summary ?? summaryOf(read ?? {});
	if (read) return read;
	const detail = await getDraftDetail(ctx, params.socialSetId, emission.id);
	if (detail) details.set(emission.id, detail);
	return detail ?? emission.summary ?? {};
}
