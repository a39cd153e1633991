/**
 * End to end (Events, Limits "Webhook retries"): the sandbox service sends real
 * signed deliveries over HTTP, retries included, to the trigger served by the
 * loopback webhook harness; each accepted event must start exactly one run.
 */
import { createHash } from 'crypto';
import { startSandbox, type Sandbox } from '../../../sandbox';
import type { TriggerServer } from '../../harness/webhookServer';
import { startTrigger, type StartTriggerOptions } from './startTrigger';

const RETRY_BASE_MS = 20;
const SOCIAL_SET = 101;

let sandbox: Sandbox;
let trigger: TriggerServer;

async function start(
	triggerOptions: StartTriggerOptions = {},
	headerPrefix?: string,
	webhookClockSkewMs?: number,
): Promise<void> {
	sandbox = await startSandbox({
		quiet: true,
		webhookRetryBaseMs: RETRY_BASE_MS,
		webhookClockSkewMs,
	});
	trigger = await startTrigger({
		...triggerOptions,
		credentials: triggerOptions.credentials ?? {
			apiKey: sandbox.keys.read,
			baseUrl: sandbox.baseUrl,
			webhookSecret: sandbox.webhookSecret,
		},
	});
	sandbox.addWebhook({ url: trigger.url, headerPrefix });
}

afterEach(async () => {
	await sandbox?.close();
	await trigger?.close();
});

async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
	const res = await fetch(`${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}${path}`, {
		method,
		headers: { Authorization: `Bearer ${sandbox.keys.admin}`, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
	return res.status === 204 ? {} : ((await res.json()) as Record<string, unknown>);
}

const createDraft = async (text: string) =>
	await api('POST', '/drafts', {
		platforms: { x: { enabled: true, posts: [{ text }], settings: {} } },
	});

/** Waits until the condition holds and nothing is in flight on either side. */
async function settle(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		await sandbox.settleWebhooks();
		await trigger.idle();
		if (condition()) return;
		if (Date.now() > deadline) throw new Error('timed out waiting for webhook deliveries');
		await new Promise((r) => setTimeout(r, 25));
	}
}

const statuses = () => sandbox.deliveries.map((d) => d.status);

describe('e2e: sandbox deliveries to the trigger over HTTP', () => {
	test('every draft event is delivered once, answered 200, and starts one run with the delivered draft', async () => {
		await start();
		const inDays = (days: number) =>
			new Date(sandbox.clock.now().getTime() + days * 86_400_000).toISOString();
		const planned = await createDraft('Hello from the end-to-end test');
		await api('PATCH', `/drafts/${planned.id as number}`, { plan_at: inDays(7), tags: ['launch'] });
		await api('DELETE', `/drafts/${planned.id as number}`);
		const scheduled = await createDraft('Scheduled from the end-to-end test');
		await api('PATCH', `/drafts/${scheduled.id as number}`, { publish_at: inDays(2) });
		await api('POST', '/drafts', {
			platforms: { x: { enabled: true, posts: [{ text: 'Published now' }], settings: {} } },
			publish_at: 'now',
		});

		const all = [
			'draft.created',
			'draft.planned',
			'draft.scheduled',
			'draft.published',
			'draft.status_changed',
			'draft.tags_changed',
			'draft.deleted',
		];
		await settle(
			() =>
				all.every((e) => sandbox.deliveries.some((d) => d.event === e)) &&
				trigger.runs.length === sandbox.deliveries.length,
		);

		// Accepted at the first attempt: the service never retries an accepted delivery.
		expect(statuses().every((s) => s === 200)).toBe(true);
		expect(sandbox.deliveries.every((d) => d.attempt === 1)).toBe(true);
		// One run per delivery, each with the delivered event, timestamp and draft.
		const expected = sandbox.deliveries.map((d) => {
			const body = JSON.parse(d.body) as { event: string; data: Record<string, unknown> };
			return {
				event: body.event,
				timestamp: new Date(Number(d.headers['x-service-timestamp']) * 1000).toISOString(),
				delivery_id: createHash('sha256')
					.update(d.headers['x-service-signature'], 'utf8')
					.digest('hex')
					.slice(0, 32),
				draft: body.data,
			};
		});
		const items = trigger.runs.map((r) => r.items[0]);
		expect(items).toHaveLength(expected.length);
		expect(items).toEqual(expect.arrayContaining(expected));
		expect(trigger.runs.every((r) => r.status === 'success' && r.captured.length === 1)).toBe(true);
		expect(items.find((i) => i.event === 'draft.deleted')?.draft).toMatchObject({ id: planned.id });
		expect(items.find((i) => i.event === 'draft.scheduled')?.draft).toMatchObject({
			id: scheduled.id,
			status: 'scheduled',
		});
	});

	test('deliveries the service retries after n8n answered 503 start one run in total', async () => {
		await start({ failFirst: 2 });
		await createDraft('Retried delivery');
		await settle(() => statuses().includes(200));
		expect(sandbox.deliveries.map((d) => [d.attempt, d.status])).toEqual([
			[1, 503],
			[2, 503],
			[3, 200],
		]);
		// The retries carry the same timestamp and signature as the first attempt.
		expect(new Set(sandbox.deliveries.map((d) => d.headers['x-service-signature'])).size).toBe(1);
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.runs[0].items[0].event).toBe('draft.created');
		// ...so the run's delivery id is the one every attempt of this delivery carries.
		expect(trigger.runs[0].items[0].delivery_id).toBe(
			createHash('sha256')
				.update(sandbox.deliveries[2].headers['x-service-signature'], 'utf8')
				.digest('hex')
				.slice(0, 32),
		);
	});

	test('a retry after a lost response is recognised as a replay: still one run', async () => {
		await start({ dropResponse: (n) => n === 1 });
		await createDraft('Lost response');
		await settle(() => statuses().includes(200));
		expect(sandbox.deliveries.map((d) => [d.attempt, d.status])).toEqual([
			[1, null],
			[2, 200],
		]);
		const answers = trigger.answered
			.filter((a) => a.status === 200)
			.map((a) => JSON.parse(a.body) as unknown);
		expect(answers).toEqual([{ received: true, duplicate: true }]);
		expect(trigger.runs).toHaveLength(1);
	});

	test('a trigger with another secret refuses all 5 attempts with 401 and runs nothing', async () => {
		await start({
			credentials: {
				apiKey: 'unused',
				baseUrl: 'http://127.0.0.1:9',
				webhookSecret: 'whsec_some_other_secret',
			},
		});
		await createDraft('Wrong secret');
		await settle(() => sandbox.deliveries.length === 5);
		await new Promise((r) => setTimeout(r, RETRY_BASE_MS * 20));
		expect(sandbox.deliveries.map((d) => [d.attempt, d.status])).toEqual(
			[1, 2, 3, 4, 5].map((a) => [a, 401]),
		);
		expect(trigger.runs).toHaveLength(0);
	});

	test('deliveries of events that are not selected are acknowledged once and start nothing', async () => {
		await start({ events: ['draft.deleted'] });
		const draft = await createDraft('Only deletion matters');
		await settle(() => sandbox.deliveries.length === 1);
		expect(statuses()).toEqual([200]);
		expect(trigger.runs).toHaveLength(0);
		await api('DELETE', `/drafts/${draft.id as number}`);
		await settle(() => trigger.runs.length === 1);
		expect(statuses()).toEqual([200, 200]);
		expect(trigger.runs[0].items[0]).toMatchObject({
			event: 'draft.deleted',
			draft: { id: draft.id },
		});
	});

	test('a service clock ten minutes ahead is refused (timestamp outside the tolerance) on every attempt', async () => {
		await start({}, undefined, 10 * 60_000);
		await createDraft('Skewed clock');
		await settle(() => sandbox.deliveries.length === 5);
		expect(statuses()).toEqual([401, 401, 401, 401, 401]);
		expect(trigger.runs).toHaveLength(0);
	});

	test('a service header prefix configured on both sides is honoured', async () => {
		await start({ options: { headerPrefix: 'X-Acme-' } }, 'X-Acme-');
		await createDraft('Custom prefix');
		await settle(() => trigger.runs.length === 1);
		expect(Object.keys(sandbox.deliveries[0].headers)).toEqual(
			expect.arrayContaining(['x-acme-signature']),
		);
		expect(statuses()).toEqual([200]);
	});
});
