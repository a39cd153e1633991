import { createHash } from 'crypto';

import type { TriggerServer } from '../../harness/webhookServer';
import {
	compactSorted,
	draftDetail,
	nowSeconds,
	post,
	PREFIX,
	SECRET,
	sign,
	signedDelivery,
	withHeader,
	type Delivery,
} from './deliveries';
import { startTrigger, type StartTriggerOptions } from './startTrigger';

let server: TriggerServer;

async function withTrigger(opts: StartTriggerOptions, body: () => Promise<void>): Promise<void> {
	server = await startTrigger(opts);
	try {
		await body();
	} finally {
		await server.close();
	}
}

/** Sends the delivery and checks its status and that no workflow ran. */
async function expectRefused(delivery: Delivery, status: number): Promise<void> {
	const answer = await post(server.url, delivery);
	await server.idle();
	expect(answer.status).toBe(status);
	expect(server.runs).toHaveLength(0);
	expect(server.errors).toEqual([]);
}

const created = (id = 1, extra: Partial<Parameters<typeof signedDelivery>[0]> = {}) =>
	signedDelivery({ event: 'draft.created', data: draftDetail(id), ...extra });

describe('Social Publishing Trigger over HTTP (Events)', () => {
	test('a valid delivery is answered 200 at once and starts one run with {event, timestamp, draft}', async () => {
		await withTrigger({}, async () => {
			const timestamp = nowSeconds();
			const delivery = created(42, { timestamp });
			const answer = await post(server.url, delivery);
			await server.idle();
			expect(answer.status).toBe(200);
			expect(answer.json).toEqual({ received: true });
			expect(server.runs).toHaveLength(1);
			const [run] = server.runs;
			expect(run.status).toBe('success');
			const signature = delivery.headers[`${PREFIX}Signature`];
			const expected = {
				event: 'draft.created',
				timestamp: new Date(timestamp * 1000).toISOString(),
				// a digest of the signature header: the same for every copy of this delivery
				delivery_id: createHash('sha256').update(signature, 'utf8').digest('hex').slice(0, 32),
				draft: JSON.parse(compactSorted(draftDetail(42))),
			};
			expect(run.items).toEqual([expected]);
			expect(run.captured).toEqual([expected]);
			const output = JSON.stringify(run.items);
			expect(output).not.toContain(SECRET);
			expect(output).not.toContain(signature.slice(7));
		});
	});

	test('delivery_id is the same for every copy of a delivery, also where two triggers (memories) each accept one, and differs between deliveries', async () => {
		const other = await startTrigger({});
		try {
			await withTrigger({}, async () => {
				const delivery = created(7);
				const second = created(8);
				expect((await post(server.url, delivery)).status).toBe(200);
				expect((await post(other.url, delivery)).status).toBe(200);
				expect((await post(server.url, second)).status).toBe(200);
				await server.idle();
				await other.idle();
				const [first, next] = server.runs.map((r) => r.items[0]);
				const copy = other.runs[0].items[0];
				expect(first.delivery_id).toMatch(/^[0-9a-f]{32}$/);
				expect(copy.delivery_id).toBe(first.delivery_id);
				expect(next.delivery_id).toMatch(/^[0-9a-f]{32}$/);
				expect(next.delivery_id).not.toBe(first.delivery_id);
			});
		} finally {
			await other.close();
		}
	});

	test('the raw payload option outputs the body unchanged', async () => {
		await withTrigger({ options: { rawPayload: true } }, async () => {
			const delivery = signedDelivery({
				event: 'draft.deleted',
				data: draftDetail(5, { status: 'scheduled' }),
			});
			expect((await post(server.url, delivery)).status).toBe(200);
			await server.idle();
			expect(server.runs.map((r) => r.items)).toEqual([[JSON.parse(delivery.body.toString())]]);
		});
	});

	test('a verified delivery of an event that is not selected is acknowledged with 200 and starts nothing', async () => {
		await withTrigger({ events: ['draft.published', 'draft.scheduled'] }, async () => {
			const ignored = await post(server.url, created(1));
			expect(ignored.status).toBe(200);
			expect(ignored.json).toEqual({ received: true, ignored: true });
			expect(
				(await post(server.url, signedDelivery({ event: 'draft.published', data: draftDetail(2) })))
					.status,
			).toBe(200);
			await server.idle();
			expect(server.runs.map((r) => r.items[0].event)).toEqual(['draft.published']);
		});
	});

	test('"*" selects every event', async () => {
		await withTrigger({ events: ['*'] }, async () => {
			for (const [i, event] of [
				'draft.tags_changed',
				'draft.status_changed',
				'draft.planned',
			].entries()) {
				expect(
					(await post(server.url, signedDelivery({ event, data: draftDetail(i) }))).status,
				).toBe(200);
			}
			await server.idle();
			expect(server.runs.map((r) => r.items[0].event).sort()).toEqual([
				'draft.planned',
				'draft.status_changed',
				'draft.tags_changed',
			]);
		});
	});

	test('a replayed delivery is answered 200 without a second run', async () => {
		await withTrigger({}, async () => {
			const delivery = created(9);
			expect((await post(server.url, delivery)).status).toBe(200);
			const again = await post(server.url, delivery);
			expect(again.status).toBe(200);
			expect(again.json).toEqual({ received: true, duplicate: true });
			await server.idle();
			expect(server.runs).toHaveLength(1);
			// The memory lives in the workflow's static data, keyed by digest, never the signature.
			const stored = JSON.stringify(server.storedStaticData());
			expect(stored).not.toContain(delivery.headers[`${PREFIX}Signature`].slice(7));
			expect(
				Object.keys((server.storedStaticData()['node:Trigger'] as { seen: object }).seen),
			).toHaveLength(1);
		});
	});

	test('the same draft sent again with a new timestamp is a new delivery and runs again', async () => {
		await withTrigger({}, async () => {
			const t = nowSeconds();
			expect((await post(server.url, created(3, { timestamp: t }))).status).toBe(200);
			expect((await post(server.url, created(3, { timestamp: t - 1 }))).status).toBe(200);
			await server.idle();
			expect(server.runs).toHaveLength(2);
		});
	});
});

describe('Social Publishing Trigger refuses what it cannot verify (Events, Authentication 5)', () => {
	beforeEach(async () => {
		server = await startTrigger();
	});
	afterEach(async () => {
		await server.close();
	});

	test.each(['Event', 'Timestamp', 'Signature'] as const)(
		'missing %s header -> 401',
		async (role) => {
			await expectRefused(withHeader(created(), role, undefined), 401);
		},
	);

	test('headers under another prefix -> 401', async () => {
		await expectRefused(created(1, { prefix: 'X-Other-' }), 401);
	});

	test('header names in any case are accepted', async () => {
		const d = created();
		const headers = Object.fromEntries(
			Object.entries(d.headers).map(([k, v]) => [k.toUpperCase(), v]),
		);
		expect((await post(server.url, { ...d, headers })).status).toBe(200);
	});

	test('signed with another secret -> 401', async () => {
		await expectRefused(created(1, { secret: 'whsec_not_the_secret' }), 401);
	});

	test('one body byte changed after signing -> 401', async () => {
		const d = created(1);
		const body = Buffer.from(d.body.toString().replace('"id":1', '"id":2'));
		await expectRefused({ ...d, body }, 401);
	});

	test('the JSON re-spaced or re-ordered after signing -> 401 (the signature covers the raw bytes)', async () => {
		const d = created(1);
		const parsed = JSON.parse(d.body.toString()) as { event: string; data: object };
		await expectRefused({ ...d, body: Buffer.from(JSON.stringify(parsed, null, 1)) }, 401);
		await expectRefused(
			{ ...d, body: Buffer.from(JSON.stringify({ event: parsed.event, data: parsed.data })) },
			401,
		);
	});

	test('a correctly signed body in any JSON layout is accepted (no re-serialisation)', async () => {
		const d = created(11, { serialise: (p) => JSON.stringify(p, null, 2) });
		expect((await post(server.url, d)).status).toBe(200);
		await server.idle();
		expect(server.runs).toHaveLength(1);
	});

	test.each([
		['truncated', (s: string) => s.slice(0, -2)],
		['upper-case hex', (s: string) => 'sha256=' + s.slice(7).toUpperCase()],
		['non-hex', (s: string) => s.slice(0, -1) + 'z'],
		['without scheme', (s: string) => s.slice(7)],
	])('%s signature -> 401', async (_name, mutate) => {
		const d = created();
		await expectRefused(withHeader(d, 'Signature', mutate(d.headers[`${PREFIX}Signature`])), 401);
	});

	test('stale timestamp (older than 300 s) -> 401', async () => {
		await expectRefused(created(1, { timestamp: nowSeconds() - 302 }), 401);
	});

	test('future timestamp (more than 300 s ahead) -> 401', async () => {
		await expectRefused(created(1, { timestamp: nowSeconds() + 302 }), 401);
	});

	test('timestamps inside the window in both directions are accepted', async () => {
		expect((await post(server.url, created(1, { timestamp: nowSeconds() - 295 }))).status).toBe(
			200,
		);
		expect((await post(server.url, created(2, { timestamp: nowSeconds() + 295 }))).status).toBe(
			200,
		);
	});

	test('timestamp header changed after signing -> 401', async () => {
		const d = created();
		await expectRefused(withHeader(d, 'Timestamp', String(nowSeconds() + 1)), 401);
	});

	test('event header that differs from the body event -> 401', async () => {
		await expectRefused(withHeader(created(), 'Event', 'draft.deleted'), 401);
	});

	test('a signed body that is not JSON (text/plain) -> 400', async () => {
		const timestamp = String(nowSeconds());
		const body = Buffer.from('event=draft.created');
		await expectRefused(
			{
				body,
				headers: {
					'Content-Type': 'text/plain',
					[`${PREFIX}Event`]: 'draft.created',
					[`${PREFIX}Timestamp`]: timestamp,
					[`${PREFIX}Signature`]: sign(SECRET, timestamp, body),
				},
			},
			400,
		);
	});

	test('a body declared JSON that does not parse is refused by n8n before the node (422)', async () => {
		const timestamp = String(nowSeconds());
		const body = Buffer.from('{"event":');
		const headers = {
			...created().headers,
			[`${PREFIX}Timestamp`]: timestamp,
			[`${PREFIX}Signature`]: sign(SECRET, timestamp, body),
		};
		await expectRefused({ body, headers }, 422);
	});

	test('other methods never reach the node (n8n answers 404 for an unregistered method)', async () => {
		const answer = await post(server.url, created(), 'GET');
		expect(answer.status).toBe(404);
		expect(server.runs).toHaveLength(0);
	});

	test('a refusal body names the failed check and carries neither secret nor signature', async () => {
		const d = created(1, { secret: 'whsec_not_the_secret' });
		const answer = await post(server.url, d);
		expect(answer.json).toEqual({ error: 'Invalid signature' });
		expect(answer.text).not.toContain(SECRET);
		expect(answer.text).not.toContain(d.headers[`${PREFIX}Signature`].slice(7));
	});
});

describe('Social Publishing Trigger options', () => {
	test('a custom header prefix is read instead of the default', async () => {
		await withTrigger({ options: { headerPrefix: 'X-Acme-' } }, async () => {
			expect((await post(server.url, created(1, { prefix: 'X-Acme-' }))).status).toBe(200);
			expect((await post(server.url, created(2))).status).toBe(401);
			await server.idle();
			expect(server.runs).toHaveLength(1);
		});
	});

	test('a blank header prefix falls back to the default', async () => {
		await withTrigger({ options: { headerPrefix: '  ' } }, async () => {
			expect((await post(server.url, created(1))).status).toBe(200);
		});
	});

	test('a smaller tolerance rejects what the default would accept', async () => {
		await withTrigger({ options: { toleranceSeconds: 60 } }, async () => {
			expect((await post(server.url, created(1, { timestamp: nowSeconds() - 120 }))).status).toBe(
				401,
			);
			expect((await post(server.url, created(2, { timestamp: nowSeconds() - 30 }))).status).toBe(
				200,
			);
		});
	});
});

describe('Social Publishing Trigger set-up (activation)', () => {
	test('refuses to start listening without a signing secret, with a clear message', async () => {
		await expect(
			startTrigger({
				credentials: { apiKey: 'sp_test_read', baseUrl: 'http://127.0.0.1:9', webhookSecret: '' },
			}),
		).rejects.toThrow(/Webhook Signing Secret is empty/);
		await expect(
			startTrigger({ credentials: { apiKey: 'sp_test_read', baseUrl: 'http://127.0.0.1:9' } }),
		).rejects.toThrow(/Webhook Signing Secret is empty/);
	});

	test('refuses to start without any event selected', async () => {
		await expect(startTrigger({ events: [] })).rejects.toThrow(/at least one event/);
	});

	test('a secret removed after activation makes every delivery fail closed (401)', async () => {
		const credentials = {
			apiKey: 'sp_test_read',
			baseUrl: 'http://127.0.0.1:9',
			webhookSecret: SECRET,
		};
		await withTrigger({ credentials }, async () => {
			credentials.webhookSecret = '';
			await expectRefused(created(), 401);
		});
	});
});
