import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { DryRunAnswer, ItemFact, PublicEffects, ToolGate } from './types';

/**
 * The AI tool's rule, in one place: a tool call that is not confirmed changes nothing that is public or will
 * become public. Each held-back operation states what it does (its `PublicEffects`); this decides from
 * those facts, and the target draft's status, whether an item waits for "Confirm":
 *
 * - publishing or scheduling, removing a date, deleting, replacing the queue schedule, downloading a URL
 *   the call gives, sharing a draft (Share on: a public share URL, readable by anyone with the link), and
 *   ending a review (resolving a comment thread, Force Overwrite Comments, deleting a thread or a comment)
 *   wait, whatever the draft: a draft whose threads are all resolved may be scheduled by Require Resolved
 *   Comments or a workflow started by Comments All Resolved, and people, not the model, decide that;
 * - a write of the target draft itself (Draft Update, Plan) waits when that draft is scheduled or being
 *   published (status `scheduled` or `publishing`, or `publish_state` `in_progress` during an immediate
 *   publish): what it has then is what goes out, and a plan takes it off the schedule. The status is read
 *   with one GET, only for a call that is not confirmed; a published draft cannot be edited (the service
 *   refuses it), and a draft, planned or failed one publishes nothing by itself.
 *
 * Writes that state no effect change nothing public and never wait: Create and Update of a draft that is not
 * scheduled (without Publish At, Media URLs, Share on or Force Overwrite Comments), Plan of such a draft,
 * Tag > Create, Media > Upload from a file, Media > Update Alt Text (a draft keeps the alt text copied when
 * the media was attached, rule 4 of platform content: a scheduled draft publishes the text it holds, and
 * changing it takes a Draft Update, which waits), and Comment Thread > Create, Comment > Add and Update
 * (comment-thread markers are not part of the text that is published, and a thread opened or a comment
 * added or edited ends no review: it keeps the draft from being scheduled under review, never lets it).
 *
 * Between the read and the write the API offers no lock: a draft scheduled in between by someone else is
 * written as the call asked.
 */

const applies = (fact: ItemFact | undefined, context: IExecuteFunctions, itemIndex: number) =>
	fact === true || (typeof fact === 'function' && fact(context, itemIndex));

/** Whether a draft as the service returns it is public or will become public by itself. */
export const isLiveDraft = (draft: IDataObject) =>
	draft.status === 'scheduled' ||
	draft.status === 'publishing' ||
	draft.publish_state === 'in_progress';

/** Whether an item with these effects waits for "Confirm" (see above). */
export async function holdsBack(
	effects: PublicEffects,
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<boolean> {
	const { publishes, undates, deletes, replacesQueue, downloads, shares, endsReview } = effects;
	for (const fact of [publishes, undates, deletes, replacesQueue, downloads, shares, endsReview])
		if (applies(fact, context, itemIndex)) return true;
	const { writesTargetDraft } = effects;
	if (writesTargetDraft === undefined) return false;
	return isLiveDraft(await writesTargetDraft(context, itemIndex));
}

/** The gate of an operation: its effects, the rule's decision per item, and its dry-run answer. */
export function toolGate(effects: PublicEffects, answer: DryRunAnswer): ToolGate {
	return {
		effects,
		holds: async (context, itemIndex) => await holdsBack(effects, context, itemIndex),
		answer,
	};
}
