/**
 * Stand-ins for the few n8n core nodes the examples use, for running them in-process through n8n-core
 * (`npm start`) where n8n-nodes-base is not installed. Each does what the real node (same type name and
 * version) does for the parameters the examples set, following n8n-nodes-base's code, and refuses
 * anything else instead of guessing. The real-n8n end-to-end test runs the same workflows with the real nodes.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError, deepCopy } from 'n8n-workflow';
import { csvNodeStandIns } from './csvNodes';
import { EmailSendStandIn } from './emailSend';
import { onceNodeStandIns, RedisStandIn, useInMemoryProcessedItems } from './onceNodes';
import { ScheduleTriggerStandIn } from './scheduleTrigger';
import { describe, unsupported } from './standIn';

/** lodash `get` for the dotted paths the examples use. */
function getPath(obj: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value !== null && typeof value === 'object' ? (value as IDataObject)[key] : undefined,
			obj,
		);
}

function setPath(obj: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	let target = obj;
	for (const key of keys.slice(0, -1)) {
		if (target[key] === null || typeof target[key] !== 'object') target[key] = {};
		target = target[key] as IDataObject;
	}
	target[keys[keys.length - 1]] = value as IDataObject[string];
}

interface Assignment {
	name: string;
	value: unknown;
	type: string;
}

/** Edit Fields (Set) v3.4, "Manual Mapping": each assignment's value must already have its declared type, as with strict validation. */
class SetStandIn implements INodeType {
	description = describe({
		displayName: 'Edit Fields (Set)',
		name: 'set',
		version: [3.3, 3.4],
		properties: [
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				options: [
					{ name: 'Manual Mapping', value: 'manual' },
					{ name: 'JSON', value: 'raw' },
				],
				default: 'manual',
			},
			{
				displayName: 'Fields to Set',
				name: 'assignments',
				type: 'assignmentCollection',
				default: {},
			},
			{
				displayName: 'Include Other Input Fields',
				name: 'includeOtherFields',
				type: 'boolean',
				default: false,
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((item, i) => {
				if (this.getNodeParameter('mode', i) !== 'manual') unsupported(this, 'the JSON mode');
				if (Object.keys(this.getNodeParameter('options', i, {}) as IDataObject).length)
					unsupported(this, 'options');
				const { assignments = [] } = this.getNodeParameter('assignments', i, {}) as {
					assignments?: Assignment[];
				};
				const json: IDataObject = this.getNodeParameter('includeOtherFields', i, false)
					? deepCopy(item.json)
					: {};
				for (const { name, value, type } of assignments)
					setPath(json, name, checkType(this, name, value, type, i));
				return { json, ...(item.binary ? { binary: item.binary } : {}), pairedItem: { item: i } };
			}),
		];
	}
}

function checkType(
	ctx: IExecuteFunctions,
	name: string,
	value: unknown,
	type: string,
	itemIndex: number,
): unknown {
	const ok: Record<string, (v: unknown) => boolean> = {
		string: (v) => typeof v === 'string',
		number: (v) => typeof v === 'number' && Number.isFinite(v),
		boolean: (v) => typeof v === 'boolean',
		array: (v) => Array.isArray(v),
		object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
	};
	if (!ok[type]) unsupported(ctx, `the field type "${type}"`);
	if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean'))
		return String(value);
	if (!ok[type](value)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`'${name}' expects a ${type} but we got ${JSON.stringify(value)}`,
			{ itemIndex },
		);
	}
	return value;
}

/** Convert to File v1.1, "Move Base64 String to File" and "Convert to Text File" (UTF-8, no BOM). */
class ConvertToFileStandIn implements INodeType {
	description = describe({
		displayName: 'Convert to File',
		name: 'convertToFile',
		version: [1, 1.1],
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: [
					{ name: 'Move Base64 String to File', value: 'toBinary' },
					{ name: 'Convert to Text File', value: 'toText' },
				],
				default: 'toBinary',
			},
			{ displayName: 'Base64 Input Field', name: 'sourceProperty', type: 'string', default: '' },
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{ displayName: 'File Name', name: 'fileName', type: 'string', default: '' },
					{ displayName: 'MIME Type', name: 'mimeType', type: 'string', default: '' },
				],
			},
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		const items = this.getInputData();
		for (let i = 0; i < items.length; i++) {
			const operation = this.getNodeParameter('operation', i);
			if (operation !== 'toBinary' && operation !== 'toText')
				unsupported(
					this,
					'operations other than Move Base64 String to File and Convert to Text File',
				);
			const options = this.getNodeParameter('options', i, {}) as {
				fileName?: string;
				mimeType?: string;
			};
			const source = getPath(items[i].json, this.getNodeParameter('sourceProperty', i) as string);
			if (typeof source !== 'string')
				throw new NodeOperationError(
					this.getNode(),
					`The value in the ${operation === 'toText' ? 'text' : 'base64'} input field is not a string`,
					{ itemIndex: i },
				);
			if (operation === 'toText' && Object.keys(options).some((key) => key !== 'fileName'))
				unsupported(this, 'options other than File Name for a text file');
			const binary =
				operation === 'toText'
					? await this.helpers.prepareBinaryData(
							Buffer.from(source, 'utf8'),
							options.fileName || 'file.txt',
							'text/plain',
						)
					: await this.helpers.prepareBinaryData(
							Buffer.from(source, 'base64'),
							options.fileName,
							options.mimeType,
						);
			out.push({
				json: {},
				binary: { [this.getNodeParameter('binaryPropertyName', i, 'data') as string]: binary },
				pairedItem: { item: i },
			});
		}
		return [out];
	}
}

/** Sort v1, "Simple": dotted field names, strings compared in lower case. */
class SortStandIn implements INodeType {
	description = describe({
		displayName: 'Sort',
		name: 'sort',
		version: 1,
		properties: [
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: [{ name: 'Simple', value: 'simple' }],
				default: 'simple',
			},
			{
				displayName: 'Fields To Sort By',
				name: 'sortFieldsUi',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				options: [
					{
						displayName: 'Field To Sort By',
						name: 'sortField',
						values: [
							{ displayName: 'Field Name', name: 'fieldName', type: 'string', default: '' },
							{
								displayName: 'Order',
								name: 'order',
								type: 'options',
								options: [
									{ name: 'Ascending', value: 'ascending' },
									{ name: 'Descending', value: 'descending' },
								],
								default: 'ascending',
							},
						],
					},
				],
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (this.getNodeParameter('type', 0) !== 'simple')
			unsupported(this, 'sort types other than Simple');
		const fields =
			(
				this.getNodeParameter('sortFieldsUi', 0) as {
					sortField?: Array<{ fieldName: string; order: string }>;
				}
			).sortField ?? [];
		if (!fields.length)
			throw new NodeOperationError(
				this.getNode(),
				'No sorting specified. Please add a field to sort by',
			);
		const items = [...this.getInputData()];
		for (const { fieldName } of fields) {
			if (!items.some((item) => getPath(item.json, fieldName) !== undefined)) {
				throw new NodeOperationError(
					this.getNode(),
					`Couldn't find the field '${fieldName}' in the input data`,
				);
			}
		}
		const key = (item: INodeExecutionData, field: string) => {
			const v = getPath(item.json, field);
			return typeof v === 'string' ? v.toLowerCase() : v;
		};
		items.sort((a, b) => {
			for (const { fieldName, order } of fields) {
				const [x, y] = [key(a, fieldName), key(b, fieldName)];
				if (JSON.stringify(x) === JSON.stringify(y)) continue;
				const less = (x as number) < (y as number);
				return (less ? -1 : 1) * (order === 'ascending' ? 1 : -1);
			}
			return 0;
		});
		return [items];
	}
}

/** Limit v1. */
class LimitStandIn implements INodeType {
	description = describe({
		displayName: 'Limit',
		name: 'limit',
		version: 1,
		properties: [
			{ displayName: 'Max Items', name: 'maxItems', type: 'number', default: 1 },
			{
				displayName: 'Keep',
				name: 'keep',
				type: 'options',
				options: [
					{ name: 'First Items', value: 'firstItems' },
					{ name: 'Last Items', value: 'lastItems' },
				],
				default: 'firstItems',
			},
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const max = this.getNodeParameter('maxItems', 0) as number;
		if (max > items.length) return [items];
		return [
			this.getNodeParameter('keep', 0) === 'firstItems'
				? items.slice(0, max)
				: items.slice(items.length - max),
		];
	}
}

/** Split Out v1, "No Other Fields": one item per entry of a list field; an object entry becomes the item. */
class SplitOutStandIn implements INodeType {
	description = describe({
		displayName: 'Split Out',
		name: 'splitOut',
		version: 1,
		properties: [
			{ displayName: 'Fields To Split Out', name: 'fieldToSplitOut', type: 'string', default: '' },
			{
				displayName: 'Include',
				name: 'include',
				type: 'options',
				options: [{ name: 'No Other Fields', value: 'noOtherFields' }],
				default: 'noOtherFields',
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		this.getInputData().forEach((item, i) => {
			if (this.getNodeParameter('include', i) !== 'noOtherFields')
				unsupported(this, 'including other fields');
			if (Object.keys(this.getNodeParameter('options', i, {}) as IDataObject).length)
				unsupported(this, 'options');
			const field = String(this.getNodeParameter('fieldToSplitOut', i));
			if (field.includes(',')) unsupported(this, 'several fields');
			const list = getPath(item.json, field);
			if (!Array.isArray(list)) unsupported(this, `a field that is not a list ("${field}")`);
			for (const entry of list as unknown[]) {
				const json =
					entry !== null && typeof entry === 'object' && !Array.isArray(entry)
						? (deepCopy(entry) as IDataObject)
						: ({ [field]: entry } as IDataObject);
				out.push({ json, pairedItem: { item: i } });
			}
		});
		return [out];
	}
}

/**
 * If v2.2: the conditions are a filter parameter, evaluated by n8n itself (`extractValue`, as the real node does);
 * items that pass go to the first output, the others to the second.
 */
class IfStandIn implements INodeType {
	description = describe({
		displayName: 'If',
		name: 'if',
		version: [2, 2.1, 2.2],
		outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main],
		outputNames: ['true', 'false'],
		properties: [
			{ displayName: 'Conditions', name: 'conditions', type: 'filter', default: {} },
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const passed: INodeExecutionData[] = [];
		const failed: INodeExecutionData[] = [];
		this.getInputData().forEach((item, i) => {
			if (Object.keys(this.getNodeParameter('options', i, {}) as IDataObject).length)
				unsupported(this, 'options');
			const pass = this.getNodeParameter('conditions', i, false, { extractValue: true });
			if (item.pairedItem === undefined) item.pairedItem = { item: i };
			(pass === true ? passed : failed).push(item);
		});
		return [passed, failed];
	}
}

/** Sticky Note: a note on the canvas, never executed. */
class StickyNoteStandIn implements INodeType {
	description = describe({
		displayName: 'Sticky Note',
		name: 'stickyNote',
		version: 1,
		inputs: [],
		outputs: [],
		properties: [{ displayName: 'Content', name: 'content', type: 'string', default: '' }],
	});
}

/** By n8n's type names, for `buildNodeTypes(coreNodeStandIns(), ...)`. */
export function coreNodeStandIns(): Record<string, INodeType> {
	return {
		'n8n-nodes-base.set': new SetStandIn(),
		'n8n-nodes-base.convertToFile': new ConvertToFileStandIn(),
		'n8n-nodes-base.sort': new SortStandIn(),
		'n8n-nodes-base.limit': new LimitStandIn(),
		'n8n-nodes-base.splitOut': new SplitOutStandIn(),
		'n8n-nodes-base.if': new IfStandIn(),
		'n8n-nodes-base.stickyNote': new StickyNoteStandIn(),
		'n8n-nodes-base.scheduleTrigger': new ScheduleTriggerStandIn(),
		'n8n-nodes-base.emailSend': new EmailSendStandIn(),
		...onceNodeStandIns(),
		...csvNodeStandIns(),
	};
}

/** Where each core node type the examples use lives in n8n-nodes-base, and the version the examples use. */
const REAL_CORE_NODES: Record<string, { path: string; version: number }> = {
	'n8n-nodes-base.set': { path: 'Set/Set.node', version: 3.4 },
	'n8n-nodes-base.convertToFile': { path: 'Files/ConvertToFile/ConvertToFile.node', version: 1.1 },
	'n8n-nodes-base.sort': { path: 'Transform/Sort/Sort.node', version: 1 },
	'n8n-nodes-base.limit': { path: 'Transform/Limit/Limit.node', version: 1 },
	'n8n-nodes-base.splitOut': { path: 'Transform/SplitOut/SplitOut.node', version: 1 },
	'n8n-nodes-base.if': { path: 'If/If.node', version: 2.2 },
	'n8n-nodes-base.stickyNote': { path: 'StickyNote/StickyNote.node', version: 1 },
	'n8n-nodes-base.scheduleTrigger': { path: 'Schedule/ScheduleTrigger.node', version: 1.2 },
	'n8n-nodes-base.extractFromFile': {
		path: 'Files/ExtractFromFile/ExtractFromFile.node',
		version: 1,
	},
	'n8n-nodes-base.stopAndError': { path: 'StopAndError/StopAndError.node', version: 1 },
	'n8n-nodes-base.removeDuplicates': {
		path: 'Transform/RemoveDuplicates/RemoveDuplicates.node',
		version: 2,
	},
};

interface MaybeVersioned {
	getNodeType?: (version: number) => INodeType;
}

/**
 * The core nodes the examples use: n8n's real ones when n8n-nodes-base can be loaded (e.g. installed as a
 * dev dependency), otherwise the stand-ins above.
 */
export function coreNodeTypes(): {
	types: Record<string, INodeType>;
	source: 'n8n-nodes-base' | 'stand-ins';
} {
	try {
		const types: Record<string, INodeType> = {};
		for (const [name, { path, version }] of Object.entries(REAL_CORE_NODES)) {
			const exported = Object.values(
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				require(`n8n-nodes-base/dist/nodes/${path}`) as Record<
					string,
					new () => INodeType & MaybeVersioned
				>,
			)[0];
			const instance = new exported();
			types[name] = instance.getNodeType ? instance.getNodeType(version) : instance;
		}
		// n8n's record of processed items lives in its database: in memory here. Redis and Send Email: always
		// the stand-ins (no Redis server, no mail server in-process).
		useInMemoryProcessedItems();
		types['n8n-nodes-base.redis'] = new RedisStandIn();
		types['n8n-nodes-base.emailSend'] = new EmailSendStandIn();
		return { types, source: 'n8n-nodes-base' };
	} catch {
		return { types: coreNodeStandIns(), source: 'stand-ins' };
	}
}
