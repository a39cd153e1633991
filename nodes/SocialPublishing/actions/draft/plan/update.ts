import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { MediaKind } from '../../../helpers/mediaRules';
import { checkPublishPolicy } from '../../../helpers/publishPolicy';
import { paramError } from '../../../helpers/validation';
import type { ServedCheck } from '../../../mediaUpload/pendingMedia';
import { checkLengths } from '../content/lengths';
import { checkTextMarkers } from '../content/markerCheck';
import { checkMedia, knownKindsOf, recheckServedMedia } from '../content/mediaCheck';
import type { UpdateContent } from '../content/mergeContent';
import { readUpdateContent, wholeDraftProblem } from '../content/mergeContent';
import type { DraftTarget } from '../draftRequests';
import { getDraft } from '../draftRequests';
import type { DraftFields } from '../fields/draftFields';
import { readDraftFields } from '../fields/draftFields';
import { checkResolvedComments, requiresResolved } from '../openThreads';
import type { Checks } from './checks';
import type { TagsStep } from './create';
import { planTagsAndDates } from './create';

/** Update's platforms as they will be sent, checked; `checkServed` checks the media again by what the Media URLs serve. */
export interface BuiltUpdate {
	sent: IDataObject;
	/** Kinds of the draft's own media. */
	known: Map<string, MediaKind>;
	checkServed: ServedCheck;
}

/**
 * The platforms to send, built once from the draft as read and checked before any upload; undefined when they
 * cannot be built (collect mode).
 */
function buildUpdate<M extends undefined>(
	context: IExecuteFunctions,
	itemIndex: number,
	checks: Checks<M>,
	update: { content: UpdateContent; draft: IDataObject | undefined; draftId: number },
): BuiltUpdate | undefined {
	const { content, draft, draftId } = update;
	const current = draft?.platforms as IDataObject | undefined;
	const built = content.build(current);
	if ('problem' in built) {
		checks.add(paramError(context, itemIndex, built.label, built.problem));
		return undefined;
	}
	const whole = draft ? wholeDraftProblem(current, built.platforms) : undefined;
	if (whole)
		checks.add(
			new NodeOperationError(
				context.getNode(),
				`Draft ${draftId} cannot be updated: the update ${whole} [item ${itemIndex}]`,
				{ itemIndex },
			),
		);
	checks.run(() => checkTextMarkers(context, itemIndex, built.platforms));
	checkLengths(context, itemIndex, built.platforms, {
		settings: content.lengths,
		labelOf: () => content.label,
		report: checks.report,
	});
	const where = { known: knownKindsOf(current), fallback: content.label };
	checkMedia(context, itemIndex, built.platforms, content.media, {
		...where,
		report: checks.report,
	});
	return {
		sent: built.platforms,
		known: where.known,
		checkServed: (served) =>
			recheckServedMedia(context, itemIndex, built.platforms, content.media, { ...where, served }),
	};
}

/** Update's plan; run to stop at the first problem, the content is undefined only when it is kept. */
export interface UpdatePlan<M extends undefined = undefined> {
	content: UpdateContent | M | undefined;
	fields: DraftFields | M;
	/** The PATCH body so far: the draft fields (tag slugs as stored), Force Overwrite Comments. */
	body: IDataObject;
	/** The draft as read, when the update needs it (always in collect mode). */
	draft: IDataObject | undefined;
	built: BuiltUpdate | undefined;
	tags: TagsStep | M;
	dates: IDataObject | M;
}

/**
 * Update's PATCH as far as it can be built without writing, every rule checked on it: the content, the draft
 * fields, something to update, the draft read (when merging, or when the update publishes or schedules: Rules on
 * platform content 5), the platforms built and checked, rule 5, the open comment threads (Require Resolved
 * Comments with Publish At), the tag slugs, the tag names, the dates.
 */
export async function planUpdate<M extends undefined>(
	context: IExecuteFunctions,
	itemIndex: number,
	checks: Checks<M>,
	target: DraftTarget,
): Promise<UpdatePlan<M>> {
	const { socialSetId, draftId } = target;
	const content = checks.run(() =>
		readUpdateContent(context, itemIndex, socialSetId, checks.report),
	);
	const fields = checks.run(() => readDraftFields(context, itemIndex, socialSetId, true));
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = { ...fields?.body };
	if (options.forceOverwriteComments === true) body.force_overwrite_comments = true;
	if (fields && !content && !Object.keys(body).length && !fields.hasDates && !fields.tagNames)
		checks.add(
			paramError(
				context,
				itemIndex,
				'Update Fields',
				'is empty and the content is kept; there is nothing to update',
			),
		);
	// Validate Only always reads the draft: its status, its content to merge into, its tags
	const draft =
		checks.collects || content?.needsDraft || fields?.publishKind
			? await checks.runAsync(async () => await getDraft(context, itemIndex, target))
			: undefined;
	if (checks.collects && draft?.status === 'published')
		checks.add(
			`Draft ${draftId} is published; the service refuses to edit a published draft [item ${itemIndex}]`,
		);
	const built =
		content && (draft || !content.needsDraft)
			? buildUpdate(context, itemIndex, checks, { content, draft: draft ?? undefined, draftId })
			: undefined;
	if (!fields) return { content, fields, body, draft, built, tags: fields, dates: fields };
	// a content edit of a scheduled draft that stays scheduled counts as scheduling it (no new Plan At or Publish At)
	const kind = fields.hasDates
		? fields.publishKind
		: draft?.status === 'scheduled' && content
			? 'schedule'
			: undefined;
	const current = draft?.platforms as IDataObject | undefined;
	checks.run(() =>
		checkPublishPolicy(
			context,
			itemIndex,
			{ ...(current ?? {}), ...(built?.sent ?? {}) },
			kind,
			`Draft ${draftId}`,
		),
	);
	// Review before scheduling: with Publish At, no comment thread may be open (one read, before any upload)
	if (fields.publishKind && requiresResolved(options))
		await checks.runAsync(async () => await checkResolvedComments(context, itemIndex, target));
	const { tags, dates } = await planTagsAndDates(context, itemIndex, checks, {
		socialSetId,
		fields,
		body,
		currentTags: async () => (draft ?? (await getDraft(context, itemIndex, target))).tags,
	});
	return { content, fields, body, draft, built, tags, dates };
}
