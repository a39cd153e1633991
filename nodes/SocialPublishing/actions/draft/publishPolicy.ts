import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { PublishKind } from '../../helpers/publishPolicy';
import { publishPolicyProblem } from '../../helpers/publishPolicy';

/**
 * Refuses, before the request, to publish now or schedule what Rules on platform content 5 blocks.
 * `subject` names the draft: "Draft 12", or "The draft" for one not created yet.
 */
export function checkPublishPolicy(context: IExecuteFunctions, itemIndex: number, platforms: IDataObject, kind: PublishKind | undefined, subject: string): void {
	if (!kind) return;
	const found = publishPolicyProblem(platforms, kind);
	if (!found) return;
	const action = kind === 'publishNow' ? 'published now' : 'scheduled';
	throw new NodeOperationError(context.getNode(), `${subject} cannot be ${action}: ${found.problem} [item ${itemIndex}]`, {
		itemIndex,
		description: `${found.instead} Nothing was changed.`,
	});
}
