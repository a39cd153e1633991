/**
 * The workflows the editor test opens, made from the node itself: every operation the resource modules
 * export (test/properties/catalog.ts), each filled as the property suites fill it (baseParameters of
 * test/properties/targets.ts, on targets of its own in the sandbox), so a new operation is in the test
 * without an edit. They reach n8n through its REST API, as the editor saves a workflow.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import type { Sandbox } from '../../sandbox';
import type { SandboxFixture } from '../../test/harness/sandbox';
import { buildWorkflow, type Edge, type NodeSpec } from '../../test/harness/workflows';
import {
	NODE_PROPERTIES,
	OPERATIONS,
	shownParameters,
	type CatalogOperation,
} from '../../test/properties/catalog';
import {
	baseParameters,
	makeTargets,
	missingValues,
	type Targets,
} from '../../test/properties/targets';
import { PNG_BYTES } from '../../test/nodes/SocialPublishing/media/fixtures';
import { CREDENTIAL_ID, CREDENTIAL_NAME } from '../examples/catalog';
import type { Session } from '../e2e/rest';

export const CREDENTIALS = { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
export const START = 'Start';
/** The node that gives every operation its input item: a PNG in binary property `data`, as the property suites'. */
export const TEST_FILE = 'Test File';

export interface OperationCase {
	op: CatalogOperation;
	/** The operation's action as the node creator lists it, also the node's name on the canvas. */
	action: string;
	nodeName: string;
	parameters: INodeParameters;
	targets: Targets;
}

/** The *Operation* option of `op`: its display name and action, from the node's description. */
export function operationOption(op: CatalogOperation): { name: string; action: string } {
	const selector = NODE_PROPERTIES.find(
		(p) =>
			p.name === 'operation' &&
			(p.displayOptions?.show?.resource as string[] | undefined)?.includes(op.resource),
	);
	const option = (selector?.options ?? []).find(
		(o) => (o as { value: unknown }).value === op.operation,
	) as { name: string; action?: string } | undefined;
	if (!option?.action)
		throw new Error(`${op.name}: its Operation option or the option's action is missing`);
	return { name: option.name, action: option.action };
}

/** The *Resource* option's display name. */
export function resourceName(resource: string): string {
	const selector = NODE_PROPERTIES.find((p) => p.name === 'resource') as INodeProperties;
	const option = (selector.options ?? []).find(
		(o) => (o as { value: unknown }).value === resource,
	) as { name: string } | undefined;
	if (!option) throw new Error(`resource ${resource} has no Resource option`);
	return option.name;
}

/**
 * The parameters with every option that adds a picture turned on (a boolean option of a collection whose
 * description says it adds one in a binary property), so the editor test opens each picture the node draws.
 */
export function withPictures(parameters: INodeParameters): INodeParameters {
	const out: INodeParameters = { ...parameters };
	for (const p of shownParameters(parameters)) {
		if (p.type !== 'collection') continue;
		const pictures = ((p.options ?? []) as INodeProperties[]).filter(
			(o) => o.type === 'boolean' && /in the binary property/.test(o.description ?? ''),
		);
		if (pictures.length === 0) continue;
		const current = (out[p.name] ?? {}) as INodeParameters;
		out[p.name] = { ...current, ...Object.fromEntries(pictures.map((o) => [o.name, true])) };
	}
	return out;
}

/** Targets and parameters for every operation, each on targets of its own (a Delete takes only its own draft). */
export async function operationCases(sandbox: Sandbox): Promise<OperationCase[]> {
	const fx = { sandbox } as SandboxFixture;
	const cases: OperationCase[] = [];
	// reads first: a write may change what a read of the same social set finds (Update Schedule without rules
	// empties the queue that Get Next Free Slots reads)
	const ordered = [
		...OPERATIONS.filter((o) => o.kind === 'read'),
		...OPERATIONS.filter((o) => o.kind === 'write'),
	];
	for (const op of ordered) {
		const targets = await makeTargets(fx);
		const parameters = withPictures(baseParameters(op, targets));
		const missing = missingValues(parameters);
		if (missing.length)
			throw new Error(
				`${op.name}: the catalog fills no value for ${missing.join(', ')} (add it to valueFor in test/properties/targets.ts)`,
			);
		const { action } = operationOption(op);
		// named after its resource too: a name that is the start of another's ("Delete a comment", "Delete a
		// comment thread") opened the other's panel in a run
		cases.push({
			op,
			action,
			nodeName: `${resourceName(op.resource)}: ${action}`,
			parameters,
			targets,
		});
	}
	const names = new Set(cases.map((c) => c.nodeName));
	if (names.size !== cases.length) throw new Error('two operations share an action name');
	return cases;
}

const testFileNode = (): NodeSpec => ({
	name: TEST_FILE,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: [220, 0],
	parameters: {
		jsCode: `return [{ json: {}, binary: { data: { data: '${PNG_BYTES.toString('base64')}', mimeType: 'image/png', fileName: 'property.png' } } }];`,
	},
});

/** Whether a field the operation shows (or one of its options) names a binary property to read a file from. */
export function readsFiles(c: OperationCase): boolean {
	return shownParameters(c.parameters).some(
		(p) =>
			/binary/i.test(p.name) || /"name":"[a-zA-Z]*[bB]inary/.test(JSON.stringify(p.options ?? [])),
	);
}

/** One workflow: Start, Test File after it, and every operation's node beside each other (a grid), after Test File when it reads files, else after Start. */
export function everyOperationWorkflow(
	cases: OperationCase[],
	typePrefix: string,
	columns = 6,
): Record<string, unknown> {
	const nodes: NodeSpec[] = [
		{ name: START, type: 'n8n-nodes-base.manualTrigger', position: [0, 0] },
		testFileNode(),
	];
	const edges: Edge[] = [{ from: START, to: TEST_FILE }];
	cases.forEach((c, i) => {
		nodes.push({
			name: c.nodeName,
			type: `${typePrefix}.socialPublishing`,
			position: [480 + 280 * (i % columns), 220 * Math.floor(i / columns) - 400],
			parameters: c.parameters,
			credentials: CREDENTIALS,
		});
		// from the test file only where a field can read a file: the Code node behind it runs in n8n's task
		// runner, seconds of every Execute step
		edges.push({ from: readsFiles(c) ? TEST_FILE : START, to: c.nodeName });
	});
	return {
		name: 'Editor test: every operation',
		...buildWorkflow(nodes, edges),
		settings: { executionOrder: 'v1' },
	};
}

/** Saves a workflow as the editor does (POST /rest/workflows); returns its id. */
export async function saveWorkflow(
	session: Session,
	workflow: Record<string, unknown>,
): Promise<string> {
	const res = await session.request<{ data?: { id: string } }>('POST', '/rest/workflows', {
		active: false,
		// as the editor saves it: without pinData, "Execute step" after another step fails in n8n's partial run
		pinData: {},
		...workflow,
	});
	if (res.status !== 200 || !res.body?.data?.id)
		throw new Error(
			`POST /rest/workflows answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`,
		);
	return res.body.data.id;
}
