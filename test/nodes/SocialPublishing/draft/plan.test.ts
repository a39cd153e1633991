import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { at, berlinTime, SLOT_TIMES, hoursFromNow, seedDraft } from './fixtures';

const fx = useSandbox();

describe('Draft > Plan (States and transitions: PATCH plan_at)', () => {
	test('at a date: PATCH plan_at, the draft is planned with that date', async () => {
		const draft = await seedDraft(fx);
		const { result, requests, items } = await runFresh(
			fx,
			at('plan', draft.id, { when: 'date', date: '2031-02-02T10:00:00+01:00' }),
			{ key: 'write' },
		);
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({ method: 'PATCH', body: { plan_at: '2031-02-02T09:00:00Z' } }),
		]);
		expect(items[0]).toMatchObject({
			status: 'planned',
			scheduled_date: expect.stringMatching(/^2031-02-02T09:00:00/),
		});
	});

	test('Next Free Slot sends plan_at=next-free-slot', async () => {
		const draft = await seedDraft(fx);
		const { requests, items } = await runFresh(fx, at('plan', draft.id, { when: 'nextFreeSlot' }));
		expect(requests[0].body).toEqual({ plan_at: 'next-free-slot' });
		expect(items[0]).toMatchObject({ status: 'planned' });
		expect(SLOT_TIMES).toContain(berlinTime(items[0].scheduled_date));
	});

	test('planning a scheduled draft disarms it: status planned, date moved', async () => {
		const scheduled = await seedDraft(fx, { publish_at: hoursFromNow(70) });
		const { result, items } = await runFresh(
			fx,
			at('plan', scheduled.id, { when: 'date', date: '2031-04-04T04:04:00Z' }),
			{ key: 'publish' },
		);
		expect(result.error).toBeUndefined();
		expect(items[0]).toMatchObject({
			status: 'planned',
			scheduled_date: expect.stringMatching(/^2031-04-04T04:04:00/),
		});
	});

	test('"now" is not accepted for Plan and a past date is refused, both before sending', async () => {
		await expectRejectedBeforeSending(fx, at('plan', 1, { when: 'date', date: '={{ "now" }}' }), {
			parameter: 'Date',
			problem: /"now", which a plan does not accept/,
		});
		await expectRejectedBeforeSending(
			fx,
			at('plan', 1, { when: 'date', date: '2019-06-01T08:00:00+02:00' }),
			{ parameter: 'Date', problem: /in the past/ },
		);
	});
});
