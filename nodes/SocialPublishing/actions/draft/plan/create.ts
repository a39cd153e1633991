import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { checkPublishPolicy } from '../../../helpers/publishPolicy';
import { getSocialSetId } from '../../params';
import type { PreparedContent } from '../content';
import { readContent } from '../content';
import type { DraftFields } from '../fields/draftFields';
import { readDraftFields } from '../fields/draftFields';
import { checkTagSlugs, tagNamesStep } from '../fields/tagNames';
import type { Checks } from './checks';

/** The `tags` of the body: `planned` as matched, called right before the write to create the missing ones. */
export type TagsStep = Awaited<ReturnType<typeof tagNamesStep>>;

/** The last steps of Create's and Update's plans: the tag slugs as stored, the tag names matched, the dates. */
export async function planTagsAndDates<M extends undefined>(
	context: IExecuteFunctions,
	itemIndex: number,
	checks: Checks<M>,
	step: {
		socialSetId: number;
		fields: DraftFields;
		/** The body as built so far (its tag slugs are set as stored). */
		body: IDataObject;
		/** Update: the draft's current tags, read when needed. */
		currentTags?: () => Promise<unknown>;
	},
): Promise<{ tags: TagsStep | M; dates: IDataObject | M }> {
	const { socialSetId, fields, body, currentTags } = step;
	await checks.runAsync(async () => await checkTagSlugs(context, itemIndex, socialSetId, body));
	const tags = await checks.runAsync(
		async () =>
			await tagNamesStep(context, itemIndex, socialSetId, {
				request: fields.tagNames,
				body,
				currentTags,
			}),
	);
	const dates = await checks.runAsync(async () => await fields.dates());
	return { tags, dates };
}

/** Create's plan; run to stop at the first problem, every part is there. */
export interface CreatePlan<M extends undefined = undefined> {
	socialSetId: number;
	/** The platforms as they will be sent, media still to upload as pending slots. */
	content: PreparedContent | M;
	/** The draft fields; `fields.body` holds the tag slugs as stored. */
	fields: DraftFields | M;
	tags: TagsStep | M;
	dates: IDataObject | M;
}

/**
 * Create's request as far as it can be built without writing, every rule checked on it: the content, the draft
 * fields, rule 5 (publish policy), the tag slugs, the tag names, the dates. `execute` runs it to stop at the
 * first problem, Validate Only and the AI tool's dry run to collect them all, and Retry On Fail compares a draft
 * it may adopt with this same body (draft/reconcile.ts).
 */
export async function planCreate<M extends undefined>(
	context: IExecuteFunctions,
	itemIndex: number,
	checks: Checks<M>,
): Promise<CreatePlan<M>> {
	const socialSetId = getSocialSetId(context, itemIndex);
	const content = checks.run(() =>
		readContent(context, itemIndex, socialSetId, false, checks.report),
	);
	const fields = checks.run(() => readDraftFields(context, itemIndex, socialSetId, false));
	if (content && fields)
		checks.run(() =>
			checkPublishPolicy(context, itemIndex, content.platforms, fields.publishKind, 'The draft'),
		);
	if (!fields) return { socialSetId, content, fields, tags: fields, dates: fields };
	const body = fields.body;
	const { tags, dates } = await planTagsAndDates(context, itemIndex, checks, {
		socialSetId,
		fields,
		body,
	});
	return { socialSetId, content, fields, tags, dates };
}

/** The body Create sends, before the missing tags are created (`tags.planned` stands for them). */
export function plannedCreateBody(plan: CreatePlan<never>): IDataObject {
	const { content, fields, tags, dates } = plan;
	return { platforms: content.platforms, ...fields.body, ...tags.planned, ...dates };
}
