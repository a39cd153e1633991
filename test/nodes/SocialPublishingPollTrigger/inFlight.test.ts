/**
 * An immediate publish keeps the stored status `draft` while it is in flight (spec: States and transitions,
 * "POST draft with publish_at=now: stored status stays draft while publish_state goes in_progress, later
 * finished"; Draft summary: "status ... never shows publishing while an immediate publish is in flight"),
 * and its end does not move updated_at. The poll trigger learns from the detail that the publish is in flight
 * and looks at the draft on its own until it ends, even when the list read no longer reaches it.
 */
import { useSandbox } from '../../harness/sandbox';
import { api, buryUnderNewerDrafts, eventsOf, pollRunner, pollState } from './fixtures';

const fx = useSandbox({
	publishDelayMs: 10_000,
	rateLimits: {
		user: { limit: 100_000, windowSeconds: 60 },
		socialSet: { limit: 100_000, windowSeconds: 60 },
	},
});

test('a publish in flight at a poll is emitted when it ends, once, although other drafts pushed it off the first page', async () => {
	const sb = api(fx.sandbox);
	const runner = pollRunner(fx, { events: ['draft.published', 'draft.failed'] });
	expect((await runner.poll()).items).toBeNull();

	const flying = await sb.create('publishing slowly', { publish_at: 'now' });
	await buryUnderNewerDrafts(sb);
	const during = await runner.poll();
	expect(during).toEqual({ items: null });
	expect((await sb.get(flying.id)).publish_state).toBe('in_progress');
	expect(pollState(runner).known?.[flying.id]).toMatchObject({ s: 'draft', f: expect.any(Number) });

	expect((await sb.settled(flying.id, 20_000)).status).toBe('published');
	fx.sandbox.clearRequests();
	const after = await runner.poll();
	expect(eventsOf(after.items)).toEqual([['draft.published', flying.id]]);
	const paths = fx.apiRequests().map((r) => r.path);
	expect(paths.filter((p) => p.endsWith('/drafts'))).toHaveLength(1);
	expect(paths).toContain(`/v2/social-sets/101/drafts/${flying.id}`);
	expect(pollState(runner).known?.[flying.id]).toEqual({
		s: 'published',
		t: Date.parse(flying.created_at),
	});

	fx.sandbox.clearRequests();
	expect((await runner.poll()).items).toBeNull();
	expect(fx.apiRequests()).toHaveLength(1);
}, 40_000);
