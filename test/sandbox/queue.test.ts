import { DateTime } from 'luxon';
import { call, errorCode, useSandbox, xPost } from './helpers';

describe('sandbox: queue', () => {
	const sb = useSandbox();
	const schedulePath = (id = 101) => `/v2/social-sets/${id}/queue/schedule`;
	const view = (start: string, end: string, id = 101, key: 'read' | 'admin' = 'read') =>
		call(sb(), key, 'GET', `/v2/social-sets/${id}/queue?start_date=${start}&end_date=${end}`);

	/** The next Monday (at least 2 days ahead) in Berlin, from the sandbox clock. */
	function nextMonday(): DateTime {
		let d = DateTime.fromJSDate(sb().clock.now(), { zone: 'Europe/Berlin' })
			.startOf('day')
			.plus({ days: 2 });
		while (d.weekday !== 1) d = d.plus({ days: 1 });
		return d;
	}

	it('Endpoints GET queue/schedule: 200 with timezone and rules', async () => {
		const res = await call(sb(), 'read', 'GET', schedulePath());
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			social_set_id: 101,
			timezone: 'Europe/Berlin',
			rules: [
				{ h: 9, m: 30, days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
				{ h: 14, m: 0, days: ['mon', 'wed', 'fri'] },
				{ h: 11, m: 0, days: ['sat'] },
			],
		});
	});

	it('Endpoints GET queue/schedule: a missing schedule is created with defaults', async () => {
		const first = await call(sb(), 'admin', 'GET', schedulePath(102));
		expect(first.status).toBe(200);
		expect(first.body.timezone).toBe('America/New_York');
		expect(first.body.rules.length).toBeGreaterThan(0);
		expect((await call(sb(), 'admin', 'GET', schedulePath(102))).body).toEqual(first.body);
		expect(errorCode(await call(sb(), 'read', 'GET', schedulePath(102)))).toBe('FORBIDDEN');
		expect((await call(sb(), 'read', 'GET', schedulePath(999))).status).toBe(404);
	});

	it('Endpoints PUT queue/schedule: ADMIN replaces the rules atomically; empty array allowed', async () => {
		const rules = [{ h: 8, m: 15, days: ['tue', 'thu'] }];
		const res = await call(sb(), 'admin', 'PUT', schedulePath(102), { rules });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ social_set_id: 102, timezone: 'America/New_York', rules });
		expect((await call(sb(), 'admin', 'GET', schedulePath(102))).body.rules).toEqual(rules);
		const empty = await call(sb(), 'admin', 'PUT', schedulePath(102), { rules: [] });
		expect(empty.body.rules).toEqual([]);
		const days = await view('2030-01-07', '2030-01-13', 102, 'admin');
		expect(days.body.days.flatMap((d: { items: unknown[] }) => d.items)).toEqual([]);
	});

	it('Endpoints PUT queue/schedule: 403 INSUFFICIENT_ACCESS_LEVEL below ADMIN, 404 unknown set', async () => {
		for (const key of ['publish', 'write', 'read'] as const) {
			const res = await call(sb(), key, 'PUT', schedulePath(), { rules: [] });
			expect(res.status).toBe(403);
			expect(errorCode(res)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		}
		expect((await call(sb(), 'admin', 'PUT', schedulePath(999), { rules: [] })).status).toBe(404);
	});

	it('Endpoints PUT queue/schedule: rule validation (422 ranges and day codes, 400 duplicates)', async () => {
		const bad = await call(sb(), 'admin', 'PUT', schedulePath(102), {
			rules: [
				{ h: 24, m: 0, days: ['mon'] },
				{ h: 1, m: 60, days: ['funday'] },
				{ h: 1.5, m: 0, days: 'mon' },
			],
		});
		expect(bad.status).toBe(422);
		expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual([
			'rules[0].h',
			'rules[1].m',
			'rules[1].days[0]',
			'rules[2].h',
			'rules[2].days',
		]);
		expect((await call(sb(), 'admin', 'PUT', schedulePath(102), {})).status).toBe(422);
		const dup = await call(sb(), 'admin', 'PUT', schedulePath(102), {
			rules: [
				{ h: 9, m: 0, days: ['mon', 'tue'] },
				{ h: 9, m: 0, days: ['tue'] },
			],
		});
		expect(dup.status).toBe(400);
		expect(errorCode(dup)).toBe('VALIDATION_ERROR');
	});

	it('Endpoints GET queue: slots from the rules in the social set time zone (DST aware)', async () => {
		const res = await view('2027-03-26', '2027-03-29');
		expect(res.status).toBe(200);
		expect(res.body.social_set_id).toBe(101);
		expect(res.body.start_date).toBe('2027-03-26');
		expect(res.body.end_date).toBe('2027-03-29');
		expect(res.body.days.map((d: { date: string }) => d.date)).toEqual([
			'2027-03-26',
			'2027-03-27',
			'2027-03-28',
			'2027-03-29',
		]);
		const at = (i: number) => res.body.days[i].items.map((it: { at: string }) => it.at);
		expect(at(0)).toEqual(['2027-03-26T08:30:00Z', '2027-03-26T13:00:00Z']); // Friday, CET
		expect(at(1)).toEqual(['2027-03-27T10:00:00Z']); // Saturday 11:00 CET
		expect(at(2)).toEqual([]); // Sunday: no rule
		expect(at(3)).toEqual(['2027-03-29T07:30:00Z', '2027-03-29T12:00:00Z']); // Monday, CEST
		expect(res.body.days[0].items[0]).toEqual({
			at: '2027-03-26T08:30:00Z',
			kind: 'queue_slot',
			draft: null,
		});
	});

	it('Endpoints GET queue: drafts in slots, custom_time items for custom dates and collision overflow', async () => {
		const monday = nextMonday();
		const slot = monday.set({ hour: 9, minute: 30 }).toUTC().toISO({ suppressMilliseconds: true })!;
		const custom = monday
			.set({ hour: 10, minute: 45 })
			.toUTC()
			.toISO({ suppressMilliseconds: true })!;
		const a = (
			await call(sb(), 'publish', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost('a'),
				publish_at: slot,
			})
		).body;
		const b = (
			await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost('b'),
				plan_at: slot,
			})
		).body;
		const c = (
			await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost('c'),
				plan_at: custom,
			})
		).body;
		const date = monday.toISODate()!;
		const res = await view(date, date);
		const items = res.body.days[0].items as Array<{
			at: string;
			kind: string;
			draft: { id: number; status: string } | null;
		}>;
		const summary = (i: (typeof items)[number]) => [
			i.at.replace(/:00Z$/, 'Z').replace(/Z$/, ''),
			i.kind,
			i.draft?.id ?? null,
		];
		expect(items.map(summary)).toEqual([
			[slot.replace(/:00Z$/, ''), 'queue_slot', a.id],
			[slot.replace(/:00Z$/, ''), 'custom_time', b.id],
			[custom.replace(/:00Z$/, ''), 'custom_time', c.id],
			[
				monday
					.set({ hour: 14 })
					.toUTC()
					.toISO({ suppressMilliseconds: true })!
					.replace(/:00Z$/, ''),
				'queue_slot',
				null,
			],
		]);
		expect(items[0].draft!.status).toBe('scheduled');
		expect(items[0].draft).toHaveProperty('x_post_enabled', true);
	});

	it('Endpoints POST drafts publish_at=next-free-slot: takes the next free queue slot in the set time zone', async () => {
		const first = (
			await call(sb(), 'publish', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost(),
				publish_at: 'next-free-slot',
			})
		).body;
		const second = (
			await call(sb(), 'publish', 'POST', '/v2/social-sets/101/drafts', {
				platforms: xPost(),
				publish_at: 'next-free-slot',
			})
		).body;
		expect(Date.parse(second.scheduled_date)).toBeGreaterThan(Date.parse(first.scheduled_date));
		for (const d of [first, second]) {
			const local = DateTime.fromISO(d.scheduled_date, { zone: 'Europe/Berlin' });
			const hm = `${local.weekday}@${local.hour}:${local.minute}`;
			const allowed = [1, 2, 3, 4, 5]
				.map((w) => `${w}@9:30`)
				.concat(['1@14:0', '3@14:0', '5@14:0', '6@11:0']);
			expect(allowed).toContain(hm);
		}
		const date = DateTime.fromISO(first.scheduled_date, { zone: 'Europe/Berlin' }).toISODate()!;
		const res = await view(date, date);
		const occupant = res.body.days[0].items.find(
			(i: { draft: { id: number } | null }) => i.draft?.id === first.id,
		);
		expect(occupant.kind).toBe('queue_slot');
	});

	it('Limits queue date range: 62 days accepted, larger rejected with 400', async () => {
		const ok = await view('2030-01-01', '2030-03-03');
		expect(ok.status).toBe(200);
		expect(ok.body.days).toHaveLength(62);
		const tooLong = await view('2030-01-01', '2030-03-04');
		expect(tooLong.status).toBe(400);
		expect(errorCode(tooLong)).toBe('VALIDATION_ERROR');
	});

	it('Endpoints GET queue: 400 VALIDATION_ERROR for missing, malformed or reversed dates; 403/404 on the set', async () => {
		for (const q of [
			'start_date=2030-01-01',
			'end_date=2030-01-01',
			'start_date=01/02/2030&end_date=2030-01-05',
			'start_date=2030-01-05&end_date=2030-01-01',
		]) {
			const res = await call(sb(), 'read', 'GET', `/v2/social-sets/101/queue?${q}`);
			expect(res.status).toBe(400);
			expect(errorCode(res)).toBe('VALIDATION_ERROR');
		}
		const withTime = await view('2030-01-01T23:30:00Z', '2030-01-02');
		expect(withTime.status).toBe(200);
		expect(withTime.body.start_date).toBe('2030-01-02'); // 23:30Z is already the 2nd in Berlin
		expect(errorCode(await view('2030-01-01', '2030-01-02', 102))).toBe('FORBIDDEN');
		expect((await view('2030-01-01', '2030-01-02', 999)).status).toBe(404);
	});
});
