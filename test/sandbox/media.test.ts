import http from 'node:http';
import { call, errorCode, useSandbox, waitFor } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('sandbox: media', () => {
	// Processing takes 0.5 s, so a test reads the processing state before it ends also on a loaded machine.
	const sb = useSandbox({ mediaProcessingMs: 500 });
	const upload = (body: unknown, key: 'write' | 'read' | 'admin' = 'write', set = 101) =>
		call(sb(), key, 'POST', `/v2/social-sets/${set}/media/upload`, body);
	const getMedia = (id: string) => call(sb(), 'read', 'GET', `/v2/social-sets/101/media/${id}`);

	it('Endpoints POST media/upload: 201 with media_id and a presigned upload_url served by the sandbox', async () => {
		const res = await upload({ file_name: 'photo.png', alt_text: 'A photo' });
		expect(res.status).toBe(201);
		expect(res.body.media_id).toMatch(UUID);
		expect(res.body.upload_url).toMatch(
			new RegExp(
				`^${sb().baseUrl}/__storage/${res.body.media_id}\\?X-Expires=\\d+&X-Signature=[0-9a-f]{64}$`,
			),
		);
		const m = await getMedia(res.body.media_id);
		expect(m.body).toEqual({
			media_id: res.body.media_id,
			file_name: 'photo.png',
			status: 'processing',
			mime: 'image/png',
			alt_text: 'A photo',
			error_reason: null,
			media_urls: {},
		});
	});

	it('Endpoints POST media/upload: 403 for READ, 403 without access, 404 unknown set', async () => {
		expect(errorCode(await upload({ file_name: 'a.png' }, 'read'))).toBe(
			'INSUFFICIENT_ACCESS_LEVEL',
		);
		expect(errorCode(await upload({ file_name: 'a.png' }, 'write', 102))).toBe('FORBIDDEN');
		expect((await upload({ file_name: 'a.png' }, 'admin', 999)).status).toBe(404);
	});

	it('Limits file_name: max 255 characters and the documented pattern (422)', async () => {
		const ok255 = 'a'.repeat(251) + '.png';
		expect((await upload({ file_name: ok255 })).status).toBe(201);
		expect((await upload({ file_name: 'Report(final)_v2-1.PDF' })).status).toBe(201);
		for (const bad of [
			'a'.repeat(252) + '.png',
			'my photo.png',
			'script.exe',
			'noext',
			'a/b.png',
		]) {
			const res = await upload({ file_name: bad });
			expect(res.status).toBe(422);
			expect(res.body.error.details).toEqual([{ field: 'file_name', message: expect.any(String) }]);
		}
		const missing = await upload({ alt_text: 'x' });
		expect(missing.status).toBe(422);
		const badAlt = await upload({ file_name: 'a.png', alt_text: 5 });
		expect(badAlt.body.error.details[0].field).toBe('alt_text');
	});

	it('Media upload flow: a plain PUT of raw bytes answers 200 and the media moves processing -> ready', async () => {
		const created = (await upload({ file_name: 'pic.webp' })).body;
		const put = await fetch(created.upload_url, { method: 'PUT', body: Buffer.alloc(1024, 7) });
		expect(put.status).toBe(200);
		expect((await getMedia(created.media_id)).body.status).toBe('processing');
		const ready = await waitFor(async () => {
			const m = await getMedia(created.media_id);
			return m.body.status === 'ready' ? m.body : undefined;
		});
		expect(Object.keys(ready.media_urls).sort()).toEqual(['large', 'medium', 'original', 'small']);
		expect(ready).not.toHaveProperty('alt_text');
		const video = (await upload({ file_name: 'clip.mp4' })).body;
		await fetch(video.upload_url, { method: 'PUT', body: Buffer.alloc(10, 1) });
		const readyVideo = await waitFor(async () => {
			const m = await getMedia(video.media_id);
			return m.body.status === 'ready' ? m.body : undefined;
		});
		expect(Object.keys(readyVideo.media_urls)).toEqual(['original']);
		expect(readyVideo.mime).toBe('video/mp4');
	});

	it('Media upload flow: extra headers (Content-Type, Authorization, custom) are 403 SignatureDoesNotMatch in XML', async () => {
		const created = (await upload({ file_name: 'pic.jpg' })).body;
		const extra: Array<Record<string, string>> = [
			{ 'Content-Type': 'image/jpeg' },
			{ Authorization: 'Bearer sp_test_write' },
			{ 'X-Custom': '1' },
		];
		for (const headers of extra) {
			const res = await fetch(created.upload_url, {
				method: 'PUT',
				body: Buffer.from('abc'),
				headers,
			});
			expect(res.status).toBe(403);
			expect(res.headers.get('content-type')).toBe('application/xml');
			const xml = await res.text();
			expect(xml).toContain('<Code>SignatureDoesNotMatch</Code>');
		}
		expect((await getMedia(created.media_id)).body.status).toBe('processing');
		const tampered = created.upload_url.replace(/X-Signature=[0-9a-f]/, 'X-Signature=z');
		const res = await fetch(tampered, { method: 'PUT', body: Buffer.from('abc') });
		expect(res.status).toBe(403);
		expect(await res.text()).toContain('SignatureDoesNotMatch');
	});

	it('Limits upload URL lifetime: after one hour without a file the media is failed with an error_reason', async () => {
		const created = (await upload({ file_name: 'late.gif' })).body;
		await sb().clock.advance(60 * 60 * 1000 + 1000);
		const m = await getMedia(created.media_id);
		expect(m.body.status).toBe('failed');
		expect(m.body.error_reason).toEqual(expect.any(String));
		const put = await fetch(created.upload_url, { method: 'PUT', body: Buffer.from('abc') });
		expect(put.status).toBe(403);
		expect(await put.text()).toContain('<Code>AccessDenied</Code>');
		const attach = await call(sb(), 'write', 'POST', '/v2/social-sets/101/drafts', {
			platforms: { x: { posts: [{ text: 'a', media_ids: [created.media_id] }] } },
		});
		expect(attach.status).toBe(400);
	});

	it('Media upload flow: the storage host streams large bodies (32 MiB) and records only their length', async () => {
		const created = (await upload({ file_name: 'big.mov' })).body;
		const size = 32 * 1024 * 1024;
		const chunk = Buffer.alloc(1024 * 1024, 1);
		const status = await new Promise<number>((resolve, reject) => {
			const req = http.request(
				created.upload_url,
				{ method: 'PUT', headers: { 'Content-Length': String(size) } },
				(res) => {
					res.resume();
					res.on('end', () => resolve(res.statusCode ?? 0));
				},
			);
			req.on('error', reject);
			let sent = 0;
			const pump = () => {
				while (sent < size) {
					sent += chunk.length;
					if (!req.write(chunk)) return void req.once('drain', pump);
				}
				req.end();
			};
			pump();
		});
		expect(status).toBe(200);
		const rec = sb().requests.find(
			(r) => r.path === `/__storage/${created.media_id}` && r.status === 200,
		);
		expect(rec?.body).toEqual({ rawLength: size });
	});

	it('Media: an empty upload makes the media failed', async () => {
		const created = (await upload({ file_name: 'empty.png' })).body;
		expect((await fetch(created.upload_url, { method: 'PUT', body: Buffer.alloc(0) })).status).toBe(
			200,
		);
		const m = await getMedia(created.media_id);
		expect(m.body.status).toBe('failed');
		expect(m.body.error_reason).toMatch(/empty/);
	});

	it('Endpoints GET media: 404 for unknown ids and media of another set; 403 without access', async () => {
		expect((await getMedia('00000000-0000-4000-8000-000000000000')).status).toBe(404);
		expect((await getMedia('not-a-uuid')).status).toBe(404);
		const other = (await upload({ file_name: 'team.png' }, 'admin', 102)).body;
		expect((await getMedia(other.media_id)).status).toBe(404);
		expect(
			errorCode(await call(sb(), 'read', 'GET', `/v2/social-sets/102/media/${other.media_id}`)),
		).toBe('FORBIDDEN');
	});

	it('Endpoints PATCH media: alt_text set, omitted keeps, null clears; 422 wrong type; 403 READ; 404 unknown', async () => {
		const { media_id } = (await upload({ file_name: 'alt.png' })).body;
		const path = `/v2/social-sets/101/media/${media_id}`;
		const set = await call(sb(), 'write', 'PATCH', path, { alt_text: 'described' });
		expect(set.status).toBe(200);
		expect(set.body.alt_text).toBe('described');
		expect((await call(sb(), 'write', 'PATCH', path, {})).body.alt_text).toBe('described');
		const cleared = await call(sb(), 'write', 'PATCH', path, { alt_text: null });
		expect(cleared.body).not.toHaveProperty('alt_text');
		const bad = await call(sb(), 'write', 'PATCH', path, { alt_text: 42 });
		expect(bad.status).toBe(422);
		expect(bad.body.error.details).toEqual([{ field: 'alt_text', message: expect.any(String) }]);
		expect(errorCode(await call(sb(), 'read', 'PATCH', path, { alt_text: 'x' }))).toBe(
			'INSUFFICIENT_ACCESS_LEVEL',
		);
		expect(
			(
				await call(
					sb(),
					'write',
					'PATCH',
					'/v2/social-sets/101/media/00000000-0000-4000-8000-000000000000',
					{ alt_text: 'x' },
				)
			).status,
		).toBe(404);
	});
});
