import type { INodeProperties } from 'n8n-workflow';
import { resourceProperty } from './actions/descriptions/resourceField';
import { requestOptionsProperty } from './actions/parallel/setting';
import { resources } from './actions/resources';

/**
 * The node's parameters, built from each resource's operations (each resource's ends with its "Confirm"
 * field, when it has held-back operations). The build keeps this list as data in
 * the compiled file (scripts/snapshotProperties.ts), so that loading the node at n8n's start loads none
 * of the operations' code; that code is loaded when the node first runs.
 */
export const properties: INodeProperties[] = [
	resourceProperty,
	...Object.values(resources).flatMap((resource) => resource.description),
	requestOptionsProperty,
];
