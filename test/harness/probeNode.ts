import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IHttpRequestMethods,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { apiRequest, apiRequestAllItems } from '../../nodes/common/transport';
import type { WorkflowJson } from './runWorkflow';
import { buildNodeTypes } from './nodeTypes';
import { buildWorkflow, CREDENTIAL, START, startNode } from './workflows';

/**
 * A test-only node that sends one request of the test's choosing through the package's transport,
 * so transport behaviour is exercised inside a real n8n-core run, with the real credential.
 */
class TransportProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: 'Test probe',
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const probe = probes.get(this.getNode().name) ?? { path: '/v2/me' };
		if (probe.mode === 'page') {
			const limit = probe.limit === undefined ? undefined : Number(probe.limit);
			const results = await apiRequestAllItems(
				this,
				{ method: 'GET', path: probe.path, qs: probe.qs as IDataObject as never },
				{ limit, pageSize: probe.pageSize },
			);
			return [results.map((json) => ({ json, pairedItem: { item: 0 } }))];
		}
		const body = probe.body as IDataObject | undefined;
		const answer = await apiRequest(this, {
			method: probe.method ?? 'GET',
			path: probe.path,
			qs: probe.qs as never,
			body,
			itemIndex: 0,
		});
		return [[{ json: answer, pairedItem: { item: 0 } }]];
	}
}

export interface ProbeParameters {
	method?: IHttpRequestMethods;
	path: string;
	qs?: Record<string, unknown>;
	body?: IDataObject;
	mode?: 'single' | 'page';
	limit?: number;
	pageSize?: number;
}

export const probeNodeTypes = buildNodeTypes({ 'test.transportProbe': new TransportProbe() });

/** What each probe node sends, set by the test before the run (n8n keeps only declared parameters). */
const probes = new Map<string, ProbeParameters>();

export function probeWorkflow(parameters: ProbeParameters): WorkflowJson {
	probes.set('Probe', parameters);
	return buildWorkflow(
		[startNode(), { name: 'Probe', type: 'test.transportProbe', credentials: CREDENTIAL }],
		[{ from: START, to: 'Probe' }],
	);
}
