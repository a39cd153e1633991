import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { confirmFields } from './actions/confirm';
import { resourceProperty } from './actions/descriptions';
import { resources } from './actions/resources';
import { router } from './actions/router';
import { searchSocialSets } from '../common/socialSets';
import { getTags } from './methods/loadOptions';

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
		properties: [
			resourceProperty,
			...Object.values(resources).flatMap((resource) => resource.description),
			...confirmFields,
		],
	};

	methods = { listSearch: { searchSocialSets }, loadOptions: { getTags } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
