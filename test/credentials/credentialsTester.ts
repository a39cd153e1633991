/**
 * Runs a credential type's declarative `test` the way n8n's credentials tester (the service behind the
 * editor's *Test* button and `POST /rest/credentials/test`) does for a credential without a node of its own:
 * the test request becomes the routing of a throwaway No Operation node type, n8n-core's RoutingNode sends it
 * with the credential (so the credential's `authenticate` applies), and the outcome is read the same way:
 * - a response with a status outside 2xx: the message of the `responseCode` rule naming that status, else the
 *   response's status text, else "Received HTTP status code: <status>";
 * - no response: the network error code (for example ECONNREFUSED), else the error's message;
 * - a 2xx response: "Connection successful!" unless a `responseSuccessBody` rule matches.
 * The real tester is proven against this one by the end-to-end test in real n8n (scripts/e2e/credential.ts).
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	INode,
	INodeCredentialTestResult,
	INodeType,
	INodeTypes,
	IWorkflowBase,
} from 'n8n-workflow';
import { NodeConnectionTypes, Workflow, createRunExecutionData } from 'n8n-workflow';
import { additionalDataFor } from '../harness/runWorkflow';

interface RequestError {
	message?: string;
	cause?: { code?: string; response?: { status: number; statusText?: string } };
}

function pick(data: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
			data,
		);
}

export async function testCredential(
	type: ICredentialType,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const test = type.test;
	if (!test) return { status: 'Error', message: 'No testing function found for this credential.' };

	const nodeType: INodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'n8n-nodes-base.noOp',
			group: ['organization'],
			version: 1,
			description: 'No Operation',
			defaults: { name: 'No Operation, do nothing' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: type.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: test.request },
				},
			],
		},
	};
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const credentialsDecrypted = {
		id: 'credential-under-test',
		name: 'Credential under test',
		type: type.name,
		data,
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [type.name]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = additionalDataFor(
		{ [type.name]: data },
		{ nodes: [node], connections: {} } as unknown as IWorkflowBase,
		'credential-test',
		{ [type.name]: type },
	);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData({ resultData: { runData: {} } }),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);

	let response;
	try {
		response = await new RoutingNode(context, nodeType, credentialsDecrypted).runNode();
	} catch (caught) {
		const error = caught as RequestError;
		const answer = error.cause?.response;
		if (answer) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === answer.status)
					return { status: 'Error', message: rule.properties.message };
			}
			if (answer.status < 199 || answer.status > 299) {
				return {
					status: 'Error',
					message: answer.statusText || `Received HTTP status code: ${answer.status}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message) };
	}
	for (const rule of test.rules ?? []) {
		if (
			rule.type === 'responseSuccessBody' &&
			pick(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value
		) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
