import type {
	IConnection,
	IConnections,
	INode,
	INodeParameters,
	NodeParameterValue,
} from 'n8n-workflow';
import type { WorkflowJson } from './runWorkflow';

export const NODE = 'Social Publishing';
export const CREDENTIAL = { socialPublishingApi: { id: '1', name: 'Social Publishing account' } };
export const START = 'Start';

/** A node as a builder call gives it: name and type, the rest defaulted (id from the name, a place in a row). */
export interface NodeSpec {
	name: string;
	type: string;
	id?: string;
	typeVersion?: number;
	position?: [number, number];
	parameters?: INodeParameters;
	credentials?: INode['credentials'];
	/** Fields n8n keeps on the node as they are (`webhookId`, `disabled`, `continueOnFail`, `onError`…). */
	extra?: Partial<INode>;
}

/** A connection: main (the default), or an AI sub-node's kind, from output 0 of `from` to input 0 of `to`. */
export interface Edge {
	from: string;
	to: string;
	type?: 'main' | 'ai_tool' | 'ai_languageModel';
}

/**
 * The one workflow builder of the tests and the real-n8n scripts: nodes and edges in, a workflow as the editor
 * saves it out. Edges of one node and kind share its first output, in the order given.
 */
export function buildWorkflow(
	nodes: NodeSpec[],
	edges: Edge[],
): { nodes: INode[]; connections: IConnections } {
	const built = nodes.map(
		(n, i): INode => ({
			id: n.id ?? n.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
			name: n.name,
			type: n.type,
			typeVersion: n.typeVersion ?? 1,
			position: n.position ?? [200 * i, 0],
			parameters: n.parameters ?? {},
			...(n.credentials ? { credentials: n.credentials } : {}),
			...n.extra,
		}),
	);
	const names = new Set(built.map((n) => n.name));
	const connections: IConnections = {};
	for (const { from, to, type = 'main' } of edges) {
		for (const end of [from, to])
			if (!names.has(end)) throw new Error(`The edge ${from} → ${to} names no node "${end}"`);
		const kinds = (connections[from] ??= {});
		const outputs = (kinds[type] ??= [[]]);
		(outputs[0] as IConnection[]).push({ node: to, type, index: 0 });
	}
	return { nodes: built, connections };
}

/** n8n's Manual Trigger, the start of a workflow run by hand. */
export const startNode = (): NodeSpec => ({ name: START, type: 'n8n-nodes-base.manualTrigger' });

/** A workflow as the editor saves it: a start node wired to one Social Publishing node with these parameters. */
export function singleNodeWorkflow(
	parameters: INodeParameters,
	settings: Partial<Pick<INode, 'continueOnFail' | 'onError' | 'alwaysOutputData'>> = {},
): WorkflowJson {
	return buildWorkflow(
		[
			startNode(),
			{
				id: 'node',
				name: NODE,
				type: 'n8n-nodes-social-publishing.socialPublishing',
				parameters,
				credentials: CREDENTIAL,
				extra: settings,
			},
		],
		[{ from: START, to: NODE }],
	);
}

/** A resource-locator value picked "By ID". */
export function byId(value: string | number): INodeParameters[string] {
	return { __rl: true, mode: 'id', value: String(value) } as unknown as NodeParameterValue;
}
