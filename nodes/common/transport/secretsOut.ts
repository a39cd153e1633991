import type { INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { secretCleaner, withoutSecretsIn } from '../text/redact';
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

/**
 * An n8n error of the node with the credential's key and webhook secret replaced in its message, description
 * and stack, a piece of one left by a cut included (`secretCleaner`, redact.ts): the node's own errors copy the
 * service's values (a state, a name, an ID) into their texts, and this is the last door before n8n shows them,
 * so a secret the service reflects never reaches the editor, the execution log or an AI agent, whichever error
 * copied it. Its service part is the transport's, made without secrets (requestErrors.ts).
 */
export async function withoutSecretsInError<E extends NodeApiError | NodeOperationError>(
	context: object,
	error: E,
): Promise<E> {
	const secrets = await secretsOf(context);
	if (!secrets.length) return error;
	const clean = secretCleaner(secrets);
	error.message = clean(error.message);
	if (typeof error.description === 'string') error.description = clean(error.description);
	if (typeof error.stack === 'string') error.stack = clean(error.stack);
	return error;
}
