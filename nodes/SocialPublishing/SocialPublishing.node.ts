import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { properties } from './properties';

// The operations' code is loaded on first use, not when n8n loads the node at start (see properties.ts).
async function searchSocialSets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { searchSocialSets: search } = await import('../common/socialSets');
	return await search.call(this, filter, paginationToken);
}

async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { getTags: load } = await import('./methods/loadOptions');
	return await load.call(this);
}

export class SocialPublishing implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing',
		name: 'socialPublishing',
		icon: { light: 'file:socialPublishing.svg', dark: 'file:socialPublishing.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Draft, schedule and publish posts on X, LinkedIn, Mastodon, Threads, Bluesky and Substack',
		defaults: { name: 'Social Publishing' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'socialPublishingApi', required: true }],
		properties: [...properties],
	};

	methods = { listSearch: { searchSocialSets }, loadOptions: { getTags } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const { router } = await import('./actions/router');
		return await router.call(this);
	}
}
