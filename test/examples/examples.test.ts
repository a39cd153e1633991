/**
 * The example workflows stay importable and in step with the node: every parameter they set is one the
 * node shows for that resource and operation (n8n drops the others silently on import), they use only
 * this package's nodes and the core nodes the stand-ins cover, and they run through n8n-core against the sandbox.
 */
import { readdirSync } from 'fs';
import { join } from 'path';
import type { IConnections, INode, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { CREDENTIAL_ID, EXAMPLES, loadExample, sandboxApi } from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { OUTBOX } from '../../scripts/examples/emailSend';
import { buildNodeTypes, sourceNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

const PACKAGE = 'n8n-nodes-social-publishing';
const ours = sourceNodeTypes();

/** Parameter paths the example sets that n8n would drop: unknown names, or fields not shown for the chosen options. */
function droppedParameters(type: INodeType, node: INode): string[] {
	const kept =
		NodeHelpers.getNodeParameters(
			type.description.properties,
			node.parameters,
			true,
			false,
			node,
			type.description,
		) ?? {};
	const dropped: string[] = [];
	const walk = (given: INodeParameters, result: INodeParameters | undefined, path: string) => {
		for (const [key, value] of Object.entries(given)) {
			if (!result || !(key in result)) dropped.push(`${path}${key}`);
			else if (value && typeof value === 'object' && !Array.isArray(value) && !('__rl' in value)) {
				walk(value as INodeParameters, result[key] as INodeParameters, `${path}${key}.`);
			}
		}
	};
	walk(node.parameters, kept, '');
	return dropped;
}

describe('examples/', () => {
	test('every workflow file is listed in the catalog and the other way round', () => {
		const files = readdirSync(join(__dirname, '..', '..', 'examples'))
			.filter((f) => f.endsWith('.json'))
			.sort();
		expect(files).toEqual(EXAMPLES.map((e) => e.file).sort());
	});

	describe.each(EXAMPLES.map((e) => [e.file, e] as const))('%s', (_file, example) => {
		const workflow = loadExample(example);

		test('is an importable workflow with an id and only known node types', () => {
			expect(workflow.id).toMatch(/^[A-Za-z0-9]{16}$/);
			const allowed = new Set([
				...Object.keys(coreNodeStandIns()),
				'n8n-nodes-base.manualTrigger',
				// run only in real n8n, by the queue-mode end-to-end test
				...(example.postgres ? ['n8n-nodes-base.postgres', 'n8n-nodes-base.scheduleTrigger'] : []),
				...Object.keys(ours).map((n) => `${PACKAGE}.${n}`),
			]);
			expect(workflow.nodes.map((n) => n.type).filter((t) => !allowed.has(t))).toEqual([]);
		});

		test('its Social Publishing nodes use the socialPublishingApi credential and only parameters the node shows', () => {
			const nodes = workflow.nodes.filter((n) => n.type.startsWith(`${PACKAGE}.`));
			expect(nodes.length).toBeGreaterThan(0);
			for (const node of nodes) {
				expect(node.credentials?.socialPublishingApi?.id).toBe(CREDENTIAL_ID);
				const type = ours[node.type.slice(PACKAGE.length + 1)];
				expect({
					node: node.name,
					dropped: droppedParameters(type, node as unknown as INode),
				}).toEqual({ node: node.name, dropped: [] });
			}
		});
	});
});

describe('the manual examples run through n8n-core against the sandbox (stand-ins for core nodes)', () => {
	const fx = useSandbox();
	test.each(
		EXAMPLES.filter((e) => !e.trigger && !e.poll && !e.postgres).map((e) => [e.file, e] as const),
	)('%s', async (_file, example) => {
		const workflow = loadExample(example);
		const runOnce = async () => {
			const result = await fx.run(
				{
					nodes: workflow.nodes as unknown as INode[],
					connections: workflow.connections as unknown as IConnections,
				},
				// the same workflow id for both runs: n8n's record of processed items is per workflow
				{ nodeTypes: buildNodeTypes(coreNodeStandIns()), workflowId: workflow.id },
			);
			expect(result.error?.message).toBeUndefined();
			return (name: string) => result.output(name).map((item) => item.json);
		};
		const api = sandboxApi(fx.sandbox.baseUrl, fx.sandbox.keys.admin);
		if (example.setup) expect((await example.setup(api)).length).toBeGreaterThan(0);
		const mailsBefore = OUTBOX.length;
		const out = await runOnce();
		const lines = example.check(out);
		expect(lines.length).toBeGreaterThan(0);
		if (example.mailCheck)
			expect((await example.mailCheck(OUTBOX.slice(mailsBefore), out, api)).length).toBeGreaterThan(
				0,
			);
		if (example.again) expect(example.again.check(await runOnce(), out).length).toBeGreaterThan(0);
		if (example.sandboxCheck)
			expect((await example.sandboxCheck(out, api)).length).toBeGreaterThan(0);
	});
});
