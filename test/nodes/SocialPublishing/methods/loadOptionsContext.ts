import { LoadOptionsContext } from 'n8n-core';
import type { ILoadOptionsFunctions, INodeParameters, IWorkflowBase } from 'n8n-workflow';
import { additionalDataFor, buildWorkflow } from '../../../harness/runWorkflow';
import type { KeyName, SandboxFixture } from '../../../harness/sandbox';
import { NODE, singleNodeWorkflow } from '../../../harness/workflows';

/**
 * The context n8n gives a node's list-search and load-options methods while the editor is open:
 * n8n-core's LoadOptionsContext over the saved node, with the parameters as currently filled in,
 * the credential resolved through the harness's credentials helper, and real HTTP.
 */
export function loadOptionsContext(
	parameters: INodeParameters,
	credential: { apiKey: string; baseUrl: string },
	path = 'parameters.socialSetId',
): ILoadOptionsFunctions {
	const json = singleNodeWorkflow(parameters);
	const workflow = buildWorkflow(json);
	const node = workflow.getNode(NODE);
	if (!node) throw new Error('The test workflow has no Social Publishing node');
	const workflowData = {
		id: workflow.id,
		name: workflow.name,
		nodes: json.nodes,
		connections: json.connections,
	} as unknown as IWorkflowBase;
	const additionalData = additionalDataFor(
		{ socialPublishingApi: credential },
		workflowData,
		'load-options',
	);
	additionalData.currentNodeParameters = node.parameters;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

/** `loadOptionsContext` on the sandbox, with the credential of one of its keys (admin by default). */
export function sandboxContextFor(fx: SandboxFixture) {
	return (parameters: Record<string, unknown>, key: KeyName = 'admin', baseUrl?: string) =>
		loadOptionsContext(parameters as never, {
			apiKey: fx.sandbox.keys[key],
			baseUrl: baseUrl ?? fx.sandbox.baseUrl,
		});
}
