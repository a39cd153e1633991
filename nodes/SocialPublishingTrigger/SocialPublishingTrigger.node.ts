import { createHash } from 'crypto';
import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { ALL_EVENTS, triggerProperties, type TriggerOptions } from './description';
import {
	checkAcrossProcesses,
	checkAndRemember,
	DEFAULT_REPLAY_CAPACITY,
	ProcessMemories,
	replayKey,
	type ReplayStore,
} from './replay';
import {
	DEFAULT_HEADER_PREFIX,
	DEFAULT_TOLERANCE_SECONDS,
	verifyDelivery,
	type HeaderBag,
	type VerifiedDelivery,
} from './signature';

const CREDENTIAL = 'socialPublishingApi';

/**
 * Replay memories of this n8n process: deliveries its webhook calls accepted, and deliveries its
 * executions ran (in queue mode the first live in each webhook process, the second in each worker).
 * Bounded per workflow and trigger node by the memory's capacity and the tolerance.
 */
const acceptedHere = new ProcessMemories();
const ranHere = new ProcessMemories();

/**
 * The item property that carries a delivery's replay key from the webhook call to the execution
 * (a digest of the signature, never the signature). Not part of `json`: the output stays as documented.
 */
const DELIVERY_FIELD = 'socialPublishingDelivery';

interface DeliveryMark {
	key: string;
	timestamp: number;
	toleranceSeconds: number;
}

function deliveryMarkOf(item: INodeExecutionData): DeliveryMark | undefined {
	const mark = item[DELIVERY_FIELD] as Partial<DeliveryMark> | undefined;
	if (
		!mark ||
		typeof mark.key !== 'string' ||
		typeof mark.timestamp !== 'number' ||
		typeof mark.toleranceSeconds !== 'number'
	)
		return undefined;
	return mark as DeliveryMark;
}

function scopeOf(ctx: IWebhookFunctions | IExecuteFunctions): string {
	return `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
}

/** What the trigger reads from the request; n8n's request object carries `rawBody` as received. */
interface DeliveryRequest {
	method?: string;
	rawBody?: Buffer | string;
	readRawBody?: () => Promise<void>;
}

/** The body bytes exactly as received. n8n reads them before calling the node; read them here if it has not. */
async function rawBodyOf(request: DeliveryRequest): Promise<Buffer | undefined> {
	if (request.rawBody === undefined && typeof request.readRawBody === 'function')
		await request.readRawBody();
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	return typeof request.rawBody === 'string' ? Buffer.from(request.rawBody, 'utf8') : undefined;
}

/** The part of the response object the trigger writes to (Node's own response API). */
interface DeliveryResponse {
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

async function readSecret(ctx: IHookFunctions | IWebhookFunctions): Promise<string> {
	const credentials = await ctx.getCredentials<{ webhookSecret?: unknown }>(CREDENTIAL);
	return typeof credentials.webhookSecret === 'string' ? credentials.webhookSecret : '';
}

/** Answers the request directly (no workflow run), the way n8n's signed-webhook triggers refuse a delivery. */
function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject() as unknown as DeliveryResponse;
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify({ error: message }));
	return { noWebhookResponse: true };
}

/**
 * The delivery's id in the output: a digest of its signature header (never the signature). The
 * service's re-deliveries of an event keep its timestamp and body, hence its signature and this id,
 * so a workflow can tell copies of one delivery from new deliveries across n8n processes.
 */
function deliveryId(signature: string): string {
	return createHash('sha256').update(signature, 'utf8').digest('hex').slice(0, 32);
}

function outputItem(
	delivery: VerifiedDelivery,
	rawPayload: boolean,
	mark: DeliveryMark,
): INodeExecutionData {
	const json: IDataObject = rawPayload
		? (delivery.payload as IDataObject)
		: {
				event: delivery.event,
				timestamp: new Date(delivery.timestamp * 1000).toISOString(),
				delivery_id: deliveryId(delivery.signature),
				draft: delivery.payload.data as IDataObject,
			};
	return { json, [DELIVERY_FIELD]: { ...mark } };
}

/**
 * Which of `keys` n8n's record of processed items (its database, shared by every worker; the store
 * behind the Remove Duplicates node) already holds; records the others. That record is read and
 * written back whole, without a lock, so two workers checking at the same moment can both find a key
 * new (and one may drop the other's entry): it narrows what the process memory cannot see, it does
 * not close it. Where n8n has no such record (no database in the process, an older n8n) or it fails
 * twice, nothing is held back here and the process memory alone decides.
 */
async function recordedBefore(ctx: IExecuteFunctions, keys: string[]): Promise<Set<string>> {
	const helpers = ctx.helpers as Partial<
		Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord'>
	>;
	if (typeof helpers.checkProcessedAndRecord !== 'function') return new Set();
	for (let attempt = 1; attempt <= 2; attempt++) {
		try {
			// A second attempt covers two first records at once: one insert fails, the retry updates.
			const result = await helpers.checkProcessedAndRecord(keys, 'node', {
				mode: 'entries',
				maxEntries: DEFAULT_REPLAY_CAPACITY,
			});
			return new Set(result.processed.map(String));
		} catch (error) {
			if (attempt === 2)
				ctx.logger?.debug(
					`Social Publishing Trigger: n8n's record of processed items is not available (${(error as Error).message}); this process's memory decides`,
				);
		}
	}
	return new Set();
}

export class SocialPublishingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing Trigger',
		name: 'socialPublishingTrigger',
		icon: { light: 'file:socialPublishing.svg', dark: 'file:socialPublishing.dark.svg' },
		group: ['trigger'],
		// 1.1 behaves as 1. n8n evaluates an expression for every webhook call to a node of version 1
		// exactly (webhook-helpers parseRequestBody, for the Webhook node v1's binary option), which
		// makes a webhook process build an expression isolate even where N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE
		// would spare it; from 1.1 on no expression is evaluated while a delivery is checked.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description:
			'Starts the workflow when the Social Publishing service delivers a signed draft event',
		defaults: { name: 'Social Publishing Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL, required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			// The webhook is registered by hand in the service, so there is nothing to look up
			// remotely: report "missing" so that n8n always calls create(), which checks the secret.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				if (!(await readSecret(this))) {
					throw new NodeOperationError(
						this.getNode(),
						"The Webhook Signing Secret is empty: copy the signing secret shown in the service's webhook settings into the Social Publishing API credential before activating this trigger",
					);
				}
				const events = this.getNodeParameter('events', []) as string[];
				if (events.length === 0) {
					throw new NodeOperationError(this.getNode(), 'Choose at least one event to listen to');
				}
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject() as unknown as DeliveryRequest;
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const events = this.getNodeParameter('events', []) as string[];
		const toleranceSeconds =
			typeof options.toleranceSeconds === 'number' && options.toleranceSeconds > 0
				? options.toleranceSeconds
				: DEFAULT_TOLERANCE_SECONDS;

		let secret: string;
		try {
			secret = await readSecret(this);
		} catch {
			secret = '';
		}
		if (!secret) return refuse(this, 401, 'Signing secret not configured');

		const nowMs = Date.now();
		const verification = verifyDelivery({
			method: request.method,
			headers: this.getHeaderData() as HeaderBag,
			rawBody: await rawBodyOf(request),
			secret,
			headerPrefix: options.headerPrefix?.trim() || DEFAULT_HEADER_PREFIX,
			toleranceSeconds,
			nowMs,
		});
		if (!verification.ok) return refuse(this, verification.status, verification.reason);

		if (!events.includes(ALL_EVENTS) && !events.includes(verification.event)) {
			return { webhookResponse: { received: true, ignored: true } };
		}

		const key = replayKey(verification.signature);
		const verdict = checkAcrossProcesses(
			acceptedHere.get(scopeOf(this)),
			this.getWorkflowStaticData('node') as ReplayStore,
			key,
			verification.timestamp,
			{ nowSeconds: nowMs / 1000, toleranceSeconds },
		);
		if (verdict === 'replay') return { webhookResponse: { received: true, duplicate: true } };
		if (verdict === 'undecidable')
			return refuse(this, 401, 'Delivery cannot be told apart from a replay');

		const mark: DeliveryMark = { key, timestamp: verification.timestamp, toleranceSeconds };
		return {
			webhookResponse: { received: true },
			workflowData: [[outputItem(verification, options.rawPayload === true, mark)]],
		};
	}

	/**
	 * Runs where the execution runs (in queue mode: on a worker), with the item webhook() put out.
	 * A copy of a delivery that two webhook processes both accepted (each before seeing the other's
	 * entry) ends here: the second execution of it puts out nothing, so nothing after the trigger runs
	 * twice. Checked first in this process's memory (exact within one worker), then in n8n's record of
	 * processed items in its database (across workers and restarts; see recordedBefore). Manual (test)
	 * runs are not checked.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const memory = ranHere.get(scopeOf(this));
		const checked = this.getMode() !== 'manual';
		const nowSeconds = Date.now() / 1000;
		const passed: Array<{ item: INodeExecutionData; index: number; key?: string }> = [];
		this.getInputData().forEach((item, index) => {
			const mark = deliveryMarkOf(item);
			if (
				checked &&
				mark &&
				checkAndRemember(memory, mark.key, mark.timestamp, {
					nowSeconds,
					toleranceSeconds: mark.toleranceSeconds,
				}) === 'replay'
			)
				return;
			passed.push({ item, index, key: checked ? mark?.key : undefined });
		});
		const keys = passed.flatMap((p) => (p.key === undefined ? [] : [p.key]));
		const before = keys.length ? await recordedBefore(this, keys) : new Set<string>();
		const out: INodeExecutionData[] = [];
		for (const { item, index, key } of passed) {
			if (key !== undefined && before.has(key)) continue;
			const { [DELIVERY_FIELD]: _mark, ...rest } = item;
			out.push({ ...rest, json: item.json, pairedItem: { item: index } });
		}
		return [out];
	}
}
