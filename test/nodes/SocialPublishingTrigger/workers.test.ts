/**
 * Queue mode with several workers: each worker has its own process memory, so the trigger's
 * execute() also asks n8n's record of processed items (helpers.checkProcessedAndRecord, kept in n8n's
 * database and shared by every worker). Here that record is n8n-core's DataDeduplicationService with
 * an in-memory store standing in for the database, and the second worker is a second copy of the
 * node's module (a process memory of its own).
 */
import { DataDeduplicationService, WebhookContext } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDataObject,
	IDeduplicationOutput,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { DEFAULT_REPLAY_CAPACITY } from '../../../nodes/SocialPublishingTrigger/replay';
import {
	buildTriggerWorkflow,
	CAPTURE_NODE_NAME,
	instantiate,
	makeAdditionalData,
	makeNodeTypes,
	outputOf,
	runFromTrigger,
	webhookDataFor,
	type TriggerWorkflow,
} from '../../harness/webhookRuntime';
import { draftDetail, nowSeconds, SECRET, signedDelivery } from './deliveries';

/** n8n's database-backed record, in memory: the same answers as n8n's DeduplicationHelper in mode "entries". */
class RecordStandIn implements IDataDeduplicator {
	readonly rows = new Map<string, string[]>();
	readonly calls: Array<{
		items: DeduplicationItemTypes[];
		scope: DeduplicationScope;
		options: ICheckProcessedOptions;
	}> = [];
	/** Attempts still to fail, as a database error would. */
	failures = 0;

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		this.calls.push({ items, scope, options });
		if (this.failures > 0) {
			this.failures--;
			throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
		}
		const row = `${contextData.workflow.id}/${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
		const seen = this.rows.get(row) ?? [];
		const out: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			if (seen.includes(String(item))) out.processed.push(item);
			else {
				out.new.push(item);
				seen.push(String(item));
			}
		}
		if (options.maxEntries) seen.splice(0, seen.length - options.maxEntries);
		this.rows.set(row, seen);
		return out;
	}
	async removeProcessed(): Promise<void> {}
	async clearAllProcessedItems(): Promise<void> {}
	async getProcessedDataCount(): Promise<number> {
		return 0;
	}
}

const record = new RecordStandIn();
beforeAll(async () => {
	await DataDeduplicationService.init(record);
});
beforeEach(() => {
	record.rows.clear();
	record.calls.length = 0;
	record.failures = 0;
});

/** A second worker: the node's module loaded once more, with a process memory of its own. */
function anotherWorkersTrigger(): INodeType {
	let Trigger: typeof SocialPublishingTrigger | undefined;
	jest.isolateModules(() => {
		const path = '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const loaded = require(path) as { SocialPublishingTrigger: typeof SocialPublishingTrigger };
		Trigger = loaded.SocialPublishingTrigger;
	});
	if (!Trigger) throw new Error('no second copy of the trigger');
	return new Trigger();
}

// Not CUSTOM.*: the harness maps those names to the source module's node types, whatever a test passes.
const NODE_TYPE = 'test.socialPublishingTrigger';
const credentials = {
	socialPublishingApi: {
		apiKey: 'sp_test_read',
		baseUrl: 'http://127.0.0.1:9',
		webhookSecret: SECRET,
	},
};

function triggerWorkflow(options: IDataObject = {}): TriggerWorkflow {
	return buildTriggerWorkflow({
		nodeTypeName: NODE_TYPE,
		nodeType: new SocialPublishingTrigger(),
		parameters: { events: ['*'], options },
		credentialType: 'socialPublishingApi',
	});
}

/** The same workflow as run by another worker. */
const onWorker = (tw: TriggerWorkflow, nodeType: INodeType): TriggerWorkflow => ({
	...tw,
	nodeTypes: makeNodeTypes({ [NODE_TYPE]: nodeType }),
});

async function run(
	tw: TriggerWorkflow,
	items: INodeExecutionData[][],
	mode: 'webhook' | 'manual' = 'webhook',
) {
	const result = await runFromTrigger(
		instantiate(tw, {}),
		tw,
		makeAdditionalData({
			credentials,
			webhookBaseUrl: 'http://127.0.0.1:9',
			workflowData: tw.workflowData,
		}),
		items,
		mode,
	);
	expect(result.status).toBe('success');
	return outputOf(result, CAPTURE_NODE_NAME).length;
}

/** The items a webhook process (a copy of the module of its own) hands the execution for one signed delivery. */
async function accepted(tw: TriggerWorkflow, id: number): Promise<INodeExecutionData[][]> {
	const delivery = signedDelivery({
		event: 'draft.published',
		data: draftDetail(id, { status: 'published' }),
		timestamp: nowSeconds(),
	});
	const data = makeAdditionalData({
		credentials,
		webhookBaseUrl: 'http://127.0.0.1:9',
		workflowData: tw.workflowData,
	});
	const headers = Object.fromEntries(
		Object.entries(delivery.headers).map(([k, v]) => [k.toLowerCase(), v]),
	);
	data.httpRequest = {
		method: 'POST',
		headers,
		rawBody: delivery.body,
		body: JSON.parse(delivery.body.toString('utf8')) as unknown,
	} as never;
	data.httpResponse = { writeHead: () => undefined, end: () => undefined } as never;
	const webhookProcess = onWorker(tw, anotherWorkersTrigger());
	const context = new WebhookContext(
		instantiate(webhookProcess, {}),
		tw.triggerNode,
		data,
		'webhook',
		webhookDataFor(webhookProcess, data),
		[],
		null,
	);
	const result = await webhookProcess.nodeTypes
		.getByNameAndVersion(NODE_TYPE)
		.webhook?.call(context);
	if (!result?.workflowData) throw new Error('the webhook process did not accept the delivery');
	return result.workflowData;
}

describe('the trigger with several workers (queue mode)', () => {
	test("one delivery executed on two workers runs the workflow once: the second worker finds it in n8n's record", async () => {
		const tw = triggerWorkflow();
		const items = await accepted(tw, 21);
		const workerA = onWorker(tw, new SocialPublishingTrigger());
		const workerB = onWorker(tw, anotherWorkersTrigger());
		expect(await run(workerA, items)).toBe(1);
		expect(await run(workerB, items)).toBe(0);
		expect(record.calls).toHaveLength(2);
		expect(record.calls[0]).toEqual({
			items: [expect.stringMatching(/^[0-9a-f]{32}$/)],
			scope: 'node',
			options: { mode: 'entries', maxEntries: DEFAULT_REPLAY_CAPACITY },
		});
	});

	test('distinct deliveries and other workflows pass on every worker; test runs are neither checked nor recorded', async () => {
		const tw = triggerWorkflow();
		const other = triggerWorkflow();
		const workerB = anotherWorkersTrigger();
		const first = await accepted(tw, 22);
		const second = await accepted(tw, 23);
		expect(await run(onWorker(tw, new SocialPublishingTrigger()), first)).toBe(1);
		expect(await run(onWorker(tw, workerB), second)).toBe(1);
		expect(await run(onWorker(other, workerB), first)).toBe(1);
		const manual = await accepted(tw, 24);
		expect(await run(onWorker(tw, workerB), manual, 'manual')).toBe(1);
		expect(record.calls).toHaveLength(3);
		expect(await run(onWorker(tw, new SocialPublishingTrigger()), manual)).toBe(1);
	});

	test('a failed attempt (two first records at once) is retried; failing twice leaves the process memory to decide, and the run does not fail', async () => {
		const tw = triggerWorkflow();
		const items = await accepted(tw, 25);
		record.failures = 1;
		expect(await run(onWorker(tw, new SocialPublishingTrigger()), items)).toBe(1);
		expect(record.calls).toHaveLength(2);
		// Recorded by the retry: another worker holds it back.
		expect(await run(onWorker(tw, anotherWorkersTrigger()), items)).toBe(0);

		const later = await accepted(tw, 26);
		const workerC = onWorker(tw, anotherWorkersTrigger());
		record.failures = 4;
		expect(await run(workerC, later)).toBe(1);
		// Not recorded anywhere but in worker C's memory: C holds it back, another worker cannot.
		expect(await run(workerC, later)).toBe(0);
		expect(await run(onWorker(tw, anotherWorkersTrigger()), later)).toBe(1);
	});
});
