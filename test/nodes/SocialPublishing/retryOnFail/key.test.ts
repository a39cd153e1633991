import type {
	IDataObject,
	IExecuteFunctions,
	INodeType,
	INode,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { buildNodeTypes } from '../../../harness/nodeTypes';
import { useSandbox } from '../../../harness/sandbox';
import {
	clearFaultsAndRequests,
	createFromItems,
	draftsTitled,
	retryWorkflow,
	runWithRetry,
} from './fixtures';
import {
	itemKey,
	runScope,
	stableJson,
} from '../../../../nodes/SocialPublishing/actions/retryOnFail/key';

// Publishing takes 0.3 s, so a publish is still in progress when the next try reads the draft.
const fx = useSandbox({ publishDelayMs: 300 });

afterEach(() => clearFaultsAndRequests(fx));

/** Sends the same items back to the node once (its first run), then stops. */
function loopOnce(items: IDataObject[]): INodeType {
	return {
		description: {
			displayName: 'Again',
			name: 'again',
			group: ['transform'],
			version: 1,
			description: 'Loops once',
			defaults: { name: 'Again' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const first = this.getWorkflowDataProxy(0).$runIndex === 0;
			const copy = items.map((json) => ({ json: { ...json } }));
			return first ? [copy, []] : [[], copy];
		},
	};
}

describe('Retry On Fail: what is not remembered', () => {
	// Continue On Fail with a refused last item: the run ends with an error item, so its memory is
	// kept (n8n could still try again), and only the key tells the runs apart.
	const keepsMemory = (title: string) => [
		{ text: `${title} good`, title, tags: 'launch', media: '' },
		{ text: `${title} bad`, title, tags: 'no-such-tag', media: '' },
	];

	test('a second execution with the same input writes again', async () => {
		const input = keepsMemory('two executions');
		await runWithRetry(fx, createFromItems(), input, { continueOnFail: true });
		await runWithRetry(fx, createFromItems(), input, { continueOnFail: true });
		expect(await draftsTitled(fx, 'two executions')).toHaveLength(2);
	});

	test('two nodes with the same parameters and input both write', async () => {
		const json = retryWorkflow(createFromItems(), { continueOnFail: true });
		json.nodes.push({ ...json.nodes[1], id: 'node-2', name: 'Second', position: [200, 200] });
		json.connections.Start.main[0]!.push({ node: 'Second', type: 'main', index: 0 });
		const result = await fx.run(json, {
			input: keepsMemory('two nodes').map((item) => ({ json: item })),
		});
		expect(result.output('Second')[0].json).toMatchObject({ draft_title: 'two nodes' });
		expect(await draftsTitled(fx, 'two nodes')).toHaveLength(2);
	});

	test('a loop that runs the node again in one execution (next run index) writes again', async () => {
		const json = retryWorkflow(createFromItems(), { continueOnFail: true });
		const input = keepsMemory('loop runs');
		json.nodes.push({
			id: 'again',
			name: 'Again',
			type: 'test.again',
			typeVersion: 1,
			position: [400, 0],
			parameters: {},
		});
		json.connections['Social Publishing'] = { main: [[{ node: 'Again', type: 'main', index: 0 }]] };
		json.connections.Again = {
			main: [[{ node: 'Social Publishing', type: 'main', index: 0 }], []],
		};
		const result = await fx.run(json, {
			input: input.map((item) => ({ json: item })),
			nodeTypes: buildNodeTypes({ 'test.again': loopOnce(input) }),
		});
		expect(result.run.data.resultData.runData['Social Publishing']).toHaveLength(2);
		expect(await draftsTitled(fx, 'loop runs')).toHaveLength(2);
	});
});

describe('retry keys', () => {
	interface Fake {
		executionId?: string;
		node?: Partial<INode>;
		runIndex?: number;
		parameters?: Record<string, unknown>;
	}
	const fakeContext = (fake: Fake = {}): IExecuteFunctions => {
		const parameters = fake.parameters ?? { resource: 'draft', operation: 'create', text: 'Hi' };
		const node = { id: 'n1', name: 'Node', parameters, ...fake.node } as INode;
		return {
			getExecutionId: () => ('executionId' in fake ? fake.executionId : 'e1'),
			getNode: () => node,
			getWorkflowDataProxy: () => ({ $runIndex: fake.runIndex ?? 0 }),
		} as unknown as IExecuteFunctions;
	};
	const item: INodeExecutionData = { json: { text: 'Hi', n: 1 } };
	const keyOf = (fake: Fake = {}, index = 0, data: INodeExecutionData = item) => {
		const context = fakeContext(fake);
		return itemKey(context, runScope(context) as string, index, data);
	};

	test('stable JSON does not depend on key order', () => {
		expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
			stableJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
		);
		expect(stableJson({ a: 1 })).not.toBe(stableJson({ a: '1' }));
	});

	test('the same try of the same item gives the same key', () => {
		expect(keyOf()).toBe(keyOf());
		expect(keyOf({}, 0, { json: { n: 1, text: 'Hi' } })).toBe(keyOf());
	});

	test('execution, node id, node name, run index, item index, item JSON, binary and the saved parameters each change the key', () => {
		const base = keyOf();
		const variants = [
			keyOf({ executionId: 'e2' }),
			keyOf({ node: { id: 'n2' } }),
			keyOf({ node: { name: 'Other' } }),
			keyOf({ runIndex: 1 }),
			keyOf({}, 1),
			keyOf({}, 0, { json: { text: 'Hi', n: 2 } }),
			keyOf({}, 0, { ...item, binary: { data: { data: 'AAAA', mimeType: 'image/png' } } }),
			keyOf({}, 0, { ...item, binary: { data: { data: '', id: 'fs:1', mimeType: 'image/png' } } }),
			keyOf({ parameters: { resource: 'draft', operation: 'create', text: 'Hello' } }),
		];
		for (const variant of variants) expect(variant).not.toBe(base);
		expect(new Set(variants).size).toBe(variants.length);
	});

	test('an execution without an id, or a context that cannot say its run, has no scope: nothing is remembered', () => {
		expect(runScope(fakeContext({ executionId: undefined }))).toBeUndefined();
		const noProxy = {
			...fakeContext(),
			getWorkflowDataProxy: () => {
				throw new Error('not here');
			},
		} as unknown as IExecuteFunctions;
		expect(runScope(noProxy)).toBeUndefined();
	});
});
