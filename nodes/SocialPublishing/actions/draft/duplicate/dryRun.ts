import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isPlatformOn } from '../../../../common/platformLists';
import { ASK_TO_CONFIRM } from '../../confirm';
import { planDuplicate } from './plan';

/** Platforms a dry-run answer lists (a draft has at most seven). */
function platformsOn(platforms: unknown): string[] {
	if (typeof platforms !== 'object' || platforms === null) return [];
	return Object.entries(platforms as IDataObject)
		.filter(([key, config]) => isPlatformOn(key, config))
		.map(([key]) => key);
}

function describeWhen(publishAt: unknown): string {
	if (publishAt === undefined) return '';
	if (publishAt === 'next-free-slot')
		return ' and schedule it to publish in the next free queue slot';
	return ` and schedule it to publish at ${String(publishAt)}`;
}

/**
 * Duplicate's answer while an AI agent's tool call is not confirmed: the draft it would create (the body
 * as it would be sent; a tag still to create shown by its name), read from the source. Nothing is written.
 */
export async function duplicateDryRun(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const { source, body, tags, dates } = await planDuplicate(context, itemIndex);
	const wouldCreate: IDataObject = { ...body, tags: tags.planned, ...dates };
	const platforms = platformsOn(body.platforms);
	return {
		dry_run: true,
		done: false,
		action: 'duplicate',
		source_draft_id: source.draftId,
		draft_id: null,
		social_set_id: source.socialSetId,
		platforms,
		...(dates.publish_at !== undefined ? { publish_at: dates.publish_at } : {}),
		would_create: wouldCreate,
		message: `Nothing was done. This would copy draft ${source.draftId} into a new draft on ${platforms.join(', ')}${describeWhen(dates.publish_at)} in social set ${source.socialSetId} (see would_create). ${ASK_TO_CONFIRM}`,
	};
}
