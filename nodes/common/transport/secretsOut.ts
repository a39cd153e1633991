import type { INodeExecutionData } from 'n8n-workflow';
import { withoutSecretsIn } from '../text/redact';
import { secretsOf } from './caller';

/**
 * The items with the credential's key and webhook secret replaced in every text and field name of their data: the
 * service's data is passed through as it came, whatever its size, but a secret the service reflects (or a user once
 * pasted into a draft) never reaches n8n's execution data or an AI agent (docs/security.md, "What the service sends
 * back"). Used by every node of the package on what it puts out: the action node's items, the poll trigger's events
 * and the webhook trigger's deliveries.
 */
export async function withoutSecretsOut(
	context: object,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const secrets = await secretsOf(context);
	for (const item of items) item.json = withoutSecretsIn(item.json, secrets);
	return items;
}
