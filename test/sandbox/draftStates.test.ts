import { call, errorCode, inDays, useSandbox, waitFor, xPost } from './helpers';

type Key = 'write' | 'publish' | 'read' | 'admin';

describe('sandbox: States and transitions', () => {
	// Publishing takes 0.5 s, so a test reads the in-progress state before it ends also on a loaded machine.
	const sb = useSandbox({ publishDelayMs: 500 });
	const base = '/v2/social-sets/101/drafts';

	async function create(key: Key, extra: Record<string, unknown> = {}, platforms = xPost()) {
		return call(sb(), key, 'POST', base, { platforms, ...extra });
	}
	async function patch(key: Key, id: number, body: Record<string, unknown>) {
		return call(sb(), key, 'PATCH', `${base}/${id}`, body);
	}
	async function get(id: number) {
		return (await call(sb(), 'read', 'GET', `${base}/${id}`)).body;
	}

	it('States (new) POST without plan_at/publish_at: WRITE creates status draft', async () => {
		const res = await create('write');
		expect(res.status).toBe(201);
		expect(res.body.status).toBe('draft');
		expect(res.body.scheduled_date).toBeNull();
		expect(res.body.publish_state).toBeNull();
		expect(res.body.draft_id).toBe(res.body.id);
	});

	it('States (new) POST with plan_at: WRITE creates planned with scheduled_date set', async () => {
		const when = inDays(sb(), 3);
		const res = await create('write', { plan_at: when });
		expect(res.status).toBe(201);
		expect(res.body.status).toBe('planned');
		expect(Date.parse(res.body.scheduled_date)).toBe(Math.floor(Date.parse(when) / 1000) * 1000);
	});

	it('States (new) POST with publish_at datetime or next-free-slot: PUBLISH creates scheduled', async () => {
		const dated = await create('publish', { publish_at: inDays(sb(), 2) });
		expect(dated.status).toBe(201);
		expect(dated.body.status).toBe('scheduled');
		const slot = await create('publish', { publish_at: 'next-free-slot' });
		expect(slot.status).toBe(201);
		expect(slot.body.status).toBe('scheduled');
		expect(Date.parse(slot.body.scheduled_date)).toBeGreaterThan(sb().clock.now().getTime());
	});

	it('States (new) POST with publish_at: WRITE only is 403 INSUFFICIENT_ACCESS_LEVEL', async () => {
		for (const publish_at of ['now', 'next-free-slot', inDays(sb(), 2)]) {
			const res = await create('write', { publish_at });
			expect(res.status).toBe(403);
			expect(errorCode(res)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		}
	});

	it('States (new) POST with publish_at=now: stored status draft with publish_state in_progress, later finished and published', async () => {
		const res = await create('publish', { publish_at: 'now' });
		expect(res.status).toBe(201);
		expect(res.body.status).toBe('draft');
		expect(res.body.publish_state).toBe('in_progress');
		const summary = await call(sb(), 'read', 'GET', `${base}?status=draft&limit=50`);
		expect(summary.body.results.some((d: { id: number }) => d.id === res.body.id)).toBe(true);
		const done = await waitFor(async () => {
			const d = await get(res.body.id);
			return d.publish_state === 'finished' ? d : undefined;
		});
		expect(done.status).toBe('published');
		expect(done.x_published_url).toMatch(/^https:\/\/x\.com\/acme\/status\/\d+$/);
		expect(done.x_post_published_at).toEqual(expect.any(String));
		expect(done.published_at).toEqual(done.x_post_published_at);
		expect(done.linkedin_published_url).toBeNull();
	});

	it('States draft PATCH plan_at datetime or next-free-slot: WRITE moves to planned', async () => {
		const a = (await create('write')).body;
		const planned = await patch('write', a.id, { plan_at: inDays(sb(), 4) });
		expect(planned.status).toBe(200);
		expect(planned.body.status).toBe('planned');
		const b = (await create('write')).body;
		const slotted = await patch('write', b.id, { plan_at: 'next-free-slot' });
		expect(slotted.body.status).toBe('planned');
		expect(slotted.body.scheduled_date).not.toBeNull();
	});

	it('States planned PATCH plan_at: WRITE moves the date, stays planned', async () => {
		const d = (await create('write', { plan_at: inDays(sb(), 3) })).body;
		const moved = await patch('write', d.id, { plan_at: inDays(sb(), 5) });
		expect(moved.status).toBe(200);
		expect(moved.body.status).toBe('planned');
		expect(Date.parse(moved.body.scheduled_date)).toBeGreaterThan(Date.parse(d.scheduled_date));
	});

	it('States scheduled PATCH plan_at: PUBLISH moves to planned (schedule disarmed); WRITE is 403', async () => {
		const d = (await create('publish', { publish_at: inDays(sb(), 2) })).body;
		const denied = await patch('write', d.id, { plan_at: inDays(sb(), 3) });
		expect(denied.status).toBe(403);
		expect(errorCode(denied)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		const planned = await patch('publish', d.id, { plan_at: inDays(sb(), 3) });
		expect(planned.status).toBe(200);
		expect(planned.body.status).toBe('planned');
	});

	it('States planned PATCH publish_at datetime or next-free-slot: PUBLISH moves to scheduled (echo keeps the date)', async () => {
		const d = (await create('write', { plan_at: inDays(sb(), 3) })).body;
		const denied = await patch('write', d.id, { publish_at: d.scheduled_date });
		expect(denied.status).toBe(403);
		const echoed = await patch('publish', d.id, { publish_at: d.scheduled_date });
		expect(echoed.status).toBe(200);
		expect(echoed.body.status).toBe('scheduled');
		expect(echoed.body.scheduled_date).toBe(d.scheduled_date);
		const e = (await create('write', { plan_at: inDays(sb(), 3) })).body;
		const slot = await patch('publish', e.id, { publish_at: 'next-free-slot' });
		expect(slot.body.status).toBe('scheduled');
	});

	it('States planned PATCH publish_at=now: PUBLISH publishes immediately', async () => {
		const d = (await create('write', { plan_at: inDays(sb(), 3) })).body;
		const res = await patch('publish', d.id, { publish_at: 'now' });
		expect(res.status).toBe(200);
		expect(res.body.publish_state).toBe('in_progress');
		const done = await waitFor(async () => {
			const x = await get(d.id);
			return x.publish_state === 'finished' ? x : undefined;
		});
		expect(done.status).toBe('published');
	});

	it('States planned or scheduled PATCH plan_at=null or publish_at=null: back to draft, date cleared', async () => {
		const planned = (await create('write', { plan_at: inDays(sb(), 3) })).body;
		const cleared = await patch('write', planned.id, { plan_at: null });
		expect(cleared.body.status).toBe('draft');
		expect(cleared.body.scheduled_date).toBeNull();
		const planned2 = (await create('write', { plan_at: inDays(sb(), 3) })).body;
		expect((await patch('write', planned2.id, { publish_at: null })).body.status).toBe('draft');
		const scheduled = (await create('publish', { publish_at: inDays(sb(), 3) })).body;
		const denied = await patch('write', scheduled.id, { publish_at: null });
		expect(denied.status).toBe(403);
		expect(errorCode(denied)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		const unscheduled = await patch('publish', scheduled.id, { publish_at: null });
		expect(unscheduled.body.status).toBe('draft');
		expect(unscheduled.body.scheduled_date).toBeNull();
	});

	it('States published PATCH: any edit is 400 VALIDATION_ERROR and the draft is unchanged', async () => {
		const d = (await create('publish', { publish_at: 'now' })).body;
		await waitFor(async () => (await get(d.id)).status === 'published');
		const before = await get(d.id);
		const res = await patch('admin', d.id, { draft_title: 'new title' });
		expect(res.status).toBe(400);
		expect(errorCode(res)).toBe('VALIDATION_ERROR');
		expect(await get(d.id)).toEqual(before);
	});

	it('States: any status can be deleted with WRITE (204); READ is 403', async () => {
		const published = (await create('publish', { publish_at: 'now' })).body;
		await waitFor(async () => (await get(published.id)).status === 'published');
		const scheduled = (await create('publish', { publish_at: inDays(sb(), 2) })).body;
		const planned = (await create('write', { plan_at: inDays(sb(), 2) })).body;
		const plain = (await create('write')).body;
		expect((await call(sb(), 'read', 'DELETE', `${base}/${plain.id}`)).status).toBe(403);
		for (const d of [published, scheduled, planned, plain]) {
			const res = await call(sb(), 'write', 'DELETE', `${base}/${d.id}`);
			expect(res.status).toBe(204);
			expect(res.body).toBe('');
			expect((await call(sb(), 'read', 'GET', `${base}/${d.id}`)).status).toBe(404);
		}
	});

	it('States rules: plan_at and publish_at together are rejected (422)', async () => {
		const res = await create('publish', { plan_at: inDays(sb(), 2), publish_at: inDays(sb(), 3) });
		expect(res.status).toBe(422);
		expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('plan_at');
	});

	it('States rules: plan_at does not accept now (422)', async () => {
		const res = await create('write', { plan_at: 'now' });
		expect(res.status).toBe(422);
		expect(res.body.error.details).toEqual([{ field: 'plan_at', message: expect.any(String) }]);
	});

	it('States rules: past dates are 400 VALIDATION_ERROR', async () => {
		const plan = await create('write', { plan_at: inDays(sb(), -1) });
		expect(plan.status).toBe(400);
		expect(plan.body.error.details[0].field).toBe('plan_at');
		const publish = await create('publish', { publish_at: inDays(sb(), -1) });
		expect(publish.status).toBe(400);
		expect(publish.body.error.details[0].field).toBe('publish_at');
	});

	it('States rules: content edits on a planned draft need WRITE only, on a scheduled draft PUBLISH', async () => {
		const planned = (await create('write', { plan_at: inDays(sb(), 2) })).body;
		const edit = await patch('write', planned.id, {
			draft_title: 'edited',
			platforms: xPost('edited text'),
		});
		expect(edit.status).toBe(200);
		expect(edit.body.status).toBe('planned');
		expect(edit.body.draft_title).toBe('edited');
		const scheduled = (await create('publish', { publish_at: inDays(sb(), 2) })).body;
		const denied = await patch('write', scheduled.id, { draft_title: 'edited' });
		expect(denied.status).toBe(403);
		expect(errorCode(denied)).toBe('INSUFFICIENT_ACCESS_LEVEL');
		const allowed = await patch('publish', scheduled.id, { draft_title: 'edited' });
		expect(allowed.status).toBe(200);
		expect(allowed.body.status).toBe('scheduled');
	});

	it('States: a past planned date is neither overdue nor a failure', async () => {
		const planned = (await create('write', { plan_at: inDays(sb(), 1) })).body;
		await sb().clock.advance(3 * 86_400_000);
		await new Promise((r) => setTimeout(r, 60));
		const after = await get(planned.id);
		expect(after.status).toBe('planned');
		expect(after.publish_state).toBeNull();
	});

	it('States: a scheduled draft publishes on its own at scheduled_date (publishing, then published)', async () => {
		const d = (await create('publish', { publish_at: inDays(sb(), 1) })).body;
		await sb().clock.advance(86_400_000 + 1000);
		const during = await get(d.id);
		expect(['publishing', 'published']).toContain(during.status);
		const done = await waitFor(async () => {
			const x = await get(d.id);
			return x.status === 'published' ? x : undefined;
		});
		expect(done.publish_state).toBe('finished');
		expect(done.x_published_url).toEqual(expect.any(String));
	});

	it('States: a platform failure (#fail in the text) ends in error; the draft can be rescheduled', async () => {
		const platforms = {
			x: { enabled: true, posts: [{ text: 'fine' }] },
			linkedin: { enabled: true, posts: [{ text: 'this one will #fail' }] },
		};
		const d = (await create('publish', { publish_at: 'now' }, platforms)).body;
		const done = await waitFor(async () => {
			const x = await get(d.id);
			return x.publish_state === 'finished' ? x : undefined;
		});
		expect(done.status).toBe('error');
		expect(done.x_published_url).toEqual(expect.any(String));
		expect(done.linkedin_published_url).toBeNull();
		expect(done.linkedin_post_published_at).toBeNull();
		const list = await call(sb(), 'read', 'GET', `${base}?status=error`);
		expect(list.body.results.map((x: { id: number }) => x.id)).toContain(d.id);
		const again = await patch('publish', d.id, {
			platforms: { linkedin: { posts: [{ text: 'fixed' }] } },
			publish_at: inDays(sb(), 1),
		});
		expect(again.status).toBe(200);
		expect(again.body.status).toBe('scheduled');
	});

	it('States: publishing quota is updated on publish', async () => {
		const before = (await call(sb(), 'read', 'GET', '/v2/social-sets/101/')).body.publishing_quota;
		const d = (await create('publish', { publish_at: 'now' })).body;
		await waitFor(async () => (await get(d.id)).status === 'published');
		const after = (await call(sb(), 'read', 'GET', '/v2/social-sets/101/')).body.publishing_quota;
		expect(after.used).toBe(before.used + 1);
		expect(after.remaining).toBe(before.remaining - 1);
	});
});
