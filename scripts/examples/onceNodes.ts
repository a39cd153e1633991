/**
 * Stand-ins for the n8n core nodes of the "each once" examples (Remove Duplicates, Redis; Split Out and If are in coreNodes.ts),
 * for running them in-process through n8n-core (`npm start`, the example tests). Like coreNodes.ts, each
 * follows n8n-nodes-base's code for the parameters the examples set and refuses anything else.
 *
 * What n8n keeps outside the process is kept in memory here, one store per process:
 * - n8n's record of processed items (its database table behind Remove Duplicates' "Remove Items Processed
 *   in Previous Executions"): n8n-core's DataDeduplicationService given an in-memory store that answers
 *   like n8n's own DeduplicationHelper in mode "entries";
 * - Redis, for the Redis node's Increment (INCR, then EXPIRE when Expire is on), with the same answers
 *   as a Redis server for those two commands. The queue-mode end-to-end test runs the same workflow on
 *   a real Redis shared by several n8n processes.
 */
import { createHash } from 'crypto';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { describe, unsupported } from './standIn';

/** n8n's record of processed items, in memory: n8n's DeduplicationHelper in mode "entries" (md5 of each value, oldest dropped past maxEntries). */
export class InMemoryProcessedItems implements IDataDeduplicator {
	private readonly rows = new Map<string, string[]>();

	private static row(scope: DeduplicationScope, contextData: ICheckProcessedContextData): string {
		if (!contextData.workflow.id)
			throw new Error('the record of processed items needs a workflow id');
		if (scope === 'node' && !contextData.node)
			throw new Error("No node information has been provided and so cannot use scope 'node'");
		return `${contextData.workflow.id}/${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
	}

	private static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(String(value)).digest('base64');
	}

	private static entriesOnly(options: ICheckProcessedOptions): void {
		if (options.mode !== 'entries')
			throw new Error(`the in-memory record of processed items supports mode "entries" only`);
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		InMemoryProcessedItems.entriesOnly(options);
		const row = InMemoryProcessedItems.row(scope, contextData);
		const hashed = items.map(InMemoryProcessedItems.hash);
		const stored = this.rows.get(row);
		if (!stored) {
			if (options.maxEntries) hashed.splice(0, hashed.length - options.maxEntries);
			this.rows.set(row, hashed);
			return { new: items, processed: [] };
		}
		const seen = new Set(stored);
		const out: IDeduplicationOutput = { new: [], processed: [] };
		hashed.forEach((hash, index) => {
			if (seen.has(hash)) out.processed.push(items[index]);
			else {
				out.new.push(items[index]);
				stored.push(hash);
			}
		});
		if (options.maxEntries) stored.splice(0, stored.length - options.maxEntries);
		return out;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		InMemoryProcessedItems.entriesOnly(options);
		const stored = this.rows.get(InMemoryProcessedItems.row(scope, contextData));
		for (const hash of items.map(InMemoryProcessedItems.hash)) {
			const at = stored?.indexOf(hash) ?? -1;
			if (at !== -1) stored?.splice(at, 1);
		}
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<void> {
		this.rows.delete(InMemoryProcessedItems.row(scope, contextData));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		if (options.mode !== 'entries') return 0;
		return this.rows.get(InMemoryProcessedItems.row(scope, contextData))?.length ?? 0;
	}
}

/** Gives n8n-core's DataDeduplicationService (what `helpers.checkProcessedAndRecord` calls) an in-memory record, once per process. */
export function useInMemoryProcessedItems(): void {
	try {
		DataDeduplicationService.getInstance();
	} catch {
		void DataDeduplicationService.init(new InMemoryProcessedItems());
	}
}

const DEFAULT_MAX_ENTRIES = 10000;

/** Remove Duplicates v2, "Remove Items Processed in Previous Executions" keyed by a value ("Value to Dedupe On"). */
class RemoveDuplicatesStandIn implements INodeType {
	description = describe({
		displayName: 'Remove Duplicates',
		name: 'removeDuplicates',
		version: 2,
		outputNames: ['Kept', 'Discarded'],
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: [
					{
						name: 'Remove Items Processed in Previous Executions',
						value: 'removeItemsSeenInPreviousExecutions',
					},
				],
				default: 'removeItemsSeenInPreviousExecutions',
			},
			{
				displayName: 'Keep Items Where',
				name: 'logic',
				type: 'options',
				options: [
					{
						name: 'Value Is New',
						value: 'removeItemsWithAlreadySeenKeyValues',
					},
				],
				default: 'removeItemsWithAlreadySeenKeyValues',
			},
			{ displayName: 'Value to Dedupe On', name: 'dedupeValue', type: 'string', default: '' },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{
						displayName: 'Scope',
						name: 'scope',
						type: 'options',
						options: [
							{ name: 'Node', value: 'node' },
							{ name: 'Workflow', value: 'workflow' },
						],
						default: 'node',
					},
					{
						displayName: 'History Size',
						name: 'historySize',
						type: 'number',
						default: DEFAULT_MAX_ENTRIES,
					},
				],
			},
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (this.getNodeParameter('operation', 0) !== 'removeItemsSeenInPreviousExecutions')
			unsupported(this, 'operations other than Remove Items Processed in Previous Executions');
		if (this.getNodeParameter('logic', 0) !== 'removeItemsWithAlreadySeenKeyValues')
			unsupported(this, 'keep rules other than Value Is New');
		const scope = this.getNodeParameter('options.scope', 0, 'node') as DeduplicationScope;
		if (!['node', 'workflow'].includes(scope))
			throw new NodeOperationError(
				this.getNode(),
				`The scope '${scope}' is not supported. Please select either "node" or "workflow".`,
			);
		const byValue: Record<string, INodeExecutionData[]> = {};
		items.forEach((item, i) => {
			const value = String(this.getNodeParameter('dedupeValue', i, '') ?? '');
			(byValue[value] ??= []).push(item);
		});
		const maxEntries = Number(this.getNodeParameter('options.historySize', 0, DEFAULT_MAX_ENTRIES));
		const options = { mode: 'entries' as const, maxEntries };
		const count = await this.helpers.getProcessedDataCount(scope, options);
		if (count + items.length > maxEntries)
			throw new NodeOperationError(
				this.getNode(),
				'The number of items to be processed exceeds the maximum history size. Please increase the history size or reduce the number of items to be processed.',
			);
		const result = await this.helpers.checkProcessedAndRecord(Object.keys(byValue), scope, options);
		return [
			result.new.flatMap((key) => byValue[String(key)]),
			result.processed.flatMap((key) => byValue[String(key)]),
		];
	}
}

/** Redis as far as INCR and EXPIRE go: a counter per key with an optional expiry. */
export class InMemoryRedis {
	private readonly keys = new Map<string, { value: number; expiresAt?: number }>();

	constructor(private readonly now: () => number = Date.now) {}

	private live(key: string) {
		const entry = this.keys.get(key);
		if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
			this.keys.delete(key);
			return undefined;
		}
		return entry;
	}

	incr(key: string): number {
		const entry = this.live(key) ?? { value: 0 };
		entry.value += 1;
		this.keys.set(key, entry);
		return entry.value;
	}

	expire(key: string, seconds: number): boolean {
		const entry = this.live(key);
		if (!entry) return false;
		entry.expiresAt = this.now() + seconds * 1000;
		return true;
	}
}

/** The Redis every Redis stand-in of this process talks to. */
export const redisOfThisProcess = new InMemoryRedis();

/** Redis v1, operation Increment: INCR, then EXPIRE when Expire is on; puts out `{ [key]: value }`, as the real node. */
export class RedisStandIn implements INodeType {
	description = describe({
		displayName: 'Redis',
		name: 'redis',
		version: 1,
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: [{ name: 'Increment', value: 'incr' }],
				default: 'incr',
			},
			{ displayName: 'Key', name: 'key', type: 'string', default: '' },
			{ displayName: 'Expire', name: 'expire', type: 'boolean', default: false },
			{
				displayName: 'TTL',
				name: 'ttl',
				type: 'number',
				default: 60,
				displayOptions: { show: { expire: [true] } },
			},
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const redis = redisOfThisProcess;
		if (this.getNodeParameter('operation', 0) !== 'incr')
			unsupported(this, 'operations other than Increment');
		const out: INodeExecutionData[] = [];
		this.getInputData().forEach((_item, i) => {
			const key = this.getNodeParameter('key', i) as string;
			const expire = this.getNodeParameter('expire', i, false) as boolean;
			const ttl = this.getNodeParameter('ttl', i, -1) as number;
			const value = redis.incr(key);
			if (expire && ttl > 0) redis.expire(key, ttl);
			out.push({ json: { [key]: value } });
		});
		return [out];
	}
}

/** By n8n's type names. Redis is always the stand-in in-process (no Redis server there). */
export function onceNodeStandIns(): Record<string, INodeType> {
	useInMemoryProcessedItems();
	return {
		'n8n-nodes-base.removeDuplicates': new RemoveDuplicatesStandIn(),
		'n8n-nodes-base.redis': new RedisStandIn(),
	};
}
