import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function stableJson(value: unknown): string {
	if (value === undefined) return 'null';
	if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
	if (value instanceof Date) return JSON.stringify(value.toISOString());
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	const entries = Object.keys(value as IDataObject)
		.sort()
		.map((k) => `${JSON.stringify(k)}:${stableJson((value as IDataObject)[k])}`);
	return `{${entries.join(',')}}`;
}

/** Binary data by its stored id, or by a hash of its bytes when n8n keeps it in memory. */
function binaryIds(item: INodeExecutionData): string[] {
	return Object.entries(item.binary ?? {})
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([name, data]) => {
			const ref =
				data.id ??
				createHash('sha256')
					.update(String(data.data ?? ''))
					.digest('hex');
			return `${name}:${ref}:${data.fileName ?? ''}:${data.mimeType ?? ''}`;
		});
}

/**
 * The node run a try belongs to: execution, node (id and name) and run index stay the same between
 * n8n's tries of one node run, and differ between executions, nodes and loop runs. Undefined when the
 * execution has no id or the context cannot say (then nothing is remembered).
 */
export function runScope(context: IExecuteFunctions): string | undefined {
	try {
		const executionId = context.getExecutionId();
		if (!executionId) return undefined;
		const node = context.getNode();
		const runIndex = context.getWorkflowDataProxy(0).$runIndex;
		return stableJson([executionId, node.id, node.name, runIndex]);
	} catch {
		return undefined;
	}
}

/**
 * The node's parameters as saved, as stable JSON: the same for every item of a try, so the router reads
 * and writes them once per try (n8n copies the whole node on each `getNode()`).
 */
export function savedParameters(context: IExecuteFunctions): string {
	return stableJson(context.getNode().parameters);
}

/**
 * One item's write in one node run: the run, the item's position, its JSON and binary ids, and the
 * node's parameters as saved in the workflow. Within one run those parameters evaluate for the item
 * from exactly these inputs (the item, and the execution's data up to this node), so the key is as
 * strict as one over the evaluated values; but an expression that reads the clock (`$now`) keeps its
 * key from one try to the next instead of making the retry a new write. It also costs no evaluation.
 */
export function itemKey(
	context: IExecuteFunctions,
	scope: string,
	itemIndex: number,
	item: INodeExecutionData,
	parameters: string = savedParameters(context),
): string {
	// the same text as stableJson([scope, itemIndex, item.json, binary ids, parameters])
	return createHash('sha256')
		.update(
			`[${stableJson(scope)},${stableJson(itemIndex)},${stableJson(item.json)},${stableJson(binaryIds(item))},${parameters}]`,
		)
		.digest('hex');
}
