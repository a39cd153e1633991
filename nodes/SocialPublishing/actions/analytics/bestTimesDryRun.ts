import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { echo } from '../../../common/text/echo';
import type { QueueRule } from '../../helpers/queue';
import { describeRules } from '../../helpers/queue';
import { dryRunAnswer } from '../confirm';
import { computeBestTimes, readBestTimesRequest, rulesToApply, slotItem } from './bestTimes';

/**
 * Analytics > Get Best Times' answer while an AI agent's tool call with Apply as Queue Schedule is not
 * confirmed: the best slots and the rules they would become, beside the current rules read with GET. Only
 * reads are sent; a range with too few posts is refused as the operation refuses it.
 */
export async function bestTimesDryRun(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const request = readBestTimesRequest(context, itemIndex);
	const result = await computeBestTimes(context, itemIndex, request);
	const slots = request.apply ?? 0;
	const rules = rulesToApply(context, itemIndex, result, slots);
	const current = await apiRequest<{ rules?: QueueRule[] }>(context, {
		method: 'GET',
		path: endpoints.queueSchedule(request.socialSetId),
		itemIndex,
	});
	const currentRules = Array.isArray(current.rules) ? current.rules : [];
	return dryRunAnswer(
		'analytics',
		'getBestTimes',
		request.socialSetId,
		{
			best_slots: result.ranked
				.slice(0, slots)
				.map((slot, i) => slotItem(slot, i + 1, result.zone)),
			rules: rules as unknown as IDataObject[],
			current_rules: currentRules as unknown as IDataObject[],
		},
		`replace the whole queue schedule, now ${describeRules(currentRules)}, with the best ${slots} slot${slots === 1 ? '' : 's'} from ${request.start} to ${request.end} in ${echo(result.zone, 60)}, ${describeRules(rules)}: every slot of the current rules goes`,
	);
}
