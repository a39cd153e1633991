import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { getLimit } from '../params';
import { apiRequestAllItems } from '../../../common/transport';
import { returnAllOrLimit } from '../descriptions/sharedFields';
import type { Access, OperationResult } from '../types';
import { THREAD_PLATFORMS, getThreadsPath, threadLocatorFields } from './threadFields';

const fields: INodeProperties[] = [
	...threadLocatorFields(false),
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Platform',
				name: 'platform',
				type: 'options',
				options: THREAD_PLATFORMS,
				default: 'x',
				description: "Only threads on this platform's content",
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'All', value: 'all' },
					{ name: 'Resolved', value: 'resolved' },
					{ name: 'Unresolved', value: 'unresolved' },
				],
				default: 'unresolved',
				description:
					'Which threads to return; without this filter the service returns unresolved threads only',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['commentThread'], operation: ['getMany'] } },
	fields,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const path = getThreadsPath(this, itemIndex);
	const limit = getLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: { platform?: string; status?: string } = {};
	if (filters.platform) qs.platform = String(filters.platform);
	if (filters.status) qs.status = String(filters.status);
	return await apiRequestAllItems<IDataObject>(
		this,
		{ method: 'GET', path, qs, itemIndex },
		{ limit },
	);
}

export const access: Access = { kind: 'read' };
