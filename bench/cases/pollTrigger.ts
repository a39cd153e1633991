import '../../scripts/lib/tsResolve';
import { performance } from 'perf_hooks';
import { rateLimitMemory } from '../../nodes/common/transport';
import { buildNodeTypes } from '../../test/harness/nodeTypes';
import { createPollRunner, type PollRunner } from '../../test/harness/pollRuntime';
import { byId } from '../lib/nodeRunner';
import { count, ms } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const SOCIAL_SET = 101;
const NODE = 'Social Publishing Poll Trigger';
const IDLE_POLLS = 20;
const CHANGED = 120;

function runner(baseUrl: string, apiKey: string): PollRunner {
	return createPollRunner({
		workflow: {
			nodes: [
				{
					id: 'poll',
					name: NODE,
					type: 'n8n-nodes-social-publishing.socialPublishingPollTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						socialSetId: byId(SOCIAL_SET),
						events: ['draft.created', 'draft.status_changed', 'draft.published', 'draft.failed'],
						toStatus: 'any',
					},
					credentials: { socialPublishingApi: { id: '1', name: 'Social Publishing account' } },
				},
			],
			connections: {},
		},
		pollNode: NODE,
		nodeTypes: buildNodeTypes(),
		credentials: { socialPublishingApi: { apiKey, baseUrl } },
	});
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The poll trigger against a social set with many drafts: requests per idle poll (nothing changed since
 * the last poll; target 1), what the activation poll reads, and what a poll after 120 new drafts costs.
 * Each poll runs through n8n-core's PollContext with the static data stored between polls (test harness).
 */
export const pollTrigger: BenchCase = {
	id: 'pollTrigger',
	title: 'Poll Trigger requests per poll',
	async run(context) {
		const { sandbox, config } = context;
		const drafts = Math.min(config.drafts, 1000);
		await sandbox.fresh(SOCIAL_SET);
		await sandbox.seedDrafts(drafts, SOCIAL_SET);
		// The seed creates drafts many to a second; the newest draft comes a second later, as in a set edited by people.
		await new Promise((resolve) => setTimeout(resolve, 1100));
		await sandbox.seedDrafts(drafts + 1, SOCIAL_SET);
		context.log(`pollTrigger: seeded ${count(drafts + 1)} drafts`);
		rateLimitMemory.clear();
		const poll = runner(sandbox.baseUrl, sandbox.keys.admin);

		await sandbox.clearRequests();
		const activation = await poll.poll();
		if (activation.error) throw activation.error;
		const activationRequests = (await sandbox.summary()).total;

		const idleRequests: number[] = [];
		const idleMs: number[] = [];
		let idleItems = 0;
		for (let i = 0; i < IDLE_POLLS; i++) {
			await sandbox.clearRequests();
			const started = performance.now();
			const idle = await poll.poll();
			idleMs.push(performance.now() - started);
			if (idle.error) throw idle.error;
			idleItems += idle.items?.length ?? 0;
			idleRequests.push((await sandbox.summary()).total);
		}

		await sandbox.seedDrafts(drafts + 1 + CHANGED, SOCIAL_SET);
		await sandbox.clearRequests();
		const busy = await poll.poll();
		if (busy.error) throw busy.error;
		const busySummary = await sandbox.summary();
		const lists = busySummary.listQueries.filter((q) => /\/drafts$/.test(q.path)).length;
		const emitted = busy.items?.length ?? 0;
		const ids = new Set((busy.items ?? []).map((item) => (item.json.draft as { id: number }).id));

		const name = `Poll Trigger on a set of ${count(drafts + 1)} drafts`;
		const most = Math.max(...idleRequests);
		return [
			{
				case: name,
				measure: `requests per idle poll (${IDLE_POLLS} polls, nothing changed)`,
				result:
					most === Math.min(...idleRequests)
						? `${most} each; ${ms(median(idleMs))} per poll`
						: `${Math.min(...idleRequests)} to ${most}`,
				target: '1',
				met: idleRequests.every((n) => n === 1) && idleItems === 0,
			},
			{
				case: name,
				measure:
					'requests of the activation poll (emits nothing, reads up to 4 pages to learn statuses)',
				result: `${activationRequests}; ${activation.items === null ? 'nothing emitted' : `${activation.items.length} items emitted`}`,
				target: '≤ 4, nothing emitted',
				met: activationRequests <= 4 && activation.items === null,
			},
			{
				case: name,
				measure: `a poll after ${CHANGED} new drafts: items, list pages, detail reads`,
				result: `${emitted} items for ${ids.size} drafts; ${lists} list pages, ${busySummary.total - lists} detail reads`,
				target: `${CHANGED} items, one per draft`,
				met: emitted === CHANGED && ids.size === CHANGED,
			},
		] satisfies Row[];
	},
};
