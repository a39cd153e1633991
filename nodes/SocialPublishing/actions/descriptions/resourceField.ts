import type { INodeProperties } from 'n8n-workflow';

/** The Resource selector, the node's first field. */
export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Analytics', value: 'analytics' },
		{ name: 'Comment', value: 'comment' },
		{ name: 'Comment Thread', value: 'commentThread' },
		{ name: 'Draft', value: 'draft' },
		{ name: 'Media', value: 'media' },
		{ name: 'Queue', value: 'queue' },
		{ name: 'Social Set', value: 'socialSet' },
		{ name: 'Tag', value: 'tag' },
		{ name: 'User', value: 'user' },
	],
	default: 'draft',
};
