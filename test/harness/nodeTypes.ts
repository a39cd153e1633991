import type { IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingPollTrigger } from '../../nodes/SocialPublishingPollTrigger/SocialPublishingPollTrigger.node';
import { SocialPublishingTrigger } from '../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';

/** Stands in for n8n's Manual Trigger: passes the items it is given on to the next node. */
class StartNode implements INodeType {
	description = {
		displayName: 'Start',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Test start node',
		defaults: { name: 'Start' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	} as INodeType['description'];

	async execute(this: import('n8n-workflow').IExecuteFunctions) {
		return [this.getInputData()];
	}
}

const PACKAGE = 'n8n-nodes-social-publishing';

/** This package's node types from the TypeScript sources, by their names without prefix. */
export function sourceNodeTypes(): Record<string, INodeType> {
	return {
		socialPublishing: new SocialPublishing(),
		socialPublishingTrigger: new SocialPublishingTrigger(),
		socialPublishingPollTrigger: new SocialPublishingPollTrigger(),
	};
}

/**
 * Node types by the names a workflow exported from n8n uses: package prefix, or CUSTOM. when loaded as a custom extension.
 * `ours` replaces this package's types (e.g. the built classes from dist/, see distPackage.ts).
 */
export function buildNodeTypes(
	extra: Record<string, INodeType> = {},
	ours: Record<string, INodeType> = sourceNodeTypes(),
): INodeTypes {
	const byName: Record<string, INodeType> = {
		'n8n-nodes-base.manualTrigger': new StartNode(),
		...extra,
	};
	for (const [name, type] of Object.entries(ours)) {
		byName[`${PACKAGE}.${name}`] = type;
		byName[`CUSTOM.${name}`] = type;
	}
	return {
		getByName: (name: string): INodeType | IVersionedNodeType => lookup(byName, name),
		getByNameAndVersion: (name: string): INodeType => lookup(byName, name),
		getKnownTypes: (): IDataObject =>
			Object.fromEntries(Object.keys(byName).map((name) => [name, {}])),
	};
}

function lookup(byName: Record<string, INodeType>, name: string): INodeType {
	const type = byName[name];
	if (!type) throw new Error(`Unknown node type in test workflow: ${name}`);
	return type;
}
