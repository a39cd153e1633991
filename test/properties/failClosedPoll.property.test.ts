import fc from 'fast-check';
import type { INodePropertyOptions } from 'n8n-workflow';
import { SocialPublishingPollTrigger } from '../../nodes/SocialPublishingPollTrigger/SocialPublishingPollTrigger.node';
import type { Sandbox } from '../../sandbox';
import { useAnswerProxy } from '../harness/answerProxy';
import { useSandbox } from '../harness/sandbox';
import { api, eventsOf, inFuture, pollRunner } from '../nodes/SocialPublishingPollTrigger/fixtures';
import { isPage, malformedAnswers } from './malformed';
import { PROPERTY_SANDBOX, SOCIAL_SET } from './targets';

/**
 * Issue 38, item 3, the poll trigger's side: an event is emitted only from answers the trigger can read. For every
 * event the trigger offers (read from its own description), a change that makes the event is made in the sandbox
 * and a poll that emits it is found; then each read of that poll (found by recording it behind a proxy) is
 * answered with malformed answers (malformed.ts) while the sandbox answers the rest:
 *
 * - the poll fails with an error that names the answer, bounded and without the key, and emits nothing;
 * - it leaves the trigger's state as it was, so the next poll, answered by the sandbox, still emits the event.
 *
 * Before the fix (047da9d), with the thread list answered with 204, {}, a count as text, another envelope or an
 * HTML page with 200, Comments All Resolved was emitted for a draft whose threads were open; and a drafts list
 * answered so read as "no change" and moved the trigger's place on.
 */

const fx = useSandbox({ ...PROPERTY_SANDBOX, publishDelayMs: 1, mediaProcessingMs: 1 });
const proxy = useAnswerProxy(() => fx.sandbox.baseUrl);

const seed = process.env.FAIL_CLOSED_SEED;
const MESSAGE_BOUND = 1_000;

/** The events of the trigger's Events parameter. */
const EVENTS = (
	(new SocialPublishingPollTrigger().description.properties.find((p) => p.name === 'events')
		?.options ?? []) as INodePropertyOptions[]
).map((option) => String(option.value));

type Api = ReturnType<typeof api>;

async function openThread(sb: Sandbox, draftId: number): Promise<string> {
	const res = await fetch(
		`${sb.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts/${draftId}/comment-threads`,
		{
			method: 'POST',
			headers: { authorization: `Bearer ${sb.keys.admin}`, 'content-type': 'application/json' },
			body: JSON.stringify({ post_index: 0, selected_text: 'two', text: 'Why two?' }),
		},
	);
	return ((await res.json()) as { id: string }).id;
}

async function resolveThread(sb: Sandbox, draftId: number, threadId: string): Promise<void> {
	await fetch(
		`${sb.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts/${draftId}/comment-threads/${threadId}/resolve`,
		{ method: 'POST', headers: { authorization: `Bearer ${sb.keys.admin}` } },
	);
}

/** How each event is made: what stands before the trigger starts, and the change it should emit. */
interface Scenario {
	before(sb: Sandbox, drafts: Api): Promise<() => Promise<void>>;
	/** polls after activation before the change (Comments All Resolved sees the thread open first) */
	watchPolls?: number;
}

const SCENARIOS: Record<string, Scenario> = {
	'draft.created': {
		before: async (_sb, drafts) => async () => {
			await drafts.create('one two three');
		},
	},
	'draft.status_changed': {
		before: async (_sb, drafts) => {
			const draft = await drafts.create('one two three');
			return async () => {
				await drafts.patch(draft.id, { publish_at: inFuture(86_400_000) });
			};
		},
	},
	'draft.published': {
		before: async (_sb, drafts) => {
			const draft = await drafts.create('one two three');
			return async () => {
				await drafts.patch(draft.id, { publish_at: 'now' });
				await drafts.settled(draft.id);
			};
		},
	},
	'draft.failed': {
		before: async (_sb, drafts) => {
			const draft = await drafts.create('one two three #fail');
			return async () => {
				await drafts.patch(draft.id, { publish_at: 'now' });
				await drafts.settled(draft.id);
			};
		},
	},
	'draft.comments_resolved': {
		watchPolls: 1,
		before: async (sb, drafts) => {
			const draft = await drafts.create('one two three');
			const thread = await openThread(sb, draft.id);
			return async () => await resolveThread(sb, draft.id, thread);
		},
	},
};

test('every event of the trigger has a scenario here (a new event must be given one)', () => {
	expect(EVENTS.length).toBeGreaterThan(0);
	expect(EVENTS.filter((event) => !SCENARIOS[event])).toEqual([]);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Runner = ReturnType<typeof pollRunner>;

/** The GETs of the last poll, by path, with the sandbox's answer. */
function readsOfLastPoll(): Map<string, unknown> {
	const reads = new Map<string, unknown>();
	for (const r of proxy.requests)
		if (r.method === 'GET' && r.status === 200 && !reads.has(r.path))
			reads.set(r.path, JSON.parse(r.body));
	return reads;
}

/**
 * Each read of a poll from `saved`, answered with malformed answers: the poll fails naming the answer, emits
 * nothing, and the next poll (the sandbox's answers) emits what a clean poll emits (`event`, or nothing).
 */
async function failuresOf(
	runner: Runner,
	saved: ReturnType<Runner['staticData']>,
	reads: Map<string, unknown>,
	event: string | undefined,
	label: string,
): Promise<string[]> {
	const failures: string[] = [];
	const secrets = [fx.sandbox.keys.admin, fx.sandbox.webhookSecret];
	for (const [path, sample] of reads) {
		const { examples, generated } = malformedAnswers(sample);
		const tried = [
			...examples,
			...fc.sample(generated, { numRuns: 1, ...(seed ? { seed: Number(seed) } : {}) }),
		];
		for (const m of tried) {
			const where = `${label}: GET ${path}${isPage(sample) ? ' (a page)' : ''} answered with ${m.kind} (${m.detail})`;
			runner.setStaticData(structuredClone(saved));
			proxy.reset();
			proxy.swap({ method: 'GET', path, answer: m.answer });
			const outcome = await runner.poll();
			const message = outcome.error?.message;
			if (!proxy.requests.some((r) => r.swapped)) failures.push(`${where}: the read was not made`);
			if (outcome.items)
				failures.push(`${where}: emitted ${JSON.stringify(eventsOf(outcome.items))}`);
			if (message === undefined) failures.push(`${where}: the poll did not fail`);
			else {
				if (!/The service's answer to GET \S+ could not be read: expected /.test(message))
					failures.push(`${where}: the error does not name the answer: ${message.slice(0, 300)}`);
				if (message.length > MESSAGE_BOUND)
					failures.push(`${where}: the error has ${message.length} characters`);
				if (secrets.some((secret) => message.includes(secret)))
					failures.push(`${where}: the error carries a secret`);
			}
			proxy.reset();
			const next = eventsOf((await runner.poll()).items).map(([name]) => name);
			if (event && !next.includes(event))
				failures.push(`${where}: the next poll, answered by the sandbox, did not emit ${event}`);
			if (!event && next.length)
				failures.push(
					`${where}: the next poll, answered by the sandbox, emitted ${next.join(', ')}`,
				);
		}
	}
	return failures;
}

describe('every read a poll emits from fails closed on a malformed answer', () => {
	test.each(EVENTS)(
		'%s',
		async (event) => {
			const scenario = SCENARIOS[event];
			await fx.sandbox.reset();
			const drafts = api(fx.sandbox);
			const change = await scenario.before(fx.sandbox, drafts);
			const runner = pollRunner(fx, { events: [event] }, { baseUrl: proxy.baseUrl });
			expect((await runner.poll()).error).toBeUndefined(); // activation
			for (let i = 0; i < (scenario.watchPolls ?? 0); i++)
				expect((await runner.poll()).error).toBeUndefined();
			// before the change (Comments All Resolved: the thread still open), a poll emits nothing
			const unchanged = runner.staticData();
			proxy.reset();
			const quiet = await runner.poll();
			expect(quiet.error).toBeUndefined();
			expect(quiet.items).toBeNull();
			const quietReads = readsOfLastPoll();
			const failures = await failuresOf(
				runner,
				unchanged,
				quietReads,
				undefined,
				'before the change',
			);
			runner.setStaticData(structuredClone(unchanged));

			await pause(1_100); // the service prints seconds: the change is later than the cursor
			await change();
			const saved = runner.staticData();
			proxy.reset();
			const clean = await runner.poll();
			expect(clean.error).toBeUndefined();
			expect(eventsOf(clean.items).map(([name]) => name)).toContain(event);
			const reads = readsOfLastPoll();
			expect(reads.size).toBeGreaterThan(0);
			for (const failure of await failuresOf(runner, saved, reads, event, 'after the change'))
				failures.push(failure);
			if (failures.length) throw new Error(`${failures.length} failures:\n${failures.join('\n')}`);
		},
		300_000,
	);
});
