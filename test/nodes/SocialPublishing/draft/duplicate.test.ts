import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { SLOT_TIMES, berlinTime, hoursFromNow, seedDraft, writeOf, writes } from './fixtures';
import { content, duplicateParams, readDraft, richSource } from './duplicate.fixtures';

const fx = useSandbox({ mediaProcessingMs: 5, publishDelayMs: 5 });

async function publishedSource(): Promise<IDataObject> {
	const draft = await seedDraft(fx, {
		draft_title: 'Best of spring',
		tags: ['launch'],
		publish_at: 'now',
	});
	for (let i = 0; i < 200; i++) {
		const read = await readDraft(fx, draft.id);
		if (read.status === 'published') return read;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error('the source was not published');
}

describe('Draft > Duplicate (GET the source, POST /v2/social-sets/{id}/drafts)', () => {
	test('copies posts, media, settings of every platform, title, scratchpad and tags, field by field, as an unscheduled draft', async () => {
		const source = await richSource(fx);
		const { result, requests, items } = await runFresh(fx, duplicateParams(source.id));
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v2/social-sets/101/drafts/${String(source.id)}`,
			'POST /v2/social-sets/101/drafts',
		]);
		expect(requests[0].query).toEqual({ exclude_comment_markers: ['true'] });
		const sent = writeOf(requests, 'POST')?.body as IDataObject;
		// only what the Create body takes: no ids, status, dates, URLs, media objects, share
		expect(Object.keys(sent).sort()).toEqual([
			'draft_title',
			'platforms',
			'scratchpad_text',
			'tags',
		]);
		const copy = await readDraft(fx, items[0].id);
		const original = await readDraft(fx, source.id);
		expect(copy.id).not.toBe(original.id);
		expect(content(copy)).toEqual(content(original));
		expect(copy).toMatchObject({
			status: 'draft',
			draft_title: 'Rich source',
			scratchpad_text: 'notes for the team',
			share_url: null,
			publish_state: null,
		});
		expect([...(copy.tags as string[])].sort()).toEqual(['evergreen', 'launch']);
		expect((copy.platforms as IDataObject).mastodon).toMatchObject({ enabled: false });
		expect(items[0]).toMatchObject({ id: copy.id, status: 'draft' });
	});

	test('a published source: the copy is a new draft without its published URLs or dates', async () => {
		const source = await publishedSource();
		expect(source.x_published_url).toEqual(expect.any(String));
		const { result, items } = await runFresh(fx, duplicateParams(source.id));
		expect(result.error).toBeUndefined();
		const copy = await readDraft(fx, items[0].id);
		expect(copy).toMatchObject({
			status: 'draft',
			publish_state: null,
			published_at: null,
			x_published_url: null,
			scheduled_date: null,
			draft_title: 'Best of spring',
			tags: ['launch'],
		});
		expect(content(copy)).toEqual(content(source));
	});

	test('into the next free slot, with a title and a tag added (created when missing)', async () => {
		const source = await seedDraft(fx, { draft_title: 'Evergreen tip', tags: ['launch'] });
		const { result, requests, items } = await runFresh(
			fx,
			duplicateParams(source.id, {
				copyWhen: 'nextFreeSlot',
				options: {
					draftTitle: 'Evergreen tip (again)',
					tagNames: 'Recycled',
					createMissingTags: true,
				},
			}),
		);
		expect(result.error).toBeUndefined();
		expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v2/social-sets/101/tags',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(writeOf(requests, 'POST')?.body).toMatchObject({
			publish_at: 'next-free-slot',
			draft_title: 'Evergreen tip (again)',
			tags: ['launch', 'recycled'],
		});
		const copy = await readDraft(fx, items[0].id);
		expect(copy.status).toBe('scheduled');
		expect(SLOT_TIMES).toContain(berlinTime(copy.scheduled_date));
		const original = await readDraft(fx, source.id);
		expect(original).toMatchObject({
			status: 'draft',
			draft_title: 'Evergreen tip',
			tags: ['launch'],
		});
	});

	test('at a date: scheduled at that date', async () => {
		const source = await seedDraft(fx);
		const date = hoursFromNow(50);
		const { result, items } = await runFresh(
			fx,
			duplicateParams(source.id, { copyWhen: 'date', copyDate: date }),
		);
		expect(result.error).toBeUndefined();
		const copy = await readDraft(fx, items[0].id);
		expect(copy.status).toBe('scheduled');
		expect(Date.parse(String(copy.scheduled_date))).toBe(
			Math.floor(Date.parse(date) / 1000) * 1000,
		);
	});

	test('a past date, or "now", is refused before anything is sent', async () => {
		const source = await seedDraft(fx);
		await expectRejectedBeforeSending(
			fx,
			duplicateParams(source.id, { copyWhen: 'date', copyDate: '2020-01-01T10:00:00Z' }),
			{ parameter: 'Date' },
		);
		await expectRejectedBeforeSending(
			fx,
			duplicateParams(source.id, { copyWhen: 'date', copyDate: 'now' }),
			{
				parameter: 'Date',
				problem: /is "now"/,
			},
		);
	});

	test('a draft ID that is not a whole number is refused before sending, naming the item', async () => {
		await expectRejectedBeforeSending(fx, duplicateParams('abc'), { parameter: 'Draft ID' });
	});

	test('a Draft Title that an expression gives as anything but text stops its item naming it, before anything is sent; a title of text and one left out still work', async () => {
		// issue 38, finding 7: n8n 1.123.81 handed over a title that was not text, and the copy was made with the source's title
		const source = await seedDraft(fx, { draft_title: 'Source title' });
		const given: Array<[string, unknown, RegExp]> = [
			['an object', { nonce: 7 }, /must be text, got an object/],
			['a number', 7, /must be text, got a number/],
			['a list', ['a'], /must be text, got a list/],
			['null', null, /must be text, got null/],
		];
		for (const [what, title, problem] of given) {
			const message = await expectRejectedBeforeSending(
				fx,
				duplicateParams(source.id, { options: { draftTitle: '={{ $json.title }}' } }),
				{ parameter: 'Draft Title', problem },
				{ input: [{ json: { title: title as IDataObject } }] },
			);
			expect(`${what}: ${message}`).toContain('[item 0]');
		}
		// undefined, as an expression gives it for a field an earlier item lacks
		await expectRejectedBeforeSending(
			fx,
			duplicateParams(source.id, { options: { draftTitle: '={{ $json.missing }}' } }),
			{ parameter: 'Draft Title', problem: /must be text, got no value/ },
			{ input: [{ json: {} }] },
		);
		const texts = await runFresh(
			fx,
			duplicateParams(source.id, { options: { draftTitle: '={{ $json.title + "-copy" }}' } }),
			{ input: [{ json: { title: 'Nonce' } }] },
		);
		expect(texts.result.error).toBeUndefined();
		expect(texts.items[0]).toMatchObject({ draft_title: 'Nonce-copy' });
		const leftOut = await runFresh(fx, duplicateParams(source.id, { options: {} }));
		expect(leftOut.items[0]).toMatchObject({ draft_title: 'Source title' });
	});

	test('a missing draft: 404 NOT_FOUND naming the item, nothing created', async () => {
		const { result, requests } = await runFresh(fx, duplicateParams(999999));
		expect(result.error?.message).toBe(
			'Draft 999999 to duplicate was not found in social set 101 (404 NOT_FOUND) [item 0]',
		);
		expect(result.error?.context?.itemIndex).toBe(0);
		expect(result.error?.description).toContain('Nothing was created');
		expect(writes(requests)).toEqual([]);
	});

	test('Continue On Fail: each item gives its copy or its error, paired by item', async () => {
		const [one, two] = [
			await seedDraft(fx, { draft_title: 'pair one' }),
			await seedDraft(fx, { draft_title: 'pair two' }),
		];
		const { result, items } = await runFresh(fx, duplicateParams('={{ $json.id }}'), {
			settings: { continueOnFail: true },
			input: [{ json: { id: one.id } }, { json: { id: 999999 } }, { json: { id: two.id } }],
		});
		expect(result.error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0]).toMatchObject({ draft_title: 'pair one', status: 'draft' });
		expect(items[0].id).not.toBe(one.id);
		expect(items[1]).toEqual({
			error: expect.objectContaining({
				message:
					'Draft 999999 to duplicate was not found in social set 101 (404 NOT_FOUND) [item 1]',
			}),
		});
		expect(result.output('Social Publishing').map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(items[2]).toMatchObject({ draft_title: 'pair two', status: 'draft' });
	});

	test('a reply draft cannot be scheduled: refused before the POST (Rules on platform content 5)', async () => {
		const source = await seedDraft(fx, {
			platforms: {
				x: {
					enabled: true,
					posts: [{ text: 'A reply' }],
					settings: { reply_to_url: 'https://x.com/acme/status/9' },
				},
			},
		});
		const { result, requests } = await runFresh(
			fx,
			duplicateParams(source.id, { copyWhen: 'nextFreeSlot' }),
		);
		expect(result.error?.message).toMatch(
			/^The copy of draft \d+ cannot be scheduled: .*\[item 0\]$/,
		);
		expect(writes(requests)).toEqual([]);
	});
});
