import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';

const fx = useSandbox();

afterEach(() => fx.sandbox.faults.clear());

const today = DateTime.now().setZone('Europe/Berlin').startOf('day');

const day = (daysBack: number) => today.minus({ days: daysBack }).toISODate() as string;

const followers = (options: INodeParameters = {}, id = 101) => ({
	resource: 'analytics',
	operation: 'getFollowers',
	socialSetId: byId(id),
	platform: 'x',
	options,
});

describe('Analytics > Get Followers (Analytics: GET .../analytics/{platform}/followers)', () => {
	test('without dates nothing is sent in the query and the service gives the 30 days ending today', async () => {
		const { result, requests, items } = await runFresh(fx, followers(), { key: 'read' });
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/analytics/x/followers',
				query: {},
				status: 200,
			}),
		]);
		expect(items).toHaveLength(1);
		const series = items[0] as {
			platform: string;
			current_followers_count: number;
			data: Array<{ date: string; followers_count: number }>;
		};
		expect(series.platform).toBe('x');
		expect(series.data[0].date >= day(29)).toBe(true);
		expect(series.data[series.data.length - 1]).toEqual({
			date: day(0),
			followers_count: series.current_followers_count,
		});
		const dates = series.data.map((point) => point.date);
		expect([...dates].sort()).toEqual(dates);
	});

	test('start and end are sent as YYYY-MM-DD and bound the series', async () => {
		const start = today.minus({ days: 60 });
		const parameters = followers({
			startDate: `={{ DateTime.fromISO('${start.toISODate()}T08:00:00', { zone: 'Europe/Berlin' }) }}`,
			endDate: day(40),
		});
		const { result, requests, items } = await runFresh(fx, parameters);
		expect(result.error).toBeUndefined();
		expect(requests[0].query).toEqual({ start_date: [day(60)], end_date: [day(40)] });
		const data = items[0].data as Array<{ date: string }>;
		expect(data[0].date).toBe(day(60));
		expect(data[data.length - 1].date).toBe(day(40));
	});

	test('only a start date is sent alone; the service ends the series today', async () => {
		const { requests, items } = await runFresh(fx, followers({ startDate: day(5) }));
		expect(requests[0].query).toEqual({ start_date: [day(5)] });
		expect((items[0].data as unknown[]).length).toBe(6);
	});

	test('367 days are refused before sending (Limits: analytics date range)', async () => {
		await expectRejectedBeforeSending(
			fx,
			followers({ startDate: '2025-01-01', endDate: '2026-01-02' }),
			{ parameter: 'End Date', problem: /span 367 days/ },
		);
	});

	test('only a Start Date: the range to today (the default end, in the social set time zone) is checked too (Limits: analytics date range; Analytics: followers defaults)', async () => {
		const tooLong = await runFresh(fx, followers({ startDate: day(400) }));
		expect(tooLong.result.error?.message).toBe(
			`Parameter "Start Date" makes the range ${day(400)} to today (${day(0)} in Europe/Berlin, the end when End Date is empty) span 401 days; at most 366 days are allowed (both ends count) [item 0]`,
		);
		expect(tooLong.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/queue/schedule',
		]);
		const future = await runFresh(
			fx,
			followers({ startDate: today.plus({ days: 5 }).toISODate() as string }),
		);
		expect(future.result.error?.message).toMatch(
			/^Parameter "Start Date" is after today \(\d{4}-\d{2}-\d{2} in Europe\/Berlin\), the end of the series when End Date is empty/,
		);
		expect(future.requests.filter((r) => r.path.includes('/analytics/'))).toEqual([]);
	});

	test('only a Start Date at the limit: the time zone is read, the 366 days are sent; far from it nothing extra is read', async () => {
		// At the limit in UTC's terms and still valid in the set's zone only while that zone's date is UTC's:
		// Berlin's (set 101) is a day ahead from 22:00 or 23:00 UTC, New York's (set 102) a day behind until
		// 04:00 or 05:00 UTC, so one of the two always has it.
		const utcToday = DateTime.utc().toISODate();
		const [setId, zone] = (
			[
				[101, 'Europe/Berlin'],
				[102, 'America/New_York'],
			] as const
		).find(([, name]) => DateTime.now().setZone(name).toISODate() === utcToday) ?? [101, ''];
		expect(zone).not.toBe('');
		const start = DateTime.now().setZone(zone).startOf('day').minus({ days: 365 }).toISODate();
		const atLimit = await runFresh(fx, followers({ startDate: start }, setId));
		expect(atLimit.result.error).toBeUndefined();
		expect(atLimit.requests.map((r) => r.path)).toEqual([
			`/v2/social-sets/${setId}/queue/schedule`,
			`/v2/social-sets/${setId}/analytics/x/followers`,
		]);
		expect(atLimit.requests[1].query).toEqual({ start_date: [start] });
		const onlyEnd = await runFresh(fx, followers({ endDate: '2020-01-31' }));
		expect(onlyEnd.result.error).toBeUndefined();
		expect(onlyEnd.requests.map((r) => r.query)).toEqual([{ end_date: ['2020-01-31'] }]);
	});

	test('an unreadable end date is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, followers({ endDate: '31/12/2026' }), {
			parameter: 'End Date',
			problem: /YYYY-MM-DD/,
		});
	});

	test('a 503 that lasts surfaces as SERVICE_UNAVAILABLE after the transport retries (Errors: followers analytics)', async () => {
		fx.sandbox.faults.set({ fail503: 20, paths: '/analytics/x/followers' });
		const { result, requests } = await runFresh(fx, followers());
		expectServiceError(result, { httpCode: 503, code: 'SERVICE_UNAVAILABLE' });
		expect(requests.length).toBeGreaterThan(1);
		expect(requests.every((request) => request.status === 503)).toBe(true);
	});

	test('a single 503 is retried and the series still arrives', async () => {
		fx.sandbox.faults.set({ fail503: 1, paths: '/analytics/x/followers' });
		const { result, requests, items } = await runFresh(fx, followers());
		expect(result.error).toBeUndefined();
		expect(requests.map((request) => request.status)).toEqual([503, 200]);
		expect(items[0].platform).toBe('x');
	});

	test('403 FORBIDDEN on the invisible social set', async () => {
		expectServiceError((await runFresh(fx, followers({}, 103))).result, {
			httpCode: 403,
			code: 'FORBIDDEN',
		});
	});
});
