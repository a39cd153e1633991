/**
 * The recycling recipe (examples/recycle-evergreen-posts.json, docs/recycling.md) run through n8n-core against
 * the sandbox: what it copies is worked out here from the service's own answers, not from the run.
 */
import type { IConnections, INode } from 'n8n-workflow';
import {
	EXAMPLES,
	Json,
	loadExample,
	sandboxApi,
	WorkflowFile,
} from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { buildNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

const example = EXAMPLES.find((e) => e.file === 'recycle-evergreen-posts.json')!;
const COOLDOWN_IF = 'Not Recycled in 60 Days, Best of Its Origin';

describe('the recycling recipe', () => {
	const fx = useSandbox();
	const api = () => sandboxApi(fx.sandbox.baseUrl, fx.sandbox.keys.admin);
	beforeEach(async () => fx.sandbox.reset());

	const run = async (workflow: WorkflowFile = loadExample(example)) => {
		const result = await fx.run(
			{
				nodes: workflow.nodes as unknown as INode[],
				connections: workflow.connections as unknown as IConnections,
			},
			{ nodeTypes: buildNodeTypes(coreNodeStandIns()), workflowId: workflow.id },
		);
		expect(result.error?.message).toBeUndefined();
		return (name: string) => result.output(name).map((item) => item.json as Json);
	};
	const drafts = async (query = '') => {
		const res = await api()('GET', `/v2/social-sets/101/drafts?limit=50${query}`);
		expect(res.status).toBe(200);
		return res.body.results as Json[];
	};
	/** The drafts the service's X analytics name, best engagement rate first. */
	const ranked = async () => {
		const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
		const end = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
		const res = await api()(
			'GET',
			`/v2/social-sets/101/analytics/x/posts?start_date=${start}&end_date=${end}&limit=100`,
		);
		expect(res.status).toBe(200);
		type Post = {
			draft_id: number | null;
			metrics: { impressions: number; engagement: { total: number } };
		};
		return (res.body.results as Post[])
			.filter((p) => p.draft_id !== null)
			.sort(
				(a, b) =>
					b.metrics.engagement.total / b.metrics.impressions -
					a.metrics.engagement.total / a.metrics.impressions,
			)
			.map((p) => p.draft_id as number);
	};
	const copiesOf = (copies: Json[], origin: number) =>
		copies.filter((c) => (c.tags as string[]).includes(`recycled-from-${origin}`));

	test('the first run copies the best 3 into free slots with the tags; the second copies only the fourth', async () => {
		await example.setup!(api());
		const best = await ranked();
		expect(best).toHaveLength(4);

		const first = await run();
		expect(example.check(first).length).toBeGreaterThan(0);
		let copies = await drafts('&tag=recycled');
		expect(copies).toHaveLength(3);
		for (const origin of best.slice(0, 3)) {
			const [copy] = copiesOf(copies, origin);
			expect(copy).toMatchObject({
				status: 'scheduled',
				tags: ['recycled', `recycled-from-${origin}`],
			});
			expect(typeof copy.scheduled_date).toBe('string');
		}

		const second = await run();
		expect(example.again!.check(second, first).length).toBeGreaterThan(0);
		copies = await drafts('&tag=recycled');
		expect(copies).toHaveLength(4);
		for (const origin of best) expect(copiesOf(copies, origin)).toHaveLength(1);
		expect(second('Best 3').map((c) => c.draft_id)).toEqual([best[3]]);
	});

	test('a published copy counts for its first draft: neither is recycled while the copy is younger than 60 days', async () => {
		const publish = async (text: string, tags: string[] = []) => {
			const res = await api()('POST', '/v2/social-sets/101/drafts', {
				platforms: { x: { enabled: true, posts: [{ text }] } },
				tags,
				publish_at: 'now',
			});
			expect(res.status).toBe(201);
			return res.body.id as number;
		};
		const origin = await publish('The first time this tip went out.');
		for (const name of ['recycled', `recycled-from-${origin}`])
			expect((await api()('POST', '/v2/social-sets/101/tags', { name })).status).toBe(201);
		const copy = await publish('The first time this tip went out.', [
			'recycled',
			`recycled-from-${origin}`,
		]);
		const other = await publish('A tip never recycled.');
		const deadline = Date.now() + 10_000;
		while ((await ranked()).length < 3) {
			expect(Date.now()).toBeLessThan(deadline);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}

		const out = await run();
		const byDraft = Object.fromEntries(
			out('Engagement Rate and Origin').map((c) => [c.draft_id as number, c.origin]),
		);
		expect(byDraft).toEqual({ [origin]: origin, [copy]: origin, [other]: other });
		expect(out('Best 3').map((c) => c.draft_id)).toEqual([other]);
		expect(copiesOf(await drafts('&tag=recycled'), other)).toHaveLength(1);
	});

	test('the catalog check fails a workflow without the cooldown: its second run copies the same posts again', async () => {
		const workflow = loadExample(example);
		const cooldown = workflow.nodes.find((n) => n.name === COOLDOWN_IF)!;
		const conditions = (cooldown.parameters.conditions as { conditions: Json[] }).conditions;
		(cooldown.parameters.conditions as { conditions: Json[] }).conditions = conditions.filter(
			(c) => (c.operator as Json).type !== 'boolean',
		);
		await example.setup!(api());
		const first = await run(workflow);
		expect(() => example.check(first)).not.toThrow();
		const second = await run(workflow);
		expect(() => example.again!.check(second, first)).toThrow(/should be skipped in the second/);
	});

	test('the Schedule Trigger stand-in runs no schedule in-process: started there, the run fails saying so', async () => {
		const workflow = loadExample(example);
		const result = await fx.run(
			{
				nodes: workflow.nodes as unknown as INode[],
				connections: workflow.connections as unknown as IConnections,
			},
			{ nodeTypes: buildNodeTypes(coreNodeStandIns()), startNode: 'Every Monday at 9:00' },
		);
		expect(result.error?.message).toMatch(
			/runs no schedule; start the workflow from its Manual Trigger/,
		);
		expect(await drafts()).toEqual([]);
	});
});
