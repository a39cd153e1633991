import type { INodeProperties } from 'n8n-workflow';
import type { Operations } from '../types';
import * as getFollowers from './getFollowers.operation';
import * as getPosts from './getPosts.operation';

export const operations = { getPosts, getFollowers } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [
			{
				name: 'Get Followers',
				value: 'getFollowers',
				description: 'Get the daily followers series of the X account',
				action: 'Get the followers series',
			},
			{
				name: 'Get Posts',
				value: 'getPosts',
				description: 'Get metrics of X posts in a date range',
				action: 'Get post analytics',
			},
		],
		default: 'getPosts',
	},
	...getPosts.description,
	...getFollowers.description,
];
