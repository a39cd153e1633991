import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { withoutSecretsIn } from '../common/text/redact';
import { ALL_EVENTS, type TriggerOptions } from './description';
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

/**
 * A delivery's way through the trigger: the webhook call reads the raw body, checks the signature and
 * the replay memories, refuses or answers, and puts out the item with its delivery_id and replay mark;
 * the execution drops copies of a delivery already run. The node file holds the description and
 * the webhook's registration.
 */

export const CREDENTIAL = 'socialPublishingApi';

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

export async function readSecret(ctx: IHookFunctions | IWebhookFunctions): Promise<string> {
	const credentials = await ctx.getCredentials<{ webhookSecret?: unknown }>(CREDENTIAL);
	return typeof credentials.webhookSecret === 'string' ? credentials.webhookSecret : '';
}

/**
 * The item with the credential's key and webhook secret replaced in every text and field name of its data: the
 * delivery's draft is passed through as the service sent it, but a secret a user once pasted into a draft never
 * reaches n8n's execution data (docs/security.md, "What the service sends back"; the action node and the poll
 * trigger do the same through the transport, which this trigger does not load).
 */
async function withoutSecretsOf(
	ctx: IWebhookFunctions,
	item: INodeExecutionData,
): Promise<INodeExecutionData> {
	const credentials = await ctx.getCredentials<{ apiKey?: unknown; webhookSecret?: unknown }>(
		CREDENTIAL,
	);
	const secrets = [credentials.apiKey, credentials.webhookSecret].filter(
		(secret): secret is string => typeof secret === 'string' && secret !== '',
	);
	item.json = withoutSecretsIn(item.json, secrets);
	return item;
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

/** The webhook call: refuses a delivery that fails a check, acknowledges an ignored event or a replay, or starts the workflow. */
export async function receiveDelivery(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const request = ctx.getRequestObject() as unknown as DeliveryRequest;
	const options = ctx.getNodeParameter('options', {}) as TriggerOptions;
	const events = ctx.getNodeParameter('events', []) as string[];
	const toleranceSeconds =
		typeof options.toleranceSeconds === 'number' && options.toleranceSeconds > 0
			? options.toleranceSeconds
			: DEFAULT_TOLERANCE_SECONDS;

	let secret: string;
	try {
		secret = await readSecret(ctx);
	} catch {
		secret = '';
	}
	if (!secret) return refuse(ctx, 401, 'Signing secret not configured');

	const nowMs = Date.now();
	const verification = verifyDelivery({
		method: request.method,
		headers: ctx.getHeaderData() as HeaderBag,
		rawBody: await rawBodyOf(request),
		secret,
		headerPrefix: options.headerPrefix?.trim() || DEFAULT_HEADER_PREFIX,
		toleranceSeconds,
		nowMs,
	});
	if (!verification.ok) return refuse(ctx, verification.status, verification.reason);

	if (!events.includes(ALL_EVENTS) && !events.includes(verification.event)) {
		return { webhookResponse: { received: true, ignored: true } };
	}

	const key = replayKey(verification.signature);
	const verdict = checkAcrossProcesses(
		acceptedHere.get(scopeOf(ctx)),
		ctx.getWorkflowStaticData('node') as ReplayStore,
		key,
		verification.timestamp,
		{ nowSeconds: nowMs / 1000, toleranceSeconds },
	);
	if (verdict === 'replay') return { webhookResponse: { received: true, duplicate: true } };
	if (verdict === 'undecidable')
		return refuse(ctx, 401, 'Delivery cannot be told apart from a replay');

	const mark: DeliveryMark = { key, timestamp: verification.timestamp, toleranceSeconds };
	return {
		webhookResponse: { received: true },
		workflowData: [
			[await withoutSecretsOf(ctx, outputItem(verification, options.rawPayload === true, mark))],
		],
	};
}

/**
 * Runs where the execution runs (in queue mode: on a worker), with the item receiveDelivery put out.
 * A copy of a delivery that two webhook processes both accepted (each before seeing the other's
 * entry) ends here: the second execution of it puts out nothing, so nothing after the trigger runs
 * twice. Checked first in this process's memory (exact within one worker), then in n8n's record of
 * processed items in its database (across workers and restarts; see recordedBefore). Manual (test)
 * runs are not checked.
 */
export async function passNewDeliveries(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const memory = ranHere.get(scopeOf(ctx));
	const checked = ctx.getMode() !== 'manual';
	const nowSeconds = Date.now() / 1000;
	const passed: Array<{ item: INodeExecutionData; index: number; key?: string }> = [];
	ctx.getInputData().forEach((item, index) => {
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
	const before = keys.length ? await recordedBefore(ctx, keys) : new Set<string>();
	const out: INodeExecutionData[] = [];
	for (const { item, index, key } of passed) {
		if (key !== undefined && before.has(key)) continue;
		const rest: INodeExecutionData = { ...item };
		delete rest[DELIVERY_FIELD];
		out.push({ ...rest, json: item.json, pairedItem: { item: index } });
	}
	return [out];
}
