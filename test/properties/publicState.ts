import type { IDataObject } from 'n8n-workflow';
import type { SandboxFixture } from '../harness/sandbox';
import { api } from '../nodes/SocialPublishing/draft/fixtures';
import type { TargetState, Targets } from './targets';
import { SOCIAL_SET } from './targets';

/**
 * What is public, or will become public by itself, in a sandbox's social set, read over the API (outside
 * the node), and the rule of an unconfirmed AI tool call written as a property of two such readings and
 * the requests the sandbox received between them:
 *
 *   nothing that is public or will become public changes without the user's yes.
 *
 * - A draft that is scheduled or being published (status `scheduled` or `publishing`, or `publish_state`
 *   `in_progress`) keeps its visible text, media (with the alt text copied into it), platforms, date,
 *   status and publish state; no write is sent to the draft itself.
 * - No publish starts: no draft becomes scheduled, publishing, published or failed, no `publish_state` moves,
 *   and no write carries `publish_at`.
 * - No date is removed (no unschedule): a dated draft stays dated; no write carries `plan_at: null`.
 * - Nothing is deleted: drafts, media, comment threads and comments, tags; no DELETE is sent.
 * - The queue schedule is unchanged; no PUT is sent to it.
 * - No draft is shared: none gets a share URL (readable by anyone with the link); no write carries `share: true`.
 * - No review is ended: every comment thread that was open stays open (a draft whose threads are all resolved
 *   may be scheduled: Require Resolved Comments, the poll trigger's Comments All Resolved); no thread is
 *   resolved (`POST …/resolve`) and no write carries `force_overwrite_comments: true` (the service resolves
 *   the threads whose markers the text drops).
 * - Nothing is downloaded (the caller checks its source server).
 *
 * Comment markers are not part of what is published (the visible text is the text without them), so a
 * draft's text is compared as the service renders it with `exclude_comment_markers`.
 */

const SET = `/v2/social-sets/${SOCIAL_SET}`;

export interface DraftView {
	status: string;
	publish_state: unknown;
	scheduled_date: unknown;
	/** per platform: enabled, visible texts, media ids with their alt texts, settings */
	platforms: unknown;
	published: unknown;
	/** whether anyone with its link can read it (a share URL) */
	shared: boolean;
}

export interface PublicState {
	drafts: Map<number, DraftView>;
	/** thread id → comment ids, of the target draft (resolved ones included) */
	threads: Map<string, string[]>;
	/** the ids of the target draft's threads that are open (status `unresolved`) */
	open: string[];
	media: Map<string, unknown>;
	tags: string[];
	queue: unknown;
}

async function ok<T>(fx: SandboxFixture, path: string): Promise<T> {
	const { status, body } = await api<T>(fx, 'GET', path);
	if (status !== 200) throw new Error(`GET ${path}: ${status} ${JSON.stringify(body)}`);
	return body;
}

function viewOf(detail: IDataObject): DraftView {
	const published: IDataObject = { published_at: detail.published_at };
	for (const [key, value] of Object.entries(detail))
		if (/_published_url$|_published_at$/.test(key)) published[key] = value;
	return {
		status: detail.status as string,
		publish_state: detail.publish_state,
		scheduled_date: detail.scheduled_date,
		platforms: detail.platforms,
		published,
		shared: typeof detail.share_url === 'string' && detail.share_url !== '',
	};
}

/** Reads the social set's drafts (each in detail), the target's threads and media, the tags and the queue. */
export async function readPublicState(fx: SandboxFixture, t: Targets): Promise<PublicState> {
	const [list, threadPage, media, tagPage, queue] = await Promise.all([
		ok<{ results: Array<{ id: number }>; count: number }>(fx, `${SET}/drafts?limit=50`),
		api<{ results: Array<{ id: string; status: string; comments: Array<{ id: string }> }> }>(
			fx,
			'GET',
			`${SET}/drafts/${t.draftId}/comment-threads?status=all&limit=50`,
		),
		api<IDataObject>(fx, 'GET', `${SET}/media/${t.mediaId}`),
		ok<{ results: Array<{ slug: string }> }>(fx, `${SET}/tags?limit=50`),
		ok<unknown>(fx, `${SET}/queue/schedule`),
	]);
	if (list.count > 50) throw new Error('more drafts than one page: reset the sandbox per call');
	const details = await Promise.all(
		list.results.map(({ id }) =>
			ok<IDataObject>(fx, `${SET}/drafts/${id}?exclude_comment_markers=true`),
		),
	);
	const drafts = new Map<number, DraftView>();
	list.results.forEach(({ id }, index) => drafts.set(id, viewOf(details[index])));
	const threads = new Map<string, string[]>();
	const open: string[] = [];
	if (threadPage.status === 200)
		for (const thread of threadPage.body.results) {
			threads.set(
				thread.id,
				thread.comments.map((c) => c.id),
			);
			if (thread.status === 'unresolved') open.push(thread.id);
			else if (thread.status !== 'resolved')
				throw new Error(`thread ${thread.id}: status ${JSON.stringify(thread.status)}`);
		}
	const mediaState = new Map<string, unknown>();
	if (media.status === 200) mediaState.set(t.mediaId, media.body.status);
	const tags = tagPage.results.map((tag) => tag.slug).sort();
	return { drafts, threads, open: open.sort(), media: mediaState, tags, queue };
}

/** Whether a draft as read is public or will become so by itself. */
export const isLive = (view: DraftView) =>
	view.status === 'scheduled' ||
	view.status === 'publishing' ||
	view.publish_state === 'in_progress';

const PUBLISHED_OR_ON_ITS_WAY = new Set(['scheduled', 'publishing', 'published', 'error']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface Request {
	method: string;
	path: string;
	body?: unknown;
}

/**
 * What the call changed that the rule forbids, as readable lines (empty: the property holds). `before` and
 * `after` are read around the call; `requests` are the API requests the sandbox received during it.
 */
export function ruleBreaks(
	before: PublicState,
	after: PublicState,
	requests: Request[],
	t: Targets & { at: TargetState },
): string[] {
	const breaks: string[] = [];
	for (const [id, was] of before.drafts) {
		const now = after.drafts.get(id);
		if (!now) {
			breaks.push(`draft ${id} (${was.status}) was deleted`);
			continue;
		}
		if (isLive(was)) {
			for (const key of Object.keys(was) as Array<keyof DraftView>)
				if (key !== 'published' && !same(was[key], now[key]))
					breaks.push(
						`${was.status} draft ${id}: ${key} changed from ${JSON.stringify(was[key])} to ${JSON.stringify(now[key])}`,
					);
		} else {
			if (was.scheduled_date && !now.scheduled_date)
				breaks.push(`draft ${id} (${was.status}) lost its date ${String(was.scheduled_date)}`);
			if (was.status !== now.status && PUBLISHED_OR_ON_ITS_WAY.has(now.status))
				breaks.push(`draft ${id} went from ${was.status} to ${now.status}`);
			if (!same(was.publish_state, now.publish_state))
				breaks.push(
					`draft ${id}: publish_state went from ${String(was.publish_state)} to ${String(now.publish_state)}`,
				);
		}
		if (!same(was.published, now.published)) breaks.push(`draft ${id}: published URLs changed`);
		if (!was.shared && now.shared) breaks.push(`draft ${id} (${was.status}) was shared`);
	}
	for (const [id, now] of after.drafts)
		if (
			!before.drafts.has(id) &&
			(PUBLISHED_OR_ON_ITS_WAY.has(now.status) || now.publish_state || now.shared)
		)
			breaks.push(
				`a new draft ${id} is ${now.status} (publish_state ${String(now.publish_state)}${now.shared ? ', shared' : ''})`,
			);
	for (const [thread, comments] of before.threads) {
		const left = after.threads.get(thread);
		if (!left) breaks.push(`comment thread ${thread} was deleted`);
		else
			for (const comment of comments)
				if (!left.includes(comment)) breaks.push(`comment ${comment} was deleted`);
	}
	for (const thread of before.open)
		if (after.threads.has(thread) && !after.open.includes(thread))
			breaks.push(`comment thread ${thread} was resolved: the review of draft ${t.draftId} ended`);
	for (const id of before.media.keys())
		if (!after.media.has(id)) breaks.push(`media ${id} was deleted`);
	for (const tag of before.tags)
		if (!after.tags.includes(tag)) breaks.push(`tag ${tag} was deleted`);
	if (!same(before.queue, after.queue)) breaks.push('the queue schedule changed');
	const target = `${SET}/drafts/${t.draftId}`;
	const targetLive = isLive(before.drafts.get(t.draftId) as DraftView);
	for (const r of requests) {
		if (r.method === 'GET' || r.method === 'HEAD') continue;
		const body = (typeof r.body === 'object' && r.body !== null ? r.body : {}) as IDataObject;
		const line = `${r.method} ${r.path} ${JSON.stringify(r.body ?? null).slice(0, 200)}`;
		if (r.method === 'DELETE') breaks.push(`a delete was sent: ${line}`);
		if (r.path.endsWith('/queue/schedule')) breaks.push(`the queue schedule was written: ${line}`);
		if ('publish_at' in body) breaks.push(`a write carried publish_at: ${line}`);
		if (body.share === true) breaks.push(`a write shared a draft: ${line}`);
		if ('plan_at' in body && body.plan_at === null) breaks.push(`a write removed a date: ${line}`);
		if (r.method === 'POST' && /\/comment-threads\/[^/]+\/resolve$/.test(r.path.split('?')[0]))
			breaks.push(`a comment thread was resolved: ${line}`);
		if (body.force_overwrite_comments === true)
			breaks.push(`a write may resolve comment threads (force_overwrite_comments): ${line}`);
		if (targetLive && r.path.split('?')[0] === target)
			breaks.push(`a write was sent to the ${t.at} target draft: ${line}`);
	}
	return breaks;
}

/** Whether two readings are the same in everything they read (the targets can serve another call). */
export function sameState(a: PublicState, b: PublicState): boolean {
	const plain = (state: PublicState) =>
		JSON.stringify([
			[...state.drafts],
			[...state.threads],
			state.open,
			[...state.media],
			state.tags,
			state.queue,
		]);
	return plain(a) === plain(b);
}
