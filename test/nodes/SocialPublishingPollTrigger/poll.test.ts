/**
 * The poll trigger run the way an active workflow runs it (n8n-core's PollContext, static data stored as
 * JSON between polls) against the sandbox over HTTP. Spec lines relied on: Endpoints > Drafts ("List query:
 * ... order_by ... default -updated_at"), Draft summary ("updated_at ... null if never edited"), Limits
 * ("Page size ... max 50"), States and transitions (publish_at=now keeps the stored status while
 * publish_state is in_progress).
 */
import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../../harness/sandbox';
import { byId } from '../../harness/workflows';
import {
	api,
	buryUnderNewerDrafts,
	eventsOf,
	inFuture,
	pollRunner,
	pollState,
	startOfSecond,
} from './fixtures';

const fx = useSandbox({
	publishDelayMs: 150,
	rateLimits: {
		user: { limit: 100_000, windowSeconds: 60 },
		socialSet: { limit: 100_000, windowSeconds: 60 },
	},
});

const listRequests = () =>
	fx.apiRequests().filter((r) => r.method === 'GET' && /\/drafts$/.test(r.path));
const detailRequests = () =>
	fx.apiRequests().filter((r) => r.method === 'GET' && /\/drafts\/\d+$/.test(r.path));

beforeEach(async () => {
	await fx.sandbox.reset();
});

describe('Social Publishing Poll Trigger: activation and idle polls', () => {
	test('the first poll emits nothing old and stores the cursor and what it read', async () => {
		const sb = api(fx.sandbox);
		const a = await sb.create('first');
		const b = await sb.create('second');
		const edited = await sb.patch(a.id, { draft_title: 'edited' });
		const runner = pollRunner(fx, { events: ['draft.created', 'draft.status_changed'] });
		fx.sandbox.clearRequests();

		const first = await runner.poll();

		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const state = pollState(runner);
		expect(state.socialSetId).toBe('101');
		expect(state.cursor).toBe(
			Math.max(Date.parse(edited.updated_at as string), Date.parse(b.created_at)),
		);
		expect(state.known).toEqual({
			[a.id]: { s: 'draft', t: Date.parse(edited.updated_at as string) },
			[b.id]: { s: 'draft', t: Date.parse(b.created_at) },
		});
		expect(listRequests()).toHaveLength(1);
		expect(listRequests()[0].query).toEqual({
			order_by: ['-updated_at'],
			limit: ['50'],
			offset: ['0'],
		});
	});

	test('an idle poll costs exactly one request and emits nothing, also with more drafts than a page', async () => {
		const sb = api(fx.sandbox);
		for (let i = 0; i < 70; i++) await sb.create(`draft ${i}`);
		await sb.create('scheduled later', { publish_at: inFuture(3_600_000) });
		// a second later, so that fewer drafts than a page share the newest timestamp (see the ties test below)
		await new Promise((resolve) => setTimeout(resolve, 1100));
		await sb.create('the newest');
		const runner = pollRunner(fx, {
			events: ['draft.created', 'draft.status_changed', 'draft.published', 'draft.failed'],
		});
		expect((await runner.poll()).items).toBeNull();

		for (let round = 0; round < 3; round++) {
			fx.sandbox.clearRequests();
			const idle = await runner.poll();
			expect(idle).toEqual({ items: null });
			expect(fx.apiRequests()).toHaveLength(1);
		}
	});

	test('an idle poll on an empty social set costs one request; the first draft after it is new', async () => {
		const runner = pollRunner(fx, { events: ['draft.created'] });
		expect((await runner.poll()).items).toBeNull();
		expect(pollState(runner).cursor).toBe(0);
		fx.sandbox.clearRequests();
		expect((await runner.poll()).items).toBeNull();
		expect(fx.apiRequests()).toHaveLength(1);
		const draft = await api(fx.sandbox).create('hello');
		expect(eventsOf((await runner.poll()).items)).toEqual([['draft.created', draft.id]]);
	});
});

describe('Social Publishing Poll Trigger: every change once', () => {
	test('120 drafts created between two polls (more than two pages) are each emitted exactly once', async () => {
		const sb = api(fx.sandbox);
		const before = await sb.create('before activation');
		const runner = pollRunner(fx, { events: ['draft.created'] });
		expect((await runner.poll()).items).toBeNull();

		const created: number[] = [];
		for (let i = 0; i < 119; i++) created.push((await sb.create(`bulk ${i}`)).id);
		// the last one a second later: the idle poll below then finds fewer drafts than a page at the cursor's
		// second (more than 49 there cost a second page by design, see docs/poll-trigger.md, "Costs")
		await new Promise((resolve) => setTimeout(resolve, 1100));
		created.push((await sb.create('bulk 119')).id);
		fx.sandbox.clearRequests();
		const poll = await runner.poll();

		expect(poll.error).toBeUndefined();
		const events = eventsOf(poll.items);
		expect(events).toHaveLength(120);
		expect(events.every(([event]) => event === 'draft.created')).toBe(true);
		expect(events.map(([, id]) => id).sort((x, y) => x - y)).toEqual(created);
		expect(events.map(([, id]) => id)).not.toContain(before.id);
		expect(listRequests().length).toBeGreaterThanOrEqual(3);
		// one detail read per emitted draft, none more
		expect(detailRequests()).toHaveLength(120);

		fx.sandbox.clearRequests();
		expect(await runner.poll()).toEqual({ items: null });
		expect(fx.apiRequests()).toHaveLength(1);
	});

	test('a draft created in the same second as the cursor, after the poll, is emitted once and the earlier one not again', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, { events: ['draft.created'] });
		expect((await runner.poll()).items).toBeNull();
		for (let attempt = 0; ; attempt++) {
			await startOfSecond();
			const a = await sb.create(`same second A ${attempt}`);
			const first = await runner.poll();
			const b = await sb.create(`same second B ${attempt}`);
			if (a.created_at !== b.created_at) {
				// the second ticked over between the two: not the case under test, so try again
				if (attempt < 5) {
					await runner.poll();
					continue;
				}
				throw new Error('could not create two drafts within one second');
			}
			expect(eventsOf(first.items)).toEqual([['draft.created', a.id]]);
			expect(pollState(runner).cursor).toBe(Date.parse(a.created_at));
			expect(eventsOf((await runner.poll()).items)).toEqual([['draft.created', b.id]]);
			expect((await runner.poll()).items).toBeNull();
			return;
		}
	});

	test('60 drafts sharing one timestamp (more than a page of ties) give no event twice and no event missed', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, { events: ['draft.created'] });
		expect((await runner.poll()).items).toBeNull();
		let ids: number[] = [];
		for (let attempt = 0; attempt < 5 && ids.length === 0; attempt++) {
			await startOfSecond();
			const drafts = await Promise.all(
				Array.from({ length: 60 }, (_, i) => sb.create(`tie ${attempt}-${i}`)),
			);
			const poll = await runner.poll();
			const seconds = new Set(drafts.map((d) => d.created_at));
			expect(
				eventsOf(poll.items)
					.map(([, id]) => id)
					.sort((x, y) => x - y),
			).toEqual(drafts.map((d) => d.id).sort((x, y) => x - y));
			if (seconds.size === 1) ids = drafts.map((d) => d.id);
		}
		expect(ids).toHaveLength(60);
		fx.sandbox.clearRequests();
		expect((await runner.poll()).items).toBeNull();
		// the first page holds only ties of the cursor, so the poll reads on until an older draft, or the end
		expect(listRequests().length).toBe(2);
	});

	test('the state survives as JSON; a new social set starts over without emitting its old drafts', async () => {
		const sb = api(fx.sandbox);
		await sb.create('in 101');
		const runner = pollRunner(fx, { events: ['draft.created'] });
		expect((await runner.poll()).items).toBeNull();
		const stored = runner.staticData();
		expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
		expect(JSON.stringify(stored)).not.toContain(fx.sandbox.keys.admin);

		const other = pollRunner(fx, { events: ['draft.created'], socialSetId: byId(102) });
		other.setStaticData(stored);
		expect((await other.poll()).items).toBeNull();
		expect(pollState(other).socialSetId).toBe('102');
	});
});

describe('Social Publishing Poll Trigger: status changes, publishes and failures', () => {
	test('Draft Status Changed to a chosen status, or to any', async () => {
		const sb = api(fx.sandbox);
		const a = await sb.create('to plan');
		const b = await sb.create('to schedule');
		const c = await sb.create('only edited');
		const any = pollRunner(fx, { events: ['draft.status_changed'], toStatus: 'any' });
		const scheduledOnly = pollRunner(fx, {
			events: ['draft.status_changed'],
			toStatus: 'scheduled',
		});
		expect((await any.poll()).items).toBeNull();
		expect((await scheduledOnly.poll()).items).toBeNull();

		await sb.patch(a.id, { plan_at: inFuture(86_400_000) });
		await sb.patch(b.id, { publish_at: inFuture(86_400_000) });
		await sb.patch(c.id, { draft_title: 'a new title, same status' });

		const anyItems = (await any.poll()).items;
		expect(eventsOf(anyItems)).toEqual([
			['draft.status_changed', a.id],
			['draft.status_changed', b.id],
		]);
		expect(anyItems?.map((item) => (item.json.draft as { status: string }).status)).toEqual([
			'planned',
			'scheduled',
		]);
		expect(eventsOf((await scheduledOnly.poll()).items)).toEqual([['draft.status_changed', b.id]]);

		// back to draft: a change for "any", not for "scheduled"
		await sb.patch(b.id, { publish_at: null });
		expect(eventsOf((await any.poll()).items)).toEqual([['draft.status_changed', b.id]]);
		expect((await scheduledOnly.poll()).items).toBeNull();
	});

	test('Draft Published and Draft Failed (status error) for immediate publishes, once each', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, {
			events: ['draft.published', 'draft.failed', 'draft.status_changed'],
			toStatus: 'any',
		});
		expect((await runner.poll()).items).toBeNull();

		const ok = await sb.create('this one publishes', { publish_at: 'now' });
		const bad = await sb.create('this one fails #fail', { publish_at: 'now' });
		await sb.settled(ok.id);
		await sb.settled(bad.id);

		const poll = await runner.poll();
		expect(eventsOf(poll.items)).toEqual([
			['draft.published', ok.id],
			['draft.status_changed', ok.id],
			['draft.failed', bad.id],
			['draft.status_changed', bad.id],
		]);
		const published = poll.items?.[0].json.draft as {
			status: string;
			x_published_url: string;
			platforms: unknown;
		};
		expect(published.status).toBe('published');
		expect(published.x_published_url).toMatch(/^https:\/\/x\.com\//);
		expect(published.platforms).toBeDefined();
		expect((poll.items?.[2].json.draft as { status: string }).status).toBe('error');
		expect((await runner.poll()).items).toBeNull();
	});

	test('a scheduled draft that publishes at its date is emitted, also when the list read no longer reaches it', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, {
			events: ['draft.published', 'draft.status_changed'],
			toStatus: 'published',
		});
		const scheduled = await sb.create('scheduled soon', { publish_at: inFuture(4500) });
		await buryUnderNewerDrafts(sb);
		expect((await runner.poll()).items).toBeNull();
		expect(pollState(runner).known?.[scheduled.id]).toMatchObject({
			s: 'scheduled',
			d: Date.parse(scheduled.scheduled_date as string),
		});

		expect((await sb.settled(scheduled.id)).status).toBe('published');
		fx.sandbox.clearRequests();
		const poll = await runner.poll();
		expect(eventsOf(poll.items)).toEqual([
			['draft.published', scheduled.id],
			['draft.status_changed', scheduled.id],
		]);
		// one page of the list, then the scheduled draft on its own (its updated_at did not move)
		expect(listRequests()).toHaveLength(1);
		expect(detailRequests().map((r) => r.path)).toEqual([
			`/v2/social-sets/101/drafts/${scheduled.id}`,
		]);
		expect((await runner.poll()).items).toBeNull();
	});

	test('a poll looks at most 20 drafts on its own; the rest wait for the next poll, none is lost', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, { events: ['draft.published'] });
		const date = inFuture(6000);
		const scheduled: number[] = [];
		for (let i = 0; i < 25; i++)
			scheduled.push((await sb.create(`scheduled ${i}`, { publish_at: date })).id);
		await buryUnderNewerDrafts(sb);
		expect((await runner.poll()).items).toBeNull();
		for (const id of scheduled) expect((await sb.settled(id)).status).toBe('published');

		const looked = () => detailRequests().map((r) => Number(r.path.split('/').pop()));
		fx.sandbox.clearRequests();
		const first = await runner.poll();
		expect(listRequests()).toHaveLength(1);
		expect(looked()).toHaveLength(20);
		expect(eventsOf(first.items).map(([, id]) => id)).toEqual([...looked()].sort((a, b) => a - b));

		const firstLooked = looked();
		fx.sandbox.clearRequests();
		const second = await runner.poll();
		expect([...looked()].sort((a, b) => a - b)).toEqual(
			scheduled.filter((id) => !firstLooked.includes(id)),
		);
		expect(eventsOf(second.items)).toEqual(looked().map((id) => ['draft.published', id]));

		fx.sandbox.clearRequests();
		expect(await runner.poll()).toEqual({ items: null });
		expect(detailRequests()).toHaveLength(0);
	});

	test('a scheduled draft deleted before its date is forgotten without an error', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, { events: ['draft.published'] });
		const scheduled = await sb.create('scheduled then deleted', { publish_at: inFuture(4500) });
		await buryUnderNewerDrafts(sb);
		expect((await runner.poll()).items).toBeNull();
		await sb.remove(scheduled.id);
		await new Promise((resolve) =>
			setTimeout(resolve, Date.parse(scheduled.scheduled_date as string) - Date.now() + 100),
		);
		fx.sandbox.clearRequests();
		expect(await runner.poll()).toEqual({ items: null });
		expect(detailRequests().map((r) => [r.path, r.status])).toEqual([
			[`/v2/social-sets/101/drafts/${scheduled.id}`, 404],
		]);
		expect(pollState(runner).known?.[scheduled.id]).toBeUndefined();
	});
});

describe('Social Publishing Poll Trigger: output', () => {
	test('items are {event, timestamp, draft} with the Draft detail, like the webhook trigger', async () => {
		const runner = pollRunner(fx, { events: ['draft.created'] });
		await runner.poll();
		const draft = await api(fx.sandbox).create('shape');
		const before = Date.now();
		const [item] = (await runner.poll()).items ?? [];
		expect(Object.keys(item.json).sort()).toEqual(['draft', 'event', 'timestamp']);
		expect(item.json.event).toBe('draft.created');
		expect(Date.parse(String(item.json.timestamp))).toBeGreaterThanOrEqual(before - 1000);
		expect(item.json.draft).toEqual(await api(fx.sandbox).get(draft.id));
	});

	test('Output Raw Payload gives {event, data}; List Fields Only reads no detail', async () => {
		const raw = pollRunner(fx, { events: ['draft.created'], options: { rawPayload: true } });
		const summary = pollRunner(fx, {
			events: ['draft.created'],
			options: { draftOutput: 'summary' },
		});
		await raw.poll();
		await summary.poll();
		const draft = await api(fx.sandbox).create('raw and summary');

		const [rawItem] = (await raw.poll()).items ?? [];
		expect(Object.keys(rawItem.json).sort()).toEqual(['data', 'event']);
		expect((rawItem.json.data as { id: number; platforms: unknown }).platforms).toBeDefined();

		fx.sandbox.clearRequests();
		const [summaryItem] = (await summary.poll()).items ?? [];
		const listed = summaryItem.json.draft as Record<string, unknown>;
		expect(listed.id).toBe(draft.id);
		expect(listed.platforms).toBeUndefined();
		expect(listed.x_post_enabled).toBe(true);
		expect(detailRequests()).toHaveLength(0);
		expect(fx.apiRequests()).toHaveLength(1);
	});
});

describe('Social Publishing Poll Trigger: manual test (Fetch Test Event)', () => {
	test('returns the latest draft that fits the events and leaves the active state alone', async () => {
		const sb = api(fx.sandbox);
		await sb.create('older');
		const newer = await sb.create('newer');
		const runner = pollRunner(fx, { events: ['draft.created'] });

		const manual = await runner.poll('manual');
		expect(manual.error).toBeUndefined();
		expect(eventsOf(manual.items)).toEqual([['draft.created', newer.id]]);
		expect((manual.items?.[0].json.draft as { platforms: unknown }).platforms).toBeDefined();
		expect(runner.staticData()).toEqual({});
	});

	test('Draft Published gives the latest published draft; nothing fitting is a clear error', async () => {
		const sb = api(fx.sandbox);
		const runner = pollRunner(fx, { events: ['draft.published'] });
		await sb.create('never published');
		const none = await runner.poll('manual');
		expect(none.items).toBeNull();
		expect(none.error?.message).toBe('No draft in social set 101 fits the chosen events yet');

		const published = await sb.create('published', { publish_at: 'now' });
		await sb.settled(published.id);
		await sb.create('created after it');
		expect(eventsOf((await runner.poll('manual')).items)).toEqual([
			['draft.published', published.id],
		]);
	});
});

describe('Social Publishing Poll Trigger: bad input', () => {
	test('no social set: a clear error naming the parameter, before any request', async () => {
		const runner = pollRunner(fx, {
			events: ['draft.created'],
			socialSetId: { __rl: true, mode: 'list', value: '' },
		});
		fx.sandbox.clearRequests();
		for (const mode of ['trigger', 'manual'] as const) {
			const poll = await runner.poll(mode);
			expect(poll.items).toBeNull();
			expect(poll.error?.message).toBe(
				'Parameter "Social Set" must be a social set ID (a whole number), got ""',
			);
		}
		expect(fx.apiRequests()).toHaveLength(0);
	});

	test('no events, or an unknown one: a clear error before any request', async () => {
		fx.sandbox.clearRequests();
		expect((await pollRunner(fx, { events: [] }).poll()).error?.message).toBe(
			'Parameter "Events" needs at least one event to watch for',
		);
		expect((await pollRunner(fx, { events: ['draft.deleted'] }).poll()).error?.message).toBe(
			'Parameter "Events" holds unknown events: draft.deleted',
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	test('an option of another value than its own (an expression giving text where a switch is due, or an object) is refused naming it before any request, never read as its default (issue 38)', async () => {
		fx.sandbox.clearRequests();
		const run = async (options: INodeParameters) =>
			(await pollRunner(fx, { events: ['draft.created'], options }).poll()).error?.message;
		expect(await run({ rawPayload: '={{ "yes" }}' })).toBe(
			'Parameter "Output Raw Payload" must be true or false, got "yes"',
		);
		expect(await run({ draftOutput: '={{ { a: 1 } }}' })).toBe(
			'Parameter "Draft Data" must be "detail" or "summary", got {"a":1}',
		);
		expect(await run({ draftOutput: '={{ "full" }}' })).toBe(
			'Parameter "Draft Data" must be "detail" or "summary", got "full"',
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	test('a social set that does not exist, or that the key cannot read, surfaces the service error; the state is not touched', async () => {
		const missing = pollRunner(fx, { events: ['draft.created'], socialSetId: byId(999) });
		const notFound = await missing.poll();
		expect(notFound.error?.message).toMatch(/NOT_FOUND/);
		expect(notFound.error?.httpCode).toBe('404');
		expect(pollState(missing)).toEqual({});

		const forbidden = await pollRunner(
			fx,
			{ events: ['draft.created'], socialSetId: byId(102) },
			{ key: 'read' },
		).poll();
		expect(forbidden.error?.httpCode).toBe('403');
	});

	test('a failed poll changes nothing: the next poll emits what the failed one would have', async () => {
		const runner = pollRunner(fx, { events: ['draft.created'] });
		await runner.poll();
		const draft = await api(fx.sandbox).create('after a failure');
		const before = runner.staticData();
		fx.sandbox.faults.set({ fail503: 4, paths: '/drafts' });
		const failed = await runner.poll();
		expect(failed.error?.httpCode).toBe('503');
		expect(runner.staticData()).toEqual(before);
		fx.sandbox.faults.clear();
		expect(eventsOf((await runner.poll()).items)).toEqual([['draft.created', draft.id]]);
	});
});
