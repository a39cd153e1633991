import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { returnAllOrLimit } from '../descriptions/sharedFields';
import { socialSetLocator } from '../../../common/socialSets';
import { apiRequestAllItems } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { toList } from '../../helpers/validation';
import { getLimit, getSocialSetId } from '../params';
import type { Access, OperationResult } from '../types';
import { tagsField } from './fields/draftFields';

const STATUSES = ['draft', 'error', 'planned', 'published', 'publishing', 'scheduled'];
const ORDER_FIELDS = [
	['Created', 'created_at'],
	['Published', 'published_at'],
	['Scheduled Date', 'scheduled_date'],
	['Updated', 'updated_at'],
] as const;

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['getMany'] } },
	[
		socialSetLocator,
		...returnAllOrLimit(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					options: STATUSES.map((status) => ({
						name: status.charAt(0).toUpperCase() + status.slice(1),
						value: status,
					})),
					default: 'draft',
				},
				{
					...tagsField,
					description:
						'Only drafts with these tags. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
			],
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Order By',
					name: 'orderBy',
					type: 'options',
					options: ORDER_FIELDS.flatMap(([name, field]) => [
						{ name: `${name} (Earliest First)`, value: field },
						{ name: `${name} (Latest First)`, value: `-${field}` },
					]),
					default: '-updated_at',
					description: 'Order of the drafts; the service defaults to most recently edited first',
				},
			],
		},
	],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const limit = getLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const tags = toList(filters.tags);
	const qs = {
		status: filters.status ? String(filters.status) : undefined,
		tag: tags.length ? tags : undefined,
		order_by: options.orderBy ? String(options.orderBy) : undefined,
	};
	return await apiRequestAllItems<IDataObject>(
		this,
		{ method: 'GET', path: endpoints.drafts(socialSetId), qs, itemIndex },
		{ limit },
	);
}

export const access: Access = { kind: 'read' };
