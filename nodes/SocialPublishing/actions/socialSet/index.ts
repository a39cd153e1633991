import type { INodeProperties } from 'n8n-workflow';
import type { Operations } from '../types';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as resolveLinkedInOrganization from './resolveLinkedInOrganization.operation';

export const operations = { get, getMany, resolveLinkedInOrganization } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['socialSet'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a social set with its platform accounts and publishing quota',
				action: 'Get a social set',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the social sets the API key can access',
				action: 'Get many social sets',
			},
			{
				name: 'Resolve LinkedIn Organization',
				value: 'resolveLinkedInOrganization',
				description: 'Look up a LinkedIn company or school page by its URL, for mentions',
				action: 'Resolve an organization from its page URL',
			},
		],
		default: 'get',
	},
	...get.description,
	...getMany.description,
	...resolveLinkedInOrganization.description,
];
