/**
 * The examples as a new account meets them: imported, with only what their note says re-picked (the
 * credential and the Social Set), they run. The sandbox's social set 103 stands for a new account: no tags
 * (seed), the default queue schedule (Queue: "a missing schedule is created with defaults"), X and Mastodon.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IConnections, INode } from 'n8n-workflow';
import { EXAMPLES, loadExample } from '../../scripts/examples/catalog';
import type { WorkflowFile } from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { buildNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

const PACKAGE = 'n8n-nodes-social-publishing';
const NEW_ACCOUNT = { value: '103', name: 'Outsider Corner' };

type Node = WorkflowFile['nodes'][number];

function socialPublishingNodes(workflow: WorkflowFile): Node[] {
	return workflow.nodes.filter(
		(node) =>
			node.type.startsWith(`${PACKAGE}.`) &&
			typeof node.parameters?.socialSetId === 'object' &&
			node.parameters.socialSetId !== null,
	);
}

/** The example as a user who followed its note has it: every Social Set re-picked. */
function repicked(workflow: WorkflowFile, change?: (node: Node) => void): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	for (const node of socialPublishingNodes(copy)) {
		node.parameters.socialSetId = {
			__rl: true,
			mode: 'list',
			value: NEW_ACCOUNT.value,
			cachedResultName: NEW_ACCOUNT.name,
		};
		change?.(node);
	}
	return copy;
}

const firstWorkflow = EXAMPLES.find((e) => e.file === 'draft-thread-next-free-slot.json');

describe("the README's first workflow on a new account", () => {
	const fx = useSandbox();
	beforeEach(async () => await fx.sandbox.reset());
	const run = (workflow: WorkflowFile) =>
		fx.run(
			{
				nodes: workflow.nodes as unknown as INode[],
				connections: workflow.connections as unknown as IConnections,
			},
			{ key: 'outsider', nodeTypes: buildNodeTypes(coreNodeStandIns()) },
		);

	test('the README links the example this test runs', () => {
		const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
		expect(firstWorkflow).toBeDefined();
		expect(readme).toContain(`examples/${firstWorkflow?.file}`);
	});

	test('runs after re-picking the social set: checked, tag created, draft scheduled', async () => {
		const result = await run(repicked(loadExample(firstWorkflow!)));
		expect(result.error?.message).toBeUndefined();
		const [checked] = result.output('Check the Thread').map((item) => item.json);
		expect(checked.valid).toBe(true);
		const drafts = result.output('Schedule Thread in Next Free Slot').map((item) => item.json);
		expect(drafts).toHaveLength(1);
		expect(drafts[0]).toMatchObject({ status: 'scheduled', social_set_id: 103 });
		expect(drafts[0].tags).toEqual(['weekly-tips']);
		// Tags: the tag now exists in the new account's social set (Create Missing Tags made it)
		const tags = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/103/tags?limit=50`, {
			headers: { Authorization: `Bearer ${fx.sandbox.keys.outsider}` },
		}).then((r) => r.json() as Promise<{ results: Array<{ slug: string }> }>);
		expect(tags.results.map((tag) => tag.slug)).toContain('weekly-tips');
	});

	test('without Create Missing Tags the same run stops naming Tag Names, and nothing is created', async () => {
		const result = await run(
			repicked(loadExample(firstWorkflow!), (node) => {
				const fields = node.parameters.additionalFields as Record<string, unknown> | undefined;
				if (fields) fields.createMissingTags = false;
			}),
		);
		const [checked] = result.output('Check the Thread').map((item) => item.json);
		expect(checked.valid).toBe(false);
		expect(JSON.stringify(checked.problems)).toContain('Tag Names');
		expect(result.output('Schedule Thread in Next Free Slot')).toHaveLength(0);
		expect(result.error?.message ?? '').toContain('The thread has problems');
	});
});

describe('every example says what to re-pick before its first run', () => {
	test.each(EXAMPLES.map((e) => [e.file, e] as const))('%s', (_file, example) => {
		const workflow = loadExample(example);
		const picked = socialPublishingNodes(workflow);
		const note = workflow.nodes.find((node) => node.name === 'About this example');
		expect(note).toBeDefined();
		const text = String(note?.parameters?.content ?? '');
		if (picked.length > 0) {
			expect(text).toMatch(/Before the first run/);
			expect(text).toMatch(/credential/);
			expect(text).toMatch(/Social Set/);
		} else {
			expect(text.length).toBeGreaterThan(0);
		}
	});
});
