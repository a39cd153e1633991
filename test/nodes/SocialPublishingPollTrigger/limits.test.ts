/**
 * A poll's waits and requests are bounded: n8n offers a poll no cancel signal, only a time budget
 * (`getPollBudgetMs`), so a poll never waits for a rate limit longer than 30 seconds nor past its budget; it fails
 * instead, leaves its state as it was, and the next poll tries again. A loopback server scripts the answers.
 */
import { policy } from '../../../nodes/common/transport';
import { useScriptedServer } from '../../harness/useScriptedServer';
import { buildNodeTypes } from '../../harness/nodeTypes';
import { createPollRunner } from '../../harness/pollRuntime';
import type { ScriptedResponse } from '../../harness/scriptedServer';
import { byId, CREDENTIAL } from '../../harness/workflows';
import { POLL_NODE, POLL_TYPE } from './fixtures';

const server = useScriptedServer();

const emptyList: ScriptedResponse = {
	body: { results: [], count: 0, limit: 50, offset: 0, next: null, previous: null },
};

function runner(parameters: Record<string, unknown> = {}, pollBudgetMs?: number) {
	return createPollRunner({
		workflow: {
			nodes: [
				{
					id: 'poll',
					name: POLL_NODE,
					type: POLL_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						socialSetId: byId(101),
						events: ['draft.created'],
						options: { draftOutput: 'summary' },
						...parameters,
					},
					credentials: CREDENTIAL,
				},
			],
			connections: {},
		},
		pollNode: POLL_NODE,
		nodeTypes: buildNodeTypes(),
		credentials: {
			socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl, webhookSecret: '' },
		},
		pollBudgetMs,
	});
}

const inSeconds = (ms: number) => String(Math.ceil((Date.now() + ms) / 1000));
const iso = (reset: string) => new Date(Number(reset) * 1000).toISOString();

test('a 429 that resets in 2 minutes fails the poll at once, naming the time; the state is left as it was', async () => {
	const poll = runner();
	server.reply(emptyList);
	expect((await poll.poll()).error).toBeUndefined();
	const before = poll.staticData();
	const reset = inSeconds(120_000);
	server.reply(
		{
			status: 429,
			headers: { 'X-RateLimit-User-Remaining': '0', 'X-RateLimit-User-Reset': reset },
			body: { error: { code: 'RATE_LIMITED', message: 'Slow down' } },
		},
		emptyList,
	);
	const outcome = await poll.poll();
	expect(outcome.error?.message).toBe('RATE_LIMITED: Slow down');
	expect(outcome.error?.description).toContain(`It resets at ${iso(reset)}`);
	expect(outcome.error?.description).toContain(
		'The node waits at most 30 seconds for a rate limit in a poll; the next poll tries again.',
	);
	expect(server.requests).toHaveLength(2);
	expect(poll.staticData()).toEqual(before);
});

test('a limit used up in an earlier answer fails the next poll without a request', async () => {
	const poll = runner();
	const reset = inSeconds(policy.maxPollRateLimitWaitMs + 60_000);
	server.reply({
		...emptyList,
		headers: { 'X-RateLimit-User-Remaining': '0', 'X-RateLimit-User-Reset': reset },
	});
	expect((await poll.poll()).error).toBeUndefined();
	const outcome = await poll.poll();
	expect(outcome.error?.message).toBe(
		`RATE_LIMITED: rate limit reached (the per-user limit); retry after ${iso(reset)}`,
	);
	expect(server.requests).toHaveLength(1);
});

test('a wait within the 30 seconds but beyond the poll budget n8n gives fails the poll at once', async () => {
	const poll = runner({}, 3_000);
	const reset = inSeconds(10_000);
	server.reply(
		{
			status: 429,
			headers: { 'X-RateLimit-User-Remaining': '0', 'X-RateLimit-User-Reset': reset },
			body: { error: { code: 'RATE_LIMITED', message: 'Slow down' } },
		},
		emptyList,
	);
	const outcome = await poll.poll();
	expect(outcome.error?.message).toBe('RATE_LIMITED: Slow down');
	expect(server.requests).toHaveLength(1);
});

test('a request the service never answers ends with the poll budget, not after the 60 s request timeout', async () => {
	const poll = runner({}, 1_500);
	server.reply({ hold: true });
	const outcome = await poll.poll();
	expect(outcome.error?.message).toBe(
		'The poll ran out of the time n8n gives it before its requests were done',
	);
	expect(outcome.error?.description).toContain('the next poll reads the same changes again');
	expect(server.requests).toHaveLength(1);
	expect(poll.staticData()[`node:${POLL_NODE}`] ?? {}).toEqual({});
});

test('a Social Set ID beyond 2^53 - 1 is refused before any request, never rounded', async () => {
	const outcome = await runner({ socialSetId: byId('9007199254740993') }).poll();
	expect(outcome.error?.message).toBe(
		'Parameter "Social Set" is larger than 9007199254740991, the largest ID the node carries exactly, got "9007199254740993"',
	);
	expect(server.requests).toHaveLength(0);
});

test('a listed draft whose ID lost digits in JSON is not read back by ID: its list fields stand in', async () => {
	const poll = runner({ options: { draftOutput: 'detail' } });
	server.reply(emptyList);
	await poll.poll();
	const at = new Date(Date.now() + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
	// 2^53 + 1 in the JSON text: JSON.parse reads it as 2^53
	const page = `{"results":[{"id":9007199254740993,"status":"draft","created_at":"${at}","updated_at":null}],"count":1,"limit":50,"offset":0,"next":null,"previous":null}`;
	server.reply({ body: Buffer.from(page), headers: { 'Content-Type': 'application/json' } });
	const outcome = await poll.poll();
	expect(outcome.error).toBeUndefined();
	expect(outcome.items?.map((item) => item.json.event)).toEqual(['draft.created']);
	expect(server.requests.map((r) => r.path)).toEqual([
		'/v2/social-sets/101/drafts',
		'/v2/social-sets/101/drafts',
	]);
});
