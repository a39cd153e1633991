/**
 * The bulk workflow of the end-to-end tests: a Manual Trigger, an Edit Fields node making `count` rows, Split
 * Out (one item per row) and Social Publishing Draft > Create with the row's index in its text, so that each
 * stored draft names the item it came from. `maxParallelRequests` sets Request Options > Max Parallel Requests
 * (left out: the node's default).
 */
import { CREDENTIAL_ID, CREDENTIAL_NAME, WorkflowFile } from '../../examples/catalog';
import { PACKAGE_NAME } from '../n8n';

export const BULK_TRIGGER = 'Run Bulk';
export const BULK_NODE = 'Create Drafts';

export interface BulkWorkflowOptions {
	id: string;
	/** Begins the text of every draft: `<tag> item <index>`. */
	tag: string;
	count: number;
	maxParallelRequests?: number;
}

/** The text of item `index`'s draft. */
export const bulkText = (tag: string, index: number) => `${tag} item ${index}`;

const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });

export function bulkWorkflow(opts: BulkWorkflowOptions): WorkflowFile {
	const requestOptions =
		opts.maxParallelRequests === undefined
			? {}
			: { requestOptions: { maxParallelRequests: opts.maxParallelRequests } };
	return {
		id: opts.id,
		name: `Bulk e2e: ${opts.count} drafts, ${opts.maxParallelRequests === undefined ? 'default' : opts.maxParallelRequests} parallel`,
		nodes: [
			{
				id: `${opts.id}-trigger`,
				name: BULK_TRIGGER,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${opts.id}-rows`,
				name: 'Rows',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: `${opts.id}-rows-field`,
								name: 'rows',
								value: `={{ Array.from({ length: ${opts.count} }, (_, i) => ({ index: i })) }}`,
								type: 'array',
							},
						],
					},
					includeOtherFields: false,
					options: {},
				},
			},
			{
				id: `${opts.id}-split`,
				name: 'One Item per Row',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields', options: {} },
			},
			{
				id: `${opts.id}-create`,
				name: BULK_NODE,
				type: `${PACKAGE_NAME}.socialPublishing`,
				typeVersion: 1,
				position: [660, 0],
				parameters: {
					resource: 'draft',
					operation: 'create',
					socialSetId: { __rl: true, mode: 'id', value: '101' },
					contentType: 'posts',
					platforms: ['x'],
					contentMode: 'text',
					text: `=${opts.tag} item {{ $json.index }}`,
					additionalFields: {},
					...requestOptions,
				},
				credentials: { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
			},
		],
		connections: {
			[BULK_TRIGGER]: link('Rows'),
			Rows: link('One Item per Row'),
			'One Item per Row': link(BULK_NODE),
		},
		settings: { executionOrder: 'v1' },
		active: false,
		pinData: {},
	};
}
