import { DateTime } from 'luxon';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { KeyName, SandboxFixture } from '../../../harness/sandbox';
import type { ScriptedServer } from '../../../harness/scriptedServer';
import { NODE, byId } from '../../../harness/workflows';
import { PNG_BYTES } from '../media/fixtures';

/** Parameters of one Draft operation on social set 101 (or `socialSet`). */
export function draftParams(
	operation: string,
	extra: IDataObject = {},
	socialSet = 101,
): INodeParameters {
	return {
		resource: 'draft',
		operation,
		socialSetId: byId(socialSet),
		...extra,
	} as INodeParameters;
}

/** Parameters of a Draft operation on one draft (`draftId`) of social set 101. */
export const at = (operation: string, draftId: unknown, extra: Record<string, unknown> = {}) =>
	draftParams(operation, { draftId: String(draftId), ...extra });

/** Create parameters for a one-text post on the given platforms. */
export function createText(
	text: string,
	platforms: string[] = ['x'],
	extra: IDataObject = {},
): INodeParameters {
	return draftParams('create', {
		contentType: 'posts',
		platforms,
		contentMode: 'text',
		text,
		...extra,
	});
}

/** Calls the sandbox directly (test setup, outside the node). */
export async function api<T = IDataObject>(
	fx: SandboxFixture,
	method: string,
	path: string,
	body?: unknown,
	key: KeyName = 'admin',
): Promise<{ status: number; body: T }> {
	const response = await fetch(`${fx.sandbox.baseUrl}${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${fx.sandbox.keys[key]}`,
			...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A draft made directly over HTTP: one X post unless other platforms are given, plus any body fields. */
export async function seedDraft(
	fx: SandboxFixture,
	extra: IDataObject = {},
	socialSet = 101,
): Promise<IDataObject> {
	const body = {
		platforms: { x: { enabled: true, posts: [{ text: 'Seeded post' }], settings: {} } },
		...extra,
	};
	const { status, body: draft } = await api(
		fx,
		'POST',
		`/v2/social-sets/${socialSet}/drafts`,
		body,
	);
	if (status !== 201) throw new Error(`seeding a draft failed: ${status} ${JSON.stringify(draft)}`);
	return draft;
}

/** An ISO date with offset `hours` from now (the sandbox clock runs on real time in these tests). */
/**
 * A date `hours` from now in whole seconds, written as the node writes dates it sends
 * (UTC, no milliseconds), so a test may compare the string the node sends with it.
 * With milliseconds, the one run in a thousand whose clock read .000 would see the node
 * send `…43Z` for `…43.000Z`: the same instant in its canonical form.
 */
export function hoursFromNow(hours: number): string {
	const whole = Math.floor((Date.now() + hours * 3_600_000) / 1000) * 1000;
	return new Date(whole).toISOString().replace('.000Z', 'Z');
}

/** Slot times of the seed queue rules of social set 101 (Europe/Berlin). */
export const SLOT_TIMES = ['09:30', '14:00', '11:00'];

/** The wall-clock time (HH:mm) of an ISO date in Europe/Berlin, the zone of social set 101. */
export const berlinTime = (iso: unknown) =>
	DateTime.fromISO(String(iso)).setZone('Europe/Berlin').toFormat('HH:mm');

/** A seeded draft as read back: one X post at least. */
export type DraftWithText = IDataObject & {
	id: number;
	platforms: { x: { posts: Array<{ text: string }> } };
};

/** A shared draft with one comment thread anchored on "Seeded" of its first X post. */
export async function draftWithThread(
	fx: SandboxFixture,
): Promise<{ draft: DraftWithText; threadId: string }> {
	const draft = (await seedDraft(fx, {
		draft_title: 'Commented',
		tags: ['launch'],
		scratchpad_text: 'pad',
		share: true,
	})) as DraftWithText;
	const thread = await api<{ id: string }>(
		fx,
		'POST',
		`/v2/social-sets/101/drafts/${draft.id}/comment-threads`,
		{ post_index: 0, selected_text: 'Seeded', text: 'Reword?' },
	);
	if (thread.status >= 300)
		throw new Error(`thread: ${thread.status} ${JSON.stringify(thread.body)}`);
	return { draft, threadId: thread.body.id };
}

/** The posts of a draft body as sent or read back. */
export type PostsBody = { platforms: Record<string, { posts: IDataObject[] }> };

/** Like `runFresh`, with input items that may carry binary data. */
export async function runWith(
	fx: SandboxFixture,
	parameters: INodeParameters,
	input: INodeExecutionData[] = [{ json: {} }],
) {
	fx.sandbox.clearRequests();
	const result = await fx.runNode(parameters, { input });
	return {
		result,
		requests: fx.apiRequests(),
		items: result.output(NODE).map((item) => item.json),
	};
}

/** One item with `count` PNG files in binary properties img1 … imgN. */
export function imagesItem(count: number, mimeType = 'image/png'): INodeExecutionData {
	const binary: INodeExecutionData['binary'] = {};
	for (let i = 1; i <= count; i++)
		binary[`img${i}`] = { data: PNG_BYTES.toString('base64'), mimeType, fileName: `img${i}.png` };
	return { json: {}, binary };
}

/** The binary property names img1 … imgN, comma-separated. */
export const imageNames = (count: number) =>
	Array.from({ length: count }, (_, i) => `img${i + 1}`).join(',');

type ApiRequests = ReturnType<SandboxFixture['apiRequests']>;

/** The reads of a social set's tag list. */
export const tagReads = (requests: ApiRequests) =>
	requests.filter((r) => r.method === 'GET' && /\/tags$/.test(r.path));

/** The tags created. */
export const tagCreates = (requests: ApiRequests) =>
	requests.filter((r) => r.method === 'POST' && /\/tags$/.test(r.path));

/** Every request but reads. */
export const writes = (requests: ApiRequests) => requests.filter((r) => r.method !== 'GET');

/** X counts the link 23, Bluesky every grapheme: too long for Bluesky only. */
export const LONG_FOR_BLUESKY = `Read https://example.com/${'a'.repeat(300)}`;

/** The draft write (POST or PATCH) among the requests. */
export const writeOf = (requests: ApiRequests, method: string) =>
	requests.find((r) => r.method === method && /\/drafts(\/\d+)?$/.test(r.path));

/** Tags made directly over HTTP on a social set. */
export async function seedTags(
	fx: SandboxFixture,
	socialSet: number,
	names: string[],
): Promise<void> {
	for (const name of names) {
		const { status } = await api(fx, 'POST', `/v2/social-sets/${socialSet}/tags`, { name });
		if (status !== 201) throw new Error(`seeding tag ${name} failed: ${status}`);
	}
}

/** A service that answers every offset of every tag list with the same full first page and a next link, no count. */
export function answerFirstTagPageAgain(server: ScriptedServer): void {
	const tags = Array.from({ length: 50 }, (_, i) => ({ name: `Tag ${i}`, slug: `tag-${i}` }));
	server.otherwise((request) => ({
		body: {
			results: request.path.endsWith('/tags') ? tags : [],
			next: `${server.baseUrl}${request.path}?limit=50&offset=50`,
		},
	}));
}
