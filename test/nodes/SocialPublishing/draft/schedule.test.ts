import { DateTime } from 'luxon';
import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { at, berlinTime, SLOT_TIMES, api, draftParams, hoursFromNow, seedDraft } from './fixtures';

const fx = useSandbox();

describe('Draft > Schedule (States and transitions: PATCH publish_at)', () => {
	test('at a date with offset: PATCH publish_at in UTC, the draft is scheduled', async () => {
		const draft = await seedDraft(fx);
		const { result, requests, items } = await runFresh(
			fx,
			at('schedule', draft.id, { when: 'date', date: '2031-05-04T12:15:00-04:00' }),
			{ key: 'publish' },
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({ method: 'GET', path: `/v2/social-sets/101/drafts/${draft.id}` }),
			expect.objectContaining({
				method: 'PATCH',
				path: `/v2/social-sets/101/drafts/${draft.id}`,
				body: { publish_at: '2031-05-04T16:15:00Z' },
			}),
		]);
		expect(items[0]).toMatchObject({
			status: 'scheduled',
			scheduled_date: expect.stringMatching(/^2031-05-04T16:15:00/),
		});
	});

	test('a date without offset is read in the social set time zone; the time zone is read once for several items', async () => {
		const drafts = [await seedDraft(fx), await seedDraft(fx)];
		const input = drafts.map((d) => ({ json: { id: d.id } }));
		const { result, requests } = await runFresh(
			fx,
			draftParams('schedule', {
				draftId: '={{ $json.id }}',
				when: 'date',
				date: '2031-01-15T09:00:00',
			}),
			{ input },
		);
		expect(result.error).toBeUndefined();
		// the two drafts are in flight together: their requests may interleave, the zone is read first and once
		const sent = requests.map((r) => `${r.method} ${r.path}`);
		expect(sent[0]).toBe('GET /v2/social-sets/101/queue/schedule');
		expect(sent.slice(1).sort()).toEqual(
			drafts
				.flatMap((d) => [
					`GET /v2/social-sets/101/drafts/${d.id}`,
					`PATCH /v2/social-sets/101/drafts/${d.id}`,
				])
				.sort(),
		);
		for (const patch of requests.filter((r) => r.method === 'PATCH'))
			expect(patch.body).toEqual({ publish_at: '2031-01-15T08:00:00Z' });
	});

	test('a luxon DateTime and a JS Date from expressions are both taken as instants', async () => {
		for (const expression of [
			'={{ $now.plus({ days: 3 }) }}',
			'={{ new Date(Date.now() + 3 * 86400000) }}',
		]) {
			const draft = await seedDraft(fx);
			const { result, requests } = await runFresh(
				fx,
				at('schedule', draft.id, { when: 'date', date: expression }),
			);
			expect(result.error).toBeUndefined();
			expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
			const sent = Date.parse((requests[1].body as { publish_at: string }).publish_at);
			expect(Math.abs(sent - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
		}
	});

	test('Next Free Slot sends publish_at=next-free-slot and the draft lands on a queue slot', async () => {
		const draft = await seedDraft(fx);
		const { result, requests, items } = await runFresh(
			fx,
			at('schedule', draft.id, { when: 'nextFreeSlot' }),
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({ method: 'GET' }),
			expect.objectContaining({ method: 'PATCH', body: { publish_at: 'next-free-slot' } }),
		]);
		expect(items[0].status).toBe('scheduled');
		expect(Date.parse(String(items[0].scheduled_date))).toBeGreaterThan(Date.now());
		expect(SLOT_TIMES).toContain(berlinTime(items[0].scheduled_date));
	});

	test('from planned with no new date: reads the draft and echoes its planned scheduled_date as publish_at', async () => {
		const planned = await seedDraft(fx, { plan_at: '2031-09-09T07:45:00Z' });
		const { result, requests, items } = await runFresh(
			fx,
			at('schedule', planned.id, { when: 'date', date: '' }),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		expect(requests[1].body).toEqual({ publish_at: planned.scheduled_date });
		expect(items[0]).toMatchObject({ status: 'scheduled', scheduled_date: planned.scheduled_date });
	});

	test('no date for a draft that is not planned: the error says so and no PATCH is sent', async () => {
		const draft = await seedDraft(fx);
		const { result, requests } = await runFresh(
			fx,
			at('schedule', draft.id, { when: 'date', date: '' }),
		);
		expect(result.error?.message).toMatch(
			/Parameter "Date" is empty and draft \d+ is draft, not planned/,
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('a past date and "now" are refused before sending', async () => {
		await expectRejectedBeforeSending(
			fx,
			at('schedule', 1, { when: 'date', date: '2021-01-01T00:00:00Z' }),
			{ parameter: 'Date', problem: /in the past/ },
		);
		await expectRejectedBeforeSending(
			fx,
			at('schedule', 1, { when: 'date', date: '={{ "now" }}' }),
			{ parameter: 'Date', problem: /Publish Now/ },
		);
	});

	test('a date without offset that has just passed in the social set zone: only the time zone is read, no PATCH', async () => {
		const justPast = DateTime.now()
			.setZone('Europe/Berlin')
			.minus({ minutes: 30 })
			.toFormat("yyyy-MM-dd'T'HH:mm:ss");
		const { result, requests } = await runFresh(
			fx,
			at('schedule', 1, { when: 'date', date: justPast }),
		);
		expect(result.error?.message).toContain(
			`Parameter "Date" is in the past (${justPast} in Europe/Berlin)`,
		);
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/queue/schedule',
		]);
	});

	test('a WRITE key cannot schedule: 403 INSUFFICIENT_ACCESS_LEVEL (scheduling needs PUBLISH)', async () => {
		const draft = await seedDraft(fx);
		const { result } = await runFresh(
			fx,
			at('schedule', draft.id, { when: 'date', date: hoursFromNow(30) }),
			{ key: 'write' },
		);
		expectServiceError(result, { httpCode: 403, code: 'INSUFFICIENT_ACCESS_LEVEL' });
	});
});

describe('Schedule and Rules on platform content 5 (scheduling replies is blocked; scheduling URL-bearing X posts is allowed)', () => {
	test('an X reply is refused before scheduling: only the draft was read, and it stays a draft', async () => {
		const reply = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [{ text: 'Agreed' }],
					settings: { reply_to_url: 'https://x.com/a/status/1' },
				},
			},
		});
		const { result, requests } = await runFresh(
			fx,
			at('schedule', reply.id, { when: 'nextFreeSlot' }),
		);
		expect(result.error?.message).toBe(
			`Draft ${reply.id} cannot be scheduled: it is an X reply (reply to https://x.com/a/status/1), and the API blocks publishing or scheduling replies (Rules on platform content 5) [item 0]`,
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
		expect((await api(fx, 'GET', `/v2/social-sets/101/drafts/${reply.id}`)).body.status).toBe(
			'draft',
		);
	});

	test('an X draft with a URL is scheduled', async () => {
		const withUrl = await seedDraft(fx, {
			platforms: {
				x: { enabled: true, posts: [{ text: 'Read https://example.com/launch' }], settings: {} },
			},
		});
		const { result, items } = await runFresh(
			fx,
			at('schedule', withUrl.id, { when: 'date', date: hoursFromNow(30) }),
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({ status: 'scheduled' });
	});
});
