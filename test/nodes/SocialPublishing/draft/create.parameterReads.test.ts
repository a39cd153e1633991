import { NodeExecutionContext } from 'n8n-core/dist/execution-engine/node-execution-context/node-execution-context';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { createText } from './fixtures';

const fx = useSandbox();

/**
 * What one Create run asks of n8n's engine: each `getNodeParameter` resolves the parameter for the item
 * (and searches the node's parameter list), each `getNode` copies the whole node. Counted on n8n-core's own
 * context, so the counts are what a real run pays: parameters without expressions once per run, the others
 * once per item, and no copy of the node per item.
 */
async function countReads(parameters: ReturnType<typeof createText>, items: number) {
	const proto = NodeExecutionContext.prototype as unknown as Record<
		string,
		(...args: unknown[]) => unknown
	>;
	const reads = jest.spyOn(proto, '_getNodeParameter');
	const copies = jest.spyOn(proto, 'getNode');
	try {
		const input = Array.from({ length: items }, (_, index) => ({
			json: { text: `Post ${index}` },
		}));
		const { result, items: output } = await runFresh(fx, parameters, { input });
		expect(result.error).toBeUndefined();
		expect(output).toHaveLength(items);
		const names = reads.mock.calls.map((call) => String(call[0]));
		return { names, copies: copies.mock.calls.length, output };
	} finally {
		reads.mockRestore();
		copies.mockRestore();
	}
}

describe('Draft > Create: parameters read per run, not per item', () => {
	test('with no expression, 5 items read the parameters and the node exactly as often as 1 item', async () => {
		const params = createText('A fixed post', ['x', 'bluesky'], {
			options: { waitForCompletion: false },
		});
		const one = await countReads(params, 1);
		const five = await countReads(params, 5);
		expect(five.names).toEqual(one.names);
		expect(five.copies).toBe(one.copies);
		// each parameter is asked of n8n once
		expect(new Set(one.names).size).toBe(one.names.length);
		expect(one.names).toEqual(expect.arrayContaining(['resource', 'options', 'text']));
	});

	test('a parameter with an expression is resolved for each item, and only that one', async () => {
		const params = createText('={{ $json.text }}', ['x']);
		const one = await countReads(params, 1);
		const three = await countReads(params, 3);
		const extra = [...three.names];
		for (const name of one.names) extra.splice(extra.indexOf(name), 1);
		expect(extra).toEqual(['text', 'text']);
		expect(three.copies).toBe(one.copies);
		expect(three.output.map((draft) => draft.preview)).toEqual(['Post 0', 'Post 1', 'Post 2']);
	});
});
