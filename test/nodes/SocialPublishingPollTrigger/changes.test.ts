/** The poll trigger's pure helpers: what changed, which events that gives, what is remembered, and how much. */
import type { IDataObject } from 'n8n-workflow';

import {
	changeOf,
	changeTime,
	CHECK_SPACING_MAX_MS,
	eventsOf,
	FLIGHT_MAX_MS,
	isDue,
	nextCheck,
	OVERDUE_MAX_MS,
	remember,
	type DraftView,
} from '../../../nodes/SocialPublishingPollTrigger/changes';
import { summaryOf } from '../../../nodes/SocialPublishingPollTrigger/output';
import {
	bounded,
	readState,
	writeState,
	type KnownDraft,
} from '../../../nodes/SocialPublishingPollTrigger/state';

const T = Date.parse('2026-03-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function draft(
	id: number,
	status: string,
	created: number,
	updated: number | null = null,
	extra: Partial<DraftView> = {},
): DraftView {
	return {
		id,
		status,
		created_at: iso(created),
		updated_at: updated === null ? null : iso(updated),
		published_at: null,
		scheduled_date: null,
		...extra,
	};
}

const all = {
	events: ['draft.created', 'draft.status_changed', 'draft.published', 'draft.failed'],
	toStatus: 'any',
};

describe('changeTime', () => {
	test('is updated_at, or created_at for a draft never edited (updated_at null, Draft summary)', () => {
		expect(changeTime(draft(1, 'draft', T, T + 5000))).toBe(T + 5000);
		expect(changeTime(draft(1, 'draft', T))).toBe(T);
		expect(changeTime({ ...draft(1, 'draft', T), created_at: 'not a date' })).toBe(0);
	});
});

describe('changeOf', () => {
	test('a draft not remembered and created at or after the previous cursor is new', () => {
		expect(changeOf(undefined, draft(7, 'draft', T), T)).toEqual({
			id: 7,
			created: true,
			from: null,
			to: 'draft',
			at: T,
		});
		expect(changeOf(undefined, draft(7, 'scheduled', T + 1000), T)).toMatchObject({
			created: true,
			from: null,
			to: 'scheduled',
		});
	});

	test('a draft not remembered but created before the cursor is an older draft whose earlier status is unknown', () => {
		expect(changeOf(undefined, draft(7, 'planned', T - 1000, T + 1000), T)).toEqual({
			id: 7,
			created: false,
			from: undefined,
			to: 'planned',
			at: T + 1000,
		});
	});

	test('a remembered draft changes only when its status differs; an edit alone, or equal timestamps, are no change', () => {
		const known: KnownDraft = { s: 'draft', t: T };
		expect(changeOf(known, draft(7, 'draft', T - 5000, T), T)).toBeUndefined();
		expect(changeOf(known, draft(7, 'draft', T - 5000, T + 9000), T)).toBeUndefined();
		expect(changeOf(known, draft(7, 'scheduled', T - 5000, T + 9000), T)).toEqual({
			id: 7,
			created: false,
			from: 'draft',
			to: 'scheduled',
			at: T + 9000,
		});
		// a status change without an edit (a publish ending) keeps the change time
		expect(
			changeOf({ s: 'scheduled', t: T - 5000 }, draft(7, 'published', T - 5000), T),
		).toMatchObject({ from: 'scheduled', to: 'published', at: T - 5000 });
	});
});

describe('eventsOf', () => {
	test('a new plain draft is New Draft only; a new draft already published is also Published and Status Changed', () => {
		const plain = draft(1, 'draft', T);
		expect(eventsOf(changeOf(undefined, plain, T)!, plain, T, all)).toEqual(['draft.created']);
		const published = draft(2, 'published', T, null, { published_at: iso(T + 2000) });
		expect(eventsOf(changeOf(undefined, published, T)!, published, T, all)).toEqual([
			'draft.created',
			'draft.published',
			'draft.status_changed',
		]);
	});

	test('a move to error is Draft Failed and Status Changed', () => {
		const failed = draft(3, 'error', T - 9000);
		expect(
			eventsOf(changeOf({ s: 'publishing', t: T - 9000 }, failed, T)!, failed, T, all),
		).toEqual(['draft.failed', 'draft.status_changed']);
	});

	test('To Status keeps only status changes into that status; other events are not affected', () => {
		const scheduled = draft(4, 'scheduled', T - 9000, T + 1000);
		const change = changeOf({ s: 'draft', t: T - 9000 }, scheduled, T)!;
		expect(
			eventsOf(change, scheduled, T, { events: ['draft.status_changed'], toStatus: 'scheduled' }),
		).toEqual(['draft.status_changed']);
		expect(
			eventsOf(change, scheduled, T, { events: ['draft.status_changed'], toStatus: 'planned' }),
		).toEqual([]);
		expect(
			eventsOf(change, scheduled, T, {
				events: ['draft.published', 'draft.failed'],
				toStatus: 'any',
			}),
		).toEqual([]);
	});

	test('a draft never seen before counts as changed only when its published_at proves a publish since the cursor', () => {
		const publishedNow = draft(5, 'published', T - 99_000, null, { published_at: iso(T + 1000) });
		expect(eventsOf(changeOf(undefined, publishedNow, T)!, publishedNow, T, all)).toEqual([
			'draft.published',
			'draft.status_changed',
		]);
		const publishedLongAgo = draft(6, 'published', T - 99_000, null, {
			published_at: iso(T - 50_000),
		});
		expect(eventsOf(changeOf(undefined, publishedLongAgo, T)!, publishedLongAgo, T, all)).toEqual(
			[],
		);
		const planned = draft(7, 'planned', T - 99_000, T + 1000);
		expect(eventsOf(changeOf(undefined, planned, T)!, planned, T, all)).toEqual([]);
	});
});

describe('remember and the looks of its own', () => {
	test('remembers status and change time, and the date of a scheduled draft', () => {
		expect(remember(undefined, draft(1, 'draft', T), T)).toEqual({ s: 'draft', t: T });
		const scheduled = draft(2, 'scheduled', T, T + 1000, { scheduled_date: iso(T + 60_000) });
		expect(remember(undefined, scheduled, T)).toEqual({
			s: 'scheduled',
			t: T + 1000,
			d: T + 60_000,
		});
	});

	test('a publish is in flight while the detail says in_progress or the status is publishing; the list alone keeps an earlier flag', () => {
		const now = T + 10_000;
		const flying = remember(
			undefined,
			{ ...draft(1, 'draft', T), publish_state: 'in_progress' },
			now,
		);
		expect(flying).toEqual({ s: 'draft', t: T, f: now });
		expect(remember(flying, draft(1, 'draft', T), now + 60_000)).toEqual({
			s: 'draft',
			t: T,
			f: now,
		});
		expect(
			remember(flying, { ...draft(1, 'draft', T), publish_state: 'finished' }, now + 60_000),
		).toEqual({ s: 'draft', t: T });
		expect(remember(flying, draft(1, 'published', T), now + 60_000)).toEqual({
			s: 'published',
			t: T,
		});
		expect(remember({ s: 'scheduled', t: T, d: T }, draft(1, 'publishing', T), now)).toEqual({
			s: 'publishing',
			t: T,
			f: now,
		});
	});

	test('a scheduled draft is due for a look of its own from its date on, spaced out while it does not publish, and given up after a week', () => {
		const entry: KnownDraft = { s: 'scheduled', t: T - 60_000, d: T };
		expect(isDue(entry, T - 1)).toBe(false);
		expect(isDue(entry, T)).toBe(true);
		const later = T + 20 * 60_000;
		const next = nextCheck(entry, later);
		expect(next).toBe(later + 10 * 60_000);
		expect(isDue({ ...entry, c: next }, later + 60_000)).toBe(false);
		expect(isDue({ ...entry, c: next }, next)).toBe(true);
		expect(nextCheck(entry, T + 10 * CHECK_SPACING_MAX_MS)).toBe(T + 11 * CHECK_SPACING_MAX_MS);
		expect(isDue(entry, T + OVERDUE_MAX_MS + 1)).toBe(false);
		expect(isDue({ s: 'planned', t: T, d: T }, T + 1000)).toBe(false);
	});

	test('a publish in flight is due at once, and given up after an hour', () => {
		expect(isDue({ s: 'draft', t: T, f: T }, T)).toBe(true);
		expect(isDue({ s: 'draft', t: T, f: T }, T + FLIGHT_MAX_MS + 1)).toBe(false);
	});
});

describe('state in the static data', () => {
	test('is read back only for the same social set and with a numeric cursor; malformed entries are dropped', () => {
		const store: IDataObject = {};
		writeState(store, { socialSetId: '101', cursor: T, known: { 1: { s: 'draft', t: T } } });
		expect(readState(store, '101')).toEqual({
			socialSetId: '101',
			cursor: T,
			known: { 1: { s: 'draft', t: T } },
		});
		expect(readState(store, '102')).toBeUndefined();
		expect(readState({ ...store, cursor: 'x' }, '101')).toBeUndefined();
		expect(
			readState({ ...store, known: { 1: { s: 'draft' }, 2: 'x', 3: { s: 'error', t: T } } }, '101')
				?.known,
		).toEqual({ 3: { s: 'error', t: T } });
		expect(readState({}, '101')).toBeUndefined();
	});

	test('keeps at most the limit: drafts that may still change without an edit first, then the most recently changed', () => {
		const known: Record<string, KnownDraft> = {};
		for (let id = 1; id <= 10; id++) known[id] = { s: 'draft', t: T + id };
		known[11] = { s: 'scheduled', t: T - 99, d: T + 99 };
		known[12] = { s: 'draft', t: T - 98, f: T };
		expect(Object.keys(bounded(known, 5)).sort()).toEqual(['10', '11', '12', '8', '9']);
		expect(bounded(known, 50)).toBe(known);
	});
});

describe('summaryOf', () => {
	test('takes the Draft summary fields from a Draft detail, enabled flags from its platforms', () => {
		const summary = summaryOf({
			id: 9,
			draft_id: 9,
			social_set_id: 101,
			status: 'published',
			publish_state: 'finished',
			preview: '',
			platforms: { x: { enabled: true, posts: [] }, linkedin: { enabled: false, posts: [] } },
			x_published_url: 'https://x.com/a/status/1',
			x_post_published_at: '2026-03-01T10:00:00Z',
			created_at: '2026-03-01T09:00:00Z',
			updated_at: null,
		});
		expect(summary).toMatchObject({
			id: 9,
			social_set_id: 101,
			status: 'published',
			preview: null,
			x_post_enabled: true,
			linkedin_post_enabled: false,
			mastodon_post_enabled: false,
			x_published_url: 'https://x.com/a/status/1',
			x_post_published_at: '2026-03-01T10:00:00Z',
			linkedin_published_url: null,
			updated_at: null,
		});
		expect(summary).not.toHaveProperty('platforms');
		expect(summary).not.toHaveProperty('publish_state');
		expect(summary).not.toHaveProperty('draft_id');
	});
});
