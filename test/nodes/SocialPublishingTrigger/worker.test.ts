/**
 * Queue mode: the trigger's webhook() runs in a webhook process, the execution runs on a worker. Two
 * webhook processes can both accept one delivery (each before seeing the other's replay entry); the
 * trigger's execute() on the worker then lets only the first execution of that delivery go on.
 */
import { createHash } from 'crypto';
import { WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INodeExecutionData,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';

import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { replayKey } from '../../../nodes/SocialPublishingTrigger/replay';
import {
	buildTriggerWorkflow,
	CAPTURE_NODE_NAME,
	instantiate,
	makeAdditionalData,
	outputOf,
	runFromTrigger,
	webhookDataFor,
	type TriggerWorkflow,
} from '../../harness/webhookRuntime';
import {
	compactSorted,
	draftDetail,
	nowSeconds,
	PREFIX,
	SECRET,
	signedDelivery,
	type Delivery,
} from './deliveries';

const credentials = {
	socialPublishingApi: {
		apiKey: 'sp_test_read',
		baseUrl: 'http://127.0.0.1:9',
		webhookSecret: SECRET,
	},
};

function triggerWorkflow(options: IDataObject = {}): TriggerWorkflow {
	return buildTriggerWorkflow({
		nodeTypeName: 'CUSTOM.socialPublishingTrigger',
		nodeType: new SocialPublishingTrigger(),
		parameters: { events: ['*'], options },
		credentialType: 'socialPublishingApi',
	});
}

function additionalData(tw: TriggerWorkflow): IWorkflowExecuteAdditionalData {
	return makeAdditionalData({
		credentials,
		webhookBaseUrl: 'http://127.0.0.1:9',
		workflowData: tw.workflowData,
	});
}

/** One webhook call as n8n's webhook server makes it; returns the items handed to the execution. */
async function webhookCall(
	tw: TriggerWorkflow,
	workflow: Workflow,
	delivery: Delivery,
): Promise<INodeExecutionData[][] | undefined> {
	const data = additionalData(tw);
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
	const context = new WebhookContext(
		workflow,
		tw.triggerNode,
		data,
		'webhook',
		webhookDataFor(tw, data),
		[],
		null,
	);
	const result = await new SocialPublishingTrigger().webhook.call(context);
	return result.workflowData;
}

const published = (id: number, timestamp = nowSeconds()) =>
	signedDelivery({
		event: 'draft.published',
		data: draftDetail(id, { status: 'published' }),
		timestamp,
	});

describe('the trigger on the worker (queue mode)', () => {
	test('webhook() hands the execution the item with a replay mark beside json, not in it', async () => {
		const tw = triggerWorkflow();
		const delivery = published(7);
		const items = await webhookCall(tw, instantiate(tw, {}), delivery);
		expect(items?.[0]).toHaveLength(1);
		const [item] = items?.[0] ?? [];
		expect(item.json).toEqual({
			event: 'draft.published',
			timestamp: expect.any(String),
			delivery_id: createHash('sha256')
				.update(delivery.headers[`${PREFIX}Signature`], 'utf8')
				.digest('hex')
				.slice(0, 32),
			draft: JSON.parse(compactSorted(draftDetail(7, { status: 'published' }))),
		});
		expect(item.socialPublishingDelivery).toEqual({
			key: replayKey(delivery.headers[`${PREFIX}Signature`]),
			timestamp: Number(delivery.headers[`${PREFIX}Timestamp`]),
			toleranceSeconds: 300,
		});
		expect(JSON.stringify(item)).not.toContain(delivery.headers[`${PREFIX}Signature`].slice(7));
	});

	test('a delivery two webhook processes both accepted runs the workflow once on the worker', async () => {
		const tw = triggerWorkflow();
		const delivery = published(8);
		// Two webhook processes, each with its own view of the static data: both accept the delivery.
		const fromA = await webhookCall(tw, instantiate(tw, {}), delivery);
		const fromB = await webhookCall(tw, instantiate(tw, {}), delivery);
		// In one jest process both calls share the process memory, so B already knows it; a second
		// process would not. The worker's check is what is under test: give it both executions.
		expect(fromA).toBeDefined();
		expect(fromB).toBeUndefined();
		const worker = instantiate(tw, {});
		const first = await runFromTrigger(
			worker,
			tw,
			additionalData(tw),
			fromA as INodeExecutionData[][],
		);
		const second = await runFromTrigger(
			worker,
			tw,
			additionalData(tw),
			fromA as INodeExecutionData[][],
		);
		expect(first.status).toBe('success');
		expect(outputOf(first, CAPTURE_NODE_NAME)).toHaveLength(1);
		expect(second.status).toBe('success');
		expect(outputOf(second, tw.triggerNode.name)).toEqual([]);
		expect(second.data.resultData.runData[CAPTURE_NODE_NAME]).toBeUndefined();
	});

	test('the trigger puts out json and its pairing only: the mark does not travel on', async () => {
		const tw = triggerWorkflow({ rawPayload: true });
		const delivery = published(9);
		const items = (await webhookCall(tw, instantiate(tw, {}), delivery)) as INodeExecutionData[][];
		const run = await runFromTrigger(instantiate(tw, {}), tw, additionalData(tw), items);
		const [out] = outputOf(run, tw.triggerNode.name);
		expect(Object.keys(out).sort()).toEqual(['json', 'pairedItem']);
		expect(out.json).toEqual(JSON.parse(delivery.body.toString('utf8')));
		expect(outputOf(run, CAPTURE_NODE_NAME)[0]).not.toHaveProperty('socialPublishingDelivery');
	});

	test('distinct deliveries, other workflows, manual runs and unmarked items are not held back', async () => {
		const tw = triggerWorkflow();
		const other = triggerWorkflow();
		const marked = (await webhookCall(
			tw,
			instantiate(tw, {}),
			published(10),
		)) as INodeExecutionData[][];
		const distinct = (await webhookCall(
			tw,
			instantiate(tw, {}),
			published(11),
		)) as INodeExecutionData[][];
		const runs = async (
			t: TriggerWorkflow,
			items: INodeExecutionData[][],
			mode: 'webhook' | 'manual' = 'webhook',
		) =>
			outputOf(
				await runFromTrigger(instantiate(t, {}), t, additionalData(t), items, mode),
				CAPTURE_NODE_NAME,
			).length;
		expect(await runs(tw, marked)).toBe(1);
		expect(await runs(tw, distinct)).toBe(1);
		// The same delivery in another workflow is that workflow's own.
		expect(await runs(other, marked)).toBe(1);
		// A test run in the editor is never held back.
		expect(await runs(tw, marked, 'manual')).toBe(1);
		// Items without a mark (pinned data, data from before this release) pass.
		const unmarked = [[{ json: marked[0][0].json }]];
		expect(await runs(tw, unmarked)).toBe(1);
		expect(await runs(tw, unmarked)).toBe(1);
		// The marked one again is held back.
		expect(await runs(tw, marked)).toBe(0);
	});
});
