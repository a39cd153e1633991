import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { queueScheduleShape, readAnswer } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { QueueRule } from '../../helpers/queue';
import { describeRules } from '../../helpers/queue';
import { dryRunAnswer } from '../confirm';
import { planSchedule } from './schedulePlan';

/**
 * Queue > Update Schedule's answer while an AI agent's tool call is not confirmed: the new rules, the plan
 * the operation sends (schedulePlan.ts), and the current ones read with GET (a read only).
 */
export async function updateScheduleDryRun(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const { socialSetId, rules } = planSchedule(context, itemIndex);
	// the rules it would replace, read in their shape: an answer without them is not "no rules"
	const current = await readAnswer<{ rules: QueueRule[] }>(
		context,
		{ method: 'GET', path: endpoints.queueSchedule(socialSetId), itemIndex },
		queueScheduleShape,
	);
	const currentRules = current.rules;
	const would = rules.length
		? `replace the whole queue schedule, now ${describeRules(currentRules)}, with ${describeRules(rules)}: every slot of the current rules goes`
		: `remove every slot of the queue (the schedule now has ${describeRules(currentRules)}), leaving it with no slots`;
	return dryRunAnswer(
		'queue',
		'updateSchedule',
		socialSetId,
		{
			rules: rules as unknown as IDataObject[],
			current_rules: currentRules as unknown as IDataObject[],
		},
		would,
	);
}
