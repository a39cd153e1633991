import {
	NodeConnectionTypes,
	NodeOperationError,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { CREDENTIAL, passNewDeliveries, readSecret, receiveDelivery } from './delivery';
import { triggerProperties } from './description';

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

	/** One delivery: checked, then refused, acknowledged or put out as one item (delivery.ts). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this);
	}

	/** Runs where the execution runs (in queue mode: on a worker): drops copies of a delivery already run (delivery.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await passNewDeliveries(this);
	}
}
