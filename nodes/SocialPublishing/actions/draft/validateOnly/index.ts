import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readContentOptions } from '../content/options';
import { getDraftTarget } from '../draftRequests';
import { planCreate } from '../plan/create';
import { planUpdate } from '../plan/update';
import { createBudget } from './budget';
import { Problems } from './collect';
import { displayBody, platformSummary } from './summary';
import { resolvedWhen } from './when';

/**
 * Validate Only on Draft Create and Update: the write's plan (plan/) run to collect every problem, with every
 * read it needs, no write and no upload. Each problem is noted and the checks go on, so the answer lists all of
 * them; a step that cannot be read (a parameter in error) is skipped, the others still run.
 */

/** The date the dates stand for ("next-free-slot" looked up), once they could be read. */
async function whenOf(
	context: IExecuteFunctions,
	itemIndex: number,
	problems: Problems,
	step: { socialSetId: number; dates: IDataObject | undefined },
): Promise<IDataObject> {
	const { socialSetId, dates } = step;
	const none: IDataObject = { date: null };
	if (!dates) return none;
	const when = await problems.runAsync(
		async () => await resolvedWhen(context, itemIndex, socialSetId, dates),
	);
	return when ?? none;
}

/**
 * Create's Validate Only. With `budget` (the Validate Only option, not an AI tool's dry run) the answer also
 * has the service's budget (budget.ts): the publishing quota, which a draft past it fails, and the rate limits.
 */
export async function validateCreate(
	context: IExecuteFunctions,
	itemIndex: number,
	options: { budget?: boolean } = {},
): Promise<IDataObject> {
	const problems = new Problems();
	const { socialSetId, content, fields, tags, dates } = await planCreate(
		context,
		itemIndex,
		problems,
	);
	const body: IDataObject = {
		...(content ? { platforms: content.platforms } : {}),
		...fields?.body,
		...tags?.planned,
		...dates,
	};
	const when = await whenOf(context, itemIndex, problems, { socialSetId, dates });
	const contentOptions = problems.run(() => readContentOptions(context, itemIndex));
	const budget = options.budget
		? await createBudget(context, itemIndex, {
				socialSetId,
				now: dates?.publish_at === 'now',
				problems,
			})
		: undefined;
	return {
		...problems.verdict(),
		operation: 'create',
		social_set_id: socialSetId,
		when,
		platforms: content
			? platformSummary(context, itemIndex, content.platforms, {
					lengths: contentOptions?.lengths,
					media: contentOptions?.media,
				})
			: {},
		body: displayBody(body) as IDataObject,
		...(budget ? { budget } : {}),
	};
}

export async function validateUpdate(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const problems = new Problems();
	const target = getDraftTarget(context, itemIndex);
	const { socialSetId, draftId } = target;
	const plan = await planUpdate(context, itemIndex, problems, target);
	const { content, draft, built, tags, dates } = plan;
	const body: IDataObject = {
		...plan.body,
		...(built ? { platforms: built.sent } : {}),
		...tags?.planned,
		...dates,
	};
	const when = await whenOf(context, itemIndex, problems, { socialSetId, dates });
	return {
		...problems.verdict(),
		operation: 'update',
		social_set_id: socialSetId,
		draft_id: draftId,
		draft_status: draft?.status ?? null,
		when,
		platforms: built
			? platformSummary(context, itemIndex, built.sent, {
					lengths: content?.lengths,
					media: content?.media,
					known: built.known,
				})
			: {},
		body: displayBody(body) as IDataObject,
	};
}
