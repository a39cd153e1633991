import type { INodeProperties } from 'n8n-workflow';
import { confirmField, gatedOperations } from '../confirm';
import type { Operations } from '../types';
import * as getBestTimes from './getBestTimes.operation';
import * as getFollowers from './getFollowers.operation';
import * as getPosts from './getPosts.operation';

export const operations = { getPosts, getFollowers, getBestTimes } satisfies Operations;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [
			{
				name: 'Get Best Times',
				value: 'getBestTimes',
				description:
					'Rank weekday-hour slots by the engagement rate of past X posts; optionally apply the best as the queue schedule',
				action: 'Get the best times to post',
			},
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
	...getBestTimes.description,
	// as an AI agent's tool, Get Best Times with Apply as Queue Schedule acts only when confirmed
	confirmField(
		'Get Best Times with Apply as Queue Schedule on (it replaces every slot of the queue) acts',
		{ resource: ['analytics'], operation: gatedOperations(operations), applyToQueue: [true] },
	),
];
