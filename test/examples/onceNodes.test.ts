/**
 * The "each once" examples' stand-ins answer like what they stand for (n8n's record of processed items
 * in mode "entries", Redis INCR and EXPIRE), and the Redis example stops a second execution of one
 * delivery at its If, run through n8n-core from the trigger node with the item the trigger put out.
 */
import type { IConnections, INode } from 'n8n-workflow';
import { EXAMPLES, loadExample, REDIS_CREDENTIAL_ID } from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { InMemoryProcessedItems, InMemoryRedis } from '../../scripts/examples/onceNodes';
import { buildNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

describe('InMemoryProcessedItems (n8n record of processed items, mode "entries")', () => {
	const context = (workflowId: string, nodeId = 'n1') => ({
		workflow: { id: workflowId, active: true },
		node: { id: nodeId } as INode,
	});
	const entries = { mode: 'entries' as const, maxEntries: 3 };

	test('a value is new once per workflow and node; again it is processed', async () => {
		const record = new InMemoryProcessedItems();
		expect(await record.checkProcessedAndRecord(['a', 'b'], 'node', context('w'), entries)).toEqual(
			{ new: ['a', 'b'], processed: [] },
		);
		expect(await record.checkProcessedAndRecord(['b', 'c'], 'node', context('w'), entries)).toEqual(
			{ new: ['c'], processed: ['b'] },
		);
		// another node, another workflow: a record of its own; scope "workflow" ignores the node
		expect(
			(await record.checkProcessedAndRecord(['b'], 'node', context('w', 'n2'), entries)).new,
		).toEqual(['b']);
		expect(
			(await record.checkProcessedAndRecord(['b'], 'node', context('v'), entries)).new,
		).toEqual(['b']);
		expect(
			(await record.checkProcessedAndRecord(['b'], 'workflow', context('w', 'n2'), entries)).new,
		).toEqual(['b']);
		expect(
			(await record.checkProcessedAndRecord(['b'], 'workflow', context('w', 'n3'), entries))
				.processed,
		).toEqual(['b']);
		expect(await record.getProcessedDataCount('node', context('w'), entries)).toBe(3);
	});

	test('past maxEntries the oldest values are forgotten; clearing forgets all', async () => {
		const record = new InMemoryProcessedItems();
		await record.checkProcessedAndRecord(['a', 'b', 'c', 'd'], 'node', context('w'), entries);
		expect(await record.checkProcessedAndRecord(['a', 'd'], 'node', context('w'), entries)).toEqual(
			{ new: ['a'], processed: ['d'] },
		);
		await record.clearAllProcessedItems('node', context('w'));
		expect(await record.getProcessedDataCount('node', context('w'), entries)).toBe(0);
	});

	test('other modes and a missing workflow id are refused', async () => {
		const record = new InMemoryProcessedItems();
		await expect(
			record.checkProcessedAndRecord(['1'], 'node', context('w'), { mode: 'latestIncrementalKey' }),
		).rejects.toThrow(/mode "entries" only/);
		await expect(
			record.checkProcessedAndRecord(['1'], 'node', context(''), entries),
		).rejects.toThrow(/workflow id/);
	});
});

describe('InMemoryRedis (INCR, EXPIRE)', () => {
	test('INCR counts from 1 per key; a key past its expiry starts again; EXPIRE of a missing key is false', () => {
		let now = 1_000_000;
		const redis = new InMemoryRedis(() => now);
		expect(redis.incr('delivery:a')).toBe(1);
		expect(redis.expire('delivery:a', 60)).toBe(true);
		expect(redis.incr('delivery:a')).toBe(2);
		expect(redis.incr('delivery:b')).toBe(1);
		now += 59_999;
		expect(redis.incr('delivery:a')).toBe(3);
		now += 1;
		expect(redis.incr('delivery:a')).toBe(1);
		expect(redis.expire('delivery:c', 60)).toBe(false);
	});
});

describe('webhook-once-across-processes.json through n8n-core', () => {
	const fx = useSandbox();
	const example = EXAMPLES.find((e) => e.file === 'webhook-once-across-processes.json');

	test('its Redis node names the credential the queue-mode test imports, and it is marked as needing Redis', () => {
		expect(example?.redis).toBe(true);
		const workflow = example && loadExample(example);
		const redis = workflow?.nodes.filter((n) => n.type === 'n8n-nodes-base.redis') ?? [];
		expect(redis.map((n) => n.credentials?.redis?.id)).toEqual([REDIS_CREDENTIAL_ID]);
	});

	test('two executions of one delivery: the first goes on, the second stops at "First Delivery?"; another delivery goes on', async () => {
		expect(example?.again).toBeDefined();
		if (!example?.again) return;
		const workflow = loadExample(example);
		const run = async (deliveryId: string) => {
			const item = {
				event: 'draft.published',
				timestamp: '2026-11-25T10:00:00.000Z',
				delivery_id: deliveryId,
				draft: { id: 42, status: 'published', x_published_url: 'https://x.com/acme/status/1' },
			};
			const result = await fx.run(
				{
					nodes: workflow.nodes as unknown as INode[],
					connections: workflow.connections as unknown as IConnections,
				},
				{
					nodeTypes: buildNodeTypes(coreNodeStandIns()),
					workflowId: workflow.id,
					startNode: 'Social Publishing Trigger',
					input: [{ json: item }],
				},
			);
			expect(result.error?.message).toBeUndefined();
			return (name: string) => result.output(name).map((i) => i.json);
		};
		const id = 'a'.repeat(32);
		const first = await run(id);
		expect(example.check(first).length).toBeGreaterThan(0);
		expect(first('Collect Published URLs')).toEqual([
			{ draft_id: 42, delivery_id: id, published_urls: { x: 'https://x.com/acme/status/1' } },
		]);
		const second = await run(id);
		expect(example.again.check(second, first).length).toBeGreaterThan(0);
		expect(second('Collect Published URLs')).toEqual([]);
		const other = await run('b'.repeat(32));
		expect(other('Collect Published URLs')).toHaveLength(1);
	});
});
