import { createHmac, timingSafeEqual } from 'node:crypto';
import { call, inDays, useSandbox, waitFor, xPost } from './helpers';
import { Receiver, startReceiver } from './receiver';

function sortedCompact(value: unknown): string {
	const sort = (v: unknown): unknown =>
		Array.isArray(v)
			? v.map(sort)
			: v !== null && typeof v === 'object'
				? Object.fromEntries(
						Object.keys(v as object)
							.sort()
							.map((k) => [k, sort((v as Record<string, unknown>)[k])]),
					)
				: v;
	return JSON.stringify(sort(value));
}

describe('sandbox: webhooks', () => {
	const sb = useSandbox({ webhookRetryBaseMs: 20 });
	let receiver: Receiver | undefined;

	beforeEach(async () => {
		await sb().reset();
	});
	afterEach(async () => {
		await sb().settleWebhooks();
		await receiver?.close();
		receiver = undefined;
	});

	const events = () => receiver!.received.map((r) => r.headers['x-service-event']);

	it('Events signature: sha256= lowercase hex HMAC-SHA256(secret, timestamp.body) verifies independently', async () => {
		receiver = await startReceiver();
		sb().addWebhook({ url: receiver.url });
		const sentAfter = Date.now();
		const created = await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
			platforms: xPost('signed'),
		});
		await waitFor(async () => receiver!.received.length >= 1);
		const seenBy = Date.now();
		const got = receiver.received[0];
		const timestamp = got.headers['x-service-timestamp'] as string;
		expect(timestamp).toMatch(/^\d+$/);
		// Now, in whole seconds (not ms): from the second the request was sent to the one the delivery was seen in.
		expect(Number(timestamp)).toBeGreaterThanOrEqual(Math.floor(sentAfter / 1000));
		expect(Number(timestamp)).toBeLessThanOrEqual(Math.ceil(seenBy / 1000));
		const expected =
			'sha256=' +
			createHmac('sha256', 'whsec_sandbox_secret').update(`${timestamp}.${got.body}`).digest('hex');
		const signature = got.headers['x-service-signature'] as string;
		expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
		expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
		expect(got.headers['x-service-event']).toBe('draft.created');
		const payload = JSON.parse(got.body);
		expect(got.body).toBe(sortedCompact(payload));
		expect(got.body).not.toMatch(/": |", "/);
		expect(payload.event).toBe('draft.created');
		expect(payload.data).toEqual(created.body);
	});

	it('Events table: created, planned, scheduled, published, status_changed alongside, tags_changed, deleted', async () => {
		receiver = await startReceiver();
		sb().addWebhook({ url: receiver.url });
		const base = '/v2/social-sets/101/drafts';
		const d = (await call(sb(), 'write', 'POST', base, { platforms: xPost() })).body;
		await call(sb(), 'write', 'PATCH', `${base}/${d.id}`, { plan_at: inDays(sb(), 2) });
		await call(sb(), 'publish', 'PATCH', `${base}/${d.id}`, { publish_at: inDays(sb(), 3) });
		await call(sb(), 'publish', 'PATCH', `${base}/${d.id}`, { tags: ['launch'] });
		await call(sb(), 'publish', 'PATCH', `${base}/${d.id}`, { draft_title: 'no event for this' });
		await waitFor(async () => receiver!.received.length >= 6);
		const p = (await call(sb(), 'publish', 'POST', base, { platforms: xPost(), publish_at: 'now' }))
			.body;
		await waitFor(async () => receiver!.received.length >= 9);
		const before = (await call(sb(), 'read', 'GET', `${base}/${d.id}`)).body;
		await call(sb(), 'write', 'DELETE', `${base}/${d.id}`);
		await waitFor(async () => receiver!.received.length >= 10);
		await sb().settleWebhooks();
		expect(events()).toEqual([
			'draft.created',
			'draft.planned',
			'draft.status_changed',
			'draft.scheduled',
			'draft.status_changed',
			'draft.tags_changed',
			'draft.created',
			'draft.published',
			'draft.status_changed',
			'draft.deleted',
		]);
		const bodies = receiver.received.map((r) => JSON.parse(r.body));
		expect(bodies[1].data.status).toBe('planned');
		expect(bodies[2].data.status).toBe('planned');
		expect(bodies[5].data.tags).toEqual(['launch']);
		expect(bodies[7].data.id).toBe(p.id);
		expect(bodies[7].data.status).toBe('published');
		expect(bodies[7].data.x_published_url).toEqual(expect.any(String));
		expect(bodies[9].data).toEqual(before);
	});

	it('Events: draft.published is not sent when publishing fails; status_changed carries status error', async () => {
		receiver = await startReceiver();
		sb().addWebhook({ url: receiver.url, events: ['draft.published', 'draft.status_changed'] });
		await call(sb(), 'publish', 'POST', '/v2/social-sets/101/drafts', {
			platforms: xPost('boom #fail'),
			publish_at: 'now',
		});
		await waitFor(async () => receiver!.received.length >= 1);
		await new Promise((r) => setTimeout(r, 50));
		expect(events()).toEqual(['draft.status_changed']);
		expect(JSON.parse(receiver.received[0].body).data.status).toBe('error');
	});

	it('Events: scheduled drafts fire status_changed to publishing, then published, when the clock passes', async () => {
		receiver = await startReceiver();
		const d = (
			await call(sb(), 'publish', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost(),
				publish_at: inDays(sb(), 1),
			})
		).body;
		sb().addWebhook({ url: receiver.url });
		await sb().clock.advance(86_400_000 + 5_000);
		await waitFor(async () => receiver!.received.length >= 3);
		expect(events()).toEqual(['draft.status_changed', 'draft.published', 'draft.status_changed']);
		expect(JSON.parse(receiver.received[0].body).data).toEqual(
			expect.objectContaining({ id: d.id, status: 'publishing', publish_state: 'in_progress' }),
		);
	});

	it('Events delivery: non-2xx answers are retried with exponential backoff and every attempt is recorded', async () => {
		receiver = await startReceiver([500, 503], 204);
		sb().addWebhook({ url: receiver.url, events: ['draft.created'] });
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() });
		await waitFor(async () => receiver!.received.length >= 3);
		await sb().settleWebhooks();
		const mine = sb().deliveries.filter((d) => d.url === receiver!.url);
		expect(mine.map((d) => [d.attempt, d.status])).toEqual([
			[1, 500],
			[2, 503],
			[3, 204],
		]);
		const [a, b, c] = receiver.received.map((r) => r.at);
		expect(b - a).toBeGreaterThanOrEqual(18);
		expect(c - b).toBeGreaterThanOrEqual(38);
		expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
		expect(new Set(receiver.received.map((r) => r.headers['x-service-signature'])).size).toBe(1);
		expect(mine[0].headers['x-service-event']).toBe('draft.created');
	});

	it('Limits webhook retries: 5 attempts in all, then the delivery is given up', async () => {
		receiver = await startReceiver([], 500);
		sb().addWebhook({ url: receiver.url, events: ['draft.created'] });
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() });
		await waitFor(async () => receiver!.received.length >= 5);
		await new Promise((r) => setTimeout(r, 400));
		expect(receiver.received).toHaveLength(5);
		expect(sb().deliveries.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5]);
	});

	it('Events delivery: network errors count as failures (status null) and are retried', async () => {
		const closed = await startReceiver();
		const url = closed.url;
		await closed.close();
		sb().addWebhook({ url, events: ['draft.created'] });
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() });
		await waitFor(async () => sb().deliveries.length >= 2);
		expect(sb().deliveries[0]).toEqual(expect.objectContaining({ url, attempt: 1, status: null }));
		expect(sb().deliveries[1].attempt).toBe(2);
	});

	it('Limits webhook auto-disable: after 100 consecutive failures the endpoint gets no more events', async () => {
		receiver = await startReceiver([], 500);
		sb().addWebhook({ url: receiver.url, events: ['draft.created'] });
		for (let i = 0; i < 20; i++)
			await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost(`n${i}`),
			});
		await waitFor(async () => receiver!.received.length >= 100, 25_000);
		await new Promise((r) => setTimeout(r, 400));
		await sb().settleWebhooks();
		expect(receiver.received).toHaveLength(100);
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
			platforms: xPost('after disable'),
		});
		await new Promise((r) => setTimeout(r, 100));
		expect(receiver.received).toHaveLength(100);
		const admin = (await fetch(`${sb().baseUrl}/__sandbox/webhooks`).then((r) => r.json())) as {
			webhooks: unknown[];
		};
		expect(admin.webhooks).toEqual([
			expect.objectContaining({ url: receiver.url, disabled: true, consecutiveFailures: 100 }),
		]);
		expect(JSON.stringify(admin)).not.toContain('whsec_');
	});

	it('Events headers: custom prefix and secret per webhook; events filter', async () => {
		receiver = await startReceiver();
		sb().addWebhook({
			url: receiver.url,
			secret: 'other_secret',
			headerPrefix: 'X-Acme-',
			events: ['draft.deleted'],
		});
		const d = (
			await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() })
		).body;
		await call(sb(), 'write', 'DELETE', `/v2/social-sets/101/drafts/${d.id}`);
		await waitFor(async () => receiver!.received.length >= 1);
		await sb().settleWebhooks();
		expect(receiver.received).toHaveLength(1);
		const got = receiver.received[0];
		expect(got.headers['x-acme-event']).toBe('draft.deleted');
		expect(got.headers['x-service-event']).toBeUndefined();
		const ts = got.headers['x-acme-timestamp'] as string;
		expect(got.headers['x-acme-signature']).toBe(
			'sha256=' + createHmac('sha256', 'other_secret').update(`${ts}.${got.body}`).digest('hex'),
		);
	});

	it('Admin route POST /__sandbox/webhooks registers an endpoint out of process', async () => {
		receiver = await startReceiver();
		const res = await fetch(`${sb().baseUrl}/__sandbox/webhooks`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ url: receiver.url, events: ['draft.created'] }),
		});
		expect(res.status).toBe(201);
		await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', { platforms: xPost() });
		await waitFor(async () => receiver!.received.length >= 1);
		const deliveries = (await fetch(`${sb().baseUrl}/__sandbox/deliveries`).then((r) =>
			r.json(),
		)) as { deliveries: unknown[] };
		expect(deliveries.deliveries[0]).toEqual(
			expect.objectContaining({
				url: receiver.url,
				event: 'draft.created',
				attempt: 1,
				status: 200,
			}),
		);
		const bad = await fetch(`${sb().baseUrl}/__sandbox/webhooks`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ url: 'ftp://x' }),
		});
		expect(bad.status).toBe(400);
	});
});
