import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { checkPublishPolicy } from '../../../helpers/publishPolicy';
import { paramError } from '../../../helpers/validation';
import { getSocialSetId } from '../../params';
import { readContent } from '../content';
import { checkLengths } from '../content/lengths';
import { checkMedia, knownKindsOf } from '../content/mediaCheck';
import { checkTextMarkers } from '../content/markerCheck';
import { readContentOptions } from '../content/options';
import type { UpdateContent } from '../content/mergeContent';
import { readUpdateContent, wholeDraftProblem } from '../content/mergeContent';
import type { MediaKind } from '../../../helpers/mediaRules';
import { readDraftFields } from '../fields/draftFields';
import { checkTagSlugs, tagNamesStep } from '../fields/tagNames';
import { getDraft, getDraftTarget } from '../draftRequests';
import { Problems } from './collect';
import { displayBody, platformSummary } from './summary';
import { resolvedWhen } from './when';

/**
 * Validate Only on Draft Create and Update: every check of the operation and every read it needs, no write and
 * no upload. Each problem is noted and the checks go on, so the answer lists all of them; a step that cannot be
 * read (a parameter in error) is skipped, the others still run.
 */

/** What `finish` completes: the body as built, the draft fields read (if they could be), the draft's tags (Update). */
interface Unfinished {
	body: IDataObject;
	fields: ReturnType<typeof readDraftFields> | undefined;
	currentTags?: () => Promise<unknown>;
}

/** The tags, dates and the rest, once the body's platforms are known (shared by Create and Update). */
async function finish(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	problems: Problems,
	unfinished: Unfinished,
): Promise<IDataObject> {
	const { body, fields, currentTags } = unfinished;
	let when: IDataObject = { date: null };
	if (fields) {
		await problems.runAsync(async () => await checkTagSlugs(context, itemIndex, socialSetId, body));
		const tags = await problems.runAsync(
			async () =>
				await tagNamesStep(context, itemIndex, socialSetId, {
					request: fields.tagNames,
					body,
					currentTags,
				}),
		);
		Object.assign(body, tags?.planned ?? {});
		const dates = await problems.runAsync(async () => await fields.dates());
		if (dates) {
			Object.assign(body, dates);
			when =
				(await problems.runAsync(
					async () => await resolvedWhen(context, itemIndex, socialSetId, dates),
				)) ?? when;
		}
	}
	return { when };
}

export async function validateCreate(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const problems = new Problems();
	const socialSetId = getSocialSetId(context, itemIndex);
	const content = problems.run(() =>
		readContent(context, itemIndex, socialSetId, false, problems.report),
	);
	const fields = problems.run(() => readDraftFields(context, itemIndex, socialSetId, false));
	if (content && fields)
		problems.run(() =>
			checkPublishPolicy(context, itemIndex, content.platforms, fields.publishKind, 'The draft'),
		);
	const body: IDataObject = {
		...(content ? { platforms: content.platforms } : {}),
		...fields?.body,
	};
	const { when } = await finish(context, itemIndex, socialSetId, problems, { body, fields });
	const options = problems.run(() => readContentOptions(context, itemIndex));
	return {
		...problems.verdict(),
		operation: 'create',
		social_set_id: socialSetId,
		when,
		platforms: content
			? platformSummary(context, itemIndex, content.platforms, {
					lengths: options?.lengths,
					media: options?.media,
				})
			: {},
		body: displayBody(body) as IDataObject,
	};
}

/**
 * Update's platforms as they will be sent, built from the draft as read and checked (each problem noted);
 * undefined when they cannot be built.
 */
function checkUpdateBody(
	context: IExecuteFunctions,
	itemIndex: number,
	problems: Problems,
	update: {
		content: UpdateContent;
		draftId: number;
		draft: IDataObject | undefined;
		/** Kinds of the draft's own media. */
		known: Map<string, MediaKind>;
	},
): IDataObject | undefined {
	const { content, draftId, draft, known } = update;
	const current = draft?.platforms as IDataObject | undefined;
	const built = content.build(current);
	if ('problem' in built) {
		problems.add(paramError(context, itemIndex, built.label, built.problem));
		return undefined;
	}
	const whole = draft ? wholeDraftProblem(current, built.platforms) : undefined;
	if (whole)
		problems.add(`Draft ${draftId} cannot be updated: the update ${whole} [item ${itemIndex}]`);
	problems.run(() => checkTextMarkers(context, itemIndex, built.platforms));
	checkLengths(context, itemIndex, built.platforms, {
		settings: content.lengths,
		labelOf: () => content.label,
		report: problems.report,
	});
	checkMedia(context, itemIndex, built.platforms, content.media, {
		known,
		fallback: content.label,
		report: problems.report,
	});
	return built.platforms;
}

export async function validateUpdate(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const problems = new Problems();
	const target = getDraftTarget(context, itemIndex);
	const { socialSetId, draftId } = target;
	const content = problems.run(() =>
		readUpdateContent(context, itemIndex, socialSetId, problems.report),
	);
	const fields = problems.run(() => readDraftFields(context, itemIndex, socialSetId, true));
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = { ...fields?.body };
	if (options.forceOverwriteComments === true) body.force_overwrite_comments = true;
	if (fields && !content && !Object.keys(body).length && !fields.hasDates && !fields.tagNames)
		problems.add(
			paramError(
				context,
				itemIndex,
				'Update Fields',
				'is empty and the content is kept; there is nothing to update',
			),
		);
	// the draft is always read: its status, its content to merge into, its tags
	const draft = await problems.runAsync(async () => await getDraft(context, itemIndex, target));
	if (draft?.status === 'published')
		problems.add(
			`Draft ${draftId} is published; the service refuses to edit a published draft [item ${itemIndex}]`,
		);
	const current = draft?.platforms as IDataObject | undefined;
	const known = knownKindsOf(current);
	const sent =
		content && (draft || !content.needsDraft)
			? checkUpdateBody(context, itemIndex, problems, { content, draftId, draft, known })
			: undefined;
	if (sent) body.platforms = sent;
	if (fields) {
		const kind = fields.hasDates
			? fields.publishKind
			: draft?.status === 'scheduled' && content
				? 'schedule'
				: undefined;
		problems.run(() =>
			checkPublishPolicy(
				context,
				itemIndex,
				{ ...(current ?? {}), ...(sent ?? {}) },
				kind,
				`Draft ${draftId}`,
			),
		);
	}
	const { when } = await finish(context, itemIndex, socialSetId, problems, {
		body,
		fields,
		currentTags: async () =>
			draft ? draft.tags : (await getDraft(context, itemIndex, target)).tags,
	});
	return {
		...problems.verdict(),
		operation: 'update',
		social_set_id: socialSetId,
		draft_id: draftId,
		draft_status: draft?.status ?? null,
		when,
		platforms: sent
			? platformSummary(context, itemIndex, sent, {
					lengths: content?.lengths,
					media: content?.media,
					known,
				})
			: {},
		body: displayBody(body) as IDataObject,
	};
}
