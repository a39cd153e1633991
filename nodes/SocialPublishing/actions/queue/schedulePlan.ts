import type { IExecuteFunctions } from 'n8n-workflow';
import type { QueueRule } from '../../helpers/queue';
import { rulesFromFields, rulesFromJson, validateRules } from '../../helpers/queue';
import { paramError } from '../../helpers/validation';
import { getSocialSetId } from '../params';

/** Queue > Update Schedule's plan: the social set and the whole schedule it puts (PUT), checked. */
export interface SchedulePlan {
	socialSetId: number;
	rules: QueueRule[];
}

/**
 * The item's schedule as it will be sent, built once from its parameters: the operation sends it, the AI tool's
 * dry run shows it beside the current one, and Retry On Fail sends the same schedule again. The rules are
 * checked; an error names the parameter when they are not valid.
 */
export function planSchedule(context: IExecuteFunctions, itemIndex: number): SchedulePlan {
	const socialSetId = getSocialSetId(context, itemIndex);
	const mode = context.getNodeParameter('rulesInput', itemIndex, 'fields') as string;
	const label = mode === 'json' ? 'Rules (JSON)' : 'Rules';
	const raw =
		mode === 'json'
			? rulesFromJson(context.getNodeParameter('rulesJson', itemIndex, '[]'))
			: rulesFromFields(context.getNodeParameter('rules', itemIndex, {}));
	if (raw === undefined) throw paramError(context, itemIndex, label, 'is not valid JSON');
	const checked = validateRules(raw);
	if ('problem' in checked) throw paramError(context, itemIndex, label, checked.problem);
	return { socialSetId, rules: checked.rules };
}
