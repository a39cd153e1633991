import { DateTime } from 'luxon';
import { useSandbox } from '../../../harness/sandbox';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';
import { queueParams, scheduleDraft, slotsParams } from './fixtures';

const fx = useSandbox();

describe('Queue > Get Next Free Slots (Queue view from today, free queue_slot entries)', () => {
	const next = (extra: Record<string, unknown> = {}) => queueParams('getNextFreeSlots', 101, extra);
	const todayBerlin = () => DateTime.now().setZone('Europe/Berlin').toISODate() as string;

	test('reads the schedule for the time zone, then the view from today for 14 days, and returns the next free slots', async () => {
		const { result, requests, items } = await runFresh(fx, next({ limit: 4 }), { key: 'read' });
		expect(result.error).toBeUndefined();
		const start = todayBerlin();
		const end = DateTime.fromISO(start).plus({ days: 13 }).toISODate();
		expect(requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/v2/social-sets/101/queue/schedule', {}],
			['GET', '/v2/social-sets/101/queue', { start_date: [start], end_date: [end] }],
		]);
		expect(items).toHaveLength(4);
		const slots = (await runFresh(fx, slotsParams(101, start, end as string, 'slot'))).items;
		const expected = slots
			.filter(
				(slot) =>
					slot.kind === 'queue_slot' &&
					slot.draft === null &&
					Date.parse(slot.at as string) > Date.now(),
			)
			.slice(0, 4);
		expect(items.map((slot) => slot.at)).toEqual(expected.map((slot) => slot.at));
		for (const slot of items) {
			expect(slot).toEqual({
				social_set_id: 101,
				timezone: 'Europe/Berlin',
				date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
				at: expect.any(String),
				local_time: DateTime.fromISO(slot.at as string)
					.setZone('Europe/Berlin')
					.toISO({ suppressMilliseconds: true }),
			});
			expect((slot.local_time as string).slice(0, 10)).toBe(slot.date);
		}
	});

	test('a slot taken by a draft scheduled with next-free-slot is skipped', async () => {
		const before = (await runFresh(fx, next({ limit: 2 }))).items.map((slot) => slot.at);
		const taken = await scheduleDraft(fx, 101, 'next-free-slot', 'publish');
		expect(taken).toBe(before[0]);
		const after = (await runFresh(fx, next({ limit: 1 }))).items.map((slot) => slot.at);
		expect(after).toEqual([before[1]]);
	});

	test('Days to Look Ahead sets the end of the range: 62 days counting today', async () => {
		const { requests } = await runFresh(fx, next({ days: 62, limit: 1 }));
		const start = todayBerlin();
		expect(requests[1].query).toEqual({
			start_date: [start],
			end_date: [DateTime.fromISO(start).plus({ days: 61 }).toISODate()],
		});
	});

	test.each([63, 0, 2.5])('Days to Look Ahead %s is refused before sending', async (days) => {
		await expectRejectedBeforeSending(fx, next({ days }), {
			parameter: 'Days to Look Ahead',
			problem: /from 1 to 62/,
		});
	});

	test('a Limit of 0 is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, next({ limit: 0 }), { parameter: 'Limit' });
	});

	test('a queue with no rules has no free slots: no items', async () => {
		const cleared = await runFresh(
			fx,
			queueParams('updateSchedule', 102, { rulesInput: 'json', rulesJson: '[]' }),
		);
		expect(cleared.result.error).toBeUndefined();
		const { result, requests, items } = await runFresh(fx, queueParams('getNextFreeSlots', 102));
		expect(result.error).toBeUndefined();
		expect(requests).toHaveLength(2);
		expect(items).toEqual([]);
	});

	test('403 FORBIDDEN on the invisible social set stops at the first request', async () => {
		const { result, requests } = await runFresh(fx, queueParams('getNextFreeSlots', 103));
		expectServiceError(result, { httpCode: 403, code: 'FORBIDDEN' });
		expect(requests).toHaveLength(1);
	});
});
