import type { INodeParameters } from 'n8n-workflow';
import type { KeyName, SandboxFixture } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';

/** Drafts and threads set up over plain HTTP (outside the node), so each test checks only the operation it names. */

export const SET = 101;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UNKNOWN_UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

export interface Thread {
	id: string;
	draft_id: number;
	platform: string;
	status: string;
	selected_text: string | null;
	comments: Array<{ id: string; text: string; user: { id: number } }>;
}

async function call<T>(
	fx: SandboxFixture,
	key: KeyName,
	method: string,
	path: string,
	body?: unknown,
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
	return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const posts = (texts: string[]) => texts.map((text) => ({ text }));

/** The draft the Comment tests comment on: one X post of eight words. */
export async function commentedDraft(fx: SandboxFixture): Promise<number> {
	return await createDraft(fx, { x: ['one two three four five six seven eight'] });
}

/** A draft in social set 101 with the given post texts per platform. */
export async function createDraft(
	fx: SandboxFixture,
	content: Record<string, string[]>,
): Promise<number> {
	const platforms: Record<string, unknown> = {};
	for (const [platform, texts] of Object.entries(content))
		platforms[platform] = { enabled: true, posts: posts(texts), settings: {} };
	const response = await call<{ id: number }>(
		fx,
		'write',
		'POST',
		`/v2/social-sets/${SET}/drafts`,
		{ platforms },
	);
	if (response.status !== 201)
		throw new Error(`draft not created: ${response.status} ${JSON.stringify(response.body)}`);
	return response.body.id;
}

/** An X Article draft in social set 101. */
export async function createArticleDraft(fx: SandboxFixture, markdown: string): Promise<number> {
	const platforms = {
		x_article: { enabled: true, content_markdown: markdown, cover_media_id: null },
	};
	const response = await call<{ id: number }>(
		fx,
		'write',
		'POST',
		`/v2/social-sets/${SET}/drafts`,
		{ platforms },
	);
	if (response.status !== 201)
		throw new Error(
			`article draft not created: ${response.status} ${JSON.stringify(response.body)}`,
		);
	return response.body.id;
}

/** The article markdown of a draft, markers included. */
export async function articleMarkdown(fx: SandboxFixture, draftId: number): Promise<string> {
	const draft = await call<{ platforms: { x_article: { content_markdown: string } } }>(
		fx,
		'read',
		'GET',
		`/v2/social-sets/${SET}/drafts/${draftId}`,
	);
	return draft.body.platforms.x_article.content_markdown;
}

export const threadsPath = (draftId: number) =>
	`/v2/social-sets/${SET}/drafts/${draftId}/comment-threads`;

/** A thread created over HTTP with the write key. */
export async function createThread(
	fx: SandboxFixture,
	draftId: number,
	selectedText: string,
	extra: Record<string, unknown> = {},
): Promise<Thread> {
	const response = await call<Thread>(fx, 'write', 'POST', threadsPath(draftId), {
		post_index: 0,
		selected_text: selectedText,
		text: 'First comment',
		...extra,
	});
	if (response.status !== 201)
		throw new Error(`thread not created: ${response.status} ${JSON.stringify(response.body)}`);
	return response.body;
}

export async function addCommentOverHttp(
	fx: SandboxFixture,
	draftId: number,
	threadId: string,
	text: string,
	key: KeyName = 'write',
): Promise<Thread> {
	return (
		await call<Thread>(fx, key, 'POST', `${threadsPath(draftId)}/${threadId}/comments`, { text })
	).body;
}

export async function resolveOverHttp(
	fx: SandboxFixture,
	draftId: number,
	threadId: string,
): Promise<void> {
	await call(fx, 'write', 'POST', `${threadsPath(draftId)}/${threadId}/resolve`);
}

/**
 * Marks a post platform of a draft auto-synced with the sandbox-only setting `settings.auto_sync: true`
 * (the sandbox's stand-in for a platform whose content follows another's), keeping its text and markers.
 */
export async function autoSyncOverHttp(
	fx: SandboxFixture,
	draftId: number,
	platform: string,
): Promise<void> {
	const text = await postText(fx, draftId, platform);
	const platforms = {
		[platform]: { enabled: true, posts: [{ text }], settings: { auto_sync: true } },
	};
	const response = await call(fx, 'write', 'PATCH', `/v2/social-sets/${SET}/drafts/${draftId}`, {
		platforms,
	});
	if (response.status !== 200)
		throw new Error(`auto-sync not set: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Every thread of a draft, any status. */
export async function listAllThreads(fx: SandboxFixture, draftId: number): Promise<Thread[]> {
	return (
		await call<{ results: Thread[] }>(
			fx,
			'read',
			'GET',
			`${threadsPath(draftId)}?status=all&limit=50`,
		)
	).body.results;
}

/** The text of one post of a draft, markers included. */
export async function postText(
	fx: SandboxFixture,
	draftId: number,
	platform = 'x',
	index = 0,
): Promise<string> {
	const draft = await call<{ platforms: Record<string, { posts: Array<{ text: string }> }> }>(
		fx,
		'read',
		'GET',
		`/v2/social-sets/${SET}/drafts/${draftId}`,
	);
	return draft.body.platforms[platform].posts[index].text;
}

/** Node parameters of a Comment Thread or Comment operation on a draft of social set 101. */
export function params(
	resource: 'commentThread' | 'comment',
	operation: string,
	draftId: number | string,
	fields: INodeParameters = {},
): INodeParameters {
	return {
		resource,
		operation,
		socialSetId: byId(SET),
		draftId: String(draftId),
		...fields,
	} as INodeParameters;
}
