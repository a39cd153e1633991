import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkOptionalDate } from '../../../helpers/dates';
import type { DateRules } from '../../../helpers/dates';
import { checkPublishPolicy } from '../../../helpers/publishPolicy';
import { checkTitle, paramError } from '../../../helpers/validation';
import type { DraftTarget } from '../draftRequests';
import { getDraft, getDraftTarget } from '../draftRequests';
import { readTagNames, resolveDate } from '../fields/draftFields';
import { matchTagNames } from '../fields/tagNames';
import { checkResolvedComments, requiresResolved } from '../openThreads';
import { isNotFound } from '../../retryOnFail/reconcileCommon';
import { copyFields, copyPlatforms } from './copy';
import { readUtmTags, tagPlatforms } from '../content/utmTags';
import { optionText } from '../../params';

/** "When" of Duplicate (`copyWhen`, named apart from Schedule's and Plan's `when`, which default to a date): an unscheduled draft (default), the next free queue slot, or a date. */
export type DuplicateWhen = 'draft' | 'nextFreeSlot' | 'date';

const DATE_RULES: DateRules = {
	label: 'Date',
	allowNow: false,
	nowProblem: 'is "now"; a copy is scheduled for a future date or the next free slot',
};

export function readWhen(context: IExecuteFunctions, itemIndex: number): DuplicateWhen {
	return context.getNodeParameter('copyWhen', itemIndex, 'draft') as DuplicateWhen;
}

/** Whether the copy is scheduled (it publishes by itself at its date). */
export const schedulesCopy = (context: IExecuteFunctions, itemIndex: number) =>
	readWhen(context, itemIndex) !== 'draft';

/** The copy's `publish_at`, checked before any request: none, `next-free-slot`, or the date in UTC. */
async function copyDates(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<IDataObject> {
	const when = readWhen(context, itemIndex);
	if (when === 'draft') return {};
	if (when === 'nextFreeSlot') return { publish_at: 'next-free-slot' };
	const value = context.getNodeParameter('copyDate', itemIndex, '') as unknown;
	const date = checkOptionalDate(context, itemIndex, value, DATE_RULES);
	if (!date)
		throw paramError(context, itemIndex, 'Date', 'is empty; give the date to schedule the copy at');
	return { publish_at: await resolveDate(context, itemIndex, socialSetId, date) };
}

/** The source draft without comment markers; a 404 names the draft, the social set and the item. */
async function readSource(
	context: IExecuteFunctions,
	itemIndex: number,
	source: DraftTarget,
): Promise<IDataObject> {
	const read = await getDraft(context, itemIndex, source, { exclude_comment_markers: true }).then(
		(draft) => ({ draft }),
		(error: unknown) => ({ error }),
	);
	if ('draft' in read) return read.draft;
	if (!isNotFound(read.error)) return await Promise.reject(read.error);
	throw new NodeOperationError(
		context.getNode(),
		`Draft ${source.draftId} to duplicate was not found in social set ${source.socialSetId} (404 NOT_FOUND) [item ${itemIndex}]`,
		{
			itemIndex,
			description:
				'Check "Draft ID" and the social set: the draft may have been deleted, or belong to another social set. Nothing was created.',
		},
	);
}

/** Duplicate's request as far as it can be built without writing (also the dry run's and a retry's). */
export interface DuplicatePlan {
	source: DraftTarget;
	/** The Create body without `tags` and dates. */
	body: IDataObject;
	/** Creates the missing tags named in "Tag Names" (when allowed) and gives the copy's tag slugs. */
	tags: (() => Promise<string[]>) & { planned: string[] };
	dates: IDataObject;
}

/**
 * The date is checked first; then the source draft is read (any status, without comment markers: the
 * threads stay on the source, and their ids mean nothing on another draft), copied (copy.ts), its title
 * replaced when "Draft Title" is given, its links tagged with "UTM Tags", its tags joined by "Tag Names", and the scheduling rules of the
 * platforms checked (Rules on platform content 5); a scheduled copy with Require Resolved Comments is refused
 * while the source has open comment threads (one read, as Schedule's; the copy itself gets no threads).
 * `checkReview` false: reconcile's plan, which looks for a copy already stored, whatever the threads are now.
 */
export async function planDuplicate(
	context: IExecuteFunctions,
	itemIndex: number,
	checkReview = true,
): Promise<DuplicatePlan> {
	const source = getDraftTarget(context, itemIndex);
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const title = optionText(context, itemIndex, options, 'draftTitle', 'Draft Title') ?? '';
	const titleProblem = checkTitle(title);
	if (titleProblem) throw paramError(context, itemIndex, 'Draft Title', titleProblem);
	const tagNames = readTagNames(context, itemIndex, options);
	const utm = readUtmTags(context, itemIndex, options);
	const dates = await copyDates(context, itemIndex, source.socialSetId);
	const draft = await readSource(context, itemIndex, source);
	const platforms = copyPlatforms(draft.platforms);
	tagPlatforms(context, itemIndex, platforms, utm);
	const { tags: sourceTags, ...fields } = copyFields(draft);
	if (title.trim() !== '') fields.draft_title = title;
	checkPublishPolicy(
		context,
		itemIndex,
		platforms,
		dates.publish_at === undefined ? undefined : 'schedule',
		`The copy of draft ${source.draftId}`,
	);
	// a copy that is scheduled goes out by itself: under review, the source's open threads hold it as Schedule's do
	if (checkReview && dates.publish_at !== undefined && requiresResolved(options))
		await checkResolvedComments(context, itemIndex, source);
	const slugs = sourceTags as string[];
	const tags = tagNames
		? await matchTagNames(context, itemIndex, source.socialSetId, tagNames, {
				slugs,
				label: `the ${slugs.length} tags of draft ${source.draftId}`,
			})
		: Object.assign(async () => slugs, { planned: slugs });
	return { source, body: { platforms, ...fields }, tags, dates };
}
