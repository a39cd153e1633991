import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { ALL_EVENTS, triggerProperties, type TriggerOptions } from './description';
import { checkAndRemember, replayKey, type ReplayStore } from './replay';
import {
	DEFAULT_HEADER_PREFIX,
	DEFAULT_TOLERANCE_SECONDS,
	verifyDelivery,
	type HeaderBag,
	type VerifiedDelivery,
} from './signature';

const CREDENTIAL = 'socialPublishingApi';

/** What the trigger reads from the request; n8n's request object carries `rawBody` as received. */
interface DeliveryRequest {
	method?: string;
	rawBody?: Buffer | string;
	readRawBody?: () => Promise<void>;
}

/** The body bytes exactly as received. n8n reads them before calling the node; read them here if it has not. */
async function rawBodyOf(request: DeliveryRequest): Promise<Buffer | undefined> {
	if (request.rawBody === undefined && typeof request.readRawBody === 'function') await request.readRawBody();
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

function outputItem(delivery: VerifiedDelivery, rawPayload: boolean): INodeExecutionData {
	if (rawPayload) return { json: delivery.payload as IDataObject };
	return {
		json: {
			event: delivery.event,
			timestamp: new Date(delivery.timestamp * 1000).toISOString(),
			draft: delivery.payload.data as IDataObject,
		},
	};
}

export class SocialPublishingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing Trigger',
		name: 'socialPublishingTrigger',
		icon: { light: 'file:socialPublishing.svg', dark: 'file:socialPublishing.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: 'Starts the workflow when the Social Publishing service delivers a signed draft event',
		defaults: { name: 'Social Publishing Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL, required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
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
						'The Webhook Signing Secret is empty: copy the signing secret shown in the service\'s webhook settings into the Social Publishing API credential before activating this trigger',
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

		const verdict = checkAndRemember(
			this.getWorkflowStaticData('node') as ReplayStore,
			replayKey(verification.signature),
			verification.timestamp,
			{ nowSeconds: nowMs / 1000, toleranceSeconds },
		);
		if (verdict === 'replay') return { webhookResponse: { received: true, duplicate: true } };
		if (verdict === 'undecidable') return refuse(this, 401, 'Delivery cannot be told apart from a replay');

		return {
			webhookResponse: { received: true },
			workflowData: [[outputItem(verification, options.rawPayload === true)]],
		};
	}
}
