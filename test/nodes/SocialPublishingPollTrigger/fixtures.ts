import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox';
import { buildNodeTypes } from '../../harness/nodeTypes';
import { createPollRunner, type PollRunner } from '../../harness/pollRuntime';
import type { KeyName, SandboxFixture } from '../../harness/sandbox';
import { byId, CREDENTIAL } from '../../harness/workflows';

export const POLL_NODE = 'Social Publishing Poll Trigger';
export const POLL_TYPE = 'n8n-nodes-social-publishing.socialPublishingPollTrigger';
export const SET = 101;

/** A workflow holding one poll trigger with these parameters (Social Set 101 by ID unless given), run against the sandbox. */
export function pollRunner(
	fx: SandboxFixture,
	parameters: INodeParameters,
	options: { key?: KeyName; baseUrl?: string } = {},
): PollRunner {
	const sb = fx.sandbox;
	return createPollRunner({
		workflow: {
			nodes: [
				{
					id: 'poll',
					name: POLL_NODE,
					type: POLL_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: { socialSetId: byId(SET), ...parameters },
					credentials: CREDENTIAL,
				},
			],
			connections: {},
		},
		pollNode: POLL_NODE,
		nodeTypes: buildNodeTypes(),
		credentials: {
			socialPublishingApi: {
				apiKey: sb.keys[options.key ?? 'admin'],
				baseUrl: options.baseUrl ?? sb.baseUrl,
				webhookSecret: sb.webhookSecret,
			},
		},
	});
}

/** The trigger's part of the static data, as n8n stores it (per node, under "node:<name>"). */
export function pollState(runner: PollRunner): {
	socialSetId?: string;
	cursor?: number;
	known?: Record<string, { s: string; t: number; d?: number; f?: number; c?: number }>;
} {
	return (runner.staticData()[`node:${POLL_NODE}`] ?? {}) as ReturnType<typeof pollState>;
}

export interface DraftBody {
	id: number;
	status: string;
	created_at: string;
	updated_at: string | null;
	published_at: string | null;
	publish_state: string | null;
	[key: string]: unknown;
}

/** The service's API called directly (admin key), to make the changes a poll should notice. */
export function api(sb: Sandbox) {
	async function call<T>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; body: T }> {
		const res = await fetch(`${sb.baseUrl}/v2/social-sets/${SET}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${sb.keys.admin}`,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
	}
	async function ok<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
		const res = await call<T>(method, path, body);
		if (res.status !== status)
			throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
		return res.body;
	}
	const platforms = (text: string) => ({ x: { enabled: true, posts: [{ text }], settings: {} } });
	return {
		create: async (text: string, extra: Record<string, unknown> = {}) =>
			await ok<DraftBody>('POST', '/drafts', { platforms: platforms(text), ...extra }, 201),
		patch: async (id: number, body: Record<string, unknown>) =>
			await ok<DraftBody>('PATCH', `/drafts/${id}`, body, 200),
		get: async (id: number) => await ok<DraftBody>('GET', `/drafts/${id}`, undefined, 200),
		remove: async (id: number) => {
			await ok<unknown>('DELETE', `/drafts/${id}`, undefined, 204);
		},
		/** Waits until the draft's publish has ended (publish_state finished). */
		async settled(id: number, timeoutMs = 10_000): Promise<DraftBody> {
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const draft = await ok<DraftBody>('GET', `/drafts/${id}`, undefined, 200);
				if (draft.publish_state === 'finished') return draft;
				if (Date.now() > deadline)
					throw new Error(`draft ${id} did not finish publishing: ${JSON.stringify(draft)}`);
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
		},
	};
}

/** A date-time `ms` from now, with offset, as publish_at and plan_at take it. */
export function inFuture(ms: number): string {
	return new Date(Date.now() + ms).toISOString();
}

/** What each item says: event and draft ID (from `draft`, or `data` with Output Raw Payload). */
export function eventsOf(items: INodeExecutionData[] | null): Array<[string, number]> {
	return (items ?? []).map((item) => [
		String(item.json.event),
		Number(((item.json.draft ?? item.json.data) as { id: number }).id),
	]);
}

/** Waits until the wall clock is early in a second, so that what follows shares one timestamp (the service prints seconds). */
export async function startOfSecond(): Promise<void> {
	const ms = Date.now() % 1000;
	if (ms > 150) await new Promise((resolve) => setTimeout(resolve, 1000 - ms + 5));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Puts the drafts made so far out of reach of an idle poll's list read: 55 newer drafts a second later, then
 * one more a second after those. The cursor is then the last one's time, and the first page (the newest 50)
 * already holds drafts older than it, so the poll reads one page and stops before the earlier drafts.
 */
export async function buryUnderNewerDrafts(sb: ReturnType<typeof api>): Promise<void> {
	await pause(1100);
	for (let i = 0; i < 55; i++) await sb.create(`newer ${i}`);
	await pause(1100);
	await sb.create('the newest');
}
