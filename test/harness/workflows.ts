import type { INode, INodeParameters, NodeParameterValue } from 'n8n-workflow';
import type { WorkflowJson } from './runWorkflow';

export const NODE = 'Social Publishing';
export const CREDENTIAL = { socialPublishingApi: { id: '1', name: 'Social Publishing account' } };

/** A workflow as the editor saves it: a start node wired to one Social Publishing node with these parameters. */
export function singleNodeWorkflow(
	parameters: INodeParameters,
	settings: Partial<Pick<INode, 'continueOnFail' | 'onError' | 'alwaysOutputData'>> = {},
): WorkflowJson {
	return {
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'node',
				name: NODE,
				type: 'n8n-nodes-social-publishing.socialPublishing',
				typeVersion: 1,
				position: [200, 0],
				parameters,
				credentials: CREDENTIAL,
				...settings,
			},
		],
		connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
	};
}

/** A resource-locator value picked "By ID". */
export function byId(value: string | number): INodeParameters[string] {
	return { __rl: true, mode: 'id', value: String(value) } as unknown as NodeParameterValue;
}
