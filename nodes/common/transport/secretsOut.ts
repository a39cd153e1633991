import type { INodeExecutionData } from 'n8n-workflow';
import { withoutSecretsIn } from '../text/redact';
import { secretsOf } from './caller';

/**
 * The items with the credential's key and webhook secret replaced in every text and field name of their data: the
 * service's data is passed through as it came, whatever its size, but a secret the service reflects (or a user once
 * pasted into a draft) never reaches n8n's execution data or an AI agent (docs/security.md, "What the service sends
 * back"). The action node's items and the poll trigger's events go through it; the webhook trigger, which loads no
 * transport, does the same with the redaction itself (SocialPublishingTrigger/delivery.ts).
 */
export async function withoutSecretsOut(
	context: object,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const secrets = await secretsOf(context);
	for (const item of items) item.json = withoutSecretsIn(item.json, secrets);
	return items;
}
